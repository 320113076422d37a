// User.login through the real endpoint: answers, user ids without case, account states, lockout,
// and session rotation (the per-address limit: sign-in-limit.test.ts; timing: sign-in-timing.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { hashToken } from './session-store.js';
import { sqlDateTime } from '../db/clock.js';
import { call, codeOf, insertUser, jsonOf, login, messageOf } from './testing/identity-calls.js';

const PASSWORD = 'Tr1cky&Secret';
let ipCounter = 0;
/** Each test signs in from its own address, so the per-address limit of one test never meets another's. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(await testDialects())('signing in (%s)', (dialect) => {
  let t: TestEngine;
  const db = () => t.database.db;
  const userRow = (userid: string) => db()('user').where({ userid }).first('id', 'failedlogins', 'lockeduntil');
  const setParameter = (code: string, value: string) => db()('parameters').where({ code }).update({ value0: value });

  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it('signs in by user id or username, trimmed, and answers the stored login info of seed 000 §3', async () => {
    const ip = freshIp();
    for (const args of [{ userid: 'iru', password: DEMO_PASSWORD }, { username: '  iru \t', password: DEMO_PASSWORD, otp: '', remember: true }]) {
      const a = await login(t, args, { ip });
      expect(codeOf(a)).toBe('ok');
      expect(a.cookie).toMatch(/^portal_sid=[A-Za-z0-9_-]{43}$/);
      const record = jsonOf(a);
      expect(record).toMatchObject({
        userid: 'iru',
        login_type: { name: 'IRU', value: 1 },
        roles: { '2': true },
        RE: [],
        REPrimaryUser: null,
        RESubUser: false,
        firstTimeLogin: false,
        VerifyBizInfo: true,
        VerifyOffice: true,
        pwexpiry: { expired: false, message: '' },
      });
      expect(record.permissions).toMatchObject({ 'RE.select': true, 'RE.update': true });
      expect(record.permissions).not.toHaveProperty('RE.delete');
      expect(JSON.stringify(record)).not.toMatch(/argon2|otpsecret|password/);
    }
  });

  it('answers an RE user with its entities, the primary one, and the entity-level role of the first entity', async () => {
    const record = jsonOf(await login(t, { userid: 're', password: DEMO_PASSWORD }, { ip: freshIp() }));
    expect(record).toMatchObject({ login_type: { name: 'RE', value: 2 }, currentRE: 1, REPrimaryUser: 1, RESubUser: false, position2_value: 304 });
    expect(record.roles).toEqual({ '1': true, '27': true });
    expect((record.RE as { id: number }[]).map((r) => r.id)).toEqual([1, 6, 11]);
    expect((record.RE as object[])[0]).toEqual({ id: 1, name: expect.any(String), sector: expect.any(Number) });
  });

  it('gives an unknown user and a wrong password the same E_LOGINFAILED answer', async () => {
    const ip = freshIp();
    const unknown = await login(t, { userid: 'nobody-at-all', password: DEMO_PASSWORD }, { ip });
    const wrong = await login(t, { userid: 'iru', password: 'not the password' }, { ip });
    expect(unknown.values).toEqual([{ type: 'exception', code: 'E_LOGINFAILED', message: 'Invalid user id or password' }]);
    expect(wrong.values).toEqual(unknown.values);
    expect(unknown.cookie).toBeUndefined();
    expect(wrong.cookie).toBeUndefined();
  });

  it('compares the user id without case, the same on both databases: re2 signs in as RE2', async () => {
    const ip = freshIp();
    for (const userid of ['RE2', 'Re2', ' rE2 ']) {
      const a = await login(t, { userid, password: DEMO_PASSWORD }, { ip });
      expect(codeOf(a)).toBe('ok');
      expect(jsonOf(a).userid).toBe('re2');
    }
    // A wrong password typed in another case counts against the same account.
    await login(t, { userid: 'RE2', password: 'not the password' }, { ip });
    expect(Number((await userRow('re2')).failedlogins)).toBe(1);
    expect(codeOf(await login(t, { userid: 're2', password: DEMO_PASSWORD }, { ip }))).toBe('ok');
  });

  it('refuses an empty user id or password', async () => {
    const a = await login(t, { userid: '   ', password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(a.values).toEqual([{ type: 'exception', code: 'E_LOGINFAILED', message: 'Please correct the form errors' }]);
  });

  it('tells the state of an account that cannot sign in yet, but only once the password is right', async () => {
    const ip = freshIp();
    await insertUser(db(), { userid: 'pending-mail', password: PASSWORD, logintype: 2, state: 62 });
    await insertUser(db(), { userid: 'pending-review', password: PASSWORD, logintype: 2, state: 61 });
    await insertUser(db(), { userid: 'switched-off', password: PASSWORD, logintype: 2, state: 4 });
    expect(messageOf(await login(t, { userid: 'pending-mail', password: PASSWORD }, { ip }))).toMatch(/e-mail address is not verified yet/);
    expect(messageOf(await login(t, { userid: 'pending-review', password: PASSWORD }, { ip }))).toMatch(/awaiting activation/);
    expect(messageOf(await login(t, { userid: 'switched-off', password: PASSWORD }, { ip }))).toMatch(/not active\. Please contact support@regportal\.example/);
    for (const userid of ['pending-mail', 'pending-review', 'switched-off']) {
      const wrong = await login(t, { userid, password: 'wrong' }, { ip });
      expect(wrong.values).toEqual([{ type: 'exception', code: 'E_LOGINFAILED', message: 'Invalid user id or password' }]);
      expect(wrong.cookie).toBeUndefined();
    }
  });

  it('locks the account after MAX_FAILED_LOGINS failures, refuses even the right password meanwhile, and says when to retry', async () => {
    const ip = freshIp();
    await insertUser(db(), { userid: 'guessed', password: PASSWORD });
    for (let i = 1; i <= 4; i++) expect(codeOf(await login(t, { userid: 'guessed', password: `guess ${i}` }, { ip }))).toBe('E_LOGINFAILED');
    expect(Number((await userRow('guessed')).failedlogins)).toBe(4);
    const fifth = await login(t, { userid: 'guessed', password: 'guess 5' }, { ip });
    expect(codeOf(fifth)).toBe('E_LOCKED');
    expect(messageOf(fifth)).toMatch(/^Too many failed sign-in attempts: the account is locked\. Please try again in 15 minutes \(after \d\d:\d\d UTC\)\.$/);
    const right = await login(t, { userid: 'guessed', password: PASSWORD }, { ip });
    expect(codeOf(right)).toBe('E_LOCKED');
    expect(right.cookie).toBeUndefined();
    // Fifteen minutes later (the lock moved into the past), the right password works again.
    await db()('user').where({ userid: 'guessed' }).update({ lockeduntil: sqlDateTime(new Date(Date.now() - 1000)) });
    expect(codeOf(await login(t, { userid: 'guessed', password: PASSWORD }, { ip }))).toBe('ok');
    expect(await userRow('guessed')).toMatchObject({ failedlogins: 0, lockeduntil: null });
  });

  it('starts the count of failures afresh after a successful sign-in', async () => {
    const ip = freshIp();
    await insertUser(db(), { userid: 'forgetful', password: PASSWORD });
    for (let i = 0; i < 4; i++) await login(t, { userid: 'forgetful', password: 'nope' }, { ip });
    const ok = await login(t, { userid: 'forgetful', password: PASSWORD }, { ip });
    expect(codeOf(ok)).toBe('ok');
    expect(Number((await userRow('forgetful')).failedlogins)).toBe(0);
    await call(t, 'User.logout', [], { cookie: ok.cookie });
    for (let i = 0; i < 4; i++) expect(codeOf(await login(t, { userid: 'forgetful', password: 'nope' }, { ip }))).toBe('E_LOGINFAILED');
    expect(codeOf(await login(t, { userid: 'forgetful', password: PASSWORD }, { ip }))).toBe('ok');
  });

  it('takes the limits from the Parameters rows MAX_FAILED_LOGINS and LOCKOUT_MINUTES', async () => {
    const ip = freshIp();
    await insertUser(db(), { userid: 'strict', password: PASSWORD });
    await setParameter('MAX_FAILED_LOGINS', '2');
    await setParameter('LOCKOUT_MINUTES', '1');
    try {
      expect(codeOf(await login(t, { userid: 'strict', password: 'x' }, { ip }))).toBe('E_LOGINFAILED');
      const second = await login(t, { userid: 'strict', password: 'y' }, { ip });
      expect(messageOf(second)).toMatch(/try again in 1 minute \(/);
      const until = Date.parse(`${String((await userRow('strict')).lockeduntil).replace(' ', 'T')}Z`);
      expect(until - Date.now()).toBeGreaterThan(30_000);
      expect(until - Date.now()).toBeLessThanOrEqual(60_000);
    } finally {
      await setParameter('MAX_FAILED_LOGINS', '5');
      await setParameter('LOCKOUT_MINUTES', '15');
    }
  });

  it('answers E_ALREADYLOGGEDIN on a live session and keeps that session', async () => {
    const ip = freshIp();
    const first = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip });
    const again = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip, cookie: first.cookie });
    expect(codeOf(again)).toBe('E_ALREADYLOGGEDIN');
    expect(again.cookie).toBeUndefined();
    expect(codeOf(await call(t, 'User.current', [], { cookie: first.cookie }))).toBe('ok');
  });

  it('gives every sign-in a new session token and ends the session of the cookie it replaces', async () => {
    const ip = freshIp();
    const first = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip });
    const firstToken = first.cookie!.split('=')[1];
    // The first session went idle; signing in again on the same browser rotates the token.
    await db()('session').where({ id: hashToken(firstToken) }).update({ last_seen_at: '2000-01-01 00:00:00' });
    const second = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip, cookie: first.cookie });
    expect(codeOf(second)).toBe('ok');
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
    expect(await db()('session').where({ id: hashToken(firstToken) }).first()).toBeUndefined();
    expect(codeOf(await call(t, 'User.current', [], { cookie: second.cookie }))).toBe('ok');
  });

  it('never adopts a session token the client made up (fixation)', async () => {
    const chosen = 'AttackerChosenToken_0123456789abcdefghijklmnop';
    const a = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip: freshIp(), cookie: `portal_sid=${chosen}` });
    expect(codeOf(a)).toBe('ok');
    expect(a.cookie).not.toBe(`portal_sid=${chosen}`);
    expect(await db()('session').where({ id: hashToken(chosen) }).first()).toBeUndefined();
    expect(codeOf(await call(t, 'User.current', [], { cookie: `portal_sid=${chosen}` }))).toBe('E_ILLEGALACCESS');
    expect(codeOf(await call(t, 'User.current', [], { cookie: a.cookie }))).toBe('ok');
  });

  it('ends the session at logout: the cookie is cleared and refused afterwards', async () => {
    const a = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip: freshIp() });
    const out = await call(t, 'User.logout', [], { cookie: a.cookie });
    expect(out.values).toEqual([{ type: 'text', text: 'OK' }]);
    expect(out.cleared).toBe(true);
    expect(await db()('session').where({ id: hashToken(a.cookie!.split('=')[1]) }).first()).toBeUndefined();
    expect(codeOf(await call(t, 'User.current', [], { cookie: a.cookie }))).toBe('E_ILLEGALACCESS');
  });
});
