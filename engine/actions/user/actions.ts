// User.login / User.logout / User.current: sign-in onto a database session (the steps are in
// engine/identity/sign-in.ts), sign-out, and the signed-in user's login info.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { signIn } from '../../identity/sign-in.js';
import { userRecord } from '../../identity/user-record.js';
import { endSession } from '../../identity/session-store.js';

const LoginArgs = Type.Object(
  {
    userid: Type.Optional(Type.String({ maxLength: 200 })),
    username: Type.Optional(Type.String({ maxLength: 200 })),
    password: Type.String({ maxLength: 200 }),
    otp: Type.Optional(Type.String({ maxLength: 20 })),
    // The client's "remember me": it keeps the user id on the device; the session is the same.
    remember: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 }), Type.Integer()])),
  },
  { additionalProperties: false },
);

export const login = defineAction({
  name: 'User.login',
  summary: 'Signs in with user id (or username), password and, when asked, a one-time code; answers the stored login info',
  args: [LoginArgs],
  access: 'public',
  // Writes (counted failures, enrolment keys, the session) run in a transaction of their own,
  // opened only after the slow password check (engine/identity/sign-in.ts).
  writes: false,
  answer:
    'value 0: text, JSON user record (login_type, userid, roles, permissions, RE, REPrimaryUser, …). ' +
    'E_SHOWOTPQR carries JSON {otpKey, url, qr}; E_PASSWORDEXPIRED signs in a restricted session and is followed by the user record',
  errors: ['E_ALREADYLOGGEDIN', 'E_LOGINFAILED', 'E_LOCKED', 'E_SHOWOTPQR', 'E_SHOWOTPPROMPT', 'E_SHOWOTPPROMPT2', 'E_PASSWORDEXPIRED', 'E_RATELIMIT', 'E_BADREQUEST'],
  handler: ([a], ctx) => signIn(ctx, a),
});

export const logout = defineAction({
  name: 'User.logout',
  summary: 'Ends the session',
  args: [Type.Optional(Type.Any())],
  minArgs: 0,
  access: 'public',
  writes: true,
  answer: 'value 0: text OK',
  async handler(_a, ctx) {
    // An API token has no session to end; revoking it is ApiToken.revoke.
    if (ctx.caller && ctx.caller.auth !== 'token') await endSession(ctx.db, ctx.caller.sessionId);
    ctx.effects.clearSession = true;
    return [text('OK')];
  },
});

export const whoAmI = defineAction({
  name: 'User.current',
  summary: "The signed-in user's login info (the same record User.login answers)",
  args: [],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON user record',
  async handler(_a, ctx) {
    const c = ctx.caller!;
    return [text(JSON.stringify(await userRecord(ctx.db, c.userId, c, c.currentRe, { passwordExpired: c.restriction === 'expired' })))];
  },
});

export const userActions = [login, logout, whoAmI];
