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
