// The attempt limit of password recovery: wrong answers per user name per hour, counted in the
// database so it holds across engine processes. Names that do not exist are counted the same
// way, so hitting the limit does not tell who exists.
import type { Knex } from 'knex';
import { addMinutes, sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';

type Db = Knex | Knex.Transaction;

export const MAX_FAILED_RECOVERIES = 5;
export const RECOVERY_WINDOW_MINUTES = 60;

const key = (name: string) => name.trim().toLowerCase().slice(0, 100);

export async function failedRecoveries(db: Db, name: string, now = new Date()): Promise<number> {
  const row = await db('recovery_attempt')
    .where({ name: key(name), succeeded: false })
    .andWhere('createon', '>', sqlDateTime(addMinutes(now, -RECOVERY_WINDOW_MINUTES)))
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export async function recordRecovery(db: Db, name: string, succeeded: boolean): Promise<void> {
  await db('recovery_attempt').insert({ name: key(name), succeeded, createon: sqlDateTime() });
  await bumpVersions(db, ['recovery_attempt']);
}
