// What a delivery attempt leaves in the outbox: 'sent' with its time, or the error and the
// next attempt (exponential backoff), or 'failed' once the attempts are used up. Failed rows
// are kept for an admin to read; nothing is ever deleted here. Only the claim that made the
// attempt writes its outcome (lease.ts): one that was taken over changes nothing.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { stillClaimed, type MailClaim } from './lease.js';
import { OUTBOX, type OutboxState } from './outbox.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 1 min × 2^(attempts−1), at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR, MINUTE * 2 ** Math.max(0, attempts - 1));
}

async function writeClaimed(db: Knex, claim: MailClaim, values: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx(OUTBOX).where(stillClaimed(claim)).update(values);
    if (changed) await bumpVersions(trx, [OUTBOX]);
    return changed === 1;
  });
}

/** Answers false when the claim was taken over: the new holder's outcome stands. */
export function recordSent(db: Knex, claim: MailClaim, now: Date): Promise<boolean> {
  return writeClaimed(db, claim, { state: 'sent' satisfies OutboxState, senton: sqlDateTime(now), lease_until: null, last_error: null });
}

/** Answers the state the row is left in, 'pending' (retry scheduled) or 'failed'; null when the claim was taken over. */
export async function recordFailure(db: Knex, claim: MailClaim, error: string, now: Date, maxAttempts: number): Promise<OutboxState | null> {
  const state: OutboxState = claim.attempts >= maxAttempts ? 'failed' : 'pending';
  const written = await writeClaimed(db, claim, {
    state,
    last_error: [...error].slice(0, 1000).join(''),
    lease_until: null,
    ...(state === 'pending' ? { next_attempt_at: sqlDateTime(new Date(now.getTime() + retryDelayMs(claim.attempts))) } : {}),
  });
  return written ? state : null;
}
