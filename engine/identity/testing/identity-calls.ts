// Protocol-level helpers for the identity tests: sign in through the real /process endpoint
// (cookies, client address, Bearer header), read answers, and add users with known passwords.
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { bumpVersions } from '../../db/change-versions.js';
import { sqlDateTime } from '../../db/clock.js';
import { decodeXml, type EnvelopeValue } from '../../protocol/envelope.js';
import { SESSION_COOKIE } from '../session-store.js';
import type { TestEngine } from '../../testing/test-engine.js';
import type { Engine } from '../../server/app.js';

export interface CallOptions {
  cookie?: string;
  bearer?: string;
  /** The client address the engine sees (inject's remoteAddress). */
  ip?: string;
  /** The `re` the client believes current. */
  re?: number;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  values: EnvelopeValue[];
  /** `portal_sid=<token>` when the answer set the session cookie. */
  cookie?: string;
  /** True when the answer cleared the session cookie. */
  cleared: boolean;
}

export async function callEngine(engine: Engine, action: string, args: unknown[], o: CallOptions = {}): Promise<Answer> {
  const res = await engine.app.inject({
    method: 'POST',
    url: '/process',
    remoteAddress: o.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : {}),
      ...o.headers,
    },
    payload: JSON.stringify({ action, args, ...(o.re !== undefined ? { re: o.re } : {}) }),
  });
  const raw = res.headers['set-cookie'];
  const setCookies = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const set = setCookies.map((c) => c.split(';')[0]).find((c) => c !== `${SESSION_COOKIE}=`);
  return { status: res.statusCode, values: decodeXml(res.body), cookie: set, cleared: setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`)) };
}

export function call(t: TestEngine, action: string, args: unknown[], o: CallOptions = {}): Promise<Answer> {
  return callEngine(t.engine, action, args, o);
}

export function login(t: TestEngine, args: Record<string, unknown>, o: CallOptions = {}): Promise<Answer> {
  return call(t, 'User.login', [args], o);
}

/** The code of an answer: the exception's, or 'ok'. */
export function codeOf(a: Answer | EnvelopeValue[]): string {
  const first = Array.isArray(a) ? a[0] : a.values[0];
  return first?.type === 'exception' ? first.code : 'ok';
}

export function messageOf(a: Answer): string {
  const first = a.values[0];
  if (first?.type !== 'exception') throw new Error(`expected an exception, got ${JSON.stringify(a.values).slice(0, 300)}`);
  return first.message;
}

/** The JSON of the first text value (e.g. the user record), failing the test when there is none. */
export function jsonOf<T = Record<string, unknown>>(a: Answer, index = 0): T {
  const v = a.values[index];
  expect(v?.type, JSON.stringify(a.values).slice(0, 300)).toBe('text');
  return JSON.parse(v.type === 'text' ? v.text : '') as T;
}

export interface NewUser {
  userid: string;
  password: string;
  logintype?: number;
  state?: number;
  mfa?: number;
  roles?: number[];
  /** [entity, entity-level role, primary]. */
  entities?: [number, number, boolean][];
  pwchangedon?: string | null;
  firsttimelogin?: boolean;
}

/** A user written straight into the tables (as an admin screen would), with a real argon2 hash. */
export async function insertUser(db: Knex, u: NewUser): Promise<number> {
  const now = sqlDateTime();
  const [id] = await db('user').insert({
    userid: u.userid,
    name: `Test ${u.userid}`,
    email: `${u.userid}@test.example`,
    password: await hash(u.password),
    logintype: u.logintype ?? 1,
    state: u.state ?? 33,
    mfa: u.mfa ?? 0,
    pwchangedon: u.pwchangedon === undefined ? now : u.pwchangedon,
    failedlogins: 0,
    firsttimelogin: u.firsttimelogin ?? false,
    emailverified: true,
    createon: now,
  });
  const userId = Number(id);
  for (const role of u.roles ?? [2]) await db('user_role').insert({ link_fk_user: userId, link_fk_role: role });
  for (const [re, role, isprimary] of u.entities ?? []) await db('re_user').insert({ link_fk_re: re, link_fk_user: userId, role, isprimary });
  await bumpVersions(db, ['user', 'user_role', 're_user']);
  return userId;
}

/**
 * Many active users (login type 1, no roles) sharing one ready-made password hash: hashing is
 * the slow part of a sign-in, and a test that needs hundreds of users should not pay it per user.
 */
export async function insertUsersWithHash(db: Knex, userids: string[], passwordHash: string): Promise<void> {
  const now = sqlDateTime();
  const rows = userids.map((userid) => ({
    userid,
    name: `Test ${userid}`,
    email: `${userid}@test.example`,
    password: passwordHash,
    logintype: 1,
    state: 33,
    mfa: 0,
    pwchangedon: now,
    failedlogins: 0,
    firsttimelogin: false,
    emailverified: true,
    createon: now,
  }));
  await db.batchInsert('user', rows, 50);
  await bumpVersions(db, ['user']);
}
