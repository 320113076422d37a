// The one check of a frozen submission (docs/filing-periods.md "Freezing a period"): a form of a
// frozen batch refuses every write of its cells (Form.saveData, imports, copying the previous
// period) and every update and state move through the record engine (sign-off, review, a
// resubmission reopening it), all with the same sentence. When the batch was frozen with its
// period (FormBatch.freezePeriod) the sentence says since when, by whom and why.
import type { Knex } from 'knex';
import { AppError } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { isoDay } from './late-notice-rule.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Reads whether the batch of a form the caller already reached (or a batch read through its rows) is frozen, and the freeze record that froze it',
);

type Db = Knex | Knex.Transaction;

export interface FreezeFacts {
  /** When the period was frozen (YYYY-MM-DD hh:mm:ss, UTC); null when the batch was frozen on its own. */
  since: string | null;
  by: string | null;
  reason: string | null;
}

export function isTrue(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

/** The last period freeze or unfreeze that touched the batch, with who made it. */
async function lastPeriodMove(db: Db, batchId: number): Promise<{ action: string; createon: unknown; name: unknown; reason: unknown } | undefined> {
  return db({ l: 'periodfreeze_batch' })
    .join({ p: 'periodfreeze' }, 'p.id', 'l.periodfreeze')
    .leftJoin({ u: 'user' }, 'u.id', 'p.createby')
    .where('l.formbatch', batchId)
    .orderBy('p.id', 'desc')
    .first('p.action as action', 'p.createon as createon', 'p.reason as reason', 'u.name as name');
}

/** Null when the batch is not frozen; else since when, by whom and why, as far as they are known. */
export async function freezeOf(db: Db, batchId: number | null): Promise<FreezeFacts | null> {
  if (batchId === null) return null;
  const batch = await db('formbatch').where({ id: batchId }).first('frozen_ind');
  if (!batch || !isTrue(batch.frozen_ind)) return null;
  const last = await lastPeriodMove(db, batchId);
  // Frozen on its own (the submission list's Freeze) after, or without, any period freeze.
  if (!last || last.action !== 'freeze') return { since: null, by: null, reason: null };
  const since = last.createon instanceof Date ? sqlDateTime(last.createon) : String(last.createon ?? '').replace('T', ' ').slice(0, 19) || null;
  return { since, by: last.name === null || last.name === undefined ? null : String(last.name), reason: String(last.reason ?? '') };
}

/** DD/MM/YYYY of a stored day or moment. */
export function shownDay(v: unknown): string {
  const day = isoDay(v);
  return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
}

/** The sentence a frozen form answers every write with. */
export function frozenSentence(facts: FreezeFacts): string {
  if (!facts.since) return 'This submission is frozen: its forms cannot be changed until the regulator unfreezes it.';
  // The reason as typed, without a full stop of its own before the sentence's.
  const reason = (facts.reason ?? '').trim().replace(/[.!?]+$/, '');
  return `This period is frozen since ${shownDay(facts.since)} by ${facts.by ?? 'the regulator'}: ${reason}. Its forms cannot be changed until the regulator unfreezes it.`;
}

/** Refuses (E_STATETRANSITION, the sentence) any write of a form of a frozen batch. */
export async function assertNotFrozen(db: Db, batchId: number | null): Promise<void> {
  const facts = await freezeOf(db, batchId);
  if (facts) throw new AppError('E_STATETRANSITION', frozenSentence(facts));
}
