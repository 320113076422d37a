import { describe, expect, it } from 'vitest';
import { sixMonthChart, sixMonthsAfter, sixMonthsBack, groupHasData } from './six-months';

describe('dashboard 2 months', () => {
  it('starts six months before the current month', () => {
    expect(sixMonthsBack(new Date(2026, 2, 15))).toBe('09/2025');
  });

  it('cuts a month-grouped chart to the six months after the from-month, labelled by name', () => {
    expect(sixMonthsAfter('2025-09')).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    const labels = [...sixMonthsAfter('2025-09'), ...sixMonthsAfter('2026-03')];
    const chart = sixMonthChart({ name: 'c', type: 2, labels, datasets: [{ label: 'n', color: '#000', data: labels.map((_, i) => i) }] }, '2025-09');
    expect(chart.labels).toEqual(['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(chart.datasets[0].data).toEqual([0, 1, 2, 3, 4, 5]);
    expect(groupHasData([chart])).toBe(true);
  });

  it('leaves a chart grouped by a lookup whole', () => {
    const chart = { name: 'c', type: 1, labels: ['Banks', 'Insurers'], datasets: [{ label: 'n', color: '#000', data: [0, 0] }] };
    expect(sixMonthChart(chart, '2025-09')).toBe(chart);
    expect(groupHasData([chart])).toBe(false);
  });
});
