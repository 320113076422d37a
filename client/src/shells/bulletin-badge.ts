// Seed 003 §4.7: the internal bulletin count — bulletins Active, started within the last 14 days
// and not yet ended, for the entity's sector. RE-Bulletin already holds a reader to Active,
// running bulletins of the current entity's sector (its scope, on the server); the badge adds the
// 14-day start window (a day, not an instant, so the badge's query stays the same all day).
// Bulletins carry no public flag: every one is addressed to sectors, none to the public.
import type { LoginInfo } from '../session/session-store';

export const BULLETIN_BADGE_DAYS = 14;
const ACTIVE = 33;

function daysBefore(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

export function bulletinBadge(_user: LoginInfo, now: Date): { module: string; where: unknown[] } {
  return { module: 'RE-Bulletin', where: [['state', '=', ACTIVE], ['startdate', '>=', `${daysBefore(now, BULLETIN_BADGE_DAYS)} 00:00:00`]] };
}
