// E-mail verification: the link's token moves the account from 62 (pending e-mail
// verification) to 61 (pending review by the regulator); a new link can be asked for while the
// account is still in 62.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { consumeToken, tokensIssuedSince } from '../../accounts/tokens.js';
import { findUserById, findUserByUserid, USER_STATE } from '../../identity/users.js';
import { moveUserState } from '../../accounts/lifecycle.js';
import { notifySupport, sendVerificationMail } from '../../accounts/account-mail.js';
import { addMinutes } from '../../db/clock.js';
import { Token, Userid } from './schemas.js';

export const verifyEmail = defineAction({
  name: 'REContact.verifyEmail',
  summary: 'Verifies the e-mail address with the token of the verification link; the account then waits for review (state 61)',
  args: [Type.Object({ token: Token }, { additionalProperties: false })],
  access: 'public',
  writes: true,
  answer: 'value 0: text OK',
  errors: ['E_VALIDATION', 'E_STATETRANSITION'],
  async handler([a], ctx) {
    const userId = await consumeToken(ctx.db, a.token, 'verify');
    const user = (await findUserById(ctx.db, userId))!;
    await moveUserState(ctx.db, ctx.services.modules, user, USER_STATE.pendingEmail, USER_STATE.pendingReview, { who: user.id, values: { emailverified: true } });
    // The support mailbox hears of a registration once it is ready for review, not before.
    if (!(await notifySupport(ctx.db, user))) ctx.log.warn('SUPPORT_EMAIL is not set: no review notice was queued');
    ctx.log.info({ user: user.id }, 'e-mail verified, pending review');
    return [text('OK')];
  },
});

/** Links one account may be sent per hour, so the action cannot be used to flood a mailbox. */
export const MAX_VERIFY_MAILS_PER_HOUR = 5;
export const RESEND_ANSWER = 'If this account is waiting for e-mail verification, a new verification link has been sent to its e-mail address.';

export const resendVerification = defineAction({
  name: 'REContact.resendVerification',
  summary: 'Sends a new verification link to an account still pending e-mail verification; answers the same for any user id',
  args: [Type.Object({ userid: Userid }, { additionalProperties: false })],
  access: 'public',
  writes: true,
  answer: `value 0: text "${RESEND_ANSWER}"`,
  async handler([a], ctx) {
    const user = await findUserByUserid(ctx.db, a.userid);
    if (user?.state === USER_STATE.pendingEmail) {
      const recent = await tokensIssuedSince(ctx.db, user.id, 'verify', addMinutes(new Date(), -60));
      if (recent < MAX_VERIFY_MAILS_PER_HOUR) await sendVerificationMail(ctx.db, ctx.services.config, user);
      else ctx.log.warn({ user: user.id }, 'verification link not resent: hourly limit reached');
    }
    return [text(RESEND_ANSWER)];
  },
});
