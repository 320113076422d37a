// FormBatch.openPeriod: the regulator opens a reporting period (docs/filing-periods.md) for the
// entities, submissions and forms its rows reach. The work is portal/filing/period-open.ts;
// this is its protocol face.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { openPeriodAs } from '../../filing/period-open.js';
import { extractDatabases } from '../../filing/extract-tables.js';
import { PERIOD_PERMISSIONS } from './permissions.js';

const OpenArgs = Type.Object(
  {
    calendar: Type.Integer({ minimum: 1, description: 'A calendar of list group 80 (not the ad hoc calendar 282)' }),
    endon: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Period end, YYYY-MM-DD: the last day of a month that ends a period of the calendar' }),
    sector: Type.Optional(Type.Integer({ minimum: 1, description: 'Only entities of this sector, and templates for it or for every sector' })),
    category: Type.Optional(Type.Integer({ minimum: 1, description: 'Only entities in this category (RE_RECategory), and templates for it or for every category' })),
    dryRun: Type.Optional(Type.Boolean({ description: 'Answer what would be created; write nothing' })),
  },
  { additionalProperties: false },
);

const count = (rows: { status: string }[], status: string) => rows.filter((r) => r.status === status).length;

export const formBatchOpenPeriod = defineAction({
  name: 'FormBatch.openPeriod',
  summary: 'Opens a reporting period within the caller\'s rows: one batch per active entity in scope holding one form per active template of the calendar it files, on the template\'s current version; what exists already is left as it is',
  args: [OpenArgs],
  access: 'session',
  permission: PERIOD_PERMISSIONS.open,
  writes: true,
  answer: 'value 0: recordset (re, re_name, formbatch, batchstatus, code, form, status), one row per form of the period in scope; status created | exists | closed (its batch is submitted or frozen: nothing added). value 1: text JSON {calendar, start, endon, label, duedate, dryRun, batches: {created, exists, closed}, forms: {created, exists, closed}}',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const opened = await openPeriodAs(ctx, a, extractDatabases(ctx));
    const batches = [...new Map(opened.forms.map((f) => [f.re, { status: f.batchStatus }])).values()];
    const summary = {
      calendar: opened.calendar,
      start: opened.period.start,
      endon: opened.period.end,
      label: opened.period.label,
      duedate: opened.dueDate,
      dryRun: opened.dryRun,
      batches: { created: count(batches, 'created'), exists: count(batches, 'exists'), closed: count(batches, 'closed') },
      forms: { created: count(opened.forms, 'created'), exists: count(opened.forms, 'exists'), closed: count(opened.forms, 'closed') },
    };
    const str = (v: number | null) => (v === null ? null : String(v));
    return [
      recordset(
        [
          { name: 're', type: 'integer' },
          { name: 're_name', type: 'string' },
          { name: 'formbatch', type: 'integer' },
          { name: 'batchstatus', type: 'string' },
          { name: 'code', type: 'string' },
          { name: 'form', type: 'integer' },
          { name: 'status', type: 'string' },
        ],
        opened.forms.map((f) => [String(f.re), f.re_name, str(f.formbatch), f.batchStatus, f.code, str(f.form), f.status]),
      ),
      text(JSON.stringify(summary)),
    ];
  },
});
