// FormBatch.freezePeriod: the regulator freezes or unfreezes every submission of a period within
// its rows (docs/filing-periods.md "Freezing a period"), or previews it (dryRun). The work is
// portal/filing/period-freeze.ts; this is its protocol face.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { checkFreezeArgs } from '../../filing/period-freeze-scope.js';
import { freezePeriodAs } from '../../filing/period-freeze.js';
import { PERIOD_PERMISSIONS } from './permissions.js';

// Types only: every value is checked by checkFreezeArgs, which names each field wrong in words.
const FreezeArgs = Type.Object(
  {
    endon: Type.String({ maxLength: 100, description: 'Period end, YYYY-MM-DD: the last day of a month (of a period of the calendar, when one is given)' }),
    calendar: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Only submissions of this calendar (list group 80)' })),
    sector: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Only submissions of entities of this sector' })),
    action: Type.String({ maxLength: 20, description: 'freeze | unfreeze' }),
    reason: Type.Optional(Type.String({ maxLength: 100_000, description: 'Why (required unless dryRun; at most 1000 characters): kept, and mailed to the entities' })),
    dryRun: Type.Optional(Type.Boolean({ description: 'Answer what would be frozen or unfrozen; write nothing' })),
  },
  { additionalProperties: false },
);

export const formBatchFreezePeriod = defineAction({
  name: 'FormBatch.freezePeriod',
  summary: "Freezes (or unfreezes) every submission of a period within the caller's rows, by period end and optionally calendar and sector, with a reason; a frozen submission's forms refuse every write and state move. Submissions already as asked are named and left alone. The move is kept (FreezePeriod), audited and mailed to the entities' primary users and approvers",
  args: [FreezeArgs],
  access: 'session',
  permission: PERIOD_PERMISSIONS.freeze,
  writes: true,
  answer: 'value 0: recordset (re, re_name, formbatch, batch, calendar, state, forms, formstates, frozen, status), one row per submission of the period in scope; status changes | already. value 1: text JSON {action, endon, dryRun, batches: {changes, already}, forms: {changes, already}, entities, record, recipients, sentence}',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const scope = await checkFreezeArgs(ctx.db, a);
    const { rows, ...summary } = await freezePeriodAs(ctx, scope);
    ctx.log.info({ action: summary.action, endon: summary.endon, dryRun: summary.dryRun, batches: summary.batches.changes }, 'period freeze');
    return [
      recordset(
        [
          { name: 're', type: 'integer' },
          { name: 're_name', type: 'string' },
          { name: 'formbatch', type: 'integer' },
          { name: 'batch', type: 'string' },
          { name: 'calendar', type: 'string' },
          { name: 'state', type: 'string' },
          { name: 'forms', type: 'integer' },
          { name: 'formstates', type: 'string' },
          { name: 'frozen', type: 'boolean' },
          { name: 'status', type: 'string' },
        ],
        rows.map((r) => [String(r.re), r.re_name, String(r.formbatch), r.batch, r.calendar, r.state, String(r.forms), r.formstates, r.frozen ? '1' : '0', r.status]),
      ),
      text(JSON.stringify(summary)),
    ];
  },
});
