// E_CONCURRENT explained (docs/protocol.md): someone saved the record after this copy was read.
// The notice names the fields they changed with their values as stored now, and offers to load
// the current record (dropping this page's edits) or to keep the edits on screen.
import type { Row } from '../rpc/rpc';
import { formatDate, formatDateTime } from '../ui/date-format';
import type { FieldModel, FormModel } from './form-schema';
import type { Conflict } from './use-form-controller';

/** A stored (wire) value as the field shows it. */
export function shownValue(f: FieldModel | undefined, v: unknown): string {
  if (v === undefined || v === null || v === '') return '(empty)';
  if (!f) return String(v);
  switch (f.kind) {
    case 'date':
      return formatDate(String(v));
    case 'datetime':
      return formatDateTime(String(v));
    case 'boolean':
      return v === true || v === '1' || v === 1 ? 'Yes' : 'No';
    default: {
      const options = f.source && 'options' in f.source ? f.source.options : undefined;
      return options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
    }
  }
}

export function ConflictNotice({ conflict, model, onReload, onDismiss }: { conflict: Conflict; model: FormModel; onReload: () => void; onDismiss: () => void }) {
  const record: Row = conflict.record;
  const shown = conflict.changed.map((name) => ({ name, field: model.fields.find((f) => f.name === name) })).filter((x) => x.field);
  const others = conflict.changed.filter((name) => !model.fields.some((f) => f.name === name));
  return (
    <section className="conflict-notice" role="alert" data-conflict>
      <h2>This record was changed by someone else</h2>
      <p>
        Another user saved this record after you opened it, so your changes were <strong>not saved</strong>.
        {shown.length ? ' They changed:' : ''}
      </p>
      {shown.length > 0 && (
        <ul>
          {shown.map(({ name, field }) => (
            <li key={name} data-conflict-field={name}>
              <strong>{field!.label}</strong>: now “{shownValue(field, record[name])}”
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && <p className="muted">Other fields changed too: {others.join(', ')}.</p>}
      <p>Reload to see the record as it is now, then make your changes again.</p>
      <div className="toolbar">
        <button type="button" className="btn btn-primary" data-action="reload" onClick={onReload}>
          Reload
        </button>
        <button type="button" className="btn" data-action="dismiss-conflict" onClick={onDismiss}>
          Keep my changes on screen
        </button>
      </div>
    </section>
  );
}
