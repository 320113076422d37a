// The profile's shipped definitions as metadata rows (docs/re-profile.md, docs/re-admin-actions.md):
// the tabs of portal/metadata/profile-tabs.json as ProfileTab rows in the file's order, and the
// per-sector lists of portal/metadata/re-business-info.json as one BusinessInfoField row per
// governed field. Each starts its history at version 1. A table that already has rows is left
// alone (an administrator's edits stand), so a database of an earlier release gets them once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { Value } from '@sinclair/typebox/value';
import { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { keepRecordVersion } from '../../engine/metadata/screen-history.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { MODULES_DIR, PORTAL_METADATA_DIR } from '../paths.js';
import { TabsFileSchema, type TabsFile } from '../profile/profile-tabs.js';
import { insertRows } from './support.js';

export const PROFILE_TABS_FILE = join(PORTAL_METADATA_DIR, 'profile-tabs.json');
export const BUSINESS_INFO_FILE = join(PORTAL_METADATA_DIR, 're-business-info.json');

interface BusinessInfoFile {
  fields: string[];
  everySector: string[];
  sectors: Record<string, string[]>;
}

/** The shipped tabs, checked against the same schema the rules read. */
export function shippedTabs(): TabsFile {
  const raw: unknown = JSON.parse(readFileSync(PROFILE_TABS_FILE, 'utf8'));
  if (!Value.Check(TabsFileSchema, raw)) {
    const first = [...Value.Errors(TabsFileSchema, raw)][0];
    throw new Error(`portal/metadata/profile-tabs.json: ${first?.path || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return raw;
}

/** The shipped tabs as rows of `profiletab`. */
export function tabRows(createon: string): Record<string, unknown>[] {
  return shippedTabs().tabs.map((t, i) => ({
    id: t.id,
    title: t.title,
    kind: t.kind,
    audience: t.audience,
    re_list: t.re?.list ?? null,
    re_form: t.re?.form ?? null,
    iru_list: t.iru?.list ?? null,
    iru_form: t.iru?.form ?? null,
    show: t.show ? JSON.stringify(t.show) : null,
    sortorder: (i + 1) * 10,
    createon,
  }));
}

/** The shipped per-sector lists as rows of `businessinfofield`, one per governed field. */
export function businessInfoRows(createon: string): Record<string, unknown>[] {
  const file = JSON.parse(readFileSync(BUSINESS_INFO_FILE, 'utf8')) as BusinessInfoFile;
  return file.fields.map((field) => ({
    field,
    everysector: file.everySector.includes(field),
    sectors:
      Object.entries(file.sectors)
        .filter(([, names]) => names.includes(field))
        .map(([s]) => s)
        .join(', ') || null,
    createon,
  }));
}

export async function seedProfileDefinitions(db: Knex, createon: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const modules = ModuleRegistry.fromDirectory(MODULES_DIR);
  for (const [name, table, rows] of [
    ['ProfileTab', 'profiletab', () => tabRows(createon)],
    ['BusinessInfoField', 'businessinfofield', () => businessInfoRows(createon)],
  ] as const) {
    if ((await db(table).first('id')) !== undefined) continue;
    counts[table] = await insertRows(db, table, rows());
    const module = modules.get(name)!;
    for (const id of (await db(table).pluck('id')).map(Number)) await keepRecordVersion(db, module, id, 1, 'create', null);
    await bumpVersions(db, [table]);
  }
  return counts;
}
