// Excel's arithmetic for the functions the differential test against LibreOffice found
// HyperFormula computing otherwise (excel-functions.ts registers them): MOD, CEILING.MATH and
// FLOOR.MATH, LOG, UPPER. Pure, on plain numbers and text.
import { excelShown } from './decimal-rounding.js';

/** Below this share of the operands, a difference is a double's noise, not a remainder. */
const NOISE = 2 ** -48;

/**
 * MOD(n, d) = n − d × INT(n / d), with the quotient taken as Excel shows it and a remainder that
 * is only noise dropped: MOD(337, 0.01) is 0 (HyperFormula answered 0.00999999999999299) and
 * MOD(-734, 0.05) is 0, not 4E-14. The sign follows the divisor. NaN for a zero divisor.
 */
export function excelMod(n: number, d: number): number {
  if (d === 0) return Number.NaN;
  const q = Math.floor(excelShown(n / d));
  const r = n - d * q;
  const scale = Math.max(Math.abs(n), Math.abs(d * q));
  if (Math.abs(r) <= scale * NOISE || Math.abs(r - d) <= scale * NOISE) return 0;
  return r;
}

/**
 * CEILING.MATH and FLOOR.MATH: to a multiple of |significance| (default 1; 0 gives 0), up
 * (CEILING) or down (FLOOR); for a negative number a non-zero mode reverses the direction, away
 * from zero for CEILING.MATH and toward zero for FLOOR.MATH. HyperFormula ignored the mode of
 * negative numbers: CEILING.MATH(-81.58,2,1) gave -80 (Excel -82).
 */
export function mathMultiple(n: number, significance: number, mode: number, kind: 'ceiling' | 'floor'): number {
  const s = Math.abs(significance);
  if (s === 0 || n === 0) return 0;
  const q = excelShown(n / s);
  const up = kind === 'ceiling' ? !(n < 0 && mode !== 0) : n < 0 && mode !== 0;
  return excelShown((up ? Math.ceil(q) : Math.floor(q)) * s);
}

/** LOG(n, base): NaN where Excel answers #NUM! (n or base not positive), Infinity for base 1 (#DIV/0!). */
export function excelLog(n: number, base: number): number {
  if (n <= 0 || base <= 0) return Number.NaN;
  if (base === 1) return Number.POSITIVE_INFINITY;
  return base === 10 ? Math.log10(n) : Math.log(n) / Math.log(base);
}

/**
 * UPPER letter by letter (the one-to-one case mapping): a letter whose capital is two letters
 * stays as it is, so "straße" is "STRAßE" and keeps its length, as in Excel. JavaScript's
 * toUpperCase writes "STRASSE".
 */
export function excelUpper(text: string): string {
  return [...text].map((c) => {
    const u = c.toUpperCase();
    return [...u].length === 1 ? u : c;
  }).join('');
}

const DAY_MS = 86_400_000;
/** The first day of the week of each WEEKNUM type of "system 1" (0 Sunday … 6 Saturday). */
const WEEK_STARTS: Record<number, number> = { 1: 0, 17: 0, 2: 1, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6 };

/**
 * WEEKNUM of a calendar date: for types 1, 2 and 11–17 ("system 1") week 1 is the week holding
 * 1 January and a new week begins on the type's day, so 31 December may be in week 53 or 54; type
 * 21 is the ISO week (a week belongs to the year of its Thursday: 31-12-2024 is week 1).
 * HyperFormula answered 53 for WEEKNUM(31-12-2024,21). Undefined for another type (#NUM!).
 */
export function excelWeekNumber(year: number, month: number, day: number, type: number): number | undefined {
  const date = Date.UTC(year, month - 1, day);
  if (type === 21) {
    const weekday = (new Date(date).getUTCDay() + 6) % 7;
    const thursday = new Date(date + (3 - weekday) * DAY_MS);
    const firstThursday = Date.UTC(thursday.getUTCFullYear(), 0, 4);
    const firstWeekday = (new Date(firstThursday).getUTCDay() + 6) % 7;
    return 1 + Math.round((thursday.getTime() - (firstThursday + (3 - firstWeekday) * DAY_MS)) / (7 * DAY_MS));
  }
  const start = WEEK_STARTS[type];
  if (start === undefined) return undefined;
  const january = Date.UTC(year, 0, 1);
  const offset = (new Date(january).getUTCDay() - start + 7) % 7;
  return Math.floor(((date - january) / DAY_MS + offset) / 7) + 1;
}
