// Database rows → the envelope's recordset, typed by field metadata.
import { recordset, type RecordsetValue } from '../protocol/envelope.js';
import type { ResolvedField } from '../metadata/module-registry.js';
import { columnTypeOf, toCell } from './value-codec.js';

export function toRecordset(fields: ResolvedField[], rows: Record<string, unknown>[]): RecordsetValue {
  return recordset(
    fields.map((f) => ({ name: f.name, type: columnTypeOf(f.type) })),
    rows.map((r) => fields.map((f) => toCell(r[f.name], f.type, f.def?.scale))),
  );
}
