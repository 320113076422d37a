// User.login, step by step: per-address limit on failures → no live session → account lock →
// password → account state → one-time code → a new session (restricted when the password has
// expired or an RE user signs in for the first time). Outcomes that must keep a write (a counted
// failure, a lock, a key shown for enrolment, a restricted session) are answered, not thrown, so
// the sign-in's own transaction (opened after the password check) commits them. An unknown user
// id costs what a known one with a wrong password costs: one argon2 verification (against a dummy
// hash) and the same statements of a counted failure, so the time taken does not tell it apart.
import type { ActionContext } from '../runtime/context.js';
import { AppError, ERROR_CODES } from '../errors/catalogue.js';
import { exception, text, type EnvelopeValue } from '../protocol/envelope.js';
import { createSession, loadAccess } from './session-store.js';
import { userRecord } from './user-record.js';
import { verifyPassword } from './password-hash.js';
import { userByUserid } from './userid-match.js';
import { identityPolicy, type IdentityPolicy } from './policy.js';
import { loginLimiterOf } from './login-rate-limit.js';
import { clearFailures, lockedError, lockedUntil, recordFailure } from './lockout.js';
import { secondFactor } from './second-factor.js';
import { restrictionsOf } from './restriction.js';

const ACTIVE = 33;
const USER_COLUMNS = ['id', 'userid', 'password', 'state', 'logintype', 'mfa', 'otpsecret', 'pwchangedon', 'createon', 'failedlogins', 'lockeduntil', 'firsttimelogin'];

type UserRow = {
  id: number;
  userid: string;
  password: string | null;
  state: number | null;
  logintype: number;
  mfa: number | null;
  otpsecret: string | null;
  pwchangedon: unknown;
  createon: unknown;
  failedlogins: number | null;
  lockeduntil: unknown;
  firsttimelogin: unknown;
};

export interface SignInArgs {
  userid?: string;
  username?: string;
  password: string;
  otp?: string;
}

export const RATE_LIMITED = 'Too many failed sign-in attempts from your address, please wait a minute and try again';

/** Whether the attempt failed on its credentials: what the per-address limit counts. */
interface Outcome {
  failed: boolean;
}

/** Said only once the password was right, so it tells nothing to someone guessing. */
function notActiveMessage(state: number, support: string | null): string {
  const contact = support ? `Please contact ${support}.` : 'Please contact the support mailbox.';
  if (state === 62) return 'Your e-mail address is not verified yet. Please use the link in the e-mail we sent you; the account is then reviewed before it can be used.';
  if (state === 61) return 'Your account is awaiting activation by the regulator. You will receive an e-mail once it is activated.';
  if (state === 23) return `Your registration was not approved. ${contact}`;
  return `Your account is not active. ${contact}`;
}

/** A counted failure: of the user, or of no row when the user id is unknown (same statements). */
async function failed(ctx: ActionContext, user: UserRow | undefined, policy: IdentityPolicy, now: Date, error: AppError, outcome: Outcome): Promise<EnvelopeValue[]> {
  outcome.failed = true;
  const until = await recordFailure(ctx.db, user?.id ?? null, policy, now);
  ctx.log.info({ user: user?.id ?? null, locked: until !== null }, 'sign-in failed');
  const answer = until ? lockedError(until, now) : error;
  return [exception(answer.code, answer.message)];
}

async function opened(ctx: ActionContext, user: UserRow, policy: IdentityPolicy, now: Date): Promise<EnvelopeValue[]> {
  const { db } = ctx;
  await clearFailures(db, user);
  const restricted = restrictionsOf(user, policy.passwordExpiryDays, now);
  const access = await loadAccess(db, user.id);
  ctx.effects.sessionToken = await createSession(db, user.id, access.currentRe, ctx.services.config, { restricted });
  ctx.log.info({ user: user.id, restricted }, 'signed in');
  const passwordExpired = restricted.includes('expired');
  const record = text(JSON.stringify(await userRecord(db, user.id, access, access.currentRe, { passwordExpired })));
  // The record follows the exception, so the client has the user while it shows the dialog.
  return passwordExpired ? [exception('E_PASSWORDEXPIRED', ERROR_CODES.E_PASSWORDEXPIRED.message), record] : [record];
}

export async function signIn(ctx: ActionContext, a: SignInArgs): Promise<EnvelopeValue[]> {
  // Refused before anything is looked at, the password least of all.
  const attempt = loginLimiterOf(ctx.services).begin(ctx.clientIp ?? 'unknown');
  if (!attempt) throw new AppError('E_RATELIMIT', RATE_LIMITED);
  const outcome: Outcome = { failed: false };
  try {
    return await signInSteps(ctx, a, outcome);
  } finally {
    attempt.settle(outcome.failed);
  }
}

async function signInSteps(ctx: ActionContext, a: SignInArgs, outcome: Outcome): Promise<EnvelopeValue[]> {
  const { services } = ctx;
  const db = services.db;
  if (ctx.caller) throw new AppError('E_ALREADYLOGGEDIN');
  const userid = (a.userid ?? a.username ?? '').trim();
  if (!userid || !a.password) throw new AppError('E_LOGINFAILED', 'Please correct the form errors');
  const now = new Date();
  const policy = await identityPolicy(db);
  const user: UserRow | undefined = await userByUserid(db, userid).first(USER_COLUMNS);
  // A locked account is refused before its password is looked at, so guessing cannot go on.
  const until = user ? lockedUntil(user, now) : null;
  if (until) {
    outcome.failed = true;
    throw lockedError(until, now);
  }
  // The password hash takes ~100 ms: checked before any transaction, so no connection (on
  // SQLite: the only one) is held while it runs.
  const passwordOk = await verifyPassword(user?.password, a.password);
  return db.transaction(async (trx) => {
    const tx: ActionContext = { ...ctx, db: trx };
    if (!user || !passwordOk) return failed(tx, user, policy, now, new AppError('E_LOGINFAILED'), outcome);
    if (Number(user.state) !== ACTIVE) throw new AppError('E_LOGINFAILED', notActiveMessage(Number(user.state), policy.supportEmail));
    const factor = await secondFactor(trx, user, policy.mfaPolicy, a.otp, services.config.mfaIssuer);
    if (factor.kind === 'answer') return [exception(factor.error.code, factor.error.message)];
    if (factor.kind === 'wrong') return failed(tx, user, policy, now, new AppError('E_SHOWOTPPROMPT2'), outcome);
    return opened(tx, user, policy, now);
  });
}
