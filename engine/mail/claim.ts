// Claiming due outbox rows for one worker, so that two engine processes never send one mail
// at the same time. A claimed row is 'sending' under a lease its worker renews while it holds
// the row (mail-worker.ts); a lease that runs out (the process died) makes the row claimable
// again. Each claim counts as an attempt, which also names the claim (lease.ts), so a mail
// whose sending keeps crashing its process still runs out of attempts.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import type { Dialect } from '../db/connect.js';
import type { MailClaim } from './lease.js';
import { OUTBOX, type OutboxState } from './outbox.js';

export interface ClaimedMail extends MailClaim {
  recipient: string;
  cc: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
}

const COLUMNS = ['id', 'recipient', 'cc', 'subject', 'body_text', 'body_html', 'attempts'];
const SENDING: OutboxState = 'sending';

/** Due: pending and its time has come, or sending under a lease that has run out. */
function due(now: string) {
  return (q: Knex.QueryBuilder) =>
    q
      .where((p) => p.where('state', 'pending' satisfies OutboxState).andWhere('next_attempt_at', '<=', now))
      .orWhere((s) => s.where('state', SENDING).andWhere('lease_until', '<=', now));
}

function claimedUpdate(db: Knex | Knex.Transaction, leaseUntil: string) {
  return { state: SENDING, lease_until: leaseUntil, attempts: db.raw('?? + 1', ['attempts']) };
}

async function readClaimed(db: Knex | Knex.Transaction, ids: number[]): Promise<ClaimedMail[]> {
  if (!ids.length) return [];
  const rows = await db(OUTBOX).whereIn('id', ids).orderBy('id').select(COLUMNS);
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

const DUE_INDEX = 'email_outbox_due_index';

/**
 * Ids of `state` rows whose `column` time has come, at most `limit`, locked unless another
 * worker holds them. Walking the due index in its order (forced: on a small table the planner
 * would rather sort, and a sort locks every due row before the LIMIT applies) locks only the
 * rows returned, so several workers claim side by side.
 */
async function lockDue(trx: Knex.Transaction, state: OutboxState, column: 'next_attempt_at' | 'lease_until', now: string, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows: { id: number }[] = await trx
    .from(trx.raw('?? force index (??)', [OUTBOX, DUE_INDEX]))
    .where('state', state)
    .andWhere(column, '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select('id');
  return rows.map((r) => Number(r.id));
}

/**
 * MySQL/MariaDB: lock due rows no other worker holds (SKIP LOCKED) and mark them claimed, in
 * one short transaction. READ COMMITTED takes no gap locks, so a claim never holds up the
 * inserts of actions queueing mail meanwhile.
 */
async function claimLocked(db: Knex, now: string, leaseUntil: string, limit: number): Promise<ClaimedMail[]> {
  return db.transaction(
    async (trx) => {
      const expired = await lockDue(trx, SENDING, 'lease_until', now, limit);
      const ids = [...expired, ...(await lockDue(trx, 'pending', 'next_attempt_at', now, limit - expired.length))];
      if (!ids.length) return [];
      await trx(OUTBOX).whereIn('id', ids).update(claimedUpdate(trx, leaseUntil));
      await bumpVersions(trx, [OUTBOX]);
      return readClaimed(trx, ids);
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * SQLite: writers are serialised by the database, so a conditional UPDATE that still finds
 * the row due is the claim; a row another worker took first updates nothing. When others
 * took every candidate, look again: those rows are no longer due, so this ends.
 */
async function claimConditional(db: Knex, now: string, leaseUntil: string, limit: number): Promise<ClaimedMail[]> {
  // Bounded all the same: a pass that finds nothing here simply ends; the next poll looks again.
  for (let round = 0; round < 20; round++) {
    const candidates: { id: number }[] = await db(OUTBOX).where(due(now)).orderBy('next_attempt_at').orderBy('id').limit(limit).select('id');
    if (!candidates.length) return [];
    const claimed = await db.transaction(async (trx) => {
      const ids: number[] = [];
      for (const { id } of candidates) {
        const changed = await trx(OUTBOX).where('id', id).andWhere(due(now)).update(claimedUpdate(trx, leaseUntil));
        if (changed === 1) ids.push(Number(id));
      }
      if (ids.length) await bumpVersions(trx, [OUTBOX]);
      return readClaimed(trx, ids);
    });
    if (claimed.length) return claimed;
  }
  return [];
}

export function claimDue(db: Knex, dialect: Dialect, opts: { now: Date; leaseMs: number; limit: number }): Promise<ClaimedMail[]> {
  const now = sqlDateTime(opts.now);
  const leaseUntil = sqlDateTime(new Date(opts.now.getTime() + opts.leaseMs));
  return dialect === 'mysql' ? claimLocked(db, now, leaseUntil, opts.limit) : claimConditional(db, now, leaseUntil, opts.limit);
}
