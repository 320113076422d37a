// Reporting periods as dates: which days end a period of a calendar, and how a period reads.
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate, periodEndProblem, periodOf, previousMonthEnd } from './period-dates.js';

describe('reporting period dates', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-2-1')).toBeNull();
  });

  it('ends a period on the last day of a month, and longer periods on their calendar boundary', () => {
    expect(periodEndProblem('2026-01-31', 1)).toBeNull();
    expect(periodEndProblem('2024-02-29', 1)).toBeNull();
    expect(periodEndProblem('2026-01-30', 1)).toBe('must be the last day of a month');
    expect(periodEndProblem('2026-09-30', 3)).toBeNull();
    expect(periodEndProblem('2026-08-31', 3)).toBe('must end a 3-month period of the calendar year');
    expect(periodEndProblem('2026-06-30', 6)).toBeNull();
    expect(periodEndProblem('2026-12-31', 12)).toBeNull();
    expect(periodEndProblem('2026-06-30', 12)).toBe('must end a 12-month period of the calendar year');
    expect(periodEndProblem('31/01/2026', 1)).toBe('is not a date (YYYY-MM-DD)');
  });

  it('names a period by its span: month, quarter, half year, year, or its months', () => {
    expect(periodOf('2026-10-31', 1)).toEqual({ start: '2026-10-01', end: '2026-10-31', month: '2026-10', label: 'October 2026', datedesc: '1 Oct 2026 - 31 Oct 2026' });
    expect(periodOf('2026-09-30', 3)).toMatchObject({ start: '2026-07-01', label: 'Q3 2026' });
    expect(periodOf('2026-04-30', 6)).toMatchObject({ start: '2025-11-01', label: 'November 2025 - April 2026', datedesc: '1 Nov 2025 - 30 Apr 2026' });
    expect(periodOf('2026-12-31', 6).label).toBe('H2 2026');
    expect(periodOf('2026-12-31', 12)).toMatchObject({ start: '2026-01-01', label: 'FY 2026' });
  });

  it('counts due days across month and year ends, and finds last month\'s end', () => {
    expect(addDays('2026-12-31', 15)).toBe('2027-01-15');
    expect(addDays('2024-02-15', 15)).toBe('2024-03-01');
    expect(previousMonthEnd(new Date(Date.UTC(2026, 0, 10)))).toBe('2025-12-31');
    expect(previousMonthEnd(new Date(Date.UTC(2024, 2, 1)))).toBe('2024-02-29');
  });
});
