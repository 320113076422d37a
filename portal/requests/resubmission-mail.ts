// Mail of a resubmission's stages through the outbox (seed 003 §7, types 1101178-1101181), in
// the move's transaction: a move that is undone sends nothing. Staff stages go to the active
// regulator users holding the next stage's permission; the entity's stages to its primary user,
// its approvers (role 27) and whoever initiated the request.
import type { Knex } from 'knex';
import { queueTemplateMail } from '../../engine/mail/outbox.js';
import { distinctAddresses } from '../../engine/mail/staff-recipients.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Addresses the entity users of a resubmission when a stage\'s mail is queued; no row is shown to anyone',
);

type Db = Knex | Knex.Transaction;

const ACTIVE = 33;
const APPROVER_ROLE = 27;
const IRU_LOGIN = 1;

/** The entity's primary user and approvers, and the user who initiated the request. */
export async function entityRecipients(db: Db, re: number, initiator: number | null): Promise<string[]> {
  const rows = await db({ l: 're_user' })
    .join({ u: 'user' }, 'u.id', 'l.link_fk_user')
    .where('l.link_fk_re', re)
    .andWhere((q) => {
      q.where('l.isprimary', true).orWhere('l.role', APPROVER_ROLE);
      if (initiator !== null) q.orWhere('u.id', initiator);
    })
    .andWhere('u.state', ACTIVE)
    .orderBy('u.id')
    .select('u.email as email');
  return distinctAddresses(rows.map((r: { email: unknown }) => r.email));
}

export async function mailAll(db: Db, type: number, to: string[], data: Record<string, string | number>): Promise<void> {
  for (const address of to) await queueTemplateMail(db, type, address, data);
}
