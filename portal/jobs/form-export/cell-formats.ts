// How a data cell looks in Excel: its number format from the editor, precision and scale (currency
// `#,##0.00`, Excel's spelling of the seed's `0,0.00`), and its value as Excel holds it, from the
// stored (canonical) form of cell-values.ts: numbers as numbers, dates as date serials, times as
// fractions of a day — the values a formula sees (workbookValue), so the import's parseCellValue
// reads them back to the same stored form.
import { workbookValue, type StoredValue } from '../../filing/cell-values.js';
import { isNumericEditor } from '../../filing/normalise.js';
import type { Cell } from '../../filing/template-schema.js';

export const DATE_FORMAT = 'dd-mm-yyyy';
export const TIME_FORMAT = 'hh:mm';

export function numberFormatOf(cell: Cell): string | undefined {
  switch (cell.editor) {
    case 'currency':
      return '#,##0.00';
    case 'numeric':
    case 'formula': {
      // A formula's result is held to its cell's scale (storedResult), 0 unless given.
      const scale = cell.scale ?? 0;
      return scale > 0 ? `#,##0.${'0'.repeat(Math.min(scale, 30))}` : '#,##0';
    }
    case 'date':
      return DATE_FORMAT;
    case 'time':
      return TIME_FORMAT;
    case 'text':
    case 'dropdown':
      // Text stays text: "007" is not the number 7.
      return '@';
    default:
      return undefined;
  }
}

/** The Excel value of a stored value; a formula result keeps the text it computed. */
export function excelValueOf(cell: Cell, value: StoredValue): number | string | null {
  if (value === null) return null;
  if (isNumericEditor(cell.editor) || cell.editor === 'date' || cell.editor === 'time') {
    const v = workbookValue(cell, value);
    return typeof v === 'number' && Number.isFinite(v) ? v : value;
  }
  return value;
}

/** Excel column width (characters) for a template width in pixels. */
export function columnWidthOf(pixels: number | undefined): number {
  if (!pixels) return 14;
  return Math.max(4, Math.min(100, Math.round(pixels / 7)));
}
