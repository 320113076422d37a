// RE.getDashboard (an RE user's own entity) and IRU.getDashboard (the regulator's view, with
// sector and submission category filters): JSON series of monthly counts (seed 000 §2.13, §7;
// seed 003 §2.9, §7), computed with the caller's permissions and scope (engine/dashboards).
import { Type } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { isReUser, type ActionContext } from '../../../engine/runtime/context.js';
import { monthOf } from '../../dashboards/chart-series.js';
import { dashboardMonths, dashboardSeries, IRU_SERIES, latestDataMonth, RE_SERIES, SUBMISSION_STATUS } from '../../dashboards/entity-dashboards.js';

/** The month picker's value (MM/YYYY) or YYYY-MM; absent: the current month. */
const Month = Type.String({ maxLength: 10, description: 'the chosen month, MM/YYYY or YYYY-MM; default the current month' });

function totalOf(values: EnvelopeValue[]): number {
  const total = values[1];
  return total?.type === 'text' ? Number(total.text) : 0;
}

/**
 * Forms per status for periods ending by the end of the chosen month, through Record.select (same
 * checks as a list). Forms, not batches: a batch goes Open → Completed (71) as its forms are
 * filed, so only the forms ever stand in Ready, Submitted or Accepted (docs/filing.md).
 */
async function submissionStatus(ctx: ActionContext, month: string): Promise<{ label: string; value: number }[]> {
  if (!ctx.caller?.permissions.has('REForm.select')) return SUBMISSION_STATUS.map(([label]) => ({ label, value: 0 }));
  const end = DateTime.fromFormat(month, 'yyyy-MM', { zone: 'utc' }).endOf('month').toFormat('yyyy-MM-dd');
  const out = [];
  for (const [label, state] of SUBMISSION_STATUS) {
    const values = await ctx.call('Record.select', [{ module: 'REForm', fields: ['id'], where: [['state', '=', state], ['endon', '<=', end]], max: 1 }]);
    out.push({ label, value: totalOf(values) });
  }
  return out;
}

export const getReDashboard = defineAction({
  name: 'RE.getDashboard',
  summary: "The RE dashboard of the caller's current entity: submissions per status as at the chosen month, and monthly counts of its submissions, queries, extensions, resubmissions and help desk items for the 12 months up to it; its latest_month (YYYY-MM, null when none) is the latest month up to now with any data, the month to offer when the chosen one has none",
  args: [Type.Object({ dt: Type.Optional(Month) }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer:
    'value 0: text, JSON {month, months: [YYYY-MM×12], submission_status: [{label, value}], performance_submission, performance_query, performance_extension, performance_resubmission, submission, helpdesk, extension, query, resubmission: [{label: month number, month, value, value1…}]}',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    if (!isReUser(ctx.caller)) throw errors.noPermission('RE.getDashboard');
    const month = monthOf(a.dt, 'dt');
    const series = await dashboardSeries(ctx, RE_SERIES, { month });
    const latest = await latestDataMonth(ctx, RE_SERIES, {});
    return [text(JSON.stringify({ month, months: dashboardMonths(month), latest_month: latest, submission_status: await submissionStatus(ctx, month), ...series }))];
  },
});

export const getIruDashboard = defineAction({
  name: 'IRU.getDashboard',
  summary: "The regulator's dashboard: monthly counts of new RE user registrations, entities, outstanding and total help desk items, queries, resubmissions, extensions and submissions for the 12 months up to the chosen month, optionally for one sector and one submission category; its latest_month (YYYY-MM, null when none) is the latest month up to now with any data for those filters",
  args: [
    Type.Object(
      {
        dt: Type.Optional(Month),
        sector: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        category: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: false,
  answer:
    'value 0: text, JSON {month, months: [YYYY-MM×12], new_user_registration, active_re_companies, outstanding_helpdesk, outstanding_query, outstanding_resubmission, outstanding_extension, submission, total_query, total_extension, total_resubmission: [{label: month number, month, value, value1…}]}',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    if (isReUser(ctx.caller)) throw errors.noPermission('IRU.getDashboard');
    const month = monthOf(a.dt, 'dt');
    const filters = { sector: a.sector ?? null, category: a.category ?? null };
    const series = await dashboardSeries(ctx, IRU_SERIES, { month, ...filters });
    return [text(JSON.stringify({ month, months: dashboardMonths(month), latest_month: await latestDataMonth(ctx, IRU_SERIES, filters), ...series }))];
  },
});
