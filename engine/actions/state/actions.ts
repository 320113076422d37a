// StateManagement.*: a module's state map and a record's state history.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { recordset, text } from '../../protocol/envelope.js';
import { ModuleName } from '../../records/record-schemas.js';
import { accessModule } from '../../records/module-access.js';
import { loadForWrite } from '../../records/record-read.js';
import { stateHistoryQuery } from '../../records/record-history.js';
import { toRecordset } from '../../records/recordset.js';
import { relabelStateHistory } from '../../records/state-groups.js';
import type { ResolvedField } from '../../metadata/module-registry.js';

export const getStateMap = defineAction({
  name: 'StateManagement.getStateMap',
  summary: "A module's allowed state transitions and its default state",
  args: [Type.Object({ module: ModuleName }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: recordset of (from, to) pairs; value 1: text, the default state (empty when the module has no state map)',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const { module } = accessModule(ctx, a.module, 'select');
    const map = module.stateMap;
    const rows = (map?.transitions ?? []).map(([f, t]) => [String(f), String(t)]);
    return [
      recordset([{ name: 'from', type: 'integer' }, { name: 'to', type: 'integer' }], rows),
      text(map ? String(map.default) : ''),
    ];
  },
});

const f = (name: string, type: ResolvedField['type']) => ({ name, type }) as ResolvedField;
const HISTORY_FIELDS = [
  f('id', 'integer'),
  f('from_state', 'integer'),
  f('from_state_name_ind_field', 'string'),
  f('to_state', 'integer'),
  f('to_state_name_ind_field', 'string'),
  f('reason', 'string'),
  f('createby', 'integer'),
  f('createby_name_ind_field', 'string'),
  f('createon', 'datetime'),
];

export const getStateHistory = defineAction({
  name: 'StateManagement.getHistory',
  summary: 'Every accepted state change of one record, oldest first: who, when, from, to and why',
  args: [Type.Object({ module: ModuleName, id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: recordset (id, from_state, to_state, their names, reason, createby, createon)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const { module, scopeRe } = accessModule(ctx, a.module, 'select');
    await loadForWrite(ctx, module, scopeRe, a.id);
    return [toRecordset(HISTORY_FIELDS, relabelStateHistory(module, await stateHistoryQuery(ctx.db, module, a.id)))];
  },
});

export const stateActions = [getStateMap, getStateHistory];
