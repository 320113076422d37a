// What RE.getDashboard / IRU.getDashboard answer (docs/client.md, Dashboards) and the bar charts
// the two dashboards draw from it: one card a series, each value of a point a dataset, the
// months as labels. Pure, so the cards are tested without a browser.
import type { ChartView } from './chart-answer';

export interface DashboardPoint {
  label: number;
  month: string;
  value: number;
  value1?: number;
  value2?: number;
  value3?: number;
}

export interface DashboardAnswer {
  month: string;
  months: string[];
  /** The latest month up to now with any data (YYYY-MM), or null when there is none. */
  latest_month?: string | null;
  submission_status?: { label: string; value: number }[];
  [series: string]: unknown;
}

/** A chart card: its title, the series it draws, each value's legend and colour, the list it opens. */
export interface DashboardCard {
  title: string;
  series: string;
  values: { key: 'value' | 'value1' | 'value2' | 'value3'; label: string; color: string }[];
  /** The list screen the card links to (a sector filter is added by the page when one is chosen). */
  to: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export function seriesOf(answer: DashboardAnswer, key: string): DashboardPoint[] {
  const s = answer[key];
  return Array.isArray(s) ? (s as DashboardPoint[]) : [];
}

/** The bar chart of one card: every month of the answer, zero where the series has no point. */
export function cardChart(answer: DashboardAnswer, card: DashboardCard): ChartView {
  const points = new Map(seriesOf(answer, card.series).map((p) => [p.month, p]));
  return {
    name: card.title,
    type: 2,
    labels: answer.months.map(monthLabel),
    datasets: card.values.map((v) => ({ label: v.label, color: v.color, data: answer.months.map((m) => Number(points.get(m)?.[v.key] ?? 0)) })),
  };
}

/** Whether any series counts something in the chosen month (the answer's last month). */
export function monthHasData(answer: DashboardAnswer): boolean {
  return Object.keys(answer).some((key) =>
    seriesOf(answer, key).some((p) => p && typeof p === 'object' && p.month === answer.month && [p.value, p.value1, p.value2, p.value3].some((v) => Number(v ?? 0) > 0)),
  );
}

/** `2026-03` → `03/2026`, the month picker's form. */
export const pickerMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** A list address with the dashboard's sector as a where filter (seed 003 §2.9). */
export function cardLink(to: string, sectorField: string | null, sector: number | null): string {
  if (sector === null || !sectorField) return to;
  return `${to}?where=${encodeURIComponent(JSON.stringify([[sectorField, '=', sector]]))}`;
}
