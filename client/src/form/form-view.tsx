// What the generic form page shows, from the controller's result: the toolbar (Back or Close,
// Edit, Save, Save and New, Update, the form's own buttons, PDF export), the concurrent-edit
// notice, the fields rendered by @rjsf/core with their messages, and the relation lists.
import { useMemo, useRef, useState } from 'react';
import { usePageTitle } from '../app/page-title';
// The Form module itself: @rjsf/core's index also exports getTestRegistry, which imports
// @rjsf/validator-ajv8 (eval), a package this client no longer has (form-validator.ts).
import Form from '@rjsf/core/lib/components/Form.js';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { ShellKind } from '../app/screen-routes';
import type { LoginInfo } from '../session/session-store';
import { ConflictNotice } from './conflict-notice';
import { transformErrors, type FormValues } from './form-schema';
import { formValidator } from './form-validator';
import { FORM_TEMPLATES, type FormContext } from './templates';
import { FORM_WIDGETS } from './widgets';
import { RelationLists } from './relation-lists';
import { parameterDateModel } from './parameter-date';
import type { FormControllerResult } from './use-form-controller';

const MODE_TITLE = { view: 'View', edit: 'Edit', create: 'Create' } as const;

/** Field names as HTML names (`name`, not `root_name`), so the page reads like its metadata. */
const fieldNames = (path: (string | number)[]) => path.map(String).join('.');

function errorSchemaOf(errors: Record<string, string>): ErrorSchema {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, { __errors: [v] }])) as ErrorSchema;
}

function Toolbar({ c, onSubmit, embedded }: { c: FormControllerResult; onSubmit: (kind: 'save' | 'saveNew' | 'update') => void; embedded?: boolean }) {
  return (
    <div className="toolbar form-toolbar">
      {!embedded && <button type="button" className="btn" data-action={c.isTab ? 'close' : 'back'} onClick={c.back}>
        {c.isTab ? 'Close' : 'Back'}
      </button>}
      {c.can.edit && (
        <button type="button" className="btn btn-primary" data-action="edit" onClick={c.edit}>
          Edit
        </button>
      )}
      {c.can.save && (
        <button type="button" className="btn btn-primary" data-action="save" disabled={!c.changed} onClick={() => onSubmit('save')}>
          Save
        </button>
      )}
      {c.can.saveNew && (
        <button type="button" className="btn" data-action="save-new" disabled={!c.changed} onClick={() => onSubmit('saveNew')}>
          Save and New
        </button>
      )}
      {c.can.update && (
        <button type="button" className="btn btn-primary" data-action="update" disabled={!c.changed} onClick={() => onSubmit('update')}>
          Update
        </button>
      )}
      {c.buttons.map((b) => (
        <button key={b.label} type="button" className="btn" data-action="helper" data-helper={b.helper} onClick={() => c.runButton(b)}>
          {b.label}
        </button>
      ))}
      {c.pdfHref && (
        <a className="btn" data-action="pdf" href={c.pdfHref} target="_blank" rel="noopener noreferrer">
          Export PDF
        </a>
      )}
    </div>
  );
}

/** What names a record in the tab title: its name, else its title, code or user id. */
function recordName(record: Record<string, unknown> | null): string | null {
  for (const f of ['name', 'title', 'code', 'userid']) {
    const v = record?.[f];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/** `Acme Bank`, `Edit Acme Bank`, `Create Reporting Entity`; the form's title without a record name. */
export function formTabTitle(formTitle: string, mode: 'view' | 'edit' | 'create', name: string | null, notFound: boolean): string {
  if (notFound) return 'No Record Found';
  if (mode === 'create') return `Create ${formTitle}`;
  const subject = name ?? formTitle;
  return mode === 'edit' ? `Edit ${subject}` : subject;
}

export function FormView({ c, shell, user, titled = true, embedded = false }: { c: FormControllerResult; shell: ShellKind; user: LoginInfo | null; titled?: boolean; embedded?: boolean }) {
  const formRef = useRef<Form<FormValues>>(null);
  // After the first attempt to save, messages follow the user's corrections as they type.
  const [attempted, setAttempted] = useState(false);
  // A Date parameter's value is typed DD/MM/YYYY (parameter-date.ts); every other form is unchanged.
  const fieldtype = c.formData?.fieldtype;
  const model = useMemo(() => parameterDateModel(c.model!, { fieldtype }), [c.model, fieldtype]);
  const formContext: FormContext = useMemo(() => ({ record: c.record, labels: c.labels, shell }), [c.record, c.labels, shell]);
  const extraErrors = useMemo(() => errorSchemaOf(c.serverErrors), [c.serverErrors]);
  const title = c.form?.properties.title ?? c.form?.name ?? '';
  // A preview inside an editor leaves the editor's tab title alone.
  usePageTitle(titled ? formTabTitle(title, c.mode, recordName(c.record), c.notFound) : null);

  const onSubmit = (kind: 'save' | 'saveNew' | 'update') => {
    setAttempted(true);
    void c.submit(kind, () => formRef.current?.validateForm() ?? false);
  };

  return (
    <section className={`page form-page mode-${c.mode}`} data-form={c.form?.id} data-mode={c.mode}>
      {embedded ? (
        <h2>{title}</h2>
      ) : (
        <h1>
          {title} <span className="muted form-mode">{MODE_TITLE[c.mode]}</span>
        </h1>
      )}
      <Toolbar c={c} onSubmit={onSubmit} embedded={embedded} />
      {c.conflict && <ConflictNotice conflict={c.conflict} model={model} onReload={() => void c.reload()} onDismiss={c.dismissConflict} />}
      {c.formError && (
        <p className="form-error" role="alert" data-form-error>
          {c.formError}
        </p>
      )}
      {c.notFound ? (
        <p className="empty" data-not-found>
          No Record Found
        </p>
      ) : (
        <Form<FormValues>
          key={`${c.generation}:${c.mode}`}
          ref={formRef}
          className="record-form"
          schema={model.schema}
          uiSchema={model.uiSchema}
          formData={c.formData}
          validator={formValidator}
          widgets={FORM_WIDGETS}
          templates={FORM_TEMPLATES}
          formContext={formContext}
          readonly={c.mode === 'view'}
          idPrefix="field"
          nameGenerator={fieldNames}
          showErrorList={false}
          noHtml5Validate
          liveValidate={attempted ? 'onChange' : undefined}
          extraErrors={extraErrors}
          customValidate={(data, errors) => {
            for (const [name, message] of Object.entries(c.validate(data ?? {}))) errors[name]?.addError(message);
            return errors;
          }}
          transformErrors={(errors: RJSFValidationError[]) => transformErrors(model, errors)}
          onChange={(e) => c.setFormData(e.formData ?? {})}
          onSubmit={() => undefined}
        />
      )}
      {c.mode !== 'create' && c.record && model.relations.length > 0 && <RelationLists relations={model.relations} parentId={c.record.id as number} shell={shell} user={user} />}
    </section>
  );
}
