import { describe, expect, it } from 'vitest';
import { cardChart, cardLink, monthHasData, monthLabel, pickerMonth, type DashboardAnswer } from './entity-dashboard';

const answer: DashboardAnswer = {
  month: '2026-02',
  months: ['2026-01', '2026-02'],
  performance_submission: [
    { label: 1, month: '2026-01', value: 4, value1: 3, value2: 1 },
    { label: 2, month: '2026-02', value: 2, value1: 0, value2: 2 },
  ],
};

describe('the dashboard cards', () => {
  it('draw one dataset per value of the series with the months as labels', () => {
    const view = cardChart(answer, {
      title: 'Submission',
      series: 'performance_submission',
      to: '/re/batches',
      values: [
        { key: 'value', label: 'Due', color: '#2563eb' },
        { key: 'value1', label: 'Submitted', color: '#16a34a' },
      ],
    });
    expect(view.type).toBe(2);
    expect(view.labels).toEqual(['Jan 2026', 'Feb 2026']);
    expect(view.datasets).toEqual([
      { label: 'Due', color: '#2563eb', data: [4, 2] },
      { label: 'Submitted', color: '#16a34a', data: [3, 0] },
    ]);
  });

  it('draw zeros for a series the answer does not hold', () => {
    const view = cardChart(answer, { title: 'Extension', series: 'extension', to: '/re/extension', values: [{ key: 'value', label: 'Requests', color: '#000000' }] });
    expect(view.datasets[0].data).toEqual([0, 0]);
  });

  it('link to their list with the chosen sector as a where filter, and without one when none is chosen', () => {
    expect(cardLink('/iru/reportingentity', 'sector', 3)).toBe(`/iru/reportingentity?where=${encodeURIComponent('[["sector","=",3]]')}`);
    expect(cardLink('/iru/reportingentity', 'sector', null)).toBe('/iru/reportingentity');
    expect(cardLink('/iru/query', null, 3)).toBe('/iru/query');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('tell whether the chosen month (the last of the answer) has any count, in any value of any series', () => {
    expect(monthHasData(answer)).toBe(true);
    const empty: DashboardAnswer = { ...answer, performance_submission: [{ label: 2, month: '2026-02', value: 0, value1: 0 }, { label: 1, month: '2026-01', value: 4 }] };
    expect(monthHasData(empty)).toBe(false);
    expect(monthHasData({ ...empty, query: [{ label: 2, month: '2026-02', value: 0, value1: 1 }] })).toBe(true);
    expect(pickerMonth('2025-09')).toBe('09/2025');
  });
});
