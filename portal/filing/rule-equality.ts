// Equality rules: a check or cell validation written `=LEFT=RIGHT` (one comparison, at the top
// level) compares two figures, so its failure can show both sides, and it may carry a tolerance
// (docs/form-templates.md "Tolerance"): it passes when |A − B| ≤ max(absolute, relative × max(|A|, |B|)).
// Pure: the cell model (formula-engine.ts), the template check and the messages share it.
import type { FormProperties } from './template-schema.js';

export interface Tolerance {
  absolute?: number;
  relative?: number;
}

export interface Equality {
  left: string;
  right: string;
}

/**
 * The two sides of a formula whose top-level operator is one `=`; null for any other shape
 * (`A<>B`, `A>=B`, `AND(A=B, C=D)`, `A=B=C`, a function call).
 */
export function splitEquality(formula: string): Equality | null {
  const src = formula.trim().replace(/^=/, '');
  let depth = 0;
  let at = -1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '"') {
      i++;
      while (i < src.length && !(src[i] === '"' && src[i + 1] !== '"')) i += src[i] === '"' ? 2 : 1;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (ch === '<' || ch === '>')) return null;
    else if (depth === 0 && ch === '=') {
      if (at >= 0) return null;
      at = i;
    }
  }
  if (at < 0) return null;
  const left = src.slice(0, at).trim();
  const right = src.slice(at + 1).trim();
  return left && right ? { left, right } : null;
}

/** The difference a tolerance allows between two figures: max(absolute, relative × max(|a|, |b|)). */
export function allowance(a: number, b: number, tolerance: Tolerance): number {
  return Math.max(tolerance.absolute ?? 0, (tolerance.relative ?? 0) * Math.max(Math.abs(a), Math.abs(b)));
}

/** |a − b| without the binary noise of floating point (1.1 − 1.0 is 0.1 here, not 0.10000000000000009). */
export function difference(a: number, b: number): number {
  return Number(Math.abs(a - b).toPrecision(12));
}

export function withinTolerance(a: number, b: number, tolerance: Tolerance): boolean {
  return difference(a, b) <= allowance(a, b, tolerance);
}

/** What a side evaluates to as a figure: numbers, and blank as 0 (empty cells are 0 in arithmetic); otherwise null. */
export function asFigure(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return 0;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Template problems of tolerances: only an equality rule may carry one, and it must allow something. */
export function toleranceProblems(template: FormProperties): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const check = (tolerance: Tolerance | undefined, formula: string | undefined, path: string, what: string) => {
    if (!tolerance) return;
    if (tolerance.absolute === undefined && tolerance.relative === undefined) problems.push({ path: `${path}/tolerance`, message: 'Give the tolerance as an absolute amount, a relative share (0.01 for 1%), or both.' });
    else if (!formula || !splitEquality(formula)) problems.push({ path: `${path}/tolerance`, message: `A tolerance applies to an equality: write the ${what} as =LEFT=RIGHT.` });
  };
  (template.tabvalidation ?? []).forEach((c, i) => check(c.tolerance, c.formula, `/tabvalidation/${i}`, 'check'));
  (template.tier2 ?? []).forEach((c, i) => check(c.tolerance, c.formula, `/tier2/${i}`, 'check'));
  template.items.forEach((tab, t) => {
    tab.items.forEach((row, r) => row.forEach((cell, c) => check(cell.tolerance, cell.validations, `/items/${t}/items/${r}/${c}`, 'validation')));
    tab.summary?.items[0]?.forEach((cell, c) => check(cell.tolerance, cell.validations, `/items/${t}/summary/items/0/${c}`, 'validation'));
  });
  return problems;
}
