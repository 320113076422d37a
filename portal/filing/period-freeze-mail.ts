// The mail of a period frozen or unfrozen (docs/filing-periods.md "Freezing a period"): one per
// entity concerned, to the users who answer for its submissions as for a late notice (its primary
// user and approvers), naming its submissions the move changed, queued in the move's transaction.
import type { Knex } from 'knex';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { queueTemplateMail } from '../../engine/mail/outbox.js';
import { shownDay } from './batch-freeze.js';
import { recipientsOf } from './late-notice.js';
import type { FreezeScope } from './period-freeze-scope.js';

type Db = Knex | Knex.Transaction;

/** Queues the mails; answers how many. */
export async function mailFreeze(db: Db, scope: FreezeScope, changed: { re: number; re_name: string; batch: string }[], by: string, on: string): Promise<number> {
  const type = scope.action === 'freeze' ? MAIL_TYPES.PERIOD_FROZEN : MAIL_TYPES.PERIOD_UNFROZEN;
  let queued = 0;
  for (const re of [...new Set(changed.map((c) => c.re))]) {
    const mine = changed.filter((c) => c.re === re);
    const data = { entity: mine[0].re_name, period: shownDay(scope.endon), batches: mine.map((c) => `- ${c.batch}`).join('\n'), reason: scope.reason, by, date: shownDay(on) };
    for (const r of await recipientsOf(db, re)) {
      await queueTemplateMail(db, type, r.email, { ...data, name: r.name });
      queued++;
    }
  }
  return queued;
}
