// Seed 003 §4.7: the checker's count of forms in Pending Verification (78) and the approver's of
// Ready (55), of the current entity (REForm is scoped to it), changed within the last 7 days.
// Roles 26 and 27 are the user's roles on the current entity (session-store). A user holding
// both sees both states counted.
import type { LoginInfo } from '../session/session-store';

const CHECKER = 26;
const APPROVER = 27;
const PENDING_VERIFICATION = 78;
const READY = 55;
export const SIGN_OFF_DAYS = 7;

/** `YYYY-MM-DD` of `days` before `now`: a day, not an instant, so the badge's query stays the same all day. */
function daysBefore(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

export function signOffBadge(user: LoginInfo, now: Date): { module: string; where: unknown[] } | undefined {
  const states = [...(user.roles[String(CHECKER)] ? [PENDING_VERIFICATION] : []), ...(user.roles[String(APPROVER)] ? [READY] : [])];
  if (!states.length) return undefined;
  return { module: 'REForm', where: [['state', 'in', states], ['updateon', '>=', daysBefore(now, SIGN_OFF_DAYS)]] };
}
