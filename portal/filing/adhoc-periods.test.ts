// Ad hoc periods and messages (seed 002 §5, §9): the months each code offers, the years, the
// problems of a request with the seed's words, and the period a request names.
import { describe, expect, it } from 'vitest';
import { ADHOC_MESSAGES, adhocChoices, adhocPeriod, adhocProblems, adhocYears } from './adhoc-periods.js';

const today = new Date(Date.UTC(2026, 10, 25));
const codes = ['APP I Liquidity', 'APP II Domestic', 'APP II UNSCR Sanctions'];

describe('ad hoc periods', () => {
  it('offers every month for APP I and other codes, two half years for the App II kinds', () => {
    expect(adhocChoices('APP I Liquidity')).toMatchObject({ months: 1 });
    expect(adhocChoices('APP I Liquidity').choices).toHaveLength(12);
    expect(adhocChoices('ANY-01').choices[0]).toEqual({ value: 1, label: 'January' });
    expect(adhocChoices('APP II Domestic')).toEqual({ months: 6, choices: [{ value: 4, label: 'November - April' }, { value: 10, label: 'May - October' }] });
    expect(adhocChoices('APP II UNSCR Sanctions')).toEqual({ months: 6, choices: [{ value: 12, label: 'July - December' }, { value: 6, label: 'January - June' }] });
  });

  it('offers the previous, the current and the next year', () => {
    expect(adhocYears(today)).toEqual([2025, 2026, 2027]);
  });

  it('names every missing or unoffered choice with the seed\'s message', () => {
    expect(adhocProblems({}, codes, today)).toEqual({ code: ADHOC_MESSAGES.code, month: ADHOC_MESSAGES.month, year: ADHOC_MESSAGES.year });
    expect(adhocProblems({ code: 'APP II Domestic', month: 5, year: 2026 }, codes, today)).toEqual({ month: ADHOC_MESSAGES.month });
    expect(adhocProblems({ code: 'APP I Liquidity', month: '13', year: '2026' }, codes, today)).toEqual({ month: ADHOC_MESSAGES.month });
    expect(adhocProblems({ code: 'APP I Liquidity', month: 'x', year: 2024 }, codes, today)).toEqual({ month: ADHOC_MESSAGES.month, year: ADHOC_MESSAGES.year });
    expect(adhocProblems({ code: 'NOT MINE', month: 1, year: 2026 }, codes, today)).toEqual({ code: ADHOC_MESSAGES.code });
    expect(adhocProblems({ code: ' APP I Liquidity ', month: '01', year: 2027 }, codes, today)).toEqual({});
  });

  it('gives the period ending in the chosen month of the chosen year', () => {
    expect(adhocPeriod('APP I Liquidity', 2, 2024)).toMatchObject({ start: '2024-02-01', end: '2024-02-29' });
    expect(adhocPeriod('APP II UNSCR Sanctions', 12, 2026)).toMatchObject({ start: '2026-07-01', end: '2026-12-31', label: 'H2 2026' });
    expect(adhocPeriod('APP II Domestic', 4, 2026)).toMatchObject({ start: '2025-11-01', end: '2026-04-30' });
  });
});
