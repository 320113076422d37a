import { describe, expect, it } from 'vitest';
import { helpdeskTargets, queryTargets, ribbonTone, threadDate } from './thread-format';

describe('thread formats', () => {
  it('shows a stored UTC date-time as DD/MM/YYYY hh:mm:ss a in the given zone', () => {
    expect(threadDate('2024-03-05 15:04:00', 'utc')).toBe('05/03/2024 03:04:00 pm');
    expect(threadDate('2024-03-05 00:04:00', 'utc')).toBe('05/03/2024 12:04:00 am');
    expect(threadDate('2024-03-05 15:04:00', 'Asia/Kuala_Lumpur')).toBe('05/03/2024 11:04:00 pm');
    expect(threadDate(null)).toBe('');
  });

  it('colours the ribbon by state as the seed says', () => {
    expect([54, 13, 58, 66, 44, 23, 8].map(ribbonTone)).toEqual(['warning', 'success', 'success', 'success', 'danger', 'danger', 'default']);
  });

  it('offers Approved and Rejected only for category 1408, Closed for the others, never the current state', () => {
    expect(helpdeskTargets(1408, 54)).toEqual([13, 44, 66, 23]);
    expect(helpdeskTargets(1410, 13)).toEqual([44, 8]);
    expect(queryTargets(13)).toEqual([8, 80]);
  });
});
