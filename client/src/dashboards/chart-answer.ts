// What Chart.getGroup and Chart.preview answer, and the chart.js configuration drawn from it:
// pie, bar or line by type, values from zero, a legend, a row answered with `error` left out of
// the drawing (the page shows its message in its place).
import type { ChartConfiguration } from 'chart.js';
import { STATUS_COLOURS } from './status-colours';

export const CHART_TYPES = [
  { id: 1, name: 'Pie', kind: 'pie' },
  { id: 2, name: 'Bar', kind: 'bar' },
  { id: 3, name: 'Line', kind: 'line' },
] as const;

export const CHART_STATES = [
  { id: 4, name: 'Inactive' },
  { id: 33, name: 'Active' },
] as const;

export interface ChartDataset {
  label: string;
  color: string;
  data?: number[];
  error?: string;
}

export interface ChartView {
  id?: number;
  name: string;
  type: number;
  labels: string[];
  datasets: ChartDataset[];
}

export interface GroupAnswer {
  group: { id: number; name: string };
  from_month: string;
  charts: ChartView[];
}

/** What a canvas drew: the labels and each drawn dataset's label and values (the tests compare it with the answer). */
export interface DrawnData {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

export const drawnDatasets = (view: ChartView) => view.datasets.filter((d): d is ChartDataset & { data: number[] } => Array.isArray(d.data));

export function drawnData(view: ChartView): DrawnData {
  return { labels: view.labels, datasets: drawnDatasets(view).map((d) => ({ label: d.label, data: d.data })) };
}

/** A pie colours its slices: the row's colour first, then the other status colours in turn. */
function sliceColours(first: string, n: number): string[] {
  const rest = STATUS_COLOURS.map((c) => c.hex).filter((h) => h.toLowerCase() !== first.toLowerCase());
  return Array.from({ length: n }, (_, i) => (i === 0 ? first : rest[(i - 1) % rest.length]));
}

export function chartConfig(view: ChartView): ChartConfiguration {
  const kind = CHART_TYPES.find((t) => t.id === view.type)?.kind ?? 'bar';
  const datasets = drawnDatasets(view).map((d) =>
    kind === 'pie'
      ? { label: d.label, data: d.data, backgroundColor: sliceColours(d.color, d.data.length), borderColor: '#ffffff' }
      : { label: d.label, data: d.data, backgroundColor: d.color, borderColor: d.color, fill: false, tension: 0.2 },
  );
  return {
    type: kind,
    data: { labels: view.labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: true, position: 'bottom' }, title: { display: false } },
      ...(kind === 'pie' ? {} : { scales: { y: { beginAtZero: true } } }),
    },
  } as ChartConfiguration;
}

/** The current month as the picker shows it: mm/yyyy. */
export function currentMonth(now = new Date()): string {
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
}

/** A chart window's month when none is picked: a year back, so its 12 months end with this one. */
export function defaultChartMonth(now = new Date()): string {
  return currentMonth(new Date(now.getFullYear() - 1, now.getMonth(), 1));
}

export const isMonth = (text: string) => /^(0[1-9]|1[0-2])\/\d{4}$/.test(text);
