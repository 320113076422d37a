// JSON with sorted object keys, 2-space indent and a trailing newline: the generated contract
// files are committed, so the same registry must always give the same bytes (reviewable diffs).
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // Code-unit order, not localeCompare: the output must not depend on the machine's locale.
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + '\n';
}

/** TypeBox schemas carry symbol keys (Kind, Hint); the catalogue holds plain JSON Schema. */
export function plainJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
