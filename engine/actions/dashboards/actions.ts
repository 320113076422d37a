// Chart.getGroup: the active charts of a dashboard group with their series computed now, for
// the viewer (their permissions and entity scope). A series whose module the viewer may not
// read comes back with an `error` instead of values; the other charts still show.
import { Type } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { defineAction } from '../registry.js';
import { text } from '../../protocol/envelope.js';
import { errors, isAppError } from '../../errors/catalogue.js';
import { seriesOf } from '../../dashboards/chart-data.js';
import { chartDataProblem } from '../../metadata/screen-files.js';
import type { ChartData } from '../../metadata/screen-schemas.js';

const ACTIVE = 33;

const Window = Type.Object(
  {
    /** YYYY-MM or MM/YYYY (the month picker's form); default: the current month. */
    from_month: Type.Optional(Type.String({ maxLength: 10 })),
    sector: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  },
  { additionalProperties: false },
);

function monthOf(raw: string | undefined): string {
  if (!raw) return DateTime.utc().toFormat('yyyy-MM');
  const m = /^(\d{4})-(\d{2})$/.exec(raw) ?? /^(\d{2})\/(\d{4})$/.exec(raw);
  if (!m) throw errors.badRequest('from_month must be a month as YYYY-MM or MM/YYYY');
  return raw.includes('/') ? `${m[2]}-${m[1]}` : raw;
}

export const getChartGroup = defineAction({
  name: 'Chart.getGroup',
  summary: "The active charts of a dashboard group with each data row's series computed for the caller: labels and datasets ready for chart.js",
  args: [Type.Object({ group_id: Type.Integer({ minimum: 1 }), data: Type.Optional(Type.Union([Window, Type.String({ maxLength: 500 })])) }, { additionalProperties: false })],
  access: 'session',
  permission: 'DashboardChart.select',
  writes: false,
  answer: 'value 0: text, JSON {group: {id, name}, months: [YYYY-MM…], charts: [{id, name, type, ordernumber, labels, datasets: [{label, color, data} | {label, color, error}]}]}',
  errors: ['E_NOTFOUND', 'E_BADREQUEST', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    let window: { from_month?: string; sector?: number | null } = {};
    if (typeof a.data === 'string') {
      try {
        window = a.data ? JSON.parse(a.data) : {};
      } catch {
        throw errors.badRequest('a0.data is not valid JSON');
      }
    } else if (a.data) window = a.data;
    const fromMonth = monthOf(window.from_month);
    const group = await ctx.db('dashboardgroup').where({ id: a.group_id }).first('id', 'name');
    if (!group) throw errors.notFound(`Dashboard group ${a.group_id}`);
    const charts = await ctx.db('dashboardchart').where({ dashboardgroup: a.group_id, state: ACTIVE }).orderBy([{ column: 'ordernumber' }, { column: 'id' }]).select('id', 'name', 'type', 'ordernumber', 'data');
    const out = [];
    for (const chart of charts) {
      const data = (typeof chart.data === 'string' ? JSON.parse(chart.data) : chart.data) as ChartData;
      const problem = chartDataProblem(data);
      const datasets: Record<string, unknown>[] = [];
      const labels: string[] = [];
      if (problem) {
        datasets.push({ label: chart.name, color: '#999999', error: `This chart's definition is invalid: ${problem}` });
      } else {
        for (const row of data.rows) {
          try {
            const s = await seriesOf(ctx, row, { fromMonth, sector: window.sector ?? null });
            for (const k of s.values.keys()) if (!labels.includes(k)) labels.push(k);
            datasets.push({ label: s.label, color: s.color, values: s.values });
          } catch (e) {
            if (!isAppError(e)) throw e;
            datasets.push({ label: row.label, color: row.color, error: e.message });
          }
        }
      }
      out.push({
        id: Number(chart.id),
        name: chart.name,
        type: Number(chart.type),
        ordernumber: chart.ordernumber === null ? null : Number(chart.ordernumber),
        labels,
        datasets: datasets.map(({ values, ...d }) => (values ? { ...d, data: labels.map((l) => (values as Map<string, number>).get(l) ?? 0) } : d)),
      });
    }
    return [text(JSON.stringify({ group: { id: Number(group.id), name: group.name }, from_month: fromMonth, charts: out }))];
  },
});

export const dashboardActions = [getChartGroup];
