// How list cells show their values (seed 000 §2.8, §4.1, §9): text cut at 100 characters with an
// ellipsis, dates and date-times as ui/date-format.ts shows them, booleans Yes/No, states by their name in title case.
import type { ListColumn } from '../../../engine/metadata/screen-schemas.js';
import { statusLabel } from '../metadata/screens';
import type { ColumnType } from './list-query';
import { formatDate, formatDateTime } from '../ui/date-format';

export type CellKind = NonNullable<ListColumn['data_parse']>;

export const CUT_AT = 100;

/** The configured kind, else one from the column's wire type; a column named `state` shows names. */
export function cellKind(column: ListColumn, type: ColumnType | undefined): CellKind {
  if (column.data_parse) return column.data_parse;
  if (column.name === 'state') return 'state';
  if (type === 'date' || type === 'datetime' || type === 'boolean') return type;
  if (type === 'integer' || type === 'decimal') return 'number';
  return 'text';
}

/** Cut at `CUT_AT` characters (code points, so no half of a surrogate pair) with an ellipsis. */
export function cut(text: string): string {
  const chars = Array.from(text);
  return chars.length > CUT_AT ? `${chars.slice(0, CUT_AT).join('')}...` : text;
}

/** A value as text, uncut; JSON columns arrive parsed (the SDK decodes them) and show as JSON. */
export function fullText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The text a cell shows. `name` is the state's name when the row carries it
 * (`{field}_name_ind_field`); without it the raw value is shown.
 */
export function formatCell(value: unknown, kind: CellKind, name?: unknown): string {
  if (kind === 'state') {
    const label = typeof name === 'string' && name ? name : value;
    return label === null || label === undefined ? '' : statusLabel(String(label));
  }
  const text = fullText(value);
  if (!text) return '';
  switch (kind) {
    case 'date':
      return formatDate(text);
    case 'datetime':
      return formatDateTime(text);
    case 'boolean':
      return text === '1' || text === 'true' ? 'Yes' : text === '0' || text === 'false' ? 'No' : text;
    default:
      return cut(text);
  }
}
