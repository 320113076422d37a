// The query status actions beyond Record.update (seed 002 §4, §7), each all or nothing in the
// action's one transaction and through the record engine's update (permission, state map,
// closing stamps, history, updatectr):
// - Query.updateMultipleStatus: IRU sets Open or Closed on many queries at once from the list;
//   the first refusal names its query and undoes the others.
// - Query.closeWithResubmission: a Resubmission (state New) for the query's form, tab and data
//   item, then the query Closed with Resubmission (80), which its metadata allows only with one.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { updateRecord } from '../../../engine/records/update.js';
import { createRecord } from '../../../engine/records/create.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { loadForWrite } from '../../../engine/records/record-read.js';
import { sqlDate } from '../../../engine/db/clock.js';
import { resubmissionCategory } from '../../requests/resubmission-forms.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Reads the category of the form a query is on, the query having been reached through the caller\'s Query rules first',
);

/** The states the bulk change offers (seed 002 §2: Open or Close). */
const BULK_STATES = [13, 8] as const;

export const updateMultipleStatus = defineAction({
  name: 'Query.updateMultipleStatus',
  summary: 'Sets Open (13) or Closed (8) on several queries in one transaction, each with the updatectr the caller read',
  args: [
    Type.Object(
      {
        data: Type.Array(
          Type.Object(
            { id: recordId('Query', 'The query'), updatectr: Type.Integer({ minimum: 0 }), state: Type.Union(BULK_STATES.map((s) => Type.Literal(s))) },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 500 },
        ),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'Query.update',
  writes: true,
  answer: 'value 0: text, the number of queries updated',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const ids = a.data.map((d) => d.id);
    if (new Set(ids).size !== ids.length) throw errors.badRequest('Each query may be named once');
    for (const item of a.data) {
      try {
        await updateRecord(ctx, { module: 'Query', fields: ['id', 'updatectr', 'state'], values: [item.id, item.updatectr, item.state] });
      } catch (e) {
        // Which query was refused, for the caller to reload; the transaction undoes the rest.
        if (e instanceof AppError) {
          const details = e.details && typeof e.details === 'object' ? e.details : {};
          throw new AppError(e.code, `Query #${item.id}: ${e.message}`, { id: item.id, ...details });
        }
        throw e;
      }
    }
    return [text(String(a.data.length))];
  },
});

const CLOSED_WITH_RESUBMISSION = 80;
const NEW = 54;

export const closeWithResubmission = defineAction({
  name: 'Query.closeWithResubmission',
  summary: 'Creates a Resubmission (state New) for the query\'s entity, form, tab and data item, then closes the query with resubmission (80), in one transaction',
  args: [
    Type.Object(
      {
        id: recordId('Query', 'The query'),
        updatectr: Type.Integer({ minimum: 0 }),
        requestextdate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Requested resubmission date, YYYY-MM-DD, not before today (UTC)' }),
        reason: Type.String({ maxLength: 65535 }),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'Query.update',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, resubmission) of the query',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const problems: Record<string, string> = {};
    if (!a.reason.trim()) problems.reason = 'is required';
    if (a.requestextdate < sqlDate()) problems.requestextdate = 'cannot be before today';
    if (Object.keys(problems).length) throw errors.validation(problems);
    const { module, scopeRe } = accessModule(ctx, 'Query', 'update');
    const query = await loadForWrite(ctx, module, scopeRe, a.id);
    const form = await ctx.db('form').where({ id: query.form }).first('category');
    const category = form?.category === null || form?.category === undefined ? null : Number(form.category);
    const [made] = await createRecord(
      ctx,
      { module: 'Resubmission', fields: ['re', 'state', 'requestextdate', 'reason', 'formcategory'], values: [query.re, NEW, a.requestextdate, a.reason, resubmissionCategory(category)], read: ['id'] },
      { query: a.id, initiateby: ctx.caller!.userId },
    );
    const resubmission = Number(made.type === 'recordset' ? made.rows[0][0] : NaN);
    const tabs = JSON.stringify([{ id: query.formtab, dataitem: query.dataitem }]);
    await createRecord(ctx, { module: 'ResubmissionForm', fields: ['resubmission', 'form', 'properties', 're'], values: [resubmission, query.form, tabs, query.re], read: ['id'] });
    return updateRecord(ctx, { module: 'Query', fields: ['id', 'updatectr', 'state'], values: [a.id, a.updatectr, CLOSED_WITH_RESUBMISSION], read: ['id', 'updatectr', 'state', 'resubmission'] }, { resubmission });
  },
});

export const threadActions = [updateMultipleStatus, closeWithResubmission];
