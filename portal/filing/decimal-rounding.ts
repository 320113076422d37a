// Rounding as Excel does it: on the number as Excel shows it, its 15-significant-digit decimal,
// rounded in decimal. ROUND(1.005,2) is 1.01 though the double nearest 1.005 lies just below it,
// and 4.35*100 (434.99999999999994 as a double) is 435. Pure: the formula functions
// (excel-functions.ts) and the stored result of a formula cell (cell-values.ts) both use it.

export type DecimalRounding = 'half-away' | 'away' | 'toward';

/**
 * `n` rounded to `places` decimals (negative: to tens, hundreds…) on its 15-significant-digit
 * decimal representation: `half-away` (ROUND: a 5 goes away from zero), `away` (ROUNDUP: any
 * remainder goes away from zero), `toward` (ROUNDDOWN, TRUNC: the remainder is dropped).
 */
export function roundDecimal(n: number, places: number, mode: DecimalRounding): number {
  if (!Number.isFinite(n) || n === 0) return n;
  const p = Math.trunc(places);
  // d.dddddddddddddde±x: the 15 significant digits and the power of ten of the first.
  const [mantissa, power] = Math.abs(n).toExponential(14).split('e');
  const digits = mantissa.replace('.', '');
  const kept = Number(power) + 1 + p;
  if (kept >= digits.length) return n;
  const head = kept > 0 ? digits.slice(0, kept) : '';
  const rest = kept > 0 ? digits.slice(kept) : kept === 0 ? digits : '0';
  const up = mode === 'half-away' ? rest[0] >= '5' : mode === 'away' ? /[1-9]/.test(digits.slice(Math.max(kept, 0))) : false;
  const magnitude = BigInt(head || '0') + (up ? 1n : 0n);
  if (magnitude === 0n) return 0;
  const result = Number(`${magnitude}e${-p}`);
  return n < 0 ? -result : result;
}

/** `n` as Excel shows it: 15 significant digits (7.999999999999999 is 8). */
export function excelShown(n: number): number {
  return Number.isFinite(n) && n !== 0 ? Number(n.toPrecision(15)) : n;
}

/** Excel's INT: the largest whole number not above `n` as shown (INT(-0.5) is -1). */
export function excelInt(n: number): number {
  return n < 0 ? roundDecimal(n, 0, 'away') : roundDecimal(n, 0, 'toward');
}


/**
 * `n` as text the way Excel writes a number joined to text (`"a"&n`, CONCATENATE): 15 significant
 * digits in decimal notation ("0.3", not 0.30000000000000004; "0.0000001"), in scientific notation
 * past 16 whole digits or below 1E-19 ("1.23456789012346E+17").
 */
export function excelNumberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const shown = excelShown(n);
  if (shown !== 0 && (Math.abs(shown) >= 1e16 || Math.abs(shown) < 1e-19)) {
    const [mantissa, power] = shown.toExponential(14).split('e');
    const exponent = Number(power);
    return `${mantissa.replace(/\.?0+$/, '')}E${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return shown.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
