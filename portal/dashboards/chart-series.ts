// A chart's answer as chart.js draws it: the labels of all its data rows' series and one
// dataset per row (or the row's error), for the month window and sector chosen by the viewer.
// Shared by Chart.getGroup (stored charts) and Chart.preview (an unsaved draft).
import { Type } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { errors, isAppError } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { chartDataProblem } from '../../engine/metadata/screen-files.js';
import type { ChartData } from '../../engine/metadata/screen-schemas.js';
import { seriesOf, type ChartWindow } from './chart-data.js';

/** The window argument: an object, or the same as JSON text (as the original sent it). */
export const WindowArg = Type.Union([
  Type.Object(
    {
      /** YYYY-MM or MM/YYYY (the month picker's form); default: the current month. */
      from_month: Type.Optional(Type.String({ maxLength: 10 })),
      sector: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    },
    { additionalProperties: false },
  ),
  Type.String({ maxLength: 500 }),
]);

export type ChartDataset = { label: string; color: string; data: number[] } | { label: string; color: string; error: string };

export interface ChartSeries {
  labels: string[];
  datasets: ChartDataset[];
}

/** A month argument (YYYY-MM or the picker's MM/YYYY) as YYYY-MM; none: the current month. */
export function monthOf(raw: string | undefined, name = 'from_month'): string {
  if (!raw) return DateTime.utc().toFormat('yyyy-MM');
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw) ?? /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(raw);
  if (!m) throw errors.badRequest(`${name} must be a month as YYYY-MM or MM/YYYY`);
  return raw.includes('/') ? `${m[2]}-${m[1]}` : raw;
}

/** The window of a `data` argument, its month as YYYY-MM. */
export function windowOf(data: unknown): ChartWindow {
  let window: { from_month?: string; sector?: number | null } = {};
  if (typeof data === 'string') {
    try {
      window = data ? JSON.parse(data) : {};
    } catch {
      throw errors.badRequest('a0.data is not valid JSON');
    }
  } else if (data) window = data as typeof window;
  // None chosen: a year back, so the 12 months after it end with the current one.
  const fromMonth = window.from_month ? monthOf(window.from_month) : DateTime.utc().minus({ months: 12 }).toFormat('yyyy-MM');
  return { fromMonth, sector: window.sector ?? null };
}

/** Every data row's series on one set of labels (first seen first); a row that fails answers its error. */
export async function chartSeries(ctx: ActionContext, data: ChartData, window: ChartWindow): Promise<ChartSeries> {
  const labels: string[] = [];
  const rows: ({ label: string; color: string; values: Map<string, number> } | { label: string; color: string; error: string })[] = [];
  for (const row of data.rows) {
    try {
      const s = await seriesOf(ctx, row, window);
      for (const k of s.values.keys()) if (!labels.includes(k)) labels.push(k);
      rows.push(s);
    } catch (e) {
      if (!isAppError(e)) throw e;
      rows.push({ label: row.label, color: row.color, error: e.message });
    }
  }
  const datasets = rows.map((r): ChartDataset => ('values' in r ? { label: r.label, color: r.color, data: labels.map((l) => r.values.get(l) ?? 0) } : r));
  return { labels, datasets };
}

/** A stored chart's series; a definition that no longer follows the schema answers one error dataset. */
export async function storedChartSeries(ctx: ActionContext, name: string, data: unknown, window: ChartWindow): Promise<ChartSeries> {
  const problem = chartDataProblem(data);
  if (problem) return { labels: [], datasets: [{ label: name, color: '#999999', error: `This chart's definition is invalid: ${problem}` }] };
  return chartSeries(ctx, data as ChartData, window);
}
