// A submission reopened by an approved resubmission (seed 003 §3 "Form batch additions"): it
// carries submit type 1100526, keeps the due date it had before its first resubmission in
// `duedateorg`, and is due again on the resubmission's date (docs/resubmission-extension.md).
// Lateness (PEOI, portal/peoi/late-batches.ts) is then judged against that date only.
import type { Knex } from 'knex';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import { recordAudit } from '../../engine/records/record-history.js';
import { SUBMIT_TYPE_RESUBMISSION } from './resubmission-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Marks the submissions an approved resubmission reopened, run as the system for every entity within the timed reopening');

type Db = Knex | Knex.Transaction;

function dayOf(v: unknown): string | null {
  if (v instanceof Date) return sqlDate(v);
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null;
}

/**
 * The day a reopened submission is due again: the resubmission's approved (effective) date, or
 * the day its forms actually reopened when the reopening ran later, so that the entity is never
 * due before it could amend.
 */
export function resubmissionDueDate(apprextdate: unknown, reopenedOn = sqlDate()): string {
  const effective = dayOf(apprextdate);
  return effective && effective > reopenedOn ? effective : reopenedOn;
}

/** Marks `batchId` a resubmission due on `due`, keeping its first due date; one audited version. */
export async function markResubmissionBatch(db: Db, module: ResolvedModule, batchId: number, due: string, who: number | null): Promise<void> {
  const batch = await db('formbatch').where({ id: batchId }).forUpdate().first('id', 'duedate', 'duedateorg', 'submittype', 'updatectr');
  if (!batch) return;
  const version = Number(batch.updatectr) + 1;
  const before = { duedate: dayOf(batch.duedate), duedateorg: dayOf(batch.duedateorg), submittype: batch.submittype === null ? null : Number(batch.submittype) };
  const after = { duedate: due, duedateorg: before.duedateorg ?? before.duedate, submittype: SUBMIT_TYPE_RESUBMISSION };
  await db('formbatch').where({ id: batchId }).update({ ...after, updatectr: version, updateon: sqlDateTime(), updateby: who });
  await recordAudit(db, module, batchId, version, 'update', ['duedate', 'duedateorg', 'submittype'], who, { before, after });
}
