// A failed rule explains itself with its values (docs/form-templates.md "Messages of failed rules"):
// an equality shows both sides by label and value, their difference and the tolerance
//   Total assets must equal total liabilities and equity. (Total assets 25,035 ≠ Total liabilities
//   and equity 25,030: difference 5, tolerance 1)
// any other rule its message followed by the values of the cells it cites
//   Enter the capital available. (INS0301005 = 0; prev(INS0301005) = 1,200)
// and a rule that reads a form that is not there says so. Pure: server and grid share it.
import { formatCellValue } from './cell-values.js';
import { cellLabels } from './cell-labels.js';
import { externalRef, shownExternal, WITHHELD_VALUE, type ExternalSource } from './external-sources.js';
import type { CheckFailure } from './formula-engine.js';
import { asFigure, difference, splitEquality, type Tolerance } from './rule-equality.js';
import type { Cell, FormProperties } from './template-schema.js';

/** What the explanation reads of the workbook: a data cell's value as formulas see it. */
export interface CellReader {
  value(code: string, row?: number): unknown;
}

interface Rule {
  formula: string;
  tolerance?: Tolerance;
  /** The cell the rule belongs to (cell validations). */
  cell?: Cell;
}

/** The rule a failure's path names: `/tabvalidation/0/formula`, `/tier2/1/formula`, `/items/…/validations`. */
function ruleAt(template: FormProperties, path: string): Rule | null {
  const parts = path.split('/').slice(1);
  const last = parts.pop();
  if (last !== 'formula' && last !== 'validations') return null;
  let node: unknown = template;
  for (const p of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  if (!node || typeof node !== 'object') return null;
  if (last === 'validations') {
    const cell = node as Cell;
    return cell.validations ? { formula: cell.validations, tolerance: cell.tolerance, cell } : null;
  }
  if (parts[0] !== 'tabvalidation' && parts[0] !== 'tier2') return null;
  const check = node as { formula: string; tolerance?: Tolerance };
  return { formula: check.formula, tolerance: check.tolerance };
}

const REFERENCE = /\b(cell|prev|extform|rc)\s*\(\s*"?([A-Za-z0-9_.+-]+(?:\s*,\s*[+-]?\d+)?)"?\s*\)/gi;

const decimalsOf = (n: number) => (String(Number(n.toPrecision(12))).split('.')[1] ?? '').length;

function figure(n: number, scale: number): string {
  return formatCellValue({ editor: 'numeric' }, n.toFixed(Math.min(scale, 15)));
}

const cellsByTemplate = new WeakMap<FormProperties, Map<string, Cell>>();

/** The template's data cells by code (kept per template: a form may fail many rules). */
function cellsOf(template: FormProperties): Map<string, Cell> {
  let cells = cellsByTemplate.get(template);
  if (!cells) {
    cells = new Map<string, Cell>();
    for (const tab of template.items) for (const row of [...tab.items, ...(tab.summary?.items ?? [])]) for (const c of row) if (c.code) cells.set(c.code, c);
    cellsByTemplate.set(template, cells);
  }
  return cells;
}

const OWN_CELL = /\brc\s*\(\s*0\s*,\s*0\s*\)/i;

/** Whether a formula reads a withheld external or a cell of `cells` (a relative rc() other than the own cell: any of them may be it). */
function readsWithheld(formula: string, hidden: ReadonlySet<string>, cells: ReadonlySet<string>): boolean {
  for (const m of formula.matchAll(REFERENCE)) {
    const fn = m[1].toLowerCase();
    if (fn === 'cell' ? cells.has(m[2]) : fn === 'rc' ? cells.size > 0 && !/^0\s*,\s*0$/.test(m[2]) : hidden.has(`${fn}(${m[2]})`)) return true;
  }
  return false;
}

/** The template's formula cells computed, directly or through others, from a withheld external. */
function withheldCells(template: FormProperties, hidden: ReadonlySet<string>): ReadonlySet<string> {
  const out = new Set<string>();
  if (!hidden.size) return out;
  const formulas = [...cellsOf(template)].filter(([, c]) => Boolean(c.formula));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [code, c] of formulas) {
      if (out.has(code) || !readsWithheld(c.formula!, hidden, out)) continue;
      out.add(code);
      grew = true;
    }
  }
  return out;
}

/**
 * `externals` as the caller is shown them (shownExternals): a withheld one, and every figure
 * computed from it (a formula cell reading it, an equality's side, the difference), is `not shown`.
 */
export function explainFailure(template: FormProperties, failure: CheckFailure, wb: CellReader, externals: readonly ExternalSource[] = []): string {
  const rule = ruleAt(template, failure.path);
  if (!rule) return failure.message;
  const labels = cellLabels(template);
  const cells = cellsOf(template);
  const external = new Map(externals.map((s) => [externalRef(s), s]));
  const own = failure.code;
  const hidden = new Set(externals.filter((s) => s.withheld).map(externalRef));
  const tainted = withheldCells(template, hidden);
  const withheldIn = (text: string) => hidden.size > 0 && (readsWithheld(text, hidden, tainted) || (own !== undefined && tainted.has(own) && OWN_CELL.test(text)));
  const scaleOf = (fn: string, code: string): number => {
    if (fn === 'extform') {
      const v = external.get(`extform(${code})`)?.value;
      return v && /^-?\d+(\.\d+)?$/.test(v) ? (v.split('.')[1] ?? '').length : 0;
    }
    const cell = cells.get(code);
    return cell?.scale ?? 0;
  };
  // The references of a piece of formula: [function, code] (rc(0,0) is the rule's own cell).
  const refsOf = (text: string): [string, string][] => {
    const out: [string, string][] = [];
    for (const m of text.matchAll(REFERENCE)) {
      const fn = m[1].toLowerCase();
      if (fn === 'rc') {
        if (own && /^0\s*,\s*0$/.test(m[2])) out.push(['cell', own]);
      } else out.push([fn, m[2]]);
    }
    return out;
  };
  const cellValue = (code: string): unknown => {
    try {
      return wb.value(code, failure.row ?? 0);
    } catch {
      return wb.value(code, 0);
    }
  };
  const shown = (v: unknown, scale: number): string => {
    if (v === null || v === undefined || v === '') return 'blank';
    // To the cells' scale, or further for a figure that has more (a ratio of whole numbers), up to 4 places.
    if (typeof v === 'number') return figure(v, Math.max(scale, Math.min(decimalsOf(v), 4)));
    if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
    if (typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
    return `"${String(v)}"`;
  };
  const refText = (fn: string, code: string): string => {
    if (fn === 'cell') return `${code} = ${tainted.has(code) ? WITHHELD_VALUE : shown(cellValue(code), scaleOf(fn, code))}`;
    const s = external.get(`${fn}(${code})`);
    return `${fn}(${code}) = ${s?.withheld ? WITHHELD_VALUE : s ? shownExternal(s) : 'blank'}`;
  };
  const missing = new Set<string>();
  for (const [fn, code] of refsOf(rule.formula)) {
    const note = fn === 'cell' ? null : external.get(`${fn}(${code})`)?.missing;
    if (note) missing.add(note);
  }
  const notes = missing.size ? ` ${[...missing].join(' ')}` : '';

  const eq = failure.sides ? splitEquality(rule.formula) : null;
  if (eq && failure.sides) {
    const side = (text: string): { label: string; scale: number; withheld: boolean } => {
      const refs = refsOf(text);
      const scale = Math.max(0, ...refs.map(([fn, code]) => scaleOf(fn, code)));
      const withheld = withheldIn(text);
      const single = refs.length === 1 && new RegExp(`^\\s*(cell|prev|extform|rc)\\s*\\([^)]*\\)\\s*$`, 'i').test(text);
      if (!single) return { label: text.replace(REFERENCE, (_m, fn: string, arg: string) => (fn.toLowerCase() === 'cell' ? arg : fn.toLowerCase() === 'rc' ? (own ?? 'this cell') : `${fn.toLowerCase()}(${arg})`)), scale, withheld };
      const [fn, code] = refs[0];
      if (fn === 'cell') return { label: labels.get(code) ?? code, scale, withheld };
      const s = external.get(`${fn}(${code})`);
      const label = s?.label ?? labels.get(code) ?? code;
      return { label: s?.source ? `${label} (${s.source})` : `${label} (${fn === 'prev' ? 'previous period' : 'another form'})`, scale, withheld };
    };
    const l = side(eq.left);
    const r = side(eq.right);
    const value = (v: unknown, s: { scale: number; withheld: boolean }) => (s.withheld ? WITHHELD_VALUE : shown(v, s.scale));
    let detail = `${l.label} ${value(failure.sides.left, l)} ≠ ${r.label} ${value(failure.sides.right, r)}`;
    const a = asFigure(failure.sides.left);
    const b = asFigure(failure.sides.right);
    // The difference of a withheld figure and a shown one would tell the withheld one.
    if (a !== null && b !== null && !l.withheld && !r.withheld) {
      const scale = Math.max(l.scale, r.scale);
      const diff = difference(a, b);
      detail += `: difference ${figure(diff, Math.max(scale, Math.min(decimalsOf(diff), 4)))}`;
      const allowed = failure.sides.allowed;
      if (allowed !== undefined && rule.tolerance) {
        detail += `, tolerance ${figure(allowed, Math.max(scale, Math.min(decimalsOf(allowed), 4)))}`;
        const rel = rule.tolerance.relative;
        if (rel !== undefined && allowed > (rule.tolerance.absolute ?? 0)) detail += ` (${Number((rel * 100).toPrecision(6))}% of ${figure(Math.max(Math.abs(a), Math.abs(b)), scale)})`;
      }
    }
    return `${failure.message} (${detail})${notes}`;
  }
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const [fn, code] of refsOf(rule.formula)) {
    const key = `${fn}(${code})`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(refText(fn, code));
  }
  return parts.length ? `${failure.message} (${parts.join('; ')})${notes}` : `${failure.message}${notes}`;
}
