// Which batches a period's PEOI cases are opened for (seed 003 §1, §2.7): batches of that period
// end that were completed after their due date, or not at all while the due date has passed
// (docs/routine-reports-peoi.md). The due date is the batch's current one, an approved
// extension included; days are UTC days, as everywhere in the engine. A resubmission (submit type
// 1100526) is judged against the due date its resubmission gave it only, never the one it had
// before (`duedateorg`): it is late when its forms were all submitted again after that date (the
// latest form's `lastsubmiton`), or are not all in again while that date has passed; its first
// completion no longer counts.
import type { Knex } from 'knex';
import { sqlDate } from '../../engine/db/clock.js';
import { isoDay } from '../filing/late-notice-rule.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { SUBMIT_TYPE_RESUBMISSION } from '../requests/resubmission-states.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Lists a period\'s late batches limited to the caller\'s FormBatch rows, leaving out those that have a case whoever can see it (one case per submission), and reads a resubmitted batch\'s forms\' latest submission');

type Db = Knex | Knex.Transaction;

/** Batch states in which every form is in again: Submitted, Accepted, Completed. */
const SUBMITTED_AGAIN = [56, 45, 71];

interface BatchFacts {
  duedate?: unknown;
  submitteddate?: unknown;
  state?: unknown;
  submittype?: unknown;
  /** A resubmission's: the latest submission of one of its forms (withLastSubmission). */
  lastsubmiton?: unknown;
}

/** Why `batch` is not late on `today`, or null when it is. */
export function notLateReason(batch: BatchFacts, today = sqlDate()): string | null {
  const due = isoDay(batch.duedate);
  if (!due) return 'This submission has no due date.';
  const submitted = isResubmission(batch)
    ? (SUBMITTED_AGAIN.includes(Number(batch.state)) ? isoDay(batch.lastsubmiton) : null)
    : isoDay(batch.submitteddate);
  if (submitted !== null) return submitted > due ? null : 'This submission was completed on time.';
  return today > due ? null : `This submission is not late: it is due on ${due}.`;
}

export function isResubmission(batch: { submittype?: unknown }): boolean {
  return Number(batch.submittype) === SUBMIT_TYPE_RESUBMISSION;
}

/** The batch with what notLateReason needs of a resubmission: its forms' latest submission. */
export async function withLastSubmission<T extends BatchFacts & { id?: unknown }>(db: Db, batch: T): Promise<T> {
  if (!isResubmission(batch)) return batch;
  const row = await db('form').where({ formbatch: Number(batch.id) }).max({ last: 'lastsubmiton' }).first();
  return { ...batch, lastsubmiton: row?.last ?? null };
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
    .select('b.id', 'b.re', 'b.duedate', 'b.submitteddate', 'b.state', 'b.submittype')
    .select(db('form').max('lastsubmiton').where('formbatch', db.ref('b.id')).as('lastsubmiton'));
  if (among) q.whereIn('b.id', among);
  const rows = (await q) as Record<string, unknown>[];
  return rows.filter((b) => notLateReason(b, today) === null).map((b) => ({ id: Number(b.id), re: Number(b.re) }));
}
