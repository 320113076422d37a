import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format';

describe('the portal date format', () => {
  it('shows a day as DD/MM/YYYY, from a wire day, a stored date-time or a Date', () => {
    expect(formatDate('2024-03-07')).toBe('07/03/2024');
    expect(formatDate('2024-12-31 23:59:59')).toBe('31/12/2024');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 10)))).toBe('05/01/2026');
  });

  it('shows a moment as DD/MM/YYYY hh:mm:ss with lower-case am/pm, in the zone asked for', () => {
    expect(formatDateTime('2024-03-07 15:04:05', 'utc')).toBe('07/03/2024 03:04:05 pm');
    expect(formatDateTime('2024-03-07 00:00:09', 'utc')).toBe('07/03/2024 12:00:09 am');
    expect(formatDateTime('2024-03-07 12:00:00', 'utc')).toBe('07/03/2024 12:00:00 pm');
    expect(formatDateTime('2024-03-07 15:04:05', 'Asia/Kuala_Lumpur')).toBe('07/03/2024 11:04:05 pm');
    expect(formatDateTime('2024-03-07T15:04:05.000Z', 'utc')).toBe('07/03/2024 03:04:05 pm');
    expect(formatDateTime(new Date(Date.UTC(2024, 2, 7, 9, 8, 7)), 'utc')).toBe('07/03/2024 09:08:07 am');
  });

  it('shows a day given where a moment is expected as a day', () => {
    expect(formatDateTime('2024-03-07', 'utc')).toBe('07/03/2024');
  });

  it('shows nothing for no value and other text as it is', () => {
    for (const f of [formatDate, formatDateTime]) {
      expect(f(null)).toBe('');
      expect(f(undefined)).toBe('');
      expect(f('')).toBe('');
      expect(f('soon')).toBe('soon');
    }
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});
