// Screen.*: the saved versions of a screen definition (WebList, WebListview, WebForms), one
// version's whole definition, and restoring one as a new save (with the usual compare-and-set,
// validation, audit and version).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { recordset, text, type EnvelopeValue } from '../../protocol/envelope.js';
import type { ActionContext } from '../../runtime/context.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { accessModule } from '../../records/module-access.js';
import { loadForWrite } from '../../records/record-read.js';
import { updateRecord } from '../../records/update.js';
import { changedKeys, SCREEN_TABLES, screenVersions, type VersionedModule } from '../../metadata/screen-history.js';
import { sqlDateTime } from '../../db/clock.js';
import type { ScreenModule } from '../../metadata/screen-schemas.js';
import { personalViewActions } from './personal-views.js';
import { screenModules } from './module-catalogue.js';
import { screenIndexAdvice } from './index-advice.js';

const ScreenKind = Type.Union([Type.Literal('WebList'), Type.Literal('WebListview'), Type.Literal('WebForms')]);
/** A module marked `versioned` (module-schema.ts), checked by versionedModule. */
const VersionedName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,80}$', description: 'A module whose saves keep versions (ProfileTab, BusinessInfoField)' });
const Id = Type.Integer({ minimum: 1 });

export const screenHistory = defineAction({
  name: 'Screen.history',
  summary: 'The saved versions of a screen definition, newest first: version, action, who, when and the top-level keys it changed',
  args: [Type.Object({ module: ScreenKind, id: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: recordset (version, action, createby, createby_name, createon, changed: comma-separated keys changed from the version before)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  handler: ([a], ctx) => historyValues(ctx, a.module, a.id),
});

/** The versions of one definition as Screen.history (and Report.history) answer them. */
export async function historyValues(ctx: ActionContext, kind: VersionedModule | string, id: number): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, kind, 'select');
  const versions = await screenVersions(ctx.db, kind, id);
  // A deleted definition keeps its history; one that never existed is not found.
  if (!versions.length) await loadForWrite(ctx, module, scopeRe, id);
  const rows = versions.map((v, i) => [
    String(v.version),
    v.action,
    v.createby === null ? null : String(v.createby),
    v.createby_name,
    sqlDateTime(new Date(`${v.createon.replace(' ', 'T')}Z`)),
    changedKeys(versions[i + 1]?.definition ?? null, v.definition).join(','),
  ]);
  return [
    recordset(
      [
        { name: 'version', type: 'integer' },
        { name: 'action', type: 'string' },
        { name: 'createby', type: 'integer' },
        { name: 'createby_name', type: 'string' },
        { name: 'createon', type: 'datetime' },
        { name: 'changed', type: 'string' },
      ],
      rows,
    ),
  ];
}

export const screenVersion = defineAction({
  name: 'Screen.version',
  summary: 'One saved version of a screen definition: {name, module | weblist, properties}',
  args: [Type.Object({ module: ScreenKind, id: Id, version: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: text, JSON definition (null for a deletion)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  handler: ([a], ctx) => versionValues(ctx, a.module, a.id, a.version),
});

/** One version's definition as Screen.version (and Report.version) answer it. */
export async function versionValues(ctx: ActionContext, kind: VersionedModule | string, id: number, version: number): Promise<EnvelopeValue[]> {
  accessModule(ctx, kind, 'select');
  const found = (await screenVersions(ctx.db, kind, id)).find((v) => v.version === version);
  if (!found) throw new AppError('E_NOTFOUND', `${kind} ${id} has no version ${version}.`);
  return [text(JSON.stringify(found.definition))];
}

export const screenRestore = defineAction({
  name: 'Screen.restore',
  summary: 'Saves an earlier version of a screen definition as its newest (updatectr: the counter the caller last read)',
  args: [Type.Object({ module: ScreenKind, id: Id, version: Id, updatectr: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'update' },
  writes: true,
  answer: 'value 0: recordset (id, updatectr) after the save',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_VALIDATION', 'E_BADREQUEST'],
  handler: ([a], ctx) => restoreValues(ctx, a.module, a.id, a.version, a.updatectr),
});

/** An earlier version saved again as the newest, as Screen.restore (and Report.restore) do it. */
export async function restoreValues(ctx: ActionContext, kind: VersionedModule | string, id: number, version: number, updatectr: number): Promise<EnvelopeValue[]> {
  const found = (await screenVersions(ctx.db, kind, id)).find((v) => v.version === version);
  if (!found) throw new AppError('E_NOTFOUND', `${kind} ${id} has no version ${version}.`);
  if (!found.definition) throw errors.badRequest(`Version ${version} of ${kind} ${id} is its deletion; there is nothing to restore`);
  const d = found.definition;
  if (kind === 'WebReport') {
    return updateRecord(ctx, {
      module: 'WebReport',
      fields: ['id', 'updatectr', 'name', 'module', 'title', 'template', 'properties'],
      values: [id, updatectr, d.name, d.module ?? null, d.title ?? null, d.template ?? null, JSON.stringify(d.properties)],
    });
  }
  if (!(kind in SCREEN_TABLES)) {
    // A versioned module's row: its own fields as they were (JSON fields sent as text).
    const module = ctx.services.modules.get(kind)!;
    const values = Object.entries(d as unknown as Record<string, unknown>).filter(([name]) => module.fields.get(name)?.writable);
    return updateRecord(ctx, {
      module: kind,
      fields: ['id', 'updatectr', ...values.map(([name]) => name)],
      values: [id, updatectr, ...values.map(([name, v]) => (module.fields.get(name)!.type === 'json' && v !== null && typeof v !== 'string' ? JSON.stringify(v) : v))],
    });
  }
  const { owner } = SCREEN_TABLES[kind as ScreenModule];
  return updateRecord(ctx, {
    module: kind,
    fields: ['id', 'updatectr', 'name', owner, 'properties'],
    values: [id, updatectr, d.name, owner === 'module' ? (d.module ?? null) : (d.weblist ?? null), JSON.stringify(d.properties)],
  });
}

/** A module whose saves keep versions; any other name is a bad request. */
function versionedModule(ctx: ActionContext, name: string): string {
  if (ctx.services.modules.get(name)?.def.versioned) return name;
  throw errors.badRequest(`${name} is not a module whose saves keep versions`);
}

// The same three for the records of a module marked `versioned` (an app's metadata edited in its
// generic forms, such as the portal's profile tab definitions): one version per save, whole.
export const metadataHistory = defineAction({
  name: 'Metadata.history',
  summary: 'The saved versions of a record of a versioned module, newest first: version, action, who, when and the fields it changed',
  args: [Type.Object({ module: VersionedName, id: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: recordset (version, action, createby, createby_name, createon, changed: comma-separated fields changed from the version before)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  handler: ([a], ctx) => historyValues(ctx, versionedModule(ctx, a.module), a.id),
});

export const metadataVersion = defineAction({
  name: 'Metadata.version',
  summary: "One saved version of a versioned module's record: its own fields as they were",
  args: [Type.Object({ module: VersionedName, id: Id, version: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: text, JSON object field → value (null for a deletion)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  handler: ([a], ctx) => versionValues(ctx, versionedModule(ctx, a.module), a.id, a.version),
});

export const metadataRestore = defineAction({
  name: 'Metadata.restore',
  summary: "Saves an earlier version of a versioned module's record as its newest (updatectr: the counter the caller last read)",
  args: [Type.Object({ module: VersionedName, id: Id, version: Id, updatectr: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'update' },
  writes: true,
  answer: 'value 0: recordset (id, updatectr) after the save',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_VALIDATION', 'E_BADREQUEST'],
  handler: ([a], ctx) => restoreValues(ctx, versionedModule(ctx, a.module), a.id, a.version, a.updatectr),
});

export const screenActions = [screenHistory, screenVersion, screenRestore, metadataHistory, metadataVersion, metadataRestore, screenModules, screenIndexAdvice, ...personalViewActions];
