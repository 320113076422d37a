import { describe, expect, it } from 'vitest';
import { addPoint, monitorLevel, MONITOR_INTERVAL_MS, MONITOR_POINTS } from './monitor-levels';

describe('home page monitors', () => {
  it('colours a value green under 30, amber under 75 and red from 75 on', () => {
    expect([0, 29.9, 30, 74.9, 75, 100].map(monitorLevel)).toEqual(['green', 'green', 'amber', 'amber', 'red', 'red']);
  });

  it('keeps the last 12 points, oldest first, without changing the series it was given', () => {
    let points: number[] = [];
    for (let i = 1; i <= 15; i++) points = addPoint(points, i);
    expect(points).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const before = [1, 2];
    expect(addPoint(before, 3)).toEqual([1, 2, 3]);
    expect(before).toEqual([1, 2]);
  });

  it('refreshes every 5 seconds and keeps 12 points (seed 000 §9)', () => {
    expect(MONITOR_INTERVAL_MS).toBe(5000);
    expect(MONITOR_POINTS).toBe(12);
  });
});
