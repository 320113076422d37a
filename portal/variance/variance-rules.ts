// What a variance threshold means (docs/filing-periods.md "Variance check"), pure: which cells of
// a template a set of thresholds covers, whether a change passes a threshold, and a median.
// A threshold of one cell wins over the template's threshold for every numeric cell; a change is
// listed when it is above every limit its threshold sets (percent and amount both, when both are
// set: the amount is a floor of materiality under the percentage).
import type { FormLayout } from '../filing/form-layout.js';
import { cellLabels } from '../filing/cell-labels.js';
import { isNumericEditor } from '../filing/normalise.js';

export interface VarianceRule {
  id: number;
  /** A cell code, or null: every numeric cell of the template. */
  code: string | null;
  /** Percent of the previous value (10 = 10 %), or null. */
  percent: number | null;
  /** An amount in the cell's own unit, or null. */
  amount: number | null;
}

/** What a threshold without a cell covers, in words. */
export const EVERY_CELL = 'Every number cell';

/** The cell of a threshold in words: `Assets (SFP-A): Total assets (Current year)`. */
export function ruleCellLabel(layout: FormLayout, code: string | null): string {
  const cell = code === null ? undefined : layout.byCodeOf(code);
  if (!cell) return code ?? EVERY_CELL;
  return `${cell.place.tab.display_name} (${cell.place.tab.title}): ${cellLabels(layout.template).get(cell.code) ?? cell.code}`;
}

/** The cells a variance check compares: a numeric cell outside add-new-rows tabs (one value a form). */
export function isComparableCell(layout: FormLayout, code: string): boolean {
  const cell = layout.byCodeOf(code);
  return Boolean(cell && !cell.repeats && isNumericEditor(cell.place.cell.editor));
}

/** Each comparable cell of the layout with the threshold it is checked against (in template order). */
export function cellsUnderRules(layout: FormLayout, rules: readonly VarianceRule[]): Map<string, VarianceRule> {
  const out = new Map<string, VarianceRule>();
  const byCode = new Map(rules.filter((r) => r.code !== null).map((r) => [r.code!, r]));
  const every = rules.find((r) => r.code === null);
  for (const cell of layout.cells) {
    if (out.has(cell.code) || !isComparableCell(layout, cell.code)) continue;
    const rule = byCode.get(cell.code) ?? every;
    if (rule) out.set(cell.code, rule);
  }
  return out;
}

export interface Change {
  amount: number;
  /** Percent of the previous value; null when the previous value is 0 (any change from nothing is a change). */
  percent: number | null;
}

export function changeOf(current: number, previous: number): Change {
  const amount = current - previous;
  return { amount, percent: previous === 0 ? null : (amount / Math.abs(previous)) * 100 };
}

/** Whether the change is above every limit of the threshold. */
export function passes(change: Change, rule: VarianceRule): boolean {
  if (change.amount === 0) return false;
  const overPercent = rule.percent === null || change.percent === null || Math.abs(change.percent) > rule.percent;
  const overAmount = rule.amount === null || Math.abs(change.amount) > rule.amount;
  return overPercent && overAmount;
}

/** The median of the numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Larger changes first: by percent (a change from nothing first), then by amount. */
export function bySize(a: Change, b: Change): number {
  const pa = a.percent === null ? Infinity : Math.abs(a.percent);
  const pb = b.percent === null ? Infinity : Math.abs(b.percent);
  if (pa !== pb) return pb - pa;
  return Math.abs(b.amount) - Math.abs(a.amount);
}
