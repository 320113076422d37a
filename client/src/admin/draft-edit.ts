// Small pure edits of a screen definition draft, shared by the list view and list editors:
// lists of columns, filters, views and buttons reordered, replaced and removed without
// mutation; optional keys left out rather than stored empty; raw JSON read with its error.

export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const out = [...items];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((x, i) => (i === index ? item : x));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** `obj` with `key` set to `value`, or without `key` when the value is undefined, '' or an empty list. */
export function withKey<T extends object, K extends keyof T>(obj: T, key: K, value: T[K] | undefined | ''): T {
  const out = { ...obj };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete out[key];
  else out[key] = value as T[K];
  return out;
}

/** A number box's text as a number; '' is no value. Not-a-number text stays text, for the schema to name. */
export function numberFrom(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : (t as unknown as number);
}

/** A comma-separated list ("1, 2, 3") as integers, leaving out what is not one. */
export function integersFrom(text: string): number[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^-?\d+$/.test(s))
    .map(Number);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** Raw JSON mode: the text as a value, or the parser's message. */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
