// Restricted sessions: an expired password or an RE user's first sign-in opens a session that
// reaches only its allow-list, until the condition is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { sqlDateTime } from '../db/clock.js';
import { hashToken } from './session-store.js';
import { call, codeOf, insertUser, jsonOf, login, messageOf } from './testing/identity-calls.js';

const PASSWORD = 'Tr1cky&Secret';
const NEW_PASSWORD = 'N3w&Better!';
const daysAgo = (days: number) => sqlDateTime(new Date(Date.now() - days * 86_400_000));
const SECTORS = [{ module: 'Sector', fields: ['id'], max: 1 }];
const QUESTIONS = { questions: [1, 2, 3].map((i) => ({ question: `Question ${i}?`, answer: `Answer ${i}` })) };

describe.each(await testDialects())('restricted sessions (%s)', (dialect) => {
  let t: TestEngine;
  const db = () => t.database.db;
  const sessionData = async (cookie: string) => (await db()('session').where({ id: hashToken(cookie.split('=')[1]) }).first('data')).data;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t?.close());

  it('signs a user whose password expired in with E_PASSWORDEXPIRED, the user record, and a session', async () => {
    await insertUser(db(), { userid: 'stale', password: PASSWORD, pwchangedon: daysAgo(91) });
    const a = await login(t, { userid: 'stale', password: PASSWORD });
    expect(a.values[0]).toEqual({ type: 'exception', code: 'E_PASSWORDEXPIRED', message: 'Your password has expired, please change it' });
    expect(jsonOf(a, 1)).toMatchObject({ userid: 'stale', pwexpiry: { expired: true, message: 'Your password has expired, please change it' } });
    expect(a.cookie).toBeDefined();
    expect(JSON.parse(await sessionData(a.cookie!))).toEqual({ restricted: ['expired'] });
  });

  it('lets the expired session call only its allow-list, until the password is changed', async () => {
    await insertUser(db(), { userid: 'stale2', password: PASSWORD, pwchangedon: daysAgo(400) });
    const { cookie } = await login(t, { userid: 'stale2', password: PASSWORD });
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('E_PASSWORDEXPIRED');
    expect(codeOf(await call(t, 'System.catalogue', [], { cookie }))).toBe('E_PASSWORDEXPIRED');
    expect(jsonOf(await call(t, 'User.current', [], { cookie }))).toMatchObject({ pwexpiry: { expired: true } });
    expect(codeOf(await call(t, 'PublicMessage.get', [], { cookie }))).toBe('ok');
    expect((await call(t, 'User.changePassword', [{ oldPass: PASSWORD, newPass: NEW_PASSWORD }], { cookie })).values).toEqual([{ type: 'text', text: 'Successfully changed password!' }]);
    // The user row now says the password is fresh: the same session is no longer restricted.
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('ok');
    expect(jsonOf(await call(t, 'User.current', [], { cookie }))).toMatchObject({ pwexpiry: { expired: false } });
    expect(await sessionData(cookie!)).toBeNull();
  });

  it('counts expiry from the Parameters row PASSWORD_EXPIRY_DAYS, where 0 means never', async () => {
    await insertUser(db(), { userid: 'ancient', password: PASSWORD, pwchangedon: daysAgo(3000) });
    await insertUser(db(), { userid: 'recent', password: PASSWORD, pwchangedon: daysAgo(20) });
    const setDays = (v: string) => db()('parameters').where({ code: 'PASSWORD_EXPIRY_DAYS' }).update({ value0: v });
    try {
      await setDays('0');
      expect(codeOf(await login(t, { userid: 'ancient', password: PASSWORD }))).toBe('ok');
      await setDays('14');
      expect(codeOf(await login(t, { userid: 'recent', password: PASSWORD }))).toBe('E_PASSWORDEXPIRED');
    } finally {
      await setDays('90');
    }
  });

  it('signs a first-time RE user in with firstTimeLogin true, to a session that must set security questions first', async () => {
    await insertUser(db(), { userid: 'newcomer', password: PASSWORD, logintype: 2, roles: [1], entities: [[2, 27, false]], firsttimelogin: true });
    const a = await login(t, { userid: 'newcomer', password: PASSWORD });
    expect(codeOf(a)).toBe('ok');
    expect(jsonOf(a)).toMatchObject({ firstTimeLogin: true, currentRE: 2 });
    const cookie = a.cookie;
    const refused = await call(t, 'Record.select', SECTORS, { cookie, re: 2 });
    expect(refused.values).toEqual([{ type: 'exception', code: 'E_NOPERMISSION', message: 'Please fill in your security questions before proceeding' }]);
    expect(codeOf(await call(t, 'User.setRE', [{ re: 2 }], { cookie, re: 2 }))).toBe('E_NOPERMISSION');
    expect((await call(t, 'User.isFirstTimeLogin', [], { cookie })).values).toEqual([{ type: 'text', text: 'true' }]);
    expect(codeOf(await call(t, 'User.setSecurityQuestions', [QUESTIONS], { cookie, re: 2 }))).toBe('ok');
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie, re: 2 }))).toBe('ok');
    expect(jsonOf(await call(t, 'User.current', [], { cookie }))).toMatchObject({ firstTimeLogin: false });
  });

  it('does not restrict staff for the first-time flag, which concerns RE users', async () => {
    await insertUser(db(), { userid: 'staff-first', password: PASSWORD, logintype: 1, firsttimelogin: true });
    const { cookie } = await login(t, { userid: 'staff-first', password: PASSWORD });
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('ok');
  });

  it('asks an expired first-time user to change the password first, then to set the questions', async () => {
    await insertUser(db(), { userid: 'both', password: PASSWORD, logintype: 2, roles: [1], entities: [[2, 26, false]], firsttimelogin: true, pwchangedon: daysAgo(100) });
    const a = await login(t, { userid: 'both', password: PASSWORD });
    expect(codeOf(a)).toBe('E_PASSWORDEXPIRED');
    const cookie = a.cookie;
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('E_PASSWORDEXPIRED');
    await db()('user').where({ userid: 'both' }).update({ pwchangedon: sqlDateTime() });
    expect(messageOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('Please fill in your security questions before proceeding');
    await db()('user').where({ userid: 'both' }).update({ firsttimelogin: false });
    expect(codeOf(await call(t, 'Record.select', SECTORS, { cookie }))).toBe('ok');
  });

  it('holds a restricted session back from file downloads too, which do not pass the dispatcher', async () => {
    await insertUser(db(), { userid: 'stale-files', password: PASSWORD, pwchangedon: daysAgo(91) });
    const { cookie } = await login(t, { userid: 'stale-files', password: PASSWORD });
    const download = (c: string) => t.engine.app.inject({ method: 'GET', url: '/file/RE_Reference/999999', headers: { cookie: c } });
    const refused = await download(cookie!);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Your password has expired, please change it');
    // Unrestricted, the same request reaches the lookup: no such attachment.
    expect((await download(await t.sessionFor('admin'))).statusCode).toBe(404);
  });

  it('lets a restricted session sign out', async () => {
    await insertUser(db(), { userid: 'stale3', password: PASSWORD, pwchangedon: daysAgo(91) });
    const { cookie } = await login(t, { userid: 'stale3', password: PASSWORD });
    expect((await call(t, 'User.logout', [], { cookie })).values).toEqual([{ type: 'text', text: 'OK' }]);
    expect(codeOf(await call(t, 'User.current', [], { cookie }))).toBe('E_ILLEGALACCESS');
  });
});
