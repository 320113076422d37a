// Screen.*: the saved versions of a screen definition (WebList, WebListview, WebForms), one
// version's whole definition, and restoring one as a new save (with the usual compare-and-set,
// validation, audit and version).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../registry.js';
import { recordset, text } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { accessModule } from '../../records/module-access.js';
import { loadForWrite } from '../../records/record-read.js';
import { updateRecord } from '../../records/update.js';
import { changedKeys, SCREEN_TABLES, screenVersions } from '../../metadata/screen-history.js';
import { sqlDateTime } from '../../db/clock.js';
import type { ScreenModule } from '../../metadata/screen-schemas.js';
import { personalViewActions } from './personal-views.js';
import { screenModules } from './module-catalogue.js';

const ScreenKind = Type.Union([Type.Literal('WebList'), Type.Literal('WebListview'), Type.Literal('WebForms')]);
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
  async handler([a], ctx) {
    const { module, scopeRe } = accessModule(ctx, a.module, 'select');
    const versions = await screenVersions(ctx.db, a.module as ScreenModule, a.id);
    // A deleted definition keeps its history; one that never existed is not found.
    if (!versions.length) await loadForWrite(ctx, module, scopeRe, a.id);
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
  },
});

export const screenVersion = defineAction({
  name: 'Screen.version',
  summary: 'One saved version of a screen definition: {name, module | weblist, properties}',
  args: [Type.Object({ module: ScreenKind, id: Id, version: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: text, JSON definition (null for a deletion)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    accessModule(ctx, a.module, 'select');
    const found = (await screenVersions(ctx.db, a.module as ScreenModule, a.id)).find((v) => v.version === a.version);
    if (!found) throw new AppError('E_NOTFOUND', `${a.module} ${a.id} has no version ${a.version}.`);
    return [text(JSON.stringify(found.definition))];
  },
});

export const screenRestore = defineAction({
  name: 'Screen.restore',
  summary: 'Saves an earlier version of a screen definition as its newest (updatectr: the counter the caller last read)',
  args: [Type.Object({ module: ScreenKind, id: Id, version: Id, updatectr: Id }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'update' },
  writes: true,
  answer: 'value 0: recordset (id, updatectr) after the save',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_VALIDATION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const kind = a.module as ScreenModule;
    const found = (await screenVersions(ctx.db, kind, a.id)).find((v) => v.version === a.version);
    if (!found) throw new AppError('E_NOTFOUND', `${a.module} ${a.id} has no version ${a.version}.`);
    if (!found.definition) throw errors.badRequest(`Version ${a.version} of ${a.module} ${a.id} is its deletion; there is nothing to restore`);
    const { owner } = SCREEN_TABLES[kind];
    const d = found.definition;
    return updateRecord(ctx, {
      module: kind,
      fields: ['id', 'updatectr', 'name', owner, 'properties'],
      values: [a.id, a.updatectr, d.name, owner === 'module' ? (d.module ?? null) : (d.weblist ?? null), JSON.stringify(d.properties)],
    });
  },
});

export const screenActions = [screenHistory, screenVersion, screenRestore, screenModules, ...personalViewActions];
