// Which batches a period's PEOI cases are opened for (seed 003 §1, §2.7): batches of that period
// end that were completed after their due date, or not at all while the due date has passed
// (docs/routine-reports-peoi.md). The due date is the batch's current one, an approved
// extension included; days are UTC days, as everywhere in the engine.
import type { Knex } from 'knex';
import { sqlDate } from '../../engine/db/clock.js';
import { isoDay } from '../filing/late-notice-rule.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Lists a period\'s late batches limited to the caller\'s FormBatch rows, leaving out those that have a case whoever can see it (one case per submission)');

type Db = Knex | Knex.Transaction;

/** Why `batch` is not late on `today`, or null when it is. */
export function notLateReason(batch: { duedate?: unknown; submitteddate?: unknown; state?: unknown }, today = sqlDate()): string | null {
  const due = isoDay(batch.duedate);
  if (!due) return 'This submission has no due date.';
  const submitted = isoDay(batch.submitteddate);
  if (submitted !== null) return submitted > due ? null : 'This submission was completed on time.';
  return today > due ? null : `This submission is not late: it is due on ${due}.`;
}

/**
 * Late batches of the period ending `endon` that have no case yet, oldest first; `among`, a
 * subquery of batch ids (the caller's rows, scoped-rows.ts), limits them to those.
 */
export async function lateBatchesWithoutCase(db: Db, endon: string, today = sqlDate(), among?: Knex.QueryBuilder): Promise<{ id: number; re: number }[]> {
  const q = db({ b: 'formbatch' })
    .leftJoin({ p: 'peoi' }, 'p.formbatch', 'b.id')
    .where('b.endon', endon)
    .whereNull('p.id')
    .whereNotNull('b.duedate')
    .orderBy('b.id')
    .select('b.id', 'b.re', 'b.duedate', 'b.submitteddate', 'b.state');
  if (among) q.whereIn('b.id', among);
  const rows = (await q) as Record<string, unknown>[];
  return rows.filter((b) => notLateReason(b, today) === null).map((b) => ({ id: Number(b.id), re: Number(b.re) }));
}
