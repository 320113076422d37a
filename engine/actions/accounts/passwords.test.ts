import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure } from '../../testing/record-calls.js';
import { sqlDateTime } from '../../db/clock.js';
import { activeUser, GOOD_PASSWORD, mailsTo, tokenMailedTo } from '../../accounts/account-test-kit.js';
import { PASSWORD_RULE } from '../../accounts/password-policy.js';
import { CHANGED, PASSWORD_MESSAGES, RESET_SENT } from './passwords.js';

const NEW_PASSWORD = 'Fresh#Pass9';

describe.each(await testDialects())('passwords on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect, { RESET_TOKEN_MINUTES: '30' });
  });
  afterAll(async () => t?.close());

  const userRow = (userid: string) => t.database.db('user').where({ userid }).first('id', 'password', 'pwchangedon');
  /** A signed-in session for an active user made through registration. */
  async function signedIn(): Promise<{ userid: string; email: string; cookie: string }> {
    const user = await activeUser(t, 9);
    return { ...user, cookie: await t.sessionFor(user.userid) };
  }
  const change = (args: Record<string, unknown>, cookie?: string) => t.call('User.changePassword', [args], cookie);

  describe('signed in', () => {
    it('changes the password when the current one is right, and sets pwchangedon', async () => {
      const { userid, cookie } = await signedIn();
      await t.database.db('user').where({ userid }).update({ pwchangedon: '2020-01-01 00:00:00' });
      expect(await change({ oldPass: GOOD_PASSWORD, newPass: NEW_PASSWORD }, cookie)).toEqual([{ type: 'text', text: CHANGED }]);
      const user = await userRow(userid);
      expect(await verify(user.password, NEW_PASSWORD)).toBe(true);
      expect(String(user.pwchangedon) > '2020-01-01 00:00:00').toBe(true);
      // The session that changed it stays signed in.
      expect((await t.call('User.isFirstTimeLogin', [], cookie))[0].type).toBe('text');
    });

    it.each([
      ['no current password', { newPass: NEW_PASSWORD }, { oldPass: PASSWORD_MESSAGES.current }],
      ['a wrong current password', { oldPass: 'Wrong@1234', newPass: NEW_PASSWORD }, { oldPass: PASSWORD_MESSAGES.wrongCurrent }],
      ['a new password equal to the current one', { oldPass: GOOD_PASSWORD, newPass: GOOD_PASSWORD }, { newPass: PASSWORD_MESSAGES.sameAsCurrent }],
      ['a new password that breaks the rule', { oldPass: GOOD_PASSWORD, newPass: 'weakpass' }, { newPass: PASSWORD_RULE }],
      ['no new password', { oldPass: GOOD_PASSWORD }, { newPass: PASSWORD_MESSAGES.newRequired }],
    ])('refuses %s with E_VALIDATION and keeps the password', async (_why, args, details) => {
      const { userid, cookie } = await signedIn();
      const f = failure(await change(args, cookie));
      expect(f).toEqual({ code: 'E_VALIDATION', message: Object.values(details)[0], details });
      expect(await verify((await userRow(userid)).password, GOOD_PASSWORD)).toBe(true);
    });

    it('ends the user’s other sessions', async () => {
      const { userid, cookie } = await signedIn();
      const other = await t.sessionFor(userid);
      await change({ oldPass: GOOD_PASSWORD, newPass: NEW_PASSWORD }, cookie);
      expect(failure(await t.call('User.isFirstTimeLogin', [], other)).code).toBe('E_ILLEGALACCESS');
    });

    it('needs a session when no token is given', async () => {
      expect(failure(await change({ oldPass: GOOD_PASSWORD, newPass: NEW_PASSWORD })).code).toBe('E_ILLEGALACCESS');
    });
  });

  describe('reset by link', () => {
    async function resetLinkFor(userid: string, email: string): Promise<string> {
      expect(await t.call('User.resetPassword', [{ userid }], await t.sessionFor('iru'))).toEqual([{ type: 'text', text: RESET_SENT }]);
      return tokenMailedTo(t, email, 1005, '/reset-password');
    }

    it('mails a reset link that sets the password once, with the confirmation in oldPass', async () => {
      const { userid, email } = await activeUser(t, 9);
      const token = await resetLinkFor(userid, email);
      expect(await change({ token, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD })).toEqual([{ type: 'text', text: CHANGED }]);
      expect(await verify((await userRow(userid)).password, NEW_PASSWORD)).toBe(true);
      const again = failure(await change({ token, oldPass: 'Other#Pass1', newPass: 'Other#Pass1' }));
      expect(again).toEqual({ code: 'E_VALIDATION', message: 'This password reset link has already been used.', details: { token: 'This password reset link has already been used.' } });
      expect(await verify((await userRow(userid)).password, NEW_PASSWORD)).toBe(true);
    });

    it('keeps the link valid for RESET_TOKEN_MINUTES', async () => {
      const { userid, email } = await activeUser(t, 9);
      await resetLinkFor(userid, email);
      const row = await t.database.db('account_token').where({ user_id: (await userRow(userid)).id, purpose: 'reset' }).first('createon', 'expires_at');
      const minutes = (Date.parse(`${row.expires_at}Z`.replace(' ', 'T')) - Date.parse(`${row.createon}Z`.replace(' ', 'T'))) / 60_000;
      expect(minutes).toBe(30);
    });

    it('refuses an expired link', async () => {
      const { userid, email } = await activeUser(t, 9);
      const token = await resetLinkFor(userid, email);
      await t.database.db('account_token').where({ user_id: (await userRow(userid)).id, purpose: 'reset' }).update({ expires_at: sqlDateTime(new Date(Date.now() - 1000)) });
      const f = failure(await change({ token, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD }));
      expect(f.message).toBe('This password reset link has expired. Please request a new one.');
      expect(await verify((await userRow(userid)).password, GOOD_PASSWORD)).toBe(true);
    });

    it('refuses a confirmation that differs, or a new password that breaks the rule, without using the link', async () => {
      const { userid, email } = await activeUser(t, 9);
      const token = await resetLinkFor(userid, email);
      expect(failure(await change({ token, oldPass: 'Fresh#Pass8', newPass: NEW_PASSWORD })).details).toEqual({ oldPass: PASSWORD_MESSAGES.confirmation });
      expect(failure(await change({ token, oldPass: 'weak', newPass: 'weak' })).details).toEqual({ newPass: PASSWORD_RULE });
      expect(await change({ token, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD })).toEqual([{ type: 'text', text: CHANGED }]);
    });

    it('makes an earlier link stop working when a new one is sent', async () => {
      const { userid, email } = await activeUser(t, 9);
      const first = await resetLinkFor(userid, email);
      const second = await resetLinkFor(userid, email);
      expect(failure(await change({ token: first, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD })).code).toBe('E_VALIDATION');
      expect(await change({ token: second, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD })).toEqual([{ type: 'text', text: CHANGED }]);
    });

    it('ends every session of the user', async () => {
      const { userid, email } = await activeUser(t, 9);
      const cookie = await t.sessionFor(userid);
      const token = await resetLinkFor(userid, email);
      await change({ token, oldPass: NEW_PASSWORD, newPass: NEW_PASSWORD });
      expect(failure(await t.call('User.isFirstTimeLogin', [], cookie)).code).toBe('E_ILLEGALACCESS');
    });

    it('lets only holders of User.resetPassword send a link', async () => {
      const { userid, email } = await activeUser(t, 9);
      expect(failure(await t.call('User.resetPassword', [{ userid }], await t.sessionFor('re'))).code).toBe('E_NOPERMISSION');
      expect(await mailsTo(t, email, 1005)).toEqual([]);
      expect(await t.call('User.resetPassword', [{ userid }], await t.sessionFor('admin'))).toEqual([{ type: 'text', text: RESET_SENT }]);
      expect(failure(await t.call('User.resetPassword', [{ userid: 'no-such-user' }], await t.sessionFor('admin'))).code).toBe('E_NOTFOUND');
    });
  });
});
