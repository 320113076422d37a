// User ids are compared without case, and the same way on both databases: `re2` and `RE2` are
// one user id for sign-in, registration, recovery and every other look-up by user id. MariaDB's
// column collation (…_ci, made sure of by migration 0017) ignores case already; SQLite's `=`
// does not, so it compares with NOCASE, which migration 0017's unique index serves.
import type { Knex } from 'knex';
import { dialectOf } from '../db/connect.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Looking a user up by user id for sign-in, registration and recovery, before anyone is signed in',
);

type Db = Knex | Knex.Transaction;

/** The condition `column` equals `userid` without case, for any query's where. */
export function useridEquals(db: Db, column: string, userid: string): Knex.Raw {
  return dialectOf(db as Knex) === 'sqlite' ? db.raw('?? = ? collate nocase', [column, userid]) : db.raw('?? = ?', [column, userid]);
}

/** The `user` rows whose user id is `userid` (at most one: the user id is unique without case). */
export function userByUserid(db: Db, userid: string): Knex.QueryBuilder {
  return db('user').where(useridEquals(db, 'userid', userid));
}
