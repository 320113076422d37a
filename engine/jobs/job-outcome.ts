// What a run leaves in its job row: a renewed lease with progress, done with its file, failed
// with a message, or released back to the queue (the process is stopping). Every write names
// the run's claim: once the lease ran out and another worker took the job, these change nothing
// and answer false, so the old run knows to stop.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { JOB_STATE, JOB_TABLE } from './job-table.js';

const stillClaimed = (id: number, token: string) => ({ id, state: JOB_STATE.running, claim_token: token });

async function writeClaimed(db: Knex, id: number, token: string, values: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx(JOB_TABLE).where(stillClaimed(id, token)).update(values);
    if (changed) await bumpVersions(trx, [JOB_TABLE]);
    return changed === 1;
  });
}

export interface Progress {
  processed: number;
  total: number | null;
}

/** 0–99 while running: 100 is only ever said by a done job. */
export function percentOf(p: Progress): number {
  if (!p.total) return 0;
  return Math.max(0, Math.min(99, Math.floor((p.processed / p.total) * 100)));
}

export function renewLease(db: Knex, id: number, token: string, leaseUntil: Date, progress: Progress): Promise<boolean> {
  return writeClaimed(db, id, token, { lease_until: sqlDateTime(leaseUntil), processed: progress.processed, total: progress.total, progress: percentOf(progress) });
}

export function completeJob(db: Knex, id: number, token: string, outcome: { result: string; file: string | null; processed: number }, now: Date): Promise<boolean> {
  return writeClaimed(db, id, token, {
    state: JOB_STATE.done,
    progress: 100,
    processed: outcome.processed,
    // A job quicker than its first heartbeat never wrote a total; done, it processed them all.
    total: outcome.processed,
    result: outcome.result,
    file: outcome.file,
    lease_until: null,
    finishedon: sqlDateTime(now),
  });
}

export function failJob(db: Knex, id: number, token: string, message: string, now: Date): Promise<boolean> {
  return writeClaimed(db, id, token, { state: JOB_STATE.failed, result: [...message].slice(0, 1000).join(''), lease_until: null, finishedon: sqlDateTime(now) });
}

/** Back to the queue, due at once; a run cut short by a stop is not an attempt that failed. */
export function releaseJob(db: Knex, id: number, token: string, now: Date): Promise<boolean> {
  return writeClaimed(db, id, token, {
    state: JOB_STATE.queued,
    available_at: sqlDateTime(now),
    lease_until: null,
    claim_token: null,
    claimed_by: null,
    progress: 0,
    processed: 0,
    attempts: db.raw('?? - 1', ['attempts']),
  });
}
