// Screen.indexAdvice: which index a list view (saved or still a draft) needs that its tables
// lack, so that an administrator's new list view is not silently slow. Each select the view
// makes when it opens (as staff, as RE users: list-indexes.ts, the same derivation the plan
// test holds every shipped view to) is checked against the table's indexes as they are.
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { defineAction } from '../../runtime/registry.js';
import { recordset, type EnvelopeValue } from '../../protocol/envelope.js';
import type { ActionContext } from '../../runtime/context.js';
import { errors } from '../../errors/catalogue.js';
import { screenProblem } from '../../metadata/screen-files.js';
import type { WebListviewProperties } from '../../metadata/screen-schemas.js';
import { indexFor, indexesNeededBy, servedBy, tableIndexes, type IndexColumn } from '../../records/list-indexes.js';

export const screenIndexAdvice = defineAction({
  name: 'Screen.indexAdvice',
  summary:
    'The indexes a list view (its properties, saved or not) needs that its tables lack: one row per select the view makes when it opens (as staff, as RE users) whose order no index serves',
  args: [Type.Object({ properties: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: false })],
  access: 'session',
  // Those who may change list views; every user reads them to open a list.
  permission: 'WebListview.update',
  writes: false,
  answer: 'value 0: recordset (caller: staff | re, module, table, index: the columns an index needs, in order, reason); no rows when every select is served',
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_INVALIDFIELD', 'E_INVALIDOPERATOR', 'E_BADREQUEST'],
  handler: ([a], ctx) => indexAdvice(ctx, a.properties),
});

const columnsText = (columns: IndexColumn[]) => columns.map((c) => `${c.column}${c.desc ? ' desc' : ''}`).join(', ');

async function indexAdvice(ctx: ActionContext, properties: unknown): Promise<EnvelopeValue[]> {
  const problem = screenProblem('WebListview', properties);
  if (problem) throw errors.validation({ properties: problem });
  const view = properties as WebListviewProperties;
  // Field names and operators are checked as the list itself checks them (E_INVALIDFIELD, E_INVALIDOPERATOR, E_BADREQUEST).
  const needs = indexesNeededBy(view, ctx.services.modules);
  const indexes = new Map<string, IndexColumn[][]>();
  const rows: (string | null)[][] = [];
  for (const need of needs) {
    if (!indexes.has(need.table)) indexes.set(need.table, await tableIndexes(ctx.db as Knex, need.table));
    if (servedBy(need, indexes.get(need.table)!)) continue;
    const reason = need.unservable
      ? `${need.unservable[0].toUpperCase()}${need.unservable.slice(1)}: no index of ${need.table} can give this order, so every page sorts the matching rows.`
      : `No index of ${need.table} holds these columns in this order, so every page sorts the matching rows. Add the index in a migration (docs/engine.md, "List orders and their indexes").`;
    rows.push([need.caller, need.module, need.table, need.unservable ? null : columnsText(indexFor(need)), reason]);
  }
  return [
    recordset(
      [
        { name: 'caller', type: 'string' },
        { name: 'module', type: 'string' },
        { name: 'table', type: 'string' },
        { name: 'index', type: 'string' },
        { name: 'reason', type: 'string' },
      ],
      rows,
    ),
  ];
}
