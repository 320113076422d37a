// User.changePassword (signed in, or with a reset link's token) and User.resetPassword (an
// administrator mails the user a reset link).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { errors } from '../../errors/catalogue.js';
import { passwordProblem } from '../../accounts/password-policy.js';
import { formError } from '../../accounts/registration-rules.js';
import { consumeToken } from '../../accounts/tokens.js';
import { findUserById, findUserByUserid } from '../../identity/users.js';
import { setPassword } from '../../accounts/passwords.js';
import { verifyPassword } from '../../identity/password-hash.js';
import { sendResetMail } from '../../accounts/account-mail.js';
import { Password, Token, Userid } from './schemas.js';

export const CHANGED = 'Successfully changed password!';
export const RESET_SENT = 'Email will be sent to user to reset his/her password';

export const PASSWORD_MESSAGES = {
  current: 'Please enter your current password.',
  wrongCurrent: 'The current password is incorrect.',
  newRequired: 'Please enter the new password.',
  sameAsCurrent: 'The new password must be different from the current password.',
  confirmation: 'The confirmation does not match the new password.',
} as const;

function newPasswordProblems(newPass: string | undefined): Record<string, string> {
  if (!newPass) return { newPass: PASSWORD_MESSAGES.newRequired };
  const rule = passwordProblem(newPass);
  return rule ? { newPass: rule } : {};
}

export const changePassword = defineAction({
  name: 'User.changePassword',
  summary:
    'Changes the password: signed in, oldPass is the current password; with the token of a reset link (no session needed), oldPass carries the confirmation, equal to newPass',
  args: [Type.Object({ oldPass: Type.Optional(Password), newPass: Type.Optional(Password), token: Type.Optional(Token) }, { additionalProperties: false })],
  access: 'public',
  writes: true,
  answer: `value 0: text "${CHANGED}"`,
  errors: ['E_ILLEGALACCESS', 'E_VALIDATION'],
  async handler([a], ctx) {
    if (a.token !== undefined) {
      const problems = newPasswordProblems(a.newPass);
      if (a.oldPass !== a.newPass) problems.oldPass = PASSWORD_MESSAGES.confirmation;
      if (Object.keys(problems).length) throw formError(problems);
      const userId = await consumeToken(ctx.db, a.token, 'reset');
      await setPassword(ctx.db, ctx.services.modules, userId, a.newPass!, userId);
      ctx.log.info({ user: userId }, 'password reset by link');
      return [text(CHANGED)];
    }
    const caller = ctx.caller;
    if (!caller) throw errors.illegalAccess();
    const problems = newPasswordProblems(a.newPass);
    if (!a.oldPass) problems.oldPass = PASSWORD_MESSAGES.current;
    else if (a.newPass && a.newPass === a.oldPass) problems.newPass = PASSWORD_MESSAGES.sameAsCurrent;
    if (Object.keys(problems).length) throw formError(problems);
    const user = (await findUserById(ctx.db, caller.userId))!;
    const ok = await verifyPassword(user.password, a.oldPass!);
    if (!ok) throw formError({ oldPass: PASSWORD_MESSAGES.wrongCurrent });
    await setPassword(ctx.db, ctx.services.modules, user.id, a.newPass!, user.id, caller.sessionId);
    ctx.log.info({ user: user.id }, 'password changed');
    return [text(CHANGED)];
  },
});

export const resetPassword = defineAction({
  name: 'User.resetPassword',
  summary: 'Mails the user a link to set a new password (valid RESET_TOKEN_MINUTES, single use)',
  args: [Type.Object({ userid: Userid }, { additionalProperties: false })],
  access: 'session',
  permission: 'User.resetPassword',
  writes: true,
  answer: `value 0: text "${RESET_SENT}"`,
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const user = await findUserByUserid(ctx.db, a.userid);
    if (!user) throw errors.notFound('User');
    await sendResetMail(ctx.db, ctx.services.config, user);
    ctx.log.info({ user: user.id, by: ctx.caller!.userId }, 'password reset link sent');
    return [text(RESET_SENT)];
  },
});
