// /moduleform/edit/v2/{data_id?} (seed 000 §2.11): the form editor. A WebForms record edited as
// a structure (name, module, title, columns, report, aliases, list, onload, buttons, fields) or
// as raw JSON, both over one draft; a live preview of the real generic form with real records;
// saved with Record.create / Record.update; its history in edit mode.
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { FormField, WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import { screenProblem } from '../metadata/screens';
import { withKey } from './draft-edit';
import { EditorFrame } from './editor-frame';
import { loadModuleCatalogue, loadRecordChoices, useLoad, valueOr, type CatalogueModule, type RecordChoice } from './editor-sources';
import { FormButtonsEditor } from './form-buttons-editor';
import { formStructureProblem, newWebForm } from './form-draft';
import { FieldsEditor } from './form-fields-editor';
import { FormPreview } from './form-preview';
import { useScreenEditor } from './use-screen-editor';
import { editedId, NameField, OwnerSelect } from './editor-head';
import { ChoiceSelect } from '../ui/labelled-fields';
import { FieldMessage } from './field-messages';
import { moduleChoices, recordChoices } from './editor-choices';
import './form-editor.css';

const LIST_PATH = '/list/webform';
const blank = () => newWebForm();

export default function FormEditorPage() {
  const { data_id: rawId } = useParams();
  const id = editedId(rawId);
  const editor = useScreenEditor('WebForms', id, blank, '/moduleform/edit/v2');
  const catalogue = useLoad(loadModuleCatalogue, 'modules');
  const lists = useLoad(() => loadRecordChoices('WebList'), 'WebList');
  const modules = valueOr(catalogue, []);
  const module = modules.find((m) => m.name === editor.draft.owner) ?? null;
  const p = editor.draft.properties as WebFormsProperties;
  const update = (next: (d: WebFormsProperties) => WebFormsProperties) => editor.setProperties((d) => next(d as WebFormsProperties));

  const build = useCallback(
    (key: string) => {
      const { name, module: owner, properties } = JSON.parse(key) as { name: string; module: string; properties: unknown };
      const problem = screenProblem('WebForms', properties);
      if (problem) return { problem };
      if (!owner) return { problem: 'module: choose the module the form reads and writes' };
      return { definition: { id: id ?? 0, name, module: owner, properties: properties as WebFormsProperties } };
    },
    [id],
  );

  const head = (
    <>
      <NameField editor={editor} />
      <OwnerSelect editor={editor} label="Module" testId="form-module" at="module" required choices={moduleChoices(modules)} />
    </>
  );

  return (
    <EditorFrame
      module="WebForms"
      editor={editor}
      heading={id === null ? 'New form' : `Form ${id}`}
      listPath={LIST_PATH}
      head={head}
      structureProblem={formStructureProblem(editor.draft.properties)}
      structured={() => <FormStructured p={p} module={module} modules={modules} lists={valueOr(lists, [])} update={update} />}
      preview={<FormPreview draftKey={JSON.stringify({ name: editor.draft.name, module: editor.draft.owner, properties: editor.draft.properties })} hasName={Boolean(module?.fields.some((f) => f.name === 'name'))} build={build} />}
    />
  );
}

function FormStructured(props: { p: WebFormsProperties; module: CatalogueModule | null; modules: CatalogueModule[]; lists: RecordChoice[]; update(next: (d: WebFormsProperties) => WebFormsProperties): void }) {
  const { p, module, modules, lists, update } = props;
  const text = (label: string, key: 'title' | 'report_name' | 'moduleAlias' | 'alias' | 'onload', placeholder?: string) => (
    <label className="field">
      <span className="form-label">{label}</span>
      <input data-testid={`form-${key}`} placeholder={placeholder} value={p[key] ?? ''} onChange={(e) => update((d) => withKey(d, key, e.target.value))} />
    </label>
  );
  return (
    <>
      <h2>Form</h2>
      <FieldMessage at="" />
      <div className="editor-section editor-row" data-testid="form-settings">
        {text('Title', 'title')}
        <label className="field">
          <span className="form-label">Columns</span>
          <select data-testid="form-columns" value={p.columns === undefined ? '' : String(p.columns)} onChange={(e) => update((d) => withKey(d, 'columns', e.target.value ? Number(e.target.value) : undefined))}>
            <option value="">2 (default)</option>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {text('PDF report name', 'report_name')}
        {text('Module for RE users', 'moduleAlias', 'RE-RE')}
        {text('Alias', 'alias')}
        {text('Helper on load', 'onload')}
        <ChoiceSelect
          label="After saving, go to list"
          testId="form-list"
          none="(the record's view)"
          value={p.list === undefined ? '' : String(p.list)}
          choices={recordChoices(lists)}
          onChange={(v) => update((d) => withKey(d, 'list', v ? Number(v) : undefined))}
        />
      </div>
      <h2>Fields</h2>
      <FieldMessage at="fields" />
      <FieldsEditor fields={p.fields as FormField[]} moduleFields={module?.fields ?? null} modules={modules} onChange={(fields) => update((d) => ({ ...d, fields: fields as WebFormsProperties['fields'] }))} />
      <h2>Buttons</h2>
      <FieldMessage at="buttons" />
      <FormButtonsEditor buttons={p.buttons ?? []} onChange={(buttons) => update((d) => withKey(d, 'buttons', buttons))} />
    </>
  );
}
