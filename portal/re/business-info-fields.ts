// Business information fields editable per sector (seed 001 §6; docs/re-admin-actions.md). The
// rules are metadata rows an administrator edits (module BusinessInfoField, table
// businessinfofield): one per governed field, editable for every sector or for the sectors it
// names. A governed field may be changed on an entity only when its sector may. The `re` write hook
// (re-write-hooks.ts) enforces it on every update; RE.getLockedFields tells a form which of its
// fields to show read-only. Read per change version of the table, so an edit applies at once.
import type { ActionContext } from '../../engine/runtime/context.js';

export const BUSINESS_INFO_TABLE = 'businessinfofield';

export interface BusinessInfoRules {
  /** The governed fields, in name order. */
  fields: string[];
  everySector: Set<string>;
  /** Sector id → the fields editable beyond every sector's. */
  sectors: Map<string, Set<string>>;
}

/** `"1, 3,4"` → `["1", "3", "4"]`: the sector ids a rule row names. */
export function sectorIds(v: unknown): string[] {
  return String(v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

// Per database (a process may serve more than one: the tests run both dialects side by side).
const cache = new WeakMap<object, { key: string; rules: BusinessInfoRules }>();

/** The rules as stored now. */
export async function businessInfoRules(ctx: ActionContext): Promise<BusinessInfoRules> {
  const key = await ctx.versions.key([BUSINESS_INFO_TABLE]);
  const cached = cache.get(ctx.services.db);
  if (cached?.key === key) return cached.rules;
  const rows: { field: string; everysector: unknown; sectors: unknown }[] = await ctx.db(BUSINESS_INFO_TABLE).orderBy('field').select('field', 'everysector', 'sectors');
  const rules: BusinessInfoRules = { fields: [], everySector: new Set(), sectors: new Map() };
  for (const r of rows) {
    rules.fields.push(r.field);
    if (Number(r.everysector)) rules.everySector.add(r.field);
    for (const s of sectorIds(r.sectors)) rules.sectors.set(s, new Set([...(rules.sectors.get(s) ?? []), r.field]));
  }
  cache.set(ctx.services.db, { key, rules });
  return rules;
}

/** The governed fields an entity of `sector` may have changed. */
export function editableBusinessFields(rules: BusinessInfoRules, sector: unknown): Set<string> {
  return new Set([...rules.everySector, ...(rules.sectors.get(String(sector)) ?? [])]);
}

/** The governed fields an entity of `sector` may not have changed. */
export function lockedBusinessFields(rules: BusinessInfoRules, sector: unknown): string[] {
  const editable = editableBusinessFields(rules, sector);
  return rules.fields.filter((f) => !editable.has(f));
}
