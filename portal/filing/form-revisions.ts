// A form's revisions (table formrevision): one row per save of its cells or move of its state,
// numbered by the form's update counter after that write, with the cells it changed as
// {"01!C7": [before, after]}. The history, the diff of any two revisions and the cells named by
// a stale counter's E_CONCURRENT all read from here.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Shows who saved each revision of a form the caller has already reached through its rules',
);

type Db = Knex | Knex.Transaction;

export type CellChanges = Record<string, [string | null, string | null]>;

export interface Revision {
  revision: number;
  state: number;
  createby: number | null;
  createby_name: string | null;
  createon: string;
  changes: CellChanges;
}

/** `revision` is the form's update counter after the write. */
export async function writeRevision(db: Db, form: number, revision: number, state: number, who: number | null, changes: CellChanges): Promise<void> {
  await db('formrevision').insert({ form, revision, state, createby: who, createon: sqlDateTime(), changes: JSON.stringify(changes) });
}

function parseChanges(v: unknown): CellChanges {
  if (v === null || v === undefined || v === '') return {};
  return (typeof v === 'string' ? JSON.parse(v) : v) as CellChanges;
}

/** Every revision of a form, oldest first. */
export async function formRevisions(db: Db, form: number): Promise<Revision[]> {
  const rows = await db({ r: 'formrevision' })
    .leftJoin({ u: 'user' }, 'u.id', 'r.createby')
    .where('r.form', form)
    .orderBy('r.revision')
    .select('r.revision', 'r.state', 'r.createby', 'u.name as createby_name', 'r.createon', 'r.changes');
  return rows.map((r: Record<string, unknown>) => ({
    revision: Number(r.revision),
    state: Number(r.state),
    createby: r.createby === null ? null : Number(r.createby),
    createby_name: (r.createby_name as string | null) ?? null,
    createon: r.createon instanceof Date ? sqlDateTime(r.createon) : String(r.createon),
    changes: parseChanges(r.changes),
  }));
}

/** The cells (`tab!address`) changed by revisions after `since`, in order of first change. */
export async function cellsChangedSince(db: Db, form: number, since: number): Promise<string[]> {
  const rows = await db('formrevision').where('form', form).andWhere('revision', '>', since).orderBy('revision').select('changes');
  const out = new Set<string>();
  for (const r of rows) for (const k of Object.keys(parseChanges(r.changes))) out.add(k);
  return [...out];
}

/**
 * The value of every cell touched up to and including revision `at` (0: the empty form), by
 * replaying the changes in order.
 */
export function valuesAt(revisions: readonly Revision[], at: number): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const r of revisions) {
    if (r.revision > at) break;
    for (const [k, [, after]] of Object.entries(r.changes)) out.set(k, after);
  }
  return out;
}
