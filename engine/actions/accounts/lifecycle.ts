// The regulator's review of a verified registration: activate (61 → 33, the user is told by
// mail and can then sign in) or reject (61 → 23, with the reason kept in the state history).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { errors } from '../../errors/catalogue.js';
import { findUserByUserid, USER_STATE } from '../../identity/users.js';
import { moveUserState } from '../../accounts/lifecycle.js';
import { sendActivationMail } from '../../accounts/account-mail.js';
import { formError } from '../../accounts/registration-rules.js';
import { Userid } from './schemas.js';

export const activate = defineAction({
  name: 'User.activate',
  summary: 'Activates an account whose e-mail is verified and which waits for review (61 → 33); mails the user',
  args: [Type.Object({ userid: Userid }, { additionalProperties: false })],
  access: 'session',
  permission: 'User.activate',
  writes: true,
  answer: 'value 0: text OK',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION'],
  async handler([a], ctx) {
    const user = await findUserByUserid(ctx.db, a.userid);
    if (!user) throw errors.notFound('User');
    await moveUserState(ctx.db, ctx.services.modules, user, USER_STATE.pendingReview, USER_STATE.active, { who: ctx.caller!.userId });
    await sendActivationMail(ctx.db, user);
    ctx.log.info({ user: user.id }, 'account activated');
    return [text('OK')];
  },
});

export const reject = defineAction({
  name: 'User.reject',
  summary: 'Rejects a registration waiting for review (61 → 23), with a reason kept in its state history',
  args: [Type.Object({ userid: Userid, reason: Type.String({ maxLength: 1000 }) }, { additionalProperties: false })],
  access: 'session',
  permission: 'User.reject',
  writes: true,
  answer: 'value 0: text OK',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const reason = a.reason.trim();
    if (!reason) throw formError({ reason: 'Please give the reason for the rejection.' });
    const user = await findUserByUserid(ctx.db, a.userid);
    if (!user) throw errors.notFound('User');
    await moveUserState(ctx.db, ctx.services.modules, user, USER_STATE.pendingReview, USER_STATE.rejected, { who: ctx.caller!.userId, reason });
    ctx.log.info({ user: user.id }, 'registration rejected');
    return [text('OK')];
  },
});
