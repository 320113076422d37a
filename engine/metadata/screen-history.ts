// The versions of screen definitions (table screen_version): one per save, with the whole
// definition, written by the record audit in the save's own transaction. Reading them back
// lets an admin see a definition's history, compare two versions and restore one.
import type { Knex } from 'knex';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import { SCREEN_MODULES } from './screen-files.js';
import type { ScreenModule } from './screen-schemas.js';
import type { ResolvedModule } from './module-registry.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The screen version history shows the name of the user who saved each version of a screen definition (administrators, WebList/WebForms permissions)',
);

type Db = Knex | Knex.Transaction;

/** The table of each screen module and the column that links it (module or weblist). */
export const SCREEN_TABLES: Record<ScreenModule, { table: string; owner: 'module' | 'weblist' }> = {
  WebList: { table: 'weblist', owner: 'module' },
  WebListview: { table: 'weblistview', owner: 'weblist' },
  WebForms: { table: 'webforms', owner: 'module' },
};

/** Kinds whose every save keeps a version here: the screens and the report designer's WebReport. */
export type VersionedModule = ScreenModule | 'WebReport';

export function isScreenModule(name: string): name is VersionedModule {
  return (SCREEN_MODULES as string[]).includes(name) || name === 'WebReport';
}

export interface ScreenDefinition {
  name: string;
  module?: string | null;
  weblist?: number | null;
  /** WebReport: its title and HTML template. */
  title?: string | null;
  template?: string | null;
  properties: unknown;
}

/** A stored row as the definition kept in versions and in exported files. */
export function definitionOf(kind: ScreenModule, row: Record<string, unknown>): ScreenDefinition {
  const { owner } = SCREEN_TABLES[kind];
  const raw = row.properties;
  const properties = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null);
  const out: ScreenDefinition = { name: String(row.name ?? ''), properties };
  if (owner === 'module') out.module = (row.module as string | null) ?? null;
  else out.weblist = row.weblist === null || row.weblist === undefined ? null : Number(row.weblist);
  return out;
}

/** A stored WebReport row as the definition kept in versions. */
export function reportDefinitionOf(row: Record<string, unknown>): ScreenDefinition {
  const raw = row.properties;
  return {
    name: String(row.name ?? ''),
    module: (row.module as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    template: (row.template as string | null) ?? null,
    properties: typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null),
  };
}

async function storedDefinition(db: Db, kind: VersionedModule, recordId: number): Promise<ScreenDefinition | undefined> {
  if (kind === 'WebReport') {
    const row = await db('webreport').where({ id: recordId }).first('name', 'module', 'title', 'template', 'properties');
    return row ? reportDefinitionOf(row) : undefined;
  }
  const { table, owner } = SCREEN_TABLES[kind];
  const row = await db(table).where({ id: recordId }).first('name', owner, 'properties');
  return row ? definitionOf(kind, row) : undefined;
}

export async function keepScreenVersion(db: Db, kind: VersionedModule, recordId: number, version: number, action: 'create' | 'update' | 'delete', who: number | null): Promise<void> {
  const definition = action === 'delete' ? undefined : await storedDefinition(db, kind, recordId);
  await insertVersion(db, kind, recordId, version, action, definition ?? null, who);
}

/** One kept version of a screen or a versioned record: its whole definition, null for a delete. */
async function insertVersion(db: Db, module: string, recordId: number, version: number, action: 'create' | 'update' | 'delete', definition: unknown, who: number | null): Promise<void> {
  await db('screen_version').insert({
    module,
    record_id: recordId,
    version,
    action,
    definition: definition ? JSON.stringify(definition) : null,
    createby: who,
    createon: sqlDateTime(),
  });
  await bumpVersions(db, ['screen_version']);
}

/**
 * A save of a module marked `versioned` (module-schema.ts): the row's own fields, JSON fields
 * parsed, kept whole like a screen's definition, so its history reads the same way.
 */
export async function keepRecordVersion(db: Db, module: ResolvedModule, recordId: number, version: number, action: 'create' | 'update' | 'delete', who: number | null): Promise<void> {
  let definition: Record<string, unknown> | null = null;
  if (action !== 'delete') {
    const own = [...module.fields.values()].filter((f) => !f.system && !f.lookupOf);
    const row = await db(module.table).where({ id: recordId }).first(own.map((f) => f.column));
    if (row) {
      definition = {};
      for (const f of own) {
        const v = row[f.column];
        definition[f.name] = f.type === 'json' && typeof v === 'string' ? JSON.parse(v) : f.type === 'boolean' && v !== null && v !== undefined ? Boolean(Number(v)) : (v ?? null);
      }
    }
  }
  await insertVersion(db, module.name, recordId, version, action, definition, who);
}

export interface ScreenVersionRow {
  version: number;
  action: string;
  createby: number | null;
  createby_name: string | null;
  createon: string;
  definition: ScreenDefinition | null;
}

export async function screenVersions(db: Db, kind: string, recordId: number): Promise<ScreenVersionRow[]> {
  const rows = await db({ v: 'screen_version' })
    .leftJoin({ u: 'user' }, 'u.id', 'v.createby')
    .where({ 'v.module': kind, 'v.record_id': recordId })
    .orderBy('v.version', 'desc')
    .select('v.version', 'v.action', 'v.createby', 'u.name as createby_name', 'v.createon', 'v.definition');
  return rows.map((r: Record<string, unknown>) => ({
    version: Number(r.version),
    action: String(r.action),
    createby: r.createby === null ? null : Number(r.createby),
    createby_name: (r.createby_name as string | null) ?? null,
    createon: String(r.createon),
    definition: r.definition ? (JSON.parse(String(r.definition)) as ScreenDefinition) : null,
  }));
}

/** Top-level keys of two definitions' properties (and name/owner) whose values differ. */
export function changedKeys(a: ScreenDefinition | null, b: ScreenDefinition | null): string[] {
  const flat = (d: ScreenDefinition | null): Record<string, unknown> => {
    if (!d) return {};
    const { properties, ...rest } = d;
    const props = properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
    return { ...rest, ...Object.fromEntries(Object.entries(props).map(([k, v]) => [`properties.${k}`, v])) };
  };
  const fa = flat(a);
  const fb = flat(b);
  return [...new Set([...Object.keys(fa), ...Object.keys(fb)])].filter((k) => JSON.stringify(fa[k]) !== JSON.stringify(fb[k])).sort();
}
