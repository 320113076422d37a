// Layout templates for @rjsf/core: a grid of fields (the form's `columns`, a field's `width` out
// of 12), each with its label, required mark, tooltip, optional link button and its messages
// (the schema's, the custom rules', the server's E_VALIDATION) right under it.
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { resolveLink } from '../metadata/links';
import type { ShellKind } from '../app/screen-routes';
import type { Row } from '../rpc/rpc';

/** What templates need from the page (rjsf's formContext). */
export interface FormContext {
  record: Row | null;
  /** Labels of the record's lookup values, by field (shown until the value changes). */
  labels: Record<string, string>;
  shell: ShellKind;
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, uiSchema, fieldPathId, classNames, registry } = props;
  const path = fieldPathId.path;
  if (path.length === 0) return children;
  const name = String(path[path.length - 1]);
  if (hidden) return <div hidden>{children}</div>;
  const opts = getUiOptions(uiSchema);
  const tooltip = typeof opts.tooltip === 'string' ? opts.tooltip : undefined;
  const width = typeof opts.width === 'number' ? opts.width : undefined;
  const ctx = registry.formContext as FormContext | undefined;
  const url = typeof opts.url === 'string' && ctx ? resolveLink(opts.url, ctx.record ?? {}, ctx.shell) : undefined;
  const isCheckbox = opts.widget === 'checkbox';
  return (
    <div className={`form-field ${classNames ?? ''}`} data-field={name} style={width ? { gridColumn: `span ${width}` } : undefined}>
      {displayLabel && !isCheckbox && (
        <label htmlFor={id} className="form-label">
          <span className={required ? 'required' : undefined}>{label}</span>
          {tooltip && (
            <span className="form-tooltip" title={tooltip} aria-label={tooltip} data-tooltip={tooltip}>
              ?
            </span>
          )}
        </label>
      )}
      {children}
      {url && (
        <a className="btn btn-small form-field-link" href={url} target="_blank" rel="noopener noreferrer">
          {typeof opts.btnLabel === 'string' ? opts.btnLabel : 'Open'}
        </a>
      )}
      {rawErrors?.map((e, i) => (
        <p key={i} className="field-error" data-field-error={name}>
          {e}
        </p>
      ))}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const columns = Number(getUiOptions(props.uiSchema).columns ?? 2);
  const span = Math.max(1, Math.floor(12 / Math.max(1, columns)));
  return (
    <div className="record-grid" style={{ ['--field-span' as string]: String(span) }}>
      {props.properties.map((p) => p.content)}
    </div>
  );
}

/** Messages are shown by FieldTemplate; rjsf's own list and per-field list are not wanted. */
function Nothing() {
  return null;
}

export const FORM_TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  FieldErrorTemplate: Nothing,
  ErrorListTemplate: Nothing,
};
