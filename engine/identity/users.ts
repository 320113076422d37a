// Reads and writes of `user` rows made outside the record engine. Writes keep the record
// engine's invariants: updatectr moves (an admin's stale edit answers E_CONCURRENT rather than
// overwrite), and every write is audited, which also bumps the table's change version.
import type { Knex } from 'knex';
import { sqlDateTime } from '../db/clock.js';
import type { ModuleRegistry, ResolvedModule } from '../metadata/module-registry.js';
import { recordAudit } from '../records/record-history.js';
import { userByUserid } from './userid-match.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The identity layer\'s own reads and writes of user rows (sign-in, password, profile of oneself, administrator\'s user actions behind their permissions), audited like record writes',
);

type Db = Knex | Knex.Transaction;

export const USER_STATE = { pendingEmail: 62, pendingReview: 61, active: 33, inactive: 4, rejected: 23 } as const;

export interface UserRow {
  id: number;
  userid: string;
  name: string;
  email: string;
  password: string | null;
  state: number | null;
  firsttimelogin: boolean;
}

const COLUMNS = ['id', 'userid', 'name', 'email', 'password', 'state', 'firsttimelogin'];

function toUser(row: Record<string, unknown> | undefined): UserRow | undefined {
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userid: String(row.userid),
    name: String(row.name),
    email: String(row.email),
    password: row.password === null ? null : String(row.password),
    state: row.state === null ? null : Number(row.state),
    firsttimelogin: Boolean(Number(row.firsttimelogin ?? 0)),
  };
}

/** By user id as typed (trimmed), compared the way User.login compares it: without case. */
export async function findUserByUserid(db: Db, userid: string): Promise<UserRow | undefined> {
  return toUser(await userByUserid(db, userid.trim()).first(COLUMNS));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return toUser(await db('user').where({ id }).first(COLUMNS));
}

export function userModule(modules: ModuleRegistry): ResolvedModule {
  const module = modules.get('User');
  if (!module) throw new Error('The User module is missing from the metadata');
  return module;
}

/**
 * Writes `values` (column → value) to one user, as `who`, with stamps, counter and audit. With
 * `expect`, only while those columns still hold those values (a compare-and-set); answers
 * whether the row was written.
 */
export async function updateUser(
  db: Db,
  modules: ModuleRegistry,
  userId: number,
  values: Record<string, unknown>,
  who: number | null,
  expect: Record<string, unknown> = {},
): Promise<boolean> {
  // The audit keeps what the columns held (a password hash or OTP key only as "(hidden)").
  const before = await db('user').where({ id: userId }).first(Object.keys(values));
  const written = await db('user')
    .where({ ...expect, id: userId })
    .update({ ...values, updatectr: db.raw('?? + 1', ['updatectr']), updateon: sqlDateTime(), updateby: who });
  if (written !== 1) return false;
  const row = await db('user').where({ id: userId }).first('updatectr');
  await recordAudit(db, userModule(modules), userId, Number(row.updatectr), 'update', Object.keys(values), who, { before, after: values });
  return true;
}
