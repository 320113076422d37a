// TEXT(value, format) with a thousands separator in the format ("#,##0", "#,##0.00", "#,##0.0%"),
// which HyperFormula's number formatter does not know (TEXT(2034.1,"#,##0.00") gave
// "2034,##0.00"). formula-engine.ts hands it to HyperFormula as its `stringifyCurrency` hook, the
// first formatter TEXT tries; any other format answers undefined and HyperFormula formats it.
// Plain number formats ("0.00", "0%") come here too: HyperFormula rounded them by float
// (TEXT(1.005,"0.00") gave "1.00"), Excel rounds the decimal it shows ("1.01").
import { roundDecimal } from './decimal-rounding.js';

const GROUPED = /^([#0,]*[#0])(?:\.([0#]*))?(%?)$/;

/** The value in a grouped number format, as Excel writes it; undefined for any other format. */
export function groupedNumberFormat(value: number, format: string): string | undefined {
  const m = GROUPED.exec(format);
  if (!m || typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const [, whole, decimals, percent] = m;
  const places = decimals?.length ?? 0;
  const shown = roundDecimal(percent ? value * 100 : value, places, 'half-away');
  const [digits, fraction = ''] = Math.abs(shown).toFixed(places).split('.');
  // Decimal places written as 0 always show; those written as # only when they are not zero.
  const required = (decimals ?? '').replace(/#+$/, '').length;
  const kept = fraction.replace(/0+$/, '').padEnd(required, '0');
  const minimum = (whole.match(/0/g) ?? []).length;
  const integer = digits.replace(/^0+/, '').padStart(minimum, '0');
  const grouped = whole.includes(',') ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : integer;
  const negative = shown < 0 ? '-' : '';
  return `${negative}${grouped}${decimals !== undefined ? `.${kept}` : ''}${percent}`;
}
