// A readable difference of two JSON values (two versions of a screen definition): one entry per
// changed, added or removed path, in document order. Arrays are matched by a longest common
// subsequence of their items, so a column inserted at the top reads as one addition rather than
// every later column "changed"; unmatched items facing each other are compared in place.

export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  kind: DiffKind;
  /** Slash-separated, like the paths of E_VALIDATION: `properties/columns/2/width`. */
  path: string;
  before?: unknown;
  after?: unknown;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A canonical text of a value (sorted keys), so key order never counts as a change. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const join = (base: string, key: string | number) => (base ? `${base}/${key}` : String(key));

/** The differences from `before` to `after`; empty when they are equal. */
export function diffJson(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (canonical(before) === canonical(after)) return [];
  if (isObject(before) && isObject(after)) return diffObjects(before, after, path);
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, path);
  if (before === undefined) return [{ kind: 'added', path, after }];
  if (after === undefined) return [{ kind: 'removed', path, before }];
  return [{ kind: 'changed', path, before, after }];
}

function diffObjects(a: Record<string, unknown>, b: Record<string, unknown>, path: string): DiffEntry[] {
  // Keys in the order of the newer object, then the ones only the older had.
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  return keys.flatMap((k) => diffJson(a[k], b[k], join(path, k)));
}

function diffArrays(a: unknown[], b: unknown[], path: string): DiffEntry[] {
  const ka = a.map(canonical);
  const kb = b.map(canonical);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = ka[i] === kb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: DiffEntry[] = [];
  let removed: number[] = [];
  let added: number[] = [];
  // Items that face each other between two matches are compared in place; the rest are
  // additions (named by their index in the newer array) or removals (index in the older).
  const flush = () => {
    const paired = Math.min(removed.length, added.length);
    for (let n = 0; n < paired; n++) out.push(...diffJson(a[removed[n]], b[added[n]], join(path, added[n])));
    for (const i of removed.slice(paired)) out.push({ kind: 'removed', path: join(path, i), before: a[i] });
    for (const j of added.slice(paired)) out.push({ kind: 'added', path: join(path, j), after: b[j] });
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && ka[i] === kb[j]) {
      flush();
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      added.push(j++);
    } else {
      removed.push(i++);
    }
  }
  flush();
  return out;
}

/** A value as one short line for the diff view. */
export function shortJson(v: unknown, max = 120): string {
  const s = v === undefined ? '' : JSON.stringify(v as Json);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
