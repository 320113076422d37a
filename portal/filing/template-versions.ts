// Published versions of form templates (table formtemplate_version, docs/form-templates.md): a
// save that changes a template's properties or extract definition publishes version N+1 with the
// whole template, in the save's own transaction. Versions are never changed afterwards, so a form
// filed on one keeps its shape whatever later saves do; any two can be read back and compared.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Shows who published each template version (administrators and template designers)',
);

type Db = Knex | Knex.Transaction;

export const TEMPLATE_TABLE = 'formtemplate';
const VERSION_TABLE = 'formtemplate_version';
const SHAPE_FIELDS = ['properties', 'etlproperties'];

/** After a create or update of a template: publishes a version when its shape changed. */
export async function publishTemplateVersion(db: Db, templateId: number, changed: readonly string[], who: number | null): Promise<void> {
  if (!changed.some((f) => SHAPE_FIELDS.includes(f))) return;
  const row = await db(TEMPLATE_TABLE).where({ id: templateId }).first('properties', 'etlproperties', 'version');
  if (!row || row.properties === null) return;
  const version = Number(row.version) + 1;
  await db(VERSION_TABLE).insert({ template: templateId, version, properties: row.properties, etlproperties: row.etlproperties, createby: who, createon: sqlDateTime() });
  await db(TEMPLATE_TABLE).where({ id: templateId }).update({ version });
  await bumpVersions(db, [VERSION_TABLE, TEMPLATE_TABLE]);
}

export interface TemplateVersionRow {
  version: number;
  createby: number | null;
  createby_name: string | null;
  createon: string;
}

/** The versions of a template, newest first, without their bodies. */
export async function templateVersions(db: Db, templateId: number): Promise<TemplateVersionRow[]> {
  const rows = await db({ v: VERSION_TABLE })
    .leftJoin({ u: 'user' }, 'u.id', 'v.createby')
    .where('v.template', templateId)
    .orderBy('v.version', 'desc')
    .select('v.version', 'v.createby', 'u.name as createby_name', 'v.createon');
  return rows.map((r: Record<string, unknown>) => ({
    version: Number(r.version),
    createby: r.createby === null ? null : Number(r.createby),
    createby_name: (r.createby_name as string | null) ?? null,
    createon: r.createon instanceof Date ? sqlDateTime(r.createon) : String(r.createon),
  }));
}

/** One version's properties and extract definition as stored (JSON text), or null when there is none. */
export async function templateVersion(db: Db, templateId: number, version: number): Promise<{ properties: string | null; etlproperties: string | null } | null> {
  const row = await db(VERSION_TABLE).where({ template: templateId, version }).first('properties', 'etlproperties');
  if (!row) return null;
  const text = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));
  return { properties: text(row.properties), etlproperties: text(row.etlproperties) };
}
