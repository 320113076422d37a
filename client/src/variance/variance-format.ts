// How the variance check's figures read (pure): numbers grouped, at most two decimals; a change
// signed; a percentage to one decimal; a threshold as the limits it sets.
const numbers = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export const formatNumber = (n: number | null): string => (n === null ? '' : numbers.format(n));

export const formatChange = (n: number): string => `${n > 0 ? '+' : n < 0 ? '−' : ''}${numbers.format(Math.abs(n))}`;

/** A change in percent of the previous value; a change from 0 has none. */
export const formatPercent = (p: number | null): string =>
  p === null ? 'from 0' : `${p > 0 ? '+' : p < 0 ? '−' : ''}${Math.abs(p).toFixed(1)} %`;

/** The limits a change went above: `10 %`, `1,000`, or both. */
export function formatThreshold(pct: number | null, amount: number | null): string {
  const parts = [pct === null ? null : `${numbers.format(pct)} %`, amount === null ? null : numbers.format(amount)].filter((x): x is string => x !== null);
  return parts.join(' and ');
}
