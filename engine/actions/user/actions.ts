// User.login / User.logout: password sign-in onto a database session. MFA, lockout, expiry
// and the rest of the identity rules build on this (see docs/status.md).
import { Type } from '@sinclair/typebox';
import { hash, verify } from '@node-rs/argon2';
import { defineAction } from '../registry.js';
import { text } from '../../protocol/envelope.js';
import { AppError } from '../../errors/catalogue.js';
import { createSession, destroySession, loadAccess } from '../../session/session-store.js';
import { LOGIN_TYPE } from '../context.js';
import { userRecord } from './user-record.js';

const LoginArgs = Type.Object(
  {
    userid: Type.Optional(Type.String({ maxLength: 200 })),
    username: Type.Optional(Type.String({ maxLength: 200 })),
    password: Type.String({ maxLength: 200 }),
    otp: Type.Optional(Type.String({ maxLength: 20 })),
    remember: Type.Optional(Type.Union([Type.Boolean(), Type.String(), Type.Integer()])),
  },
  { additionalProperties: false },
);

// A hash to verify against when the user does not exist, so the answer's timing does not tell.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hash('no such user, no such password'));

export const login = defineAction({
  name: 'User.login',
  summary: 'Signs in with user id (or username) and password; answers the stored login info',
  args: [LoginArgs],
  access: 'public',
  writes: false,
  answer: 'value 0: text, JSON user record (login_type, userid, roles, permissions, RE, REPrimaryUser, …)',
  errors: ['E_ALREADYLOGGEDIN', 'E_LOGINFAILED', 'E_BADREQUEST'],
  async handler([a], ctx) {
    if (ctx.caller) throw new AppError('E_ALREADYLOGGEDIN');
    const userid = (a.userid ?? a.username ?? '').trim();
    if (!userid || !a.password) throw new AppError('E_LOGINFAILED', 'Please enter your user id and password');
    const user = await ctx.db('user').where({ userid }).first('id', 'password', 'state');
    const ok = await verify(user?.password || (await dummy()), a.password).catch(() => false);
    if (!user || !ok || Number(user.state) !== 33) throw new AppError('E_LOGINFAILED');
    const access = await loadAccess(ctx.db, Number(user.id));
    const token = await createSession(ctx.db, Number(user.id), access.entities[0] ?? null, ctx.services.config);
    ctx.effects.sessionToken = token;
    ctx.log.info({ user: Number(user.id) }, 'signed in');
    return [text(JSON.stringify(await userRecord(ctx.db, Number(user.id), access, access.entities[0] ?? null)))];
  },
});

export const logout = defineAction({
  name: 'User.logout',
  summary: 'Ends the session',
  args: [Type.Optional(Type.Any())],
  minArgs: 0,
  access: 'public',
  writes: false,
  answer: 'value 0: text OK',
  async handler(_a, ctx) {
    if (ctx.caller) await ctx.db('session').where({ id: ctx.caller.sessionId }).delete();
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
    return [text(JSON.stringify(await userRecord(ctx.db, c.userId, c, c.currentRe)))];
  },
});

export const userActions = [login, logout, whoAmI];
export { destroySession, LOGIN_TYPE };
