// A field's wire value (the record codec's text, as Record.select answers it) as an Excel cell:
// numbers as numbers, dates and date-times as real Excel dates (UTC, as stored) with a display
// format, booleans as booleans, everything else as text.
import type { FieldType } from '../../metadata/module-schema.js';
import type { Cell } from '../../protocol/envelope.js';

export type ExcelValue = string | number | boolean | Date | null;

/** Excel refuses a cell of more than 32,767 characters (the file would need repairing). */
const MAX_CELL_CHARS = 32_767;

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/** `YYYY-MM-DD[ HH:mm:ss]` (the codec's forms) as a UTC Date; anything else stays text. Read by position: it runs for every date cell. */
function utcDate(text: string): Date | string {
  if ((text.length !== 10 && text.length !== 19) || text[4] !== '-' || text[7] !== '-') return text;
  const long = text.length === 19;
  const ms = Date.UTC(digits(text, 0, 4), digits(text, 5, 7) - 1, digits(text, 8, 10), long ? digits(text, 11, 13) : 0, long ? digits(text, 14, 16) : 0, long ? digits(text, 17, 19) : 0);
  return Number.isNaN(ms) ? text : new Date(ms);
}

export function excelValue(cell: Cell, type: FieldType): ExcelValue {
  if (cell === null) return null;
  switch (type) {
    case 'integer':
    case 'decimal': {
      const n = Number(cell);
      return Number.isFinite(n) ? n : cell;
    }
    case 'date':
    case 'datetime':
      return utcDate(cell);
    case 'boolean':
      return cell === '1';
    default:
      return cell.length > MAX_CELL_CHARS ? cell.slice(0, MAX_CELL_CHARS) : cell;
  }
}

/** The display format of a column (seed 000 §2.8: dates DD/MM/YYYY), or undefined for General. */
export function numFmtOf(type: FieldType, scale?: number): string | undefined {
  if (type === 'date') return 'dd/mm/yyyy';
  if (type === 'datetime') return 'dd/mm/yyyy hh:mm:ss';
  if (type === 'decimal') {
    const places = scale ?? 2;
    return places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
  }
  return undefined;
}

/** A column width (characters) that fits the title and the usual values of the type. */
export function widthOf(type: FieldType, title: string): number {
  const byType = type === 'date' ? 12 : type === 'datetime' ? 20 : type === 'decimal' ? 16 : type === 'integer' || type === 'boolean' ? 10 : 24;
  return Math.min(60, Math.max(byType, [...title].length + 2));
}
