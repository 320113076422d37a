import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure } from '../../testing/record-calls.js';
import { sqlDateTime } from '../../db/clock.js';
import { mailsTo, processString, registration, tokenMailedTo, verifyByText } from '../../accounts/account-test-kit.js';
import { MAX_VERIFY_MAILS_PER_HOUR, RESEND_ANSWER } from './verification.js';

describe.each(await testDialects())('e-mail verification on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  async function registered(): Promise<{ userid: string; email: string; token: string }> {
    const payload = await registration(t, 3);
    await t.call('REContact.register', [payload]);
    const email = String(payload.email);
    return { userid: String(payload.userid), email, token: await tokenMailedTo(t, email, 1003, '/verify-email') };
  }
  const userRow = (userid: string) => t.database.db('user').where({ userid }).first('id', 'state', 'emailverified', 'updatectr');

  it('verifies through System.execute on /process/string, answering OK and moving the account to pending review', async () => {
    const { userid, token } = await registered();
    const before = await userRow(userid);
    expect(await verifyByText(t, token)).toBe('OK');
    const user = await userRow(userid);
    expect(Number(user.state)).toBe(61);
    expect(Boolean(Number(user.emailverified))).toBe(true);
    expect(Number(user.updatectr)).toBe(Number(before.updatectr) + 1);
    const history = await t.database.db('state_history').where({ module: 'user', record_id: user.id }).orderBy('id').select('from_state', 'to_state', 'createby');
    expect(history.map((h) => [h.from_state === null ? null : Number(h.from_state), Number(h.to_state)])).toEqual([[null, 62], [62, 61]]);
    expect(Number(history[1].createby)).toBe(Number(user.id));
    const [used] = await t.database.db('account_token').where({ user_id: user.id, purpose: 'verify' }).select('usedon');
    expect(used.usedon).not.toBeNull();
  });

  it('tells the support mailbox once the registration is ready for review', async () => {
    const { userid, token } = await registered();
    const notices = () => mailsTo(t, 'support@regportal.example', 1007);
    const before = (await notices()).length;
    await verifyByText(t, token);
    const after = await notices();
    expect(after.length).toBe(before + 1);
    expect(after[after.length - 1].body_text).toContain(userid);
  });

  it('refuses a token that was already used', async () => {
    const { token } = await registered();
    expect(await verifyByText(t, token)).toBe('OK');
    expect(await verifyByText(t, token)).toBe('exception:text:E_VALIDATION:This verification link has already been used.');
  });

  it('refuses an unknown token and an expired one', async () => {
    expect(await verifyByText(t, 'A'.repeat(43))).toBe('exception:text:E_VALIDATION:This verification link is not valid.');
    const { userid, token } = await registered();
    const user = await userRow(userid);
    await t.database.db('account_token').where({ user_id: user.id }).update({ expires_at: sqlDateTime(new Date(Date.now() - 1000)) });
    expect(await verifyByText(t, token)).toBe('exception:text:E_VALIDATION:This verification link has expired. Please request a new one.');
    expect(Number((await userRow(userid)).state)).toBe(62);
  });

  it('answers a token of another purpose as not valid', async () => {
    const { userid, token } = await registered();
    await t.database.db('account_token').where({ user_id: (await userRow(userid)).id }).update({ purpose: 'reset' });
    expect(await verifyByText(t, token)).toBe('exception:text:E_VALIDATION:This verification link is not valid.');
  });

  it('is reachable directly on /process too', async () => {
    const { token } = await registered();
    expect(await t.call('REContact.verifyEmail', [{ token }])).toEqual([{ type: 'text', text: 'OK' }]);
  });

  describe('REContact.resendVerification', () => {
    it('sends a new link while the account waits for verification, and only the newest link works', async () => {
      const { userid, email, token: first } = await registered();
      expect(await t.call('REContact.resendVerification', [{ userid }])).toEqual([{ type: 'text', text: RESEND_ANSWER }]);
      expect((await mailsTo(t, email, 1003)).length).toBe(2);
      const second = await tokenMailedTo(t, email, 1003, '/verify-email');
      expect(second).not.toBe(first);
      expect(await verifyByText(t, first)).toBe('exception:text:E_VALIDATION:This verification link has already been used.');
      expect(await verifyByText(t, second)).toBe('OK');
    });

    it('answers the same and sends nothing for an unknown user or an account already verified', async () => {
      const { userid, email, token } = await registered();
      await verifyByText(t, token);
      const outbox = async () => Number((await t.database.db('email_outbox').count({ n: '*' }).first())!.n);
      const before = await outbox();
      expect(await t.call('REContact.resendVerification', [{ userid }])).toEqual([{ type: 'text', text: RESEND_ANSWER }]);
      expect(await t.call('REContact.resendVerification', [{ userid: 'nobody-at-all' }])).toEqual([{ type: 'text', text: RESEND_ANSWER }]);
      expect(await t.call('REContact.resendVerification', [{ userid: 'iru' }])).toEqual([{ type: 'text', text: RESEND_ANSWER }]);
      expect(await outbox()).toBe(before);
      expect((await mailsTo(t, email, 1003)).length).toBe(1);
    });

    it(`sends at most ${MAX_VERIFY_MAILS_PER_HOUR} links an hour to one account`, async () => {
      const { userid, email } = await registered();
      for (let i = 0; i < MAX_VERIFY_MAILS_PER_HOUR + 2; i++) await t.call('REContact.resendVerification', [{ userid }]);
      expect((await mailsTo(t, email, 1003)).length).toBe(MAX_VERIFY_MAILS_PER_HOUR);
    });
  });

  it('refuses a malformed argument on the text endpoint in its own form', async () => {
    const body = await processString(t, 'System.execute', ['REContact.verifyEmail', { token: 12 }]);
    expect(body.split(':').slice(0, 3)).toEqual(['exception', 'text', 'E_BADREQUEST']);
  });
});
