// Dashboard 2 (seed 003 §2.9, §9): its from-month defaults to six months before the current one
// and its charts show six monthly labels, the months after the from-month. Chart.getGroup answers
// the 12 months after it; a month-grouped chart is cut to the first six here. Charts grouped by
// anything else (a lookup) are left whole. Pure, so it is tested without a browser.
import type { ChartView, GroupAnswer } from './chart-answer';
import { currentMonth } from './chart-answer';
import { monthLabel } from './entity-dashboard';

export const DASHBOARD2_GROUP = 1;
export const DASHBOARD2_MONTHS = 6;

/** The default from-month (mm/yyyy): six months before `now`'s. */
export function sixMonthsBack(now = new Date()): string {
  return currentMonth(new Date(now.getFullYear(), now.getMonth() - DASHBOARD2_MONTHS, 1));
}

/** The six months (YYYY-MM) after `fromMonth` (YYYY-MM). */
export function sixMonthsAfter(fromMonth: string): string[] {
  const [y, m] = fromMonth.split('-').map(Number);
  return Array.from({ length: DASHBOARD2_MONTHS }, (_, i) => {
    const d = new Date(y, m + i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

/** A chart as dashboard 2 draws it: a month-grouped chart on the six months, labelled `Mar 2026`. */
export function sixMonthChart(chart: ChartView, fromMonth: string): ChartView {
  const months = sixMonthsAfter(fromMonth);
  const monthly = chart.labels.length > 0 && chart.labels.every((l) => /^\d{4}-\d{2}$/.test(l));
  if (!monthly) return chart;
  const at = months.map((m) => chart.labels.indexOf(m));
  return {
    ...chart,
    labels: months.map(monthLabel),
    datasets: chart.datasets.map((d) => (d.data ? { ...d, data: at.map((i) => (i < 0 ? 0 : (d.data?.[i] ?? 0))) } : d)),
  };
}

/** Whether any drawn chart counts something (else the page says the months have no data). */
export function groupHasData(charts: ChartView[]): boolean {
  return charts.some((c) => c.datasets.some((d) => (d.data ?? []).some((v) => Number(v) > 0)));
}

export function sixMonthAnswer(answer: GroupAnswer): GroupAnswer {
  return { ...answer, charts: answer.charts.map((c) => sixMonthChart(c, answer.from_month)) };
}
