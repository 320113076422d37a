// What a delivery attempt leaves in the outbox: 'sent' with its time, or the error and the
// next attempt (exponential backoff), or 'failed' once the attempts are used up. Failed rows
// are kept for an admin to read; nothing is ever deleted here.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { OUTBOX, type OutboxState } from './outbox.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 1 min × 2^(attempts−1), at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR, MINUTE * 2 ** Math.max(0, attempts - 1));
}

/** Only a row still claimed is updated: if the lease ran out and another worker took it, its outcome stands. */
const stillClaimed = (id: number) => ({ id, state: 'sending' satisfies OutboxState });

export async function recordSent(db: Knex, id: number, now: Date): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(OUTBOX).where(stillClaimed(id)).update({ state: 'sent' satisfies OutboxState, senton: sqlDateTime(now), lease_until: null, last_error: null });
    await bumpVersions(trx, [OUTBOX]);
  });
}

/** Answers the state the row is left in: 'pending' (retry scheduled) or 'failed'. */
export async function recordFailure(db: Knex, mail: { id: number; attempts: number }, error: string, now: Date, maxAttempts: number): Promise<OutboxState> {
  const state: OutboxState = mail.attempts >= maxAttempts ? 'failed' : 'pending';
  await db.transaction(async (trx) => {
    await trx(OUTBOX)
      .where(stillClaimed(mail.id))
      .update({
        state,
        last_error: [...error].slice(0, 1000).join(''),
        lease_until: null,
        ...(state === 'pending' ? { next_attempt_at: sqlDateTime(new Date(now.getTime() + retryDelayMs(mail.attempts))) } : {}),
      });
    await bumpVersions(trx, [OUTBOX]);
  });
  return state;
}
