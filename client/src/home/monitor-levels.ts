// The home page monitors' constants (seed 000 §2.7, §9) and the pure rules behind them.

/** Each monitor asks the engine again after this long. */
export const MONITOR_INTERVAL_MS = 5000;
/** Points each monitor keeps; the oldest goes when a new one comes. */
export const MONITOR_POINTS = 12;
/** Green under the first, amber under the second, red from there on. */
export const MONITOR_THRESHOLDS = [30, 75] as const;

export type MonitorLevel = 'green' | 'amber' | 'red';

export function monitorLevel(value: number): MonitorLevel {
  if (value < MONITOR_THRESHOLDS[0]) return 'green';
  if (value < MONITOR_THRESHOLDS[1]) return 'amber';
  return 'red';
}

/** The series with `value` added, cut to the last `MONITOR_POINTS`; the input is left as it was. */
export function addPoint(points: readonly number[], value: number, keep = MONITOR_POINTS): number[] {
  return [...points, value].slice(-keep);
}
