// Holding a claimed outbox row. A claim is named by its row and its attempt count: every claim
// adds one attempt and nothing takes one away, so once a lease ran out and another worker
// claimed the row, every later write of the old holder (a renewal, its outcome) finds nothing
// to change. The count serves as the claim token the job table has a column for.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { OUTBOX, type OutboxState } from './outbox.js';

export interface MailClaim {
  id: number;
  /** Attempts including this claim's. */
  attempts: number;
}

/** The row, if this claim still holds it. */
export const stillClaimed = (claim: MailClaim) => ({ id: claim.id, attempts: claim.attempts, state: 'sending' satisfies OutboxState });

/** Extends the leases of `claims` to `leaseUntil`; answers the ids still held (the rest were taken over). */
export async function renewLeases(db: Knex, claims: readonly MailClaim[], leaseUntil: Date): Promise<Set<number>> {
  if (!claims.length) return new Set();
  return db.transaction(async (trx) => {
    const held = new Set<number>();
    for (const claim of claims) {
      const changed = await trx(OUTBOX).where(stillClaimed(claim)).update({ lease_until: sqlDateTime(leaseUntil) });
      if (changed === 1) held.add(claim.id);
    }
    if (held.size) await bumpVersions(trx, [OUTBOX]);
    return held;
  });
}
