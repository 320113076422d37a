import { describe, expect, it } from 'vitest';
import { isReturn, moveInWords, standingReturn } from './sign-off';

const m = (from: number | null, to: number, by = 'Demo Checker', reason: string | null = null) => ({ from, to, by, reason });

describe('a form sent back, in words and on its banner', () => {
  it('counts the steps back and the regulator’s returns as returns, and no step forward', () => {
    expect([[78, 13], [55, 78], [56, 74], [45, 74]].every(([f, t]) => isReturn(f, t))).toBe(true);
    expect([[13, 78], [78, 55], [55, 56], [56, 45], [74, 13]].some(([f, t]) => isReturn(f, t)) || isReturn(null, 13)).toBe(false);
  });

  it('shows the return that put the form in its present state, and none once the form moved on', () => {
    const back = m(78, 13, 'Demo Checker', 'Please recheck the totals');
    expect(standingReturn([m(13, 78, 'Demo Preparer'), back], 13)).toBe(back);
    expect(standingReturn([m(13, 78, 'Demo Preparer'), back, m(13, 78, 'Demo Preparer')], 78)).toBeNull();
    // An amended form reopened by its first save (74 → 13), or shown in a state the return did not give it.
    expect(standingReturn([m(56, 74, 'IRU Officer', 'Loans'), m(74, 13, 'Demo Preparer')], 13)).toBeNull();
    expect(standingReturn([m(56, 74, 'IRU Officer', 'Loans')], 13)).toBeNull();
    expect(standingReturn([m(56, 74, 'IRU Officer', 'Loans')], 74)?.reason).toBe('Loans');
    expect(standingReturn([], 13)).toBeNull();
  });

  it('says each move in words, a return with who sent it back and why', () => {
    expect(moveInWords(m(78, 13, 'Demo Checker', 'Please recheck the totals'))).toBe('Returned by Demo Checker: Please recheck the totals');
    expect(moveInWords(m(56, 74, 'IRU Officer', 'Loans do not agree'))).toBe('Returned by IRU Officer: Loans do not agree');
    expect(moveInWords(m(13, 78, 'Demo Preparer'))).toBe('Sent for verification by Demo Preparer');
    expect(moveInWords(m(74, 13, 'Demo Preparer'))).toBe('Amendment started by Demo Preparer');
    expect(moveInWords(m(55, 56, 'Demo Approver'))).toBe('Submitted by Demo Approver');
  });
});
