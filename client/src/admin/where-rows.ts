// The chart where-builder's model (engine/metadata/screen-schemas.ts ChartWhereItem): condition
// rows of field, operator and value, each after the first joined by And or Or. And binds first,
// so `a And b Or c` is (a and b) or c. Rows become triples when they are all joined by And, else
// one `{or: [...]}` of the And-runs. A where that has another shape is edited as JSON only.
import type { ChartWhereItem } from '../../../engine/metadata/screen-schemas.js';

export type Joiner = 'and' | 'or';

export interface WhereRow {
  join: Joiner;
  field: string;
  operator: string;
  /** As typed: a list operator takes comma-separated values, between two of them. */
  value: string;
}

type Triple = [string, string] | [string, string, unknown];

/** Operators offered, with whether they take a value and how. */
export const OPERATORS: { op: string; label: string; takes: 'one' | 'list' | 'two' | 'none' }[] = [
  { op: '=', label: 'equals', takes: 'one' },
  { op: '!=', label: 'is not', takes: 'one' },
  { op: '>', label: 'greater than', takes: 'one' },
  { op: '>=', label: 'at least', takes: 'one' },
  { op: '<', label: 'less than', takes: 'one' },
  { op: '<=', label: 'at most', takes: 'one' },
  { op: 'like', label: 'contains', takes: 'one' },
  { op: 'in', label: 'is one of', takes: 'list' },
  { op: 'not in', label: 'is none of', takes: 'list' },
  { op: 'between', label: 'between', takes: 'two' },
  { op: 'is null', label: 'is empty', takes: 'none' },
  { op: 'is not null', label: 'is not empty', takes: 'none' },
];

export const takesOf = (op: string) => OPERATORS.find((o) => o.op === op)?.takes ?? 'one';

export const newWhereRow = (join: Joiner = 'and'): WhereRow => ({ join, field: '', operator: '=', value: '' });

/** A typed value as JSON wants it: numbers as numbers, the rest as text. */
function scalar(text: string): string | number {
  const t = text.trim();
  return t !== '' && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

const shown = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function tripleOf(r: WhereRow): Triple {
  const takes = takesOf(r.operator);
  if (takes === 'none') return [r.field, r.operator];
  if (takes === 'list') return [r.field, r.operator, r.value.split(',').map((x) => x.trim()).filter(Boolean).map(scalar)];
  if (takes === 'two') return [r.field, r.operator, r.value.split(',').slice(0, 2).map(scalar)];
  return [r.field, r.operator, scalar(r.value)];
}

function rowOf(t: unknown, join: Joiner): WhereRow | null {
  if (!Array.isArray(t) || t.length < 2 || t.length > 3 || typeof t[0] !== 'string' || typeof t[1] !== 'string') return null;
  const v = t[2];
  const value = Array.isArray(v) ? v.map(shown).join(', ') : shown(v);
  return { join, field: t[0], operator: t[1], value };
}

/** The rows as a chart row's `where` (undefined when there are none). */
export function whereOf(rows: WhereRow[]): ChartWhereItem[] | undefined {
  if (rows.length === 0) return undefined;
  const runs: Triple[][] = [];
  rows.forEach((r, i) => {
    if (i === 0 || r.join === 'or') runs.push([]);
    runs[runs.length - 1].push(tripleOf(r));
  });
  if (runs.length === 1) return runs[0] as ChartWhereItem[];
  return [{ or: runs.map((run) => (run.length === 1 ? run[0] : { and: run })) }] as ChartWhereItem[];
}

/** A `where` as rows, or null when the builder cannot show it (edit it as JSON). */
export function rowsOf(where: unknown): WhereRow[] | null {
  if (where === undefined || where === null) return [];
  if (!Array.isArray(where)) return null;
  if (where.length === 1 && where[0] && typeof where[0] === 'object' && !Array.isArray(where[0])) {
    const alts = (where[0] as { or?: unknown }).or;
    if (!Array.isArray(alts) || Object.keys(where[0]).length !== 1) return null;
    const rows: WhereRow[] = [];
    for (const alt of alts) {
      const run = Array.isArray(alt) ? [alt] : alt && typeof alt === 'object' && Array.isArray((alt as { and?: unknown }).and) ? (alt as { and: unknown[] }).and : null;
      if (!run) return null;
      for (const [i, t] of run.entries()) {
        const row = rowOf(t, i === 0 ? 'or' : 'and');
        if (!row) return null;
        rows.push(row);
      }
    }
    if (rows.length) rows[0].join = 'and';
    return rows;
  }
  const rows = where.map((t) => rowOf(t, 'and'));
  return rows.every((r): r is WhereRow => r !== null) ? rows : null;
}
