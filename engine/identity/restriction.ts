// Restricted sessions: a user whose password has expired, or a reporting-entity user signing in
// for the first time, is signed in but may call only what it takes to put that right. The
// condition is re-read from the user row on each call of such a session, so the restriction
// lifts by itself once the password is changed or the security questions are set, whichever
// action did it.
import { AppError } from '../errors/catalogue.js';
import { LOGIN_TYPE } from '../runtime/context.js';
import { parseSqlDateTime } from './times.js';

export type Restriction = 'expired' | 'firsttime';

/** What a restricted session may still call (seed 000 §2.2, §2.4). */
export const RESTRICTED_ALLOWED: ReadonlySet<string> = new Set([
  'User.changePassword',
  'User.setSecurityQuestions',
  'User.getSecurityQuestions',
  'User.isFirstTimeLogin',
  'User.logout',
  'User.current',
  'PublicMessage.get',
]);

export const FIRST_TIME_MESSAGE = 'Please fill in your security questions before proceeding';

export interface RestrictionFacts {
  logintype: unknown;
  pwchangedon: unknown;
  createon: unknown;
  firsttimelogin: unknown;
}

/**
 * Expiry counts from the last change, or from the account's creation when the password was never
 * changed; an account with neither date does not expire (nothing to count from).
 */
export function passwordExpired(user: Pick<RestrictionFacts, 'pwchangedon' | 'createon'>, expiryDays: number, now: Date): boolean {
  if (expiryDays <= 0) return false;
  const since = parseSqlDateTime(user.pwchangedon) ?? parseSqlDateTime(user.createon);
  return since !== null && now.getTime() - since.getTime() >= expiryDays * 86_400_000;
}

/** The restrictions a session of this user needs now; expiry first, as it is the one to fix first. */
export function restrictionsOf(user: RestrictionFacts, expiryDays: number, now: Date): Restriction[] {
  const out: Restriction[] = [];
  if (passwordExpired(user, expiryDays, now)) out.push('expired');
  if (Number(user.logintype) === LOGIN_TYPE.RE && Boolean(Number(user.firsttimelogin ?? 0))) out.push('firsttime');
  return out;
}

/** The refusal of a restricted session, with the message that says what to do. */
export function restrictionError(restriction: Restriction): AppError {
  return restriction === 'expired' ? new AppError('E_PASSWORDEXPIRED') : new AppError('E_NOPERMISSION', FIRST_TIME_MESSAGE);
}

/** Refuses an action a restricted session may not call. */
export function assertAllowed(action: string, restriction: Restriction | null | undefined): void {
  if (restriction && !RESTRICTED_ALLOWED.has(action)) throw restrictionError(restriction);
}
