// The per-address limit of User.login through the real endpoint: failed attempts count,
// successful ones do not, so an office behind one NAT address signs in at nine while guessing
// from one address is refused before any password is checked; and the address counted is the
// peer's, unless the peer is a proxy named in TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { hashPassword } from './password-hash.js';
import { RATE_LIMITED } from './sign-in.js';
import { call, codeOf, insertUsersWithHash, login, messageOf, type Answer } from './testing/identity-calls.js';

const PASSWORD = 'Office&Pass1';
/** The default LOGIN_RATE_LIMIT: failures a minute per address. */
const LIMIT = 20;

/** Runs `work` over `items`, `width` at a time, answers in the order of the items. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return out;
}

describe.each(await testDialects())('the per-address limit on failed sign-ins (%s)', (dialect) => {
  let t: TestEngine;
  let passwordHash: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => t?.close());

  it('lets 200 users of one office sign in from one address within a minute, ten of them after mistyping once', async () => {
    const ip = '198.51.100.10';
    const userids = Array.from({ length: 200 }, (_, i) => `office-${i}`);
    await insertUsersWithHash(db(), userids, passwordHash);
    const started = Date.now();
    // Four at a time, as people arrive at their desks; every twentieth mistypes first.
    const answers = await inParallel(userids, 4, async (userid, i) => {
      if (i % 20 === 0) expect(codeOf(await login(t, { userid, password: 'mistyped' }, { ip }))).toBe('E_LOGINFAILED');
      return login(t, { userid, password: PASSWORD }, { ip });
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(answers.map(codeOf)).toEqual(userids.map(() => 'ok'));
    expect(answers.every((a) => a.status === 200 && a.cookie)).toBe(true);
  });

  it('refuses the 21st to 30th wrong password from one address with HTTP 429 E_RATELIMIT, before any password is checked', async () => {
    const ip = '198.51.100.20';
    // One guess at each of 30 accounts: the spraying that the per-account lockout cannot see.
    const userids = Array.from({ length: 30 }, (_, i) => `sprayed-${i}`);
    await insertUsersWithHash(db(), userids, passwordHash);
    const answers: Answer[] = [];
    for (const userid of userids) answers.push(await login(t, { userid, password: 'Summer2024!' }, { ip }));
    expect(answers.map((a) => a.status)).toEqual([...Array(LIMIT).fill(200), ...Array(30 - LIMIT).fill(429)]);
    expect(answers.slice(0, LIMIT).map(codeOf)).toEqual(Array(LIMIT).fill('E_LOGINFAILED'));
    expect(answers.slice(LIMIT).map(codeOf)).toEqual(Array(30 - LIMIT).fill('E_RATELIMIT'));
    expect(messageOf(answers[LIMIT])).toBe(RATE_LIMITED);
    // The refused guesses never reached their accounts: no failure was counted on them.
    const failures = await db()('user').whereIn('userid', userids).orderBy('id').pluck('failedlogins');
    expect(failures.map(Number)).toEqual([...Array(LIMIT).fill(1), ...Array(30 - LIMIT).fill(0)]);
    // The right password is refused too for the rest of the minute; other addresses and other
    // actions of this one are not held back.
    const right = await login(t, { userid: userids[29], password: PASSWORD }, { ip });
    expect([right.status, codeOf(right), right.cookie]).toEqual([429, 'E_RATELIMIT', undefined]);
    expect(codeOf(await login(t, { userid: userids[29], password: PASSWORD }, { ip: '198.51.100.21' }))).toBe('ok');
    expect((await call(t, 'System.catalogue', [], { ip })).status).toBe(200);
  });

  it('counts unknown user ids as failures like wrong passwords', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < LIMIT; i++) expect(codeOf(await login(t, { userid: `nobody-${i}`, password: 'x' }, { ip }))).toBe('E_LOGINFAILED');
    const over = await login(t, { userid: 'iru', password: DEMO_PASSWORD }, { ip });
    expect([over.status, codeOf(over)]).toEqual([429, 'E_RATELIMIT']);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the peer address is counted, whatever the header says', async () => {
    const peer = '198.51.100.40';
    const forwarded = (i: number) => ({ ip: peer, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    for (let i = 0; i < LIMIT; i++) expect((await login(t, { userid: 'nobody', password: 'x' }, forwarded(i))).status).toBe(200);
    expect((await login(t, { userid: 'nobody', password: 'x' }, forwarded(99))).status).toBe(429);
  });
});

describe.each(await testDialects())('the client address behind a trusted proxy (%s)', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect, { LOGIN_RATE_LIMIT: '1', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('counts failures per forwarded client address when the peer is the trusted proxy', async () => {
    const from = (client: string) => ({ ip: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    expect((await login(t, { userid: 'nobody', password: 'x' }, from('203.0.113.7'))).status).toBe(200);
    expect((await login(t, { userid: 'nobody', password: 'x' }, from('203.0.113.8'))).status).toBe(200);
    expect((await login(t, { userid: 'nobody', password: 'x' }, from('203.0.113.7'))).status).toBe(429);
  });

  it('counts a peer that is not the trusted proxy by its own address, whatever X-Forwarded-For it sends', async () => {
    const from = (client: string) => ({ ip: '198.51.100.50', headers: { 'x-forwarded-for': client } });
    expect((await login(t, { userid: 'nobody', password: 'x' }, from('203.0.113.20'))).status).toBe(200);
    expect((await login(t, { userid: 'nobody', password: 'x' }, from('203.0.113.21'))).status).toBe(429);
  });
});
