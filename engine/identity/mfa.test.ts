// MFA end to end: enrolment, prompts, wrong and replayed codes, policy, changing the key and the
// admin's reset. Codes come from the tests' own RFC 6238 implementation, never from otplib.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { call, codeOf, insertUser, jsonOf, login, messageOf, type Answer } from './testing/identity-calls.js';
import { codeFor } from './testing/totp-reference.js';

const PASSWORD = 'Tr1cky&Secret';
/** Each code may be accepted once; between the steps of a test, this stands for waiting for the next code. */
const nextCodeTime = (db: TestEngine['database']['db'], userId: number) => db('user_otp').where({ user_id: userId }).update({ last_step: null });
const wrongCodeOf = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

interface Enrolment {
  otpKey: string;
  url: string;
  qr: string;
}

function enrolmentOf(a: Answer): Enrolment {
  expect(codeOf(a)).toBe('E_SHOWOTPQR');
  return JSON.parse(messageOf(a)) as Enrolment;
}

describe.each(await testDialects())('MFA (%s)', (dialect) => {
  let t: TestEngine;
  let admin: string;
  const db = () => t.database.db;
  const setPolicy = (value: string) => db()('parameters').where({ code: 'MFA_POLICY' }).update({ value0: value });

  /** A user who must use MFA, enrolled with a key the test knows. */
  async function enrolledUser(userid: string): Promise<{ id: number; key: string }> {
    const id = await insertUser(db(), { userid, password: PASSWORD, mfa: 1 });
    const key = enrolmentOf(await login(t, { userid, password: PASSWORD })).otpKey;
    const done = await login(t, { userid, password: PASSWORD, otp: codeFor(key) });
    expect(codeOf(done)).toBe('ok');
    await call(t, 'User.logout', [], { cookie: done.cookie });
    return { id, key };
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect, { LOGIN_RATE_LIMIT: '1000' });
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => t?.close());

  it('shows a user who must use MFA a key to scan, and activates it with the first code made with it', async () => {
    const first = await login(t, { userid: 'mfa', password: DEMO_PASSWORD });
    expect(first.cookie).toBeUndefined();
    const enrolment = enrolmentOf(first);
    expect(enrolment.otpKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.url).toMatch(/^otpauth:\/\/totp\/Reporting%20Portal:mfa\?/);
    expect(new URL(enrolment.url).searchParams.get('secret')).toBe(enrolment.otpKey);
    expect(new URL(enrolment.url).searchParams.get('issuer')).toBe('Reporting Portal');
    expect(enrolment.qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // Not active yet: the key waits in user_otp, and asking again shows the same key.
    const user = await db()('user').where({ userid: 'mfa' }).first('id', 'otpsecret');
    expect(user.otpsecret).toBeNull();
    expect(enrolmentOf(await login(t, { userid: 'mfa', password: DEMO_PASSWORD })).otpKey).toBe(enrolment.otpKey);

    const signedIn = await login(t, { userid: 'mfa', password: DEMO_PASSWORD, otp: codeFor(enrolment.otpKey) });
    expect(codeOf(signedIn)).toBe('ok');
    expect(jsonOf(signedIn)).toMatchObject({ userid: 'mfa' });
    expect(signedIn.cookie).toBeDefined();
    expect((await db()('user').where({ id: user.id }).first('otpsecret')).otpsecret).toBe(enrolment.otpKey);
    expect(await db()('user_otp').where({ user_id: user.id }).first('pending_secret')).toEqual({ pending_secret: null });
  });

  it('refuses a wrong code during enrolment with E_SHOWOTPPROMPT2 and keeps the key to scan', async () => {
    await insertUser(db(), { userid: 'enrol-typo', password: PASSWORD, mfa: 1 });
    const { otpKey } = enrolmentOf(await login(t, { userid: 'enrol-typo', password: PASSWORD }));
    const wrong = await login(t, { userid: 'enrol-typo', password: PASSWORD, otp: wrongCodeOf(codeFor(otpKey)) });
    expect(wrong.values).toEqual([{ type: 'exception', code: 'E_SHOWOTPPROMPT2', message: 'Invalid one-time code, please try again' }]);
    expect(codeOf(await login(t, { userid: 'enrol-typo', password: PASSWORD, otp: codeFor(otpKey) }))).toBe('ok');
  });

  it('asks an enrolled user for the code, refuses a wrong one, and accepts a code only once', async () => {
    const { id, key } = await enrolledUser('enrolled');
    const prompt = await login(t, { userid: 'enrolled', password: PASSWORD });
    expect(prompt.values).toEqual([{ type: 'exception', code: 'E_SHOWOTPPROMPT', message: 'Please enter the one-time code' }]);
    expect(prompt.cookie).toBeUndefined();
    await nextCodeTime(db(), id);
    const code = codeFor(key);
    for (const bad of [wrongCodeOf(code), '12345', 'abcdef', '1234567']) {
      expect(codeOf(await login(t, { userid: 'enrolled', password: PASSWORD, otp: bad }))).toBe('E_SHOWOTPPROMPT2');
    }
    const ok = await login(t, { userid: 'enrolled', password: PASSWORD, otp: code });
    expect(codeOf(ok)).toBe('ok');
    await call(t, 'User.logout', [], { cookie: ok.cookie });
    const replay = await login(t, { userid: 'enrolled', password: PASSWORD, otp: code });
    expect(codeOf(replay)).toBe('E_SHOWOTPPROMPT2');
    expect(replay.cookie).toBeUndefined();
    // A wrong password never reaches the code step.
    expect(codeOf(await login(t, { userid: 'enrolled', password: 'wrong', otp: codeFor(key, 1) }))).toBe('E_LOGINFAILED');
  });

  it('counts wrong codes as failed sign-ins, so guessing codes locks the account', async () => {
    const { key } = await enrolledUser('code-guesser');
    const wrong = wrongCodeOf(codeFor(key));
    for (let i = 0; i < 4; i++) expect(codeOf(await login(t, { userid: 'code-guesser', password: PASSWORD, otp: wrong }))).toBe('E_SHOWOTPPROMPT2');
    expect(codeOf(await login(t, { userid: 'code-guesser', password: PASSWORD, otp: wrong }))).toBe('E_LOCKED');
    expect(codeOf(await login(t, { userid: 'code-guesser', password: PASSWORD, otp: codeFor(key, 1) }))).toBe('E_LOCKED');
  });

  it('follows MFA_POLICY: staff asks IRU and admin users only, everyone asks all, and user.mfa overrides it', async () => {
    await insertUser(db(), { userid: 'exempt-staff', password: PASSWORD, logintype: 1, mfa: 2 });
    const outcome = async (userid: string, password = DEMO_PASSWORD) => {
      const a = await login(t, { userid, password });
      if (a.cookie) await call(t, 'User.logout', [], { cookie: a.cookie });
      return codeOf(a);
    };
    try {
      expect(await outcome('iru')).toBe('ok');
      await setPolicy('staff');
      expect(await outcome('iru')).toBe('E_SHOWOTPQR');
      expect(await outcome('admin')).toBe('E_SHOWOTPQR');
      expect(await outcome('re')).toBe('ok');
      expect(await outcome('exempt-staff', PASSWORD)).toBe('ok');
      await setPolicy('everyone');
      expect(await outcome('re')).toBe('E_SHOWOTPQR');
      expect(await outcome('exempt-staff', PASSWORD)).toBe('ok');
      // A value nobody meant fails closed.
      await setPolicy('sometimes');
      expect(await outcome('re2')).toBe('E_SHOWOTPQR');
    } finally {
      await setPolicy('optional');
    }
    expect(await outcome('re')).toBe('ok');
  });

  it('takes MFA_POLICY from the system parameter only, never from a business parameter of the same code', async () => {
    const outcome = async (userid: string) => {
      const a = await login(t, { userid, password: DEMO_PASSWORD });
      if (a.cookie) await call(t, 'User.logout', [], { cookie: a.cookie });
      return codeOf(a);
    };
    await db()('parameters').where({ code: 'MFA_POLICY' }).update({ state: 4 });
    const [impostor] = await db()('parameters').insert({ code: 'MFA_POLICY_X', name: 'impostor', fieldtype: 1648, value0: 'everyone', state: 33, issystem: false });
    try {
      // Only the system row's code is unique: the business row takes the code once the system row is gone.
      await db()('parameters').where({ code: 'MFA_POLICY' }).update({ code: 'MFA_POLICY_OLD' });
      await db()('parameters').where({ id: impostor }).update({ code: 'MFA_POLICY' });
      expect(await outcome('re')).toBe('ok');
    } finally {
      await db()('parameters').where({ id: impostor }).delete();
      await db()('parameters').where({ code: 'MFA_POLICY_OLD' }).update({ code: 'MFA_POLICY', state: 33 });
    }
  });

  it('OTP.changeOTP moves MFA to a new key in two calls; the old key stops working', async () => {
    const { id, key: oldKey } = await enrolledUser('new-phone');
    await nextCodeTime(db(), id);
    const session = await login(t, { userid: 'new-phone', password: PASSWORD, otp: codeFor(oldKey) });
    const cookie = session.cookie;
    await nextCodeTime(db(), id);

    const current = codeFor(oldKey);
    const offered = await call(t, 'OTP.changeOTP', [{ currentOTP: current }], { cookie });
    const { otpKey: newKey, url, qr } = jsonOf<Enrolment>(offered);
    expect(newKey).not.toBe(oldKey);
    expect(url).toContain(`secret=${newKey}`);
    expect(qr).toMatch(/^data:image\/png;base64,/);

    // The current code was used by the first call: the second needs the next one.
    const reused = await call(t, 'OTP.changeOTP', [{ currentOTP: current, newOTP: codeFor(newKey) }], { cookie });
    expect(codeOf(reused)).toBe('E_VALIDATION');
    expect(messageOf(reused)).toMatch(/^Failed to change OTP: the current code is not valid or was used already/);
    expect((await db()('user').where({ id }).first('otpsecret')).otpsecret).toBe(oldKey);

    await nextCodeTime(db(), id);
    const wrongNew = await call(t, 'OTP.changeOTP', [{ currentOTP: codeFor(oldKey), newOTP: wrongCodeOf(codeFor(newKey)) }], { cookie });
    expect(messageOf(wrongNew)).toBe('Failed to change OTP: the code of the new key is not valid');

    await nextCodeTime(db(), id);
    const switched = await call(t, 'OTP.changeOTP', [{ currentOTP: codeFor(oldKey), newOTP: codeFor(newKey) }], { cookie });
    expect(switched.values).toEqual([{ type: 'text', text: 'OK' }]);
    expect((await db()('user').where({ id }).first('otpsecret')).otpsecret).toBe(newKey);

    await call(t, 'User.logout', [], { cookie });
    await nextCodeTime(db(), id);
    expect(codeOf(await login(t, { userid: 'new-phone', password: PASSWORD, otp: codeFor(oldKey) }))).toBe('E_SHOWOTPPROMPT2');
    expect(codeOf(await login(t, { userid: 'new-phone', password: PASSWORD, otp: codeFor(newKey) }))).toBe('ok');
  });

  it('OTP.changeOTP checks its arguments with the seed wording', async () => {
    const { id, key } = await enrolledUser('careless');
    await nextCodeTime(db(), id);
    const cookie = (await login(t, { userid: 'careless', password: PASSWORD, otp: codeFor(key) })).cookie;
    const messages = async (arg: Record<string, string>) => messageOf(await call(t, 'OTP.changeOTP', [arg], { cookie }));
    expect(await messages({})).toBe('Failed to change OTP: OTP cannot be empty');
    expect(await messages({ currentOTP: '12345' })).toBe('Failed to change OTP: OTP must be 6-digits');
    expect(await messages({ currentOTP: '123456', newOTP: '654321' })).toBe('Failed to change OTP: ask for a new key first (send currentOTP alone)');
    expect(codeOf(await call(t, 'OTP.changeOTP', [{ currentOTP: '123456' }]))).toBe('E_ILLEGALACCESS');
  });

  it('lets a user enrol of their own accord through OTP.changeOTP under the optional policy', async () => {
    const id = await insertUser(db(), { userid: 'keen', password: PASSWORD });
    const cookie = (await login(t, { userid: 'keen', password: PASSWORD })).cookie;
    const { otpKey } = jsonOf<Enrolment>(await call(t, 'OTP.changeOTP', [{}], { cookie }));
    expect((await call(t, 'OTP.changeOTP', [{ newOTP: codeFor(otpKey) }], { cookie })).values).toEqual([{ type: 'text', text: 'OK' }]);
    await call(t, 'User.logout', [], { cookie });
    // Enrolled, so the code is asked even though the policy does not require it.
    expect(codeOf(await login(t, { userid: 'keen', password: PASSWORD }))).toBe('E_SHOWOTPPROMPT');
    await nextCodeTime(db(), id);
    expect(codeOf(await login(t, { userid: 'keen', password: PASSWORD, otp: codeFor(otpKey) }))).toBe('ok');
  });

  it('User.resetMFA clears the enrolment and queues the MFA-reset mail; the next sign-in enrols afresh', async () => {
    const { id, key } = await enrolledUser('lost-phone');
    expect(codeOf(await call(t, 'User.resetMFA', [{ userid: 'lost-phone' }], { cookie: await t.sessionFor('iru') }))).toBe('E_NOPERMISSION');
    expect((await call(t, 'User.resetMFA', [{ userid: 'lost-phone' }], { cookie: admin })).values).toEqual([{ type: 'text', text: 'OK' }]);
    expect((await db()('user').where({ id }).first('otpsecret')).otpsecret).toBeNull();
    const mail = await db()('email_outbox').where({ recipient: 'lost-phone@test.example' }).first('type', 'subject', 'body_text');
    expect(mail).toMatchObject({ type: 1101157 });
    expect(mail.body_text).toContain('Test lost-phone');
    const fresh = enrolmentOf(await login(t, { userid: 'lost-phone', password: PASSWORD }));
    expect(fresh.otpKey).not.toBe(key);
    expect(codeOf(await call(t, 'User.resetMFA', [{ userid: 'no-such-user' }], { cookie: admin }))).toBe('E_NOTFOUND');
  });
});
