// Parsing and formatting of one cell's value by its editor: the one rule set the entry grid, the
// server's checks on save and submit, and the Excel import all use.
//
// Stored (canonical) forms: numbers as decimal strings with exactly `scale` decimals and no
// grouping (`-1234.50`), exact up to 19 digits; dates `yyyy-mm-dd`; times `hh:mm` (or
// `hh:mm:ss` when seconds are given); text and dropdown values as text (a dropdown holds the
// list entry's name, spelled as listed). Empty is null.
import { roundDecimal } from './decimal-rounding.js';
import { CURRENCY_SCALE, isFormulaCell, isNumericEditor } from './normalise.js';
import { MAX_PRECISION } from './template-limits.js';
import type { Cell } from './template-schema.js';

export type StoredValue = string | null;
export type ParseResult = { ok: true; value: StoredValue } | { ok: false; message: string };

export interface ValueContext {
  /** The entry names of a list group (List.name of the group's active entries). */
  listValues?: (listgroup: number) => readonly string[] | undefined;
}

/** Longest text a text cell holds. */
export const MAX_TEXT = 4000;

const ok = (value: StoredValue): ParseResult => ({ ok: true, value });
const bad = (message: string): ParseResult => ({ ok: false, message });

function isBlank(input: unknown): boolean {
  return input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
}

function digitsAndScale(cell: Cell): { precision: number; scale: number } {
  if (cell.editor === 'currency') return { precision: MAX_PRECISION, scale: CURRENCY_SCALE };
  return { precision: cell.precision ?? MAX_PRECISION, scale: cell.scale ?? 0 };
}

/** A JS number as plain decimal text, without float noise (0.1 + 0.2 → "0.3") or exponent. */
function numberText(n: number): string {
  const s = String(Number(n.toPrecision(15)));
  if (!/e/i.test(s)) return s;
  return Number(s).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function parseNumber(cell: Cell, input: unknown): ParseResult {
  const { precision, scale } = digitsAndScale(cell);
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return bad('Enter a number.');
    text = numberText(input);
  } else if (typeof input === 'string') {
    text = input.trim();
    // Accounting negatives "(1,234.50)" as Excel shows them.
    const paren = /^\((.*)\)$/.exec(text);
    if (paren) text = `-${paren[1].trim()}`;
    if (/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '');
  } else {
    return bad('Enter a number.');
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return bad(scale === 0 ? 'Enter a whole number, such as 1,234.' : 'Enter a number, such as 1,234.56.');
  const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return bad(scale === 0 ? 'Enter a whole number, without decimals.' : `Enter at most ${scale} decimal places.`);
  if (whole.length > precision - scale) return bad(`Enter at most ${precision - scale} digits before the decimal point.`);
  const negative = m[1] === '-' && /[1-9]/.test(whole + fraction);
  return ok(`${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction.padEnd(scale, '0')}` : ''}`);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && y <= 9999 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function parseDate(input: unknown): ParseResult {
  const message = 'Enter a date as dd-mm-yyyy, such as 31-12-2025.';
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return bad(message);
    // Spreadsheet dates arrive as UTC midnight (exceljs).
    return ok(`${input.getUTCFullYear()}-${pad2(input.getUTCMonth() + 1)}-${pad2(input.getUTCDate())}`);
  }
  if (typeof input !== 'string') return bad(message);
  const text = input.trim();
  let y: number, m: number, d: number;
  const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return bad(message);
  if (!validDate(y, m, d)) return bad(`${text} is not a date in the calendar.`);
  return ok(`${y}-${pad2(m)}-${pad2(d)}`);
}

function parseTime(input: unknown): ParseResult {
  const message = 'Enter a time as hh:mm (24-hour), such as 14:30.';
  if (typeof input === 'number' && input >= 0 && input < 1) {
    // A spreadsheet time: a fraction of a day.
    const seconds = Math.round(input * 86400);
    const s = seconds % 60;
    return ok(`${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}${s ? `:${pad2(s)}` : ''}`);
  }
  if (typeof input !== 'string') return bad(message);
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(input.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return bad(message);
  const s = Number(m[3] ?? 0);
  return ok(`${pad2(Number(m[1]))}:${m[2]}${s ? `:${m[3]}` : ''}`);
}

function parseDropdown(cell: Cell, input: unknown, ctx: ValueContext): ParseResult {
  const values = cell.listgroup ? ctx.listValues?.(cell.listgroup) : undefined;
  if (!values) return bad('The list of values of this cell is not available.');
  const text = String(input).trim().toLowerCase();
  const found = values.find((v) => v.trim().toLowerCase() === text);
  return found === undefined ? bad('Choose one of the listed values.') : ok(found);
}

/**
 * The stored form of `input` for `cell`, or the message saying what is wrong with it. Blank
 * input is null (whether the cell may stay empty is requiredProblem's question).
 */
export function parseCellValue(cell: Cell, input: unknown, ctx: ValueContext = {}): ParseResult {
  if (isBlank(input)) return ok(null);
  switch (cell.editor) {
    case 'numeric':
    case 'currency':
    case 'formula':
      return parseNumber(cell, input);
    case 'date':
      return parseDate(input);
    case 'time':
      return parseTime(input);
    case 'dropdown':
      return parseDropdown(cell, input, ctx);
    case 'text':
    case undefined: {
      const text = typeof input === 'string' ? input.trim() : typeof input === 'number' ? numberText(input) : null;
      if (text === null) return bad('Enter text.');
      return text.length > MAX_TEXT ? bad(`Enter at most ${MAX_TEXT} characters.`) : ok(text);
    }
  }
}

/** The message for an empty cell that must be filled on submission, or null. */
export function requiredProblem(cell: Cell, value: StoredValue, disabled = cell.disabled === true): string | null {
  if (value !== null || disabled || cell.allowempty || cell.editor === undefined || isFormulaCell(cell)) return null;
  return 'This cell must be filled in.';
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** How a stored value is shown: numbers grouped (`1,234.50`), dates dd-mm-yyyy, the rest as stored. */
export function formatCellValue(cell: Cell, value: StoredValue): string {
  if (value === null) return '';
  if (isNumericEditor(cell.editor)) {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
    if (!m) return value;
    return `${m[1]}${group(m[2])}${m[3] ? `.${m[3]}` : ''}`;
  }
  if (cell.editor === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
  }
  return value;
}

const DAY_MS = 86_400_000;
/** Spreadsheet day 0 (1899-12-30), HyperFormula's and Excel's `nullDate`. */
const NULL_DATE_MS = Date.UTC(1899, 11, 30);

/** The value a formula sees: numbers for numeric cells, date serials, day fractions, text as text. */
export function workbookValue(cell: Cell, value: StoredValue): number | string | null {
  if (value === null) return null;
  if (isNumericEditor(cell.editor)) return Number(value);
  if (cell.editor === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m ? Math.round((Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - NULL_DATE_MS) / DAY_MS) : value;
  }
  if (cell.editor === 'time') {
    const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
    return m ? (Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)) / 86400 : value;
  }
  // A leading apostrophe keeps text that looks like a formula or a number as text.
  return `'${value}`;
}

/**
 * The stored form of a formula's result for its cell: a number in a numeric cell rounded to the
 * cell's scale as Excel's ROUND does (half away from zero, on the decimal Excel shows:
 * decimal-rounding.ts), then held to its precision; text in a text cell as text, TRUE and FALSE
 * as Excel shows them (1 and 0 in a numeric cell); an error value (#DIV/0!) is a message.
 */
export function storedResult(cell: Cell, result: unknown): ParseResult {
  if (result === null || result === undefined || result === '') return ok(null);
  if (typeof result === 'object' && result !== null && 'value' in result) return bad(`The formula answers ${String((result as { value: unknown }).value)}.`);
  const numeric = isNumericEditor(cell.editor);
  if (typeof result === 'boolean') return numeric ? parseCellValue(cell, result ? 1 : 0) : parseCellValue(cell, result ? 'TRUE' : 'FALSE');
  if (typeof result === 'number' && numeric) {
    const { precision, scale } = digitsAndScale(cell);
    const parsed = parseNumber(cell, roundDecimal(result, scale, 'half-away'));
    return parsed.ok ? parsed : bad(`The result ${numberText(result)} does not fit the cell (${precision} digits, ${scale} decimals).`);
  }
  if (typeof result === 'string' && numeric) {
    const parsed = parseNumber(cell, result);
    return parsed.ok ? parsed : bad(`The formula answers the text "${result.length > 40 ? `${result.slice(0, 40)}…` : result}" where a number is expected.`);
  }
  return parseCellValue(cell, result);
}
