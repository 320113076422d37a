// Claiming one due job for one worker, so that two engine processes never run a job at the same
// time (the mail outbox's pattern, engine/mail/claim.ts). A claimed job is running under a lease
// and a fresh claim token; a lease that runs out (its process died) makes it claimable again,
// and the new claim's token makes every later write of the old one change nothing. Each claim
// counts as an attempt, so a job that keeps killing its process still runs out of attempts.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import type { Dialect } from '../db/connect.js';
import { JOB_STATE, JOB_TABLE, jobFromRow, type JobRow } from './job-table.js';

export interface ClaimedJob extends JobRow {
  /** The claim every write of this run names (job-outcome.ts). */
  claimToken: string;
}

const DUE_INDEX = 'job_due_index';

/** Due: queued and its time has come, or running under a lease that has run out. */
function due(now: string) {
  return (q: Knex.QueryBuilder) =>
    q
      .where((w) => w.where('state', JOB_STATE.queued).andWhere('available_at', '<=', now))
      .orWhere((r) => r.where('state', JOB_STATE.running).andWhere('lease_until', '<=', now));
}

function claimedUpdate(db: Knex | Knex.Transaction, token: string, worker: string, now: string, leaseUntil: string) {
  return {
    state: JOB_STATE.running,
    claim_token: token,
    claimed_by: worker,
    lease_until: leaseUntil,
    startedon: now,
    progress: 0,
    processed: 0,
    attempts: db.raw('?? + 1', ['attempts']),
  };
}

/**
 * The id of one row in `state` whose `column` time has come, locked unless another worker holds
 * it. Walking the due index in its order (forced, as for the outbox: a sort would lock every due
 * row before the LIMIT applies) locks only the row returned.
 */
async function lockDue(trx: Knex.Transaction, state: number, column: 'available_at' | 'lease_until', now: string): Promise<number | null> {
  const rows: { id: number }[] = await trx
    .from(trx.raw('?? force index (??)', [JOB_TABLE, DUE_INDEX]))
    .where('state', state)
    .andWhere(column, '<=', now)
    .orderBy('available_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .select('id');
  return rows.length ? Number(rows[0].id) : null;
}

/** MySQL/MariaDB: lock a due row no other worker holds (SKIP LOCKED) and mark it claimed. */
async function claimLocked(db: Knex, token: string, worker: string, now: string, leaseUntil: string): Promise<ClaimedJob | null> {
  return db.transaction(
    async (trx) => {
      // Abandoned jobs first: they have waited longest.
      const id = (await lockDue(trx, JOB_STATE.running, 'lease_until', now)) ?? (await lockDue(trx, JOB_STATE.queued, 'available_at', now));
      if (id === null) return null;
      await trx(JOB_TABLE).where({ id }).update(claimedUpdate(trx, token, worker, now, leaseUntil));
      await bumpVersions(trx, [JOB_TABLE]);
      return { ...jobFromRow(await trx(JOB_TABLE).where({ id }).first()), claimToken: token };
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * SQLite: writers are serialised by the database, so an UPDATE that still finds the row due is
 * the claim; a row another worker took first updates nothing, and the next candidate is tried.
 */
async function claimConditional(db: Knex, token: string, worker: string, now: string, leaseUntil: string): Promise<ClaimedJob | null> {
  const candidates: { id: number }[] = await db(JOB_TABLE).where(due(now)).orderBy('available_at').orderBy('id').limit(5).select('id');
  for (const { id } of candidates) {
    const claimed = await db.transaction(async (trx) => {
      const changed = await trx(JOB_TABLE).where({ id }).andWhere(due(now)).update(claimedUpdate(trx, token, worker, now, leaseUntil));
      if (changed !== 1) return null;
      await bumpVersions(trx, [JOB_TABLE]);
      return { ...jobFromRow(await trx(JOB_TABLE).where({ id }).first()), claimToken: token };
    });
    if (claimed) return claimed;
  }
  return null;
}

export function newClaimToken(): string {
  return randomBytes(12).toString('hex');
}

export function claimJob(db: Knex, dialect: Dialect, opts: { now: Date; leaseMs: number; worker: string }): Promise<ClaimedJob | null> {
  const now = sqlDateTime(opts.now);
  const leaseUntil = sqlDateTime(new Date(opts.now.getTime() + opts.leaseMs));
  const token = newClaimToken();
  return dialect === 'mysql' ? claimLocked(db, token, worker(opts), now, leaseUntil) : claimConditional(db, token, worker(opts), now, leaseUntil);
}

const worker = (opts: { worker: string }) => opts.worker.slice(0, 100);
