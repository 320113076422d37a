// FormBatch.completeness and FormBatch.completenessEntities: the regulator's deadline-day report
// (docs/filing-periods.md) over the caller's rows, computed by portal/filing/completeness.ts.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, type Column } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { sqlDate } from '../../../engine/db/clock.js';
import { completenessOf, filedForms, type CompletenessFilter } from '../../filing/completeness.js';
import { filingRowsOf } from '../../filing/filing-rows.js';
import { parseIsoDate } from '../../filing/period-dates.js';
import { PERIOD_PERMISSIONS } from './permissions.js';

const isoDate = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const Filters = {
  calendar: Type.Optional(Type.Integer({ minimum: 1, description: 'Only forms of this calendar (list group 80)' })),
  sector: Type.Optional(Type.Integer({ minimum: 1, description: 'Only entities of this sector' })),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only forms of this code' })),
  asOf: Type.Optional(isoDate('The day outstanding forms are judged overdue against; default today')),
};

/** The longest span one report covers: a regulator looks at a few years, not all history at once. */
const MAX_DAYS = 3 * 366;

function checkDates(from: string, to: string, asOf: string | undefined): void {
  const problems: Record<string, string> = {};
  const f = parseIsoDate(from);
  const t = parseIsoDate(to);
  if (!f) problems.from = 'is not a date (YYYY-MM-DD)';
  if (!t) problems.to = 'is not a date (YYYY-MM-DD)';
  if (f && t && t < f) problems.to = 'is before from';
  if (f && t && (t.getTime() - f.getTime()) / 86_400_000 > MAX_DAYS) problems.to = 'is more than three years after from';
  if (asOf !== undefined && !parseIsoDate(asOf)) problems.asOf = 'is not a date (YYYY-MM-DD)';
  if (Object.keys(problems).length) throw errors.validation(problems);
}

const int = (name: string): Column => ({ name, type: 'integer' });
const str = (name: string): Column => ({ name, type: 'string' });
const n = (v: number | null) => (v === null ? null : String(v));

export const formBatchCompleteness = defineAction({
  name: 'FormBatch.completeness',
  summary: 'Completeness and timeliness of the caller\'s forms (of entities and submissions it reaches) per period end × sector × form code: forms expected, submitted, on time, late, outstanding and overdue',
  args: [Type.Object({ from: isoDate('First period end, YYYY-MM-DD'), to: isoDate('Last period end, YYYY-MM-DD (at most three years after from)'), ...Filters }, { additionalProperties: false })],
  access: 'session',
  permission: PERIOD_PERMISSIONS.completeness,
  writes: false,
  answer: 'value 0: recordset (endon, sector, sector_name, code, name, expected, submitted, ontime, late, outstanding, overdue), newest period first',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    checkDates(a.from, a.to, a.asOf);
    const filter: CompletenessFilter = { from: a.from, to: a.to, calendar: a.calendar, sector: a.sector, code: a.code };
    const rows = completenessOf(await filedForms(ctx.db, filingRowsOf(ctx), filter, a.asOf ?? sqlDate()));
    return [
      recordset(
        [{ name: 'endon', type: 'date' }, int('sector'), str('sector_name'), str('code'), str('name'), int('expected'), int('submitted'), int('ontime'), int('late'), int('outstanding'), int('overdue')],
        rows.map((r) => [r.endon, n(r.sector), r.sector_name, r.code, r.name, String(r.expected), String(r.submitted), String(r.ontime), String(r.late), String(r.outstanding), String(r.overdue)]),
      ),
    ];
  },
});

export const formBatchCompletenessEntities = defineAction({
  name: 'FormBatch.completenessEntities',
  summary: 'The caller\'s entities and forms behind one period end (and optionally one sector and form code) of the completeness report, each form with its due date, when it was submitted and its status',
  args: [Type.Object({ endon: isoDate('The period end'), ...Filters }, { additionalProperties: false })],
  access: 'session',
  permission: PERIOD_PERMISSIONS.completeness,
  writes: false,
  answer: 'value 0: recordset (form, re, re_name, sector, sector_name, code, name, endon, duedate, state, submittedon, status: ontime | late | outstanding | overdue)',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    checkDates(a.endon, a.endon, a.asOf);
    const filter: CompletenessFilter = { from: a.endon, to: a.endon, endon: a.endon, calendar: a.calendar, sector: a.sector, code: a.code };
    const forms = await filedForms(ctx.db, filingRowsOf(ctx), filter, a.asOf ?? sqlDate());
    return [
      recordset(
        [int('form'), int('re'), str('re_name'), int('sector'), str('sector_name'), str('code'), str('name'), { name: 'endon', type: 'date' }, { name: 'duedate', type: 'date' }, int('state'), { name: 'submittedon', type: 'datetime' }, str('status')],
        forms.map((f) => [String(f.form), String(f.re), f.re_name, n(f.sector), f.sector_name, f.code, f.name, f.endon, f.duedate, String(f.state), f.submittedon, f.status]),
      ),
    ];
  },
});
