// Chart.preview: the series of an unsaved chart draft, computed exactly as Chart.getGroup
// computes a stored chart's, so the chart editor shows what the dashboard will show. The draft's
// data is refused as Record.create would refuse it (E_VALIDATION naming `data` and the path).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { chartSeries, windowOf, WindowArg } from '../../dashboards/chart-series.js';
import { chartDataProblem } from '../../../engine/metadata/screen-files.js';
import type { ChartData } from '../../../engine/metadata/screen-schemas.js';
import { chartReferenceProblems } from '../../../engine/metadata/screen-references.js';

export const previewChart = defineAction({
  name: 'Chart.preview',
  summary: "The series of an unsaved chart draft (its type and data rows), computed for the caller as Chart.getGroup computes a stored chart's",
  args: [
    Type.Object(
      {
        chart: Type.Object(
          {
            type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
            name: Type.Optional(Type.String({ maxLength: 255 })),
            /** DashboardChart.data: validated by the ChartData schema. */
            data: Type.Unknown(),
          },
          { additionalProperties: false },
        ),
        data: Type.Optional(WindowArg),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'DashboardChart.select',
  writes: false,
  answer: 'value 0: text, JSON {from_month, chart: {name, type, labels, datasets: [{label, color, data} | {label, color, error}]}}',
  errors: ['E_VALIDATION', 'E_BADREQUEST', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const window = windowOf(a.data);
    const problem = chartDataProblem(a.chart.data) ?? chartReferenceProblems(ctx.services.modules, a.chart.data as ChartData)[0];
    if (problem) throw errors.validation({ data: problem });
    const series = await chartSeries(ctx, a.chart.data as ChartData, window);
    return [text(JSON.stringify({ from_month: window.fromMonth, chart: { name: a.chart.name ?? '', type: a.chart.type, ...series } }))];
  },
});
