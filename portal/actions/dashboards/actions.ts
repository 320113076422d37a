// Chart.getGroup: the active charts of a dashboard group with their series computed now, for
// the viewer (their permissions and entity scope). A series whose module the viewer may not
// read comes back with an `error` instead of values; the other charts still show.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { storedChartSeries, windowOf, WindowArg } from '../../dashboards/chart-series.js';
import { monthsAfter } from '../../dashboards/chart-data.js';
import { previewChart } from './chart-preview.js';
import { getIruDashboard, getReDashboard } from './entity-dashboards.js';

const ACTIVE = 33;

export const getChartGroup = defineAction({
  name: 'Chart.getGroup',
  summary: "The active charts of a dashboard group with each data row's series computed for the caller: labels and datasets ready for chart.js",
  args: [Type.Object({ group_id: recordId('DashboardGroup', 'The dashboard group'), data: Type.Optional(WindowArg) }, { additionalProperties: false })],
  access: 'session',
  permission: 'DashboardChart.select',
  writes: false,
  answer: 'value 0: text, JSON {group: {id, name}, months: [YYYY-MM…], charts: [{id, name, type, ordernumber, labels, datasets: [{label, color, data} | {label, color, error}]}]}',
  errors: ['E_NOTFOUND', 'E_BADREQUEST', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const window = windowOf(a.data);
    const group = await ctx.db('dashboardgroup').where({ id: a.group_id }).first('id', 'name');
    if (!group) throw errors.notFound(`Dashboard group ${a.group_id}`);
    const charts = await ctx.db('dashboardchart').where({ dashboardgroup: a.group_id, state: ACTIVE }).orderBy([{ column: 'ordernumber' }, { column: 'id' }]).select('id', 'name', 'type', 'ordernumber', 'data');
    const out = [];
    for (const chart of charts) {
      const data: unknown = typeof chart.data === 'string' ? JSON.parse(chart.data) : chart.data;
      out.push({
        id: Number(chart.id),
        name: chart.name,
        type: Number(chart.type),
        ordernumber: chart.ordernumber === null ? null : Number(chart.ordernumber),
        ...(await storedChartSeries(ctx, chart.name, data, window)),
      });
    }
    return [text(JSON.stringify({ group: { id: Number(group.id), name: group.name }, from_month: window.fromMonth, months: monthsAfter(window.fromMonth), charts: out }))];
  },
});

export const dashboardActions = [getChartGroup, previewChart, getReDashboard, getIruDashboard];
