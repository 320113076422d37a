// OTP.changeOTP (a user moves MFA to a new device, or enrols of their own accord) and the admin's
// User.resetMFA. Change in two calls, so the new key is proven before the old one stops working:
//   1. {currentOTP}: a code of the active key (none when not enrolled) → a new pending key,
//      answered as JSON {otpKey, url, qr} to scan;
//   2. {currentOTP, newOTP}: a fresh code of the active key and a code of the new key → the new
//      key replaces the old one.
// Wrong codes count as failed sign-ins (lockout), so a stolen session cannot guess its way to
// its own device.
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { defineAction } from '../../runtime/registry.js';
import { exception, text, type EnvelopeValue } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import type { ActionContext } from '../../runtime/context.js';
import { identityPolicy } from '../../identity/policy.js';
import { userByUserid } from '../../identity/userid-match.js';
import { lockedError, lockedUntil, recordFailure } from '../../identity/lockout.js';
import { acceptStep, activatePending, clearOtp, otpState, setPendingSecret } from '../../identity/otp-store.js';
import { acceptedStep, enrolmentOf, newOtpSecret } from '../../identity/totp.js';
import { queueTemplateMail } from '../../mail/outbox.js';
import { beyondRules } from '../../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'One\'s own one-time-code key and lock state (the caller\'s own user row) and the administrator\'s MFA reset of a user, both behind their own permission',
);

/** The e-mail type of the MFA-reset notice (seed 001 §7). */
const MFA_RESET_MAIL = 1101157;

const Code = Type.String({ maxLength: 20 });

function refused(field: 'currentOTP' | 'newOTP', reason: string): AppError {
  return new AppError('E_VALIDATION', `Failed to change OTP: ${reason}`, { [field]: reason });
}

/** The seed's own wording for a code that cannot be one (seed 000 §2.2). */
function checkFormat(field: 'currentOTP' | 'newOTP', code: string): void {
  if (!code) throw refused(field, 'OTP cannot be empty');
  if (!/^[0-9]{6}$/.test(code)) throw refused(field, 'OTP must be 6-digits');
}

/** A wrong code is counted like a failed sign-in; the answer is returned so the count commits. */
async function wrongCode(ctx: ActionContext, field: 'currentOTP' | 'newOTP', reason: string): Promise<EnvelopeValue[]> {
  const now = new Date();
  const until = await recordFailure(ctx.db, ctx.caller!.userId, await identityPolicy(ctx.db), now);
  const e = until ? lockedError(until, now) : refused(field, reason);
  return until ? [exception(e.code, e.message)] : [exception(e.code, e.message), text(JSON.stringify(e.details))];
}

async function currentCodeAccepted(db: Knex | Knex.Transaction, userId: number, secret: string, code: string, lastStep: number | null): Promise<boolean> {
  const step = await acceptedStep(secret, code, lastStep);
  return step !== null && (await acceptStep(db, userId, step));
}

export const changeOtp = defineAction({
  name: 'OTP.changeOTP',
  summary: 'Moves MFA to a new key in two calls: {currentOTP} answers a new key to scan; {currentOTP, newOTP} switches to it',
  args: [Type.Object({ currentOTP: Type.Optional(Code), newOTP: Type.Optional(Code) }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'call 1: value 0 text, JSON {otpKey, url, qr}; call 2: value 0 text OK',
  errors: ['E_VALIDATION', 'E_LOCKED', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const caller = ctx.caller!;
    if (caller.auth === 'token') throw new AppError('E_NOPERMISSION', 'Failed to change OTP: sign in to change your MFA device');
    const now = new Date();
    const user = await ctx.db('user').where({ id: caller.userId }).first('id', 'userid', 'otpsecret', 'lockeduntil');
    const until = lockedUntil(user, now);
    if (until) throw lockedError(until, now);
    const state = await otpState(ctx.db, caller.userId);
    const current = (a.currentOTP ?? '').trim();
    const next = (a.newOTP ?? '').trim();
    if (!next) {
      if (user.otpsecret) {
        checkFormat('currentOTP', current);
        if (!(await currentCodeAccepted(ctx.db, caller.userId, user.otpsecret, current, state.lastStep))) {
          return wrongCode(ctx, 'currentOTP', 'the current code is not valid');
        }
      }
      const secret = newOtpSecret();
      await setPendingSecret(ctx.db, caller.userId, secret);
      return [text(JSON.stringify(await enrolmentOf(secret, String(user.userid), ctx.services.config.mfaIssuer)))];
    }
    if (!state.pendingSecret) throw refused('newOTP', 'ask for a new key first (send currentOTP alone)');
    checkFormat('newOTP', next);
    if (user.otpsecret) {
      checkFormat('currentOTP', current);
      if (!(await currentCodeAccepted(ctx.db, caller.userId, user.otpsecret, current, state.lastStep))) {
        return wrongCode(ctx, 'currentOTP', 'the current code is not valid or was used already; wait for the next one');
      }
    }
    const step = await acceptedStep(state.pendingSecret, next, null);
    if (step === null || !(await activatePending(ctx.db, caller.userId, state.pendingSecret, step, { modules: ctx.services.modules, who: caller.userId }))) {
      return wrongCode(ctx, 'newOTP', 'the code of the new key is not valid');
    }
    ctx.log.info({ user: caller.userId }, 'MFA key changed');
    return [text('OK')];
  },
});

export const resetMfa = defineAction({
  name: 'User.resetMFA',
  summary: "Clears a user's MFA enrolment (lost device) and mails the user; the next sign-in enrols afresh",
  args: [Type.Object({ userid: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })],
  access: 'session',
  permission: 'User.resetMFA',
  writes: true,
  answer: 'value 0: text OK',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const user = await userByUserid(ctx.db, a.userid.trim()).first('id', 'name', 'email');
    if (!user) throw errors.notFound('User');
    await clearOtp(ctx.db, Number(user.id), { modules: ctx.services.modules, who: ctx.caller?.userId ?? null });
    await queueTemplateMail(ctx.db, MFA_RESET_MAIL, String(user.email), { name: String(user.name) });
    ctx.log.info({ user: Number(user.id), by: ctx.caller!.userId }, 'MFA reset');
    return [text('OK')];
  },
});
