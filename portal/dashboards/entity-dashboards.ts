// RE.getDashboard and IRU.getDashboard (seed 000 §2.13, §3; seed 003 §2.9, §3 "Dashboard
// responses"): named series of monthly counts, each declared here as data and computed by the
// chart aggregate (chart-data.ts) through the record engine, so every count holds only rows the
// caller may read (its permissions, its entity's scope for RE users). A series over a module that
// this release does not have, or that the caller may not read, answers no rows.
import { DateTime } from 'luxon';
import { isAppError } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import type { ChartDataRow } from '../../engine/metadata/screen-schemas.js';
import { latestMonthOf, monthsAfter, seriesOf, type ChartWindow } from './chart-data.js';

type Where = NonNullable<ChartDataRow['where']>;

/** A series: counts of one module's rows by month of one of its dates; `value`, `value1`… each with its own conditions. */
export interface MonthlySeries {
  module: string;
  month: string;
  counts: Where[];
}

/** One point of a series: the month's number (1–12) as the seed's label, the month itself, the counts. */
export type MonthlyPoint = { label: number; month: string } & Record<string, number | string>;

// Status ids (seed 000 §4.1; seed 003 §4.1–4.2 for requests).
const OPEN_REQUEST = [54, 13, 58, 44];
const SUBMITTED = [56, 45, 71];
const OUTSTANDING_BATCH = [13, 75, 55, 74];
const OUTSTANDING_RESUBMISSION = [54, 61, 78, 25, 31, 74, 79, 65, 70];
const OUTSTANDING_EXTENSION = [31, 61, 25, 65, 70];

const all: Where = [];
const inStates = (states: number[]): Where => [['state', 'in', states]];

/** Seed 000 §3 "Dashboard response (RE)": the series of an RE user's own entity. */
export const RE_SERIES: Record<string, MonthlySeries> = {
  // value: batches due in the month; value1: submitted or later; value2: still outstanding.
  performance_submission: { module: 'REFormBatch', month: 'duedate', counts: [all, inStates(SUBMITTED), inStates(OUTSTANDING_BATCH)] },
  // value: raised in the month; value1: of those, still open.
  performance_query: { module: 'RE-Query', month: 'createon', counts: [all, inStates(OPEN_REQUEST)] },
  performance_extension: { module: 'RE-Extension', month: 'createon', counts: [all, inStates(OUTSTANDING_EXTENSION)] },
  performance_resubmission: { module: 'RE-Resubmission', month: 'createon', counts: [all, inStates(OUTSTANDING_RESUBMISSION)] },
  submission: { module: 'REFormBatch', month: 'submitteddate', counts: [all] },
  helpdesk: { module: 'RE-Helpdesk', month: 'createon', counts: [all] },
  extension: { module: 'RE-Extension', month: 'createon', counts: [all] },
  query: { module: 'RE-Query', month: 'createon', counts: [all] },
  resubmission: { module: 'RE-Resubmission', month: 'createon', counts: [all] },
};

/** Seed 003 §3 "Dashboard responses" (internal): across the entities the caller may read. */
export const IRU_SERIES: Record<string, MonthlySeries> = {
  new_user_registration: { module: 'User', month: 'createon', counts: [[['logintype', '=', 2]]] },
  // value: entities registered in the month that are active now; value1: all registered.
  active_re_companies: { module: 'RE', month: 'createon', counts: [[['state', '=', 33]], all] },
  outstanding_helpdesk: { module: 'Helpdesk', month: 'createon', counts: [inStates(OPEN_REQUEST)] },
  outstanding_query: { module: 'Query', month: 'createon', counts: [inStates(OPEN_REQUEST)] },
  outstanding_resubmission: { module: 'Resubmission', month: 'createon', counts: [inStates(OUTSTANDING_RESUBMISSION)] },
  outstanding_extension: { module: 'Extension', month: 'createon', counts: [inStates(OUTSTANDING_EXTENSION)] },
  submission: { module: 'FormBatch', month: 'duedate', counts: [all, inStates(SUBMITTED), inStates(OUTSTANDING_BATCH)] },
  total_query: { module: 'Query', month: 'createon', counts: [all] },
  total_extension: { module: 'Extension', month: 'createon', counts: [all] },
  total_resubmission: { module: 'Resubmission', month: 'createon', counts: [all] },
};

/**
 * The RE dashboard's status table (seed 000 §2.13): the forms of periods ending by the end of the
 * chosen month, counted in their state today. Every state a form can stand in has its column, in
 * the order of the sign-off (docs/filing.md), so that the columns add up to all the forms: a form
 * waiting for its checker (Pending Verification) or sent back by the regulator (Amendment
 * Required) is counted too.
 */
export const SUBMISSION_STATUS: [string, number][] = [
  ['Open', 13],
  ['Pending Verification', 78],
  ['Ready', 55],
  ['Submitted', 56],
  ['Accepted', 45],
  ['Amendment Required', 74],
];

export interface DashboardWindow {
  /** The chosen month, YYYY-MM. */
  month: string;
  sector?: number | null;
  /** Submissions only (seed 003 §2.9 "Category for Submission Only"). */
  category?: number | null;
}

/** The chart window whose 12 months run from the month after the chosen one a year earlier up to it (seed 000 §9). */
function chartWindow(window: DashboardWindow): ChartWindow {
  const yearBefore = DateTime.fromFormat(window.month, 'yyyy-MM', { zone: 'utc' }).minus({ months: 12 }).toFormat('yyyy-MM');
  return { fromMonth: yearBefore, sector: window.sector ?? null };
}

export function dashboardMonths(month: string): string[] {
  return monthsAfter(chartWindow({ month }).fromMonth);
}

const VALUE_KEYS = ['value', 'value1', 'value2', 'value3'];

/** A series' points, or none when its module is not in this release or not readable by the caller. */
export async function monthlySeries(ctx: ActionContext, spec: MonthlySeries, window: DashboardWindow): Promise<MonthlyPoint[]> {
  const module = ctx.services.modules.get(spec.module);
  if (!module || !ctx.caller?.permissions.has(`${module.permissionName}.select`)) return [];
  const chart = chartWindow(window);
  const months = monthsAfter(chart.fromMonth);
  const extra: Where = window.category != null && module.fields.has('category') && spec.module.endsWith('FormBatch') ? [['category', '=', window.category]] : [];
  const points: MonthlyPoint[] = months.map((m) => ({ label: Number(m.slice(5)), month: m }));
  for (const [i, where] of spec.counts.entries()) {
    try {
      const s = await seriesOf(ctx, { label: VALUE_KEYS[i], color: '#000000', module: spec.module, aggregate: 'count', groupBy: { month: spec.month }, where: [...where, ...extra] }, chart);
      for (const p of points) p[VALUE_KEYS[i]] = s.values.get(p.month) ?? 0;
    } catch (e) {
      // A caller outside the module's scope (an RE user with no current entity) sees no rows.
      if (isAppError(e) && e.code === 'E_NOPERMISSION') return [];
      throw e;
    }
  }
  return points;
}

export async function dashboardSeries(ctx: ActionContext, specs: Record<string, MonthlySeries>, window: DashboardWindow): Promise<Record<string, MonthlyPoint[]>> {
  const out: Record<string, MonthlyPoint[]> = {};
  for (const [key, spec] of Object.entries(specs)) out[key] = await monthlySeries(ctx, spec, window);
  return out;
}

/**
 * The latest month, up to the current one, in which any of the dashboard's series counts a row
 * for the caller (same scope and filters as the series), or null when none does: the month a
 * dashboard offers when the chosen one has no data (docs/client.md, Dashboards).
 */
export async function latestDataMonth(ctx: ActionContext, specs: Record<string, MonthlySeries>, window: Omit<DashboardWindow, 'month'>, now = DateTime.utc()): Promise<string | null> {
  let latest: string | null = null;
  for (const spec of Object.values(specs)) {
    const module = ctx.services.modules.get(spec.module);
    if (!module || !ctx.caller?.permissions.has(`${module.permissionName}.select`)) continue;
    const extra: Where = window.category != null && module.fields.has('category') && spec.module.endsWith('FormBatch') ? [['category', '=', window.category]] : [];
    for (const where of spec.counts) {
      try {
        const m = await latestMonthOf(ctx, { label: 'latest', color: '#000000', module: spec.module, aggregate: 'count', groupBy: { month: spec.month }, where: [...where, ...extra] }, { sector: window.sector ?? null, notAfter: now.toFormat('yyyy-MM') });
        if (m && (latest === null || m > latest)) latest = m;
      } catch (e) {
        if (isAppError(e) && e.code === 'E_NOPERMISSION') break;
        throw e;
      }
    }
  }
  return latest;
}
