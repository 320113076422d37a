// What a workbook cell holds, as the input Form.saveData's parsing takes (numbers, text, dates
// as exceljs gives them). Formulas are never evaluated: a formula typed into an input cell is a
// problem to report, not a value; rich text is its plain text; Excel errors are problems.
import type ExcelJS from 'exceljs';

export type CellRead = { ok: true; value: unknown } | { ok: false; rule: string; message: string };

const DAY_MS = 86_400_000;

/**
 * exceljs turns any number shown with a date or time format into a Date; a time cell's value is
 * its fraction of a day again (what parseCellValue takes for a spreadsheet time).
 */
function timeOfDay(d: Date): number {
  const ms = d.getTime() - Date.UTC(1899, 11, 30);
  return (((ms % DAY_MS) + DAY_MS) % DAY_MS) / DAY_MS;
}

export function cellInput(value: ExcelJS.CellValue, editor?: string): CellRead {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (value instanceof Date && editor === 'time') return { ok: true, value: timeOfDay(value) };
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return { ok: true, value };
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      return { ok: false, rule: 'formula', message: 'Formulas are not read from an imported workbook: type the value itself.' };
    }
    if ('richText' in value && Array.isArray(value.richText)) return { ok: true, value: value.richText.map((r) => r.text).join('') };
    if ('text' in value && typeof value.text === 'string') return { ok: true, value: value.text };
    if ('error' in value) return { ok: false, rule: 'value', message: `The cell holds the Excel error ${String(value.error)}.` };
  }
  return { ok: false, rule: 'value', message: 'The cell holds something that is not a value.' };
}
