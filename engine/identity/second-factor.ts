// The one-time-code step of a sign-in. Who needs it: user.mfa 1 (required) always, 2 (exempt)
// never, 0 (follow policy) per MFA_POLICY (`everyone`, `staff` = login types 1 and 3,
// `optional`); and anyone who enrolled, whatever the policy. A user who needs it and has no key
// yet is shown one to scan (E_SHOWOTPQR); the key becomes active with the first code made with it.
import type { Knex } from 'knex';
import { AppError } from '../errors/catalogue.js';
import { LOGIN_TYPE } from '../runtime/context.js';
import type { MfaPolicy } from './policy.js';
import { acceptStep, activatePending, otpState, setPendingSecret } from './otp-store.js';
import { acceptedStep, enrolmentOf, newOtpSecret } from './totp.js';

const REQUIRED = 1;
const EXEMPT = 2;

export interface SecondFactorUser {
  id: number;
  userid: string;
  logintype: unknown;
  mfa: unknown;
  otpsecret: string | null;
}

export function mfaRequired(policy: MfaPolicy, user: Pick<SecondFactorUser, 'logintype' | 'mfa'>): boolean {
  const own = Number(user.mfa ?? 0);
  if (own === REQUIRED) return true;
  if (own === EXEMPT) return false;
  if (policy === 'everyone') return true;
  if (policy === 'staff') return [LOGIN_TYPE.IRU, LOGIN_TYPE.ADMIN].includes(Number(user.logintype) as 1 | 3);
  return false;
}

/**
 * `passed`: go on with the sign-in. `answer`: stop with this error, its writes kept (a pending key).
 * `wrong`: a wrong or replayed code, which counts as a failed sign-in.
 */
export type SecondFactorOutcome = { kind: 'passed' } | { kind: 'answer'; error: AppError } | { kind: 'wrong' };

export async function secondFactor(db: Knex | Knex.Transaction, user: SecondFactorUser, policy: MfaPolicy, otp: string | undefined, issuer: string): Promise<SecondFactorOutcome> {
  const enrolled = Boolean(user.otpsecret);
  if (Number(user.mfa ?? 0) === EXEMPT || (!enrolled && !mfaRequired(policy, user))) return { kind: 'passed' };
  const code = (otp ?? '').trim();
  const state = await otpState(db, user.id);
  if (enrolled) {
    if (!code) return { kind: 'answer', error: new AppError('E_SHOWOTPPROMPT') };
    const step = await acceptedStep(user.otpsecret!, code, state.lastStep);
    return step !== null && (await acceptStep(db, user.id, step)) ? { kind: 'passed' } : { kind: 'wrong' };
  }
  if (code && state.pendingSecret) {
    // The pending key has never had a code accepted, so no step of it is used yet.
    const step = await acceptedStep(state.pendingSecret, code, null);
    return step !== null && (await activatePending(db, user.id, state.pendingSecret, step)) ? { kind: 'passed' } : { kind: 'wrong' };
  }
  // The same key until it is used, so a QR scanned before a retry stays good.
  const secret = state.pendingSecret ?? newOtpSecret();
  if (!state.pendingSecret) await setPendingSecret(db, user.id, secret);
  return { kind: 'answer', error: new AppError('E_SHOWOTPQR', JSON.stringify(await enrolmentOf(secret, user.userid, issuer))) };
}
