// Seed 003 §4.7: the "Statistic" overdue count of roles 21 and 22 — routine reports Responded for
// at least two days (respondedon before the start of the day two days ago: a day, not an instant,
// so the badge's query stays the same all day). Others see no count.
import type { LoginInfo } from '../session/session-store';

const RESPONDED = 58;
export const OVERDUE_RESPONDED_DAYS = 2;

function daysBefore(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

export function overdueReportBadge(user: LoginInfo, now: Date): { module: string; where: unknown[] } | undefined {
  if (!user.roles['21'] && !user.roles['22']) return undefined;
  return { module: 'RoutineRpt', where: [['state', '=', RESPONDED], ['respondedon', '<', daysBefore(now, OVERDUE_RESPONDED_DAYS)]] };
}
