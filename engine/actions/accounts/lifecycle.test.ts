import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure } from '../../testing/record-calls.js';
import { activeUser, GOOD_PASSWORD, mailsTo, registration, tokenMailedTo, verifyByText } from '../../accounts/account-test-kit.js';

describe.each(await testDialects())('account review on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  /** A registered user whose e-mail is verified: state 61, waiting for review. */
  async function pendingReview(): Promise<{ userid: string; email: string }> {
    const payload = await registration(t, 8);
    await t.call('REContact.register', [payload]);
    const email = String(payload.email);
    expect(await verifyByText(t, await tokenMailedTo(t, email, 1003, '/verify-email'))).toBe('OK');
    return { userid: String(payload.userid), email };
  }
  const userRow = (userid: string) => t.database.db('user').where({ userid }).first('id', 'state', 'updatectr');
  const login = (userid: string, password = GOOD_PASSWORD) => t.call('User.login', [{ userid, password }]);

  it('activates a verified registration, mails the user, records the change, and the user can then sign in', async () => {
    const { userid, email } = await pendingReview();
    expect(failure(await login(userid)).code).toBe('E_LOGINFAILED');
    const iru = await t.sessionFor('iru');
    expect(await t.call('User.activate', [{ userid }], iru)).toEqual([{ type: 'text', text: 'OK' }]);
    const user = await userRow(userid);
    expect(Number(user.state)).toBe(33);
    const [mail] = await mailsTo(t, email, 1006);
    expect(mail.body_text).toContain('Nur Aisyah');
    const [last] = await t.database.db('state_history').where({ module: 'user', record_id: user.id }).orderBy('id', 'desc').limit(1).select('from_state', 'to_state', 'createby');
    const iruId = (await t.database.db('user').where({ userid: 'iru' }).first('id')).id;
    expect([Number(last.from_state), Number(last.to_state), Number(last.createby)]).toEqual([61, 33, Number(iruId)]);
    const [v] = await login(userid);
    expect(v.type).toBe('text');
    expect(JSON.parse(v.type === 'text' ? v.text : '{}')).toMatchObject({ userid, login_type: { value: 2 } });
  });

  it('lets the administrator activate too', async () => {
    const { userid } = await pendingReview();
    expect(await t.call('User.activate', [{ userid }], await t.sessionFor('admin'))).toEqual([{ type: 'text', text: 'OK' }]);
  });

  it('refuses to activate an account whose e-mail is not verified, or one already active, with E_STATETRANSITION', async () => {
    const iru = await t.sessionFor('iru');
    const payload = await registration(t, 8);
    await t.call('REContact.register', [payload]);
    expect(failure(await t.call('User.activate', [{ userid: payload.userid }], iru)).code).toBe('E_STATETRANSITION');
    expect(Number((await userRow(String(payload.userid))).state)).toBe(62);
    const active = await activeUser(t, 8);
    const again = failure(await t.call('User.activate', [{ userid: active.userid }], iru));
    expect(again).toEqual({ code: 'E_STATETRANSITION', message: 'This account is active; it must be pending review for this step.' });
    expect((await mailsTo(t, active.email, 1006)).length).toBe(1);
  });

  it('refuses callers without the User.activate permission', async () => {
    const { userid } = await pendingReview();
    expect(failure(await t.call('User.activate', [{ userid }], await t.sessionFor('re'))).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('User.activate', [{ userid }])).code).toBe('E_ILLEGALACCESS');
    expect(Number((await userRow(userid)).state)).toBe(61);
  });

  it('answers E_NOTFOUND for an unknown user id', async () => {
    expect(failure(await t.call('User.activate', [{ userid: 'no-such-user' }], await t.sessionFor('iru'))).code).toBe('E_NOTFOUND');
  });

  it('moves the record counter, so an edit made on the old version answers E_CONCURRENT', async () => {
    const { userid } = await pendingReview();
    const before = await userRow(userid);
    await t.call('User.activate', [{ userid }], await t.sessionFor('iru'));
    const stale = await t.call('Record.update', [{ module: 'User', fields: ['id', 'updatectr', 'contactno'], values: [before.id, before.updatectr, '0111111111'] }], await t.sessionFor('admin'));
    expect(failure(stale).code).toBe('E_CONCURRENT');
  });

  describe('User.reject', () => {
    it('rejects a registration waiting for review, keeping the reason, and the user cannot sign in', async () => {
      const { userid } = await pendingReview();
      expect(await t.call('User.reject', [{ userid, reason: 'Not an officer of the entity' }], await t.sessionFor('iru'))).toEqual([{ type: 'text', text: 'OK' }]);
      const user = await userRow(userid);
      expect(Number(user.state)).toBe(23);
      const [last] = await t.database.db('state_history').where({ module: 'user', record_id: user.id }).orderBy('id', 'desc').limit(1).select('from_state', 'to_state', 'reason');
      expect([Number(last.from_state), Number(last.to_state), last.reason]).toEqual([61, 23, 'Not an officer of the entity']);
      expect(failure(await login(userid)).code).toBe('E_LOGINFAILED');
      expect(failure(await t.call('User.activate', [{ userid }], await t.sessionFor('iru'))).code).toBe('E_STATETRANSITION');
    });

    it('needs a reason', async () => {
      const { userid } = await pendingReview();
      const f = failure(await t.call('User.reject', [{ userid, reason: '  ' }], await t.sessionFor('iru')));
      expect(f).toEqual({ code: 'E_VALIDATION', message: 'Please give the reason for the rejection.', details: { reason: 'Please give the reason for the rejection.' } });
    });

    it('refuses callers without the User.reject permission', async () => {
      const { userid } = await pendingReview();
      expect(failure(await t.call('User.reject', [{ userid, reason: 'x' }], await t.sessionFor('re'))).code).toBe('E_NOPERMISSION');
    });
  });
});
