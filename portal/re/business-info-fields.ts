// Business information fields editable per sector (seed 001 §6; docs/re-admin-actions.md). The
// lists are data (portal/metadata/re-business-info.json): a governed field may be changed on an entity
// only when every sector may change it or the entity's sector's list names it. The `re` write
// hook (re-write-hooks.ts) enforces it on every update; RE.getLockedFields tells a form which of
// its fields to show read-only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PROJECT_ROOT } from '../../engine/paths.js';

export const BUSINESS_INFO_FILE = join(PROJECT_ROOT, 'portal', 'metadata', 're-business-info.json');

const Names = Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }));
const BusinessInfoFile = Type.Object(
  { $comment: Type.Optional(Type.String()), fields: Names, everySector: Names, sectors: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Names) },
  { additionalProperties: false },
);
export type BusinessInfoFile = Static<typeof BusinessInfoFile>;

let loaded: BusinessInfoFile | undefined;

/** The lists, checked once: every listed field must be a governed one. */
export function businessInfoLists(): BusinessInfoFile {
  if (loaded) return loaded;
  const raw: unknown = JSON.parse(readFileSync(BUSINESS_INFO_FILE, 'utf8'));
  if (!Value.Check(BusinessInfoFile, raw)) {
    const first = [...Value.Errors(BusinessInfoFile, raw)][0];
    throw new Error(`portal/metadata/re-business-info.json: ${first?.path || '/'} ${first?.message ?? 'is invalid'}`);
  }
  const governed = new Set(raw.fields);
  for (const [where, names] of [['everySector', raw.everySector], ...Object.entries(raw.sectors).map(([s, n]) => [`sectors/${s}`, n] as const)] as const) {
    for (const n of names) if (!governed.has(n)) throw new Error(`portal/metadata/re-business-info.json: ${where} names ${n}, which is not in fields`);
  }
  loaded = raw;
  return raw;
}

/** The governed fields an entity of `sector` may have changed. */
export function editableBusinessFields(sector: unknown): Set<string> {
  const lists = businessInfoLists();
  return new Set([...lists.everySector, ...(lists.sectors[String(sector)] ?? [])]);
}

/** The governed fields an entity of `sector` may not have changed. */
export function lockedBusinessFields(sector: unknown): string[] {
  const editable = editableBusinessFields(sector);
  return businessInfoLists().fields.filter((f) => !editable.has(f));
}
