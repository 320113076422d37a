// Account lockout: MAX_FAILED_LOGINS consecutive failures (wrong password or wrong one-time
// code) lock the account for LOCKOUT_MINUTES. The count lives in the user row, so it holds
// across engine processes; each step is one UPDATE, so concurrent attempts all count.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { addMinutes, sqlDateTime } from '../db/clock.js';
import { AppError } from '../errors/catalogue.js';
import type { IdentityPolicy } from './policy.js';
import { clockTime, parseSqlDateTime } from './times.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Counting failed sign-ins and locking an account happens before anyone is signed in, on the account being signed in to',
);

type Db = Knex | Knex.Transaction;

/** When the account's lock ends, or null when it is not locked now. */
export function lockedUntil(user: { lockeduntil: unknown }, now: Date): Date | null {
  const until = parseSqlDateTime(user.lockeduntil);
  return until && until > now ? until : null;
}

export function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(
    'E_LOCKED',
    `Too many failed sign-in attempts: the account is locked. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${clockTime(until)}).`,
  );
}

/** No user row has it: ids start at 1. */
const NO_USER = 0;

/**
 * Counts one failure; answers the end of the lock when this failure locked the account. Locking
 * starts the count afresh, so after the lock the user again has the full number of attempts.
 * For an unknown user id (null) the same statements run against no row, so that its answer
 * costs the database, and takes, what a known user's does.
 */
export async function recordFailure(db: Db, userId: number | null, policy: IdentityPolicy, now: Date): Promise<Date | null> {
  const id = userId ?? NO_USER;
  await db('user')
    .where({ id })
    .update({ failedlogins: db.raw('coalesce(??, 0) + 1', ['failedlogins']) });
  await bumpVersions(db, ['user']);
  if (policy.maxFailedLogins <= 0) return null;
  const row = await db('user').where({ id }).first('failedlogins');
  if (Number(row?.failedlogins ?? 0) < policy.maxFailedLogins) return null;
  const until = addMinutes(now, policy.lockoutMinutes);
  await db('user').where({ id }).update({ failedlogins: 0, lockeduntil: sqlDateTime(until) });
  return until;
}

/** A successful sign-in ends the run of failures (written only when there is one to clear). */
export async function clearFailures(db: Db, user: { id: number; failedlogins: unknown; lockeduntil: unknown }): Promise<void> {
  if (Number(user.failedlogins ?? 0) === 0 && user.lockeduntil === null) return;
  await db('user').where({ id: user.id }).update({ failedlogins: 0, lockeduntil: null });
  await bumpVersions(db, ['user']);
}
