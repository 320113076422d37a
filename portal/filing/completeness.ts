// Completeness and timeliness of filings (docs/filing-periods.md): per period end × sector ×
// form code, how many forms were expected, how many are submitted (Submitted 56 or Accepted 45),
// of those how many on time and how many late, and how many are outstanding (overdue once their
// due date has passed); and the entities behind any one of those cells. A form's due date is its
// batch's (an approved extension moves it); it counts as submitted when it first reached
// Submitted (its first such revision), else when it was last submitted (rows from before
// revisions were kept). Amendment Required is outstanding again, timeliness stays the first
// submission's. Only the caller's rows count: forms it reaches, of entities and submissions it
// reaches (FilingRows), so the report never counts or names what the caller's lists hide.
import type { Knex } from 'knex';
import type { FilingRows } from './filing-rows.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Joins the entity name and sector and the batch due date to the Form rows of the caller (rowsOf), limited to the entities and batches the caller reaches',
);

type Db = Knex | Knex.Transaction;

const SUBMITTED_STATES = [56, 45];
const SUBMITTED = 56;

export interface CompletenessFilter {
  /** Period ends from and to (inclusive, `YYYY-MM-DD`). */
  from: string;
  to: string;
  calendar?: number;
  sector?: number;
  code?: string;
  /** Only this period end (the drill-down). */
  endon?: string;
}

export type FilingStatus = 'ontime' | 'late' | 'outstanding' | 'overdue';

export interface FiledForm {
  form: number;
  re: number;
  re_name: string;
  sector: number | null;
  sector_name: string | null;
  code: string;
  name: string;
  endon: string;
  duedate: string | null;
  state: number;
  submittedon: string | null;
  status: FilingStatus;
}

export interface CompletenessRow {
  endon: string;
  sector: number | null;
  sector_name: string | null;
  code: string;
  name: string;
  expected: number;
  submitted: number;
  ontime: number;
  late: number;
  outstanding: number;
  overdue: number;
}

const day = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const stamp = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v).slice(0, 19));

/** The caller's forms in scope, each with its filing status as of `today` (`YYYY-MM-DD`). */
export async function filedForms(db: Db, reach: FilingRows, filter: CompletenessFilter, today: string): Promise<FiledForm[]> {
  // The first submission of each listed form, looked up per form through its revisions' (form,
  // revision) key: a derived table of every form's first submission would cost every revision ever
  // saved (SQLite materialises it whole) however short the period asked for.
  const firstSubmit = db('formrevision as fr').where('fr.form', db.ref('f.id')).where('fr.state', SUBMITTED).min('fr.createon').as('first');
  const q = reach.form
    .from('f', db)
    .join({ r: 're' }, 'r.id', 'f.re')
    .whereIn('f.re', reach.re.ids(db))
    // The form's own batch tested by its key: a list of every batch the caller may see would be
    // built from every batch ever filed, however short the period asked for.
    .where((w) => w.whereNull('f.formbatch').orWhereExists(reach.batch.from('vb', db).where('vb.id', db.ref('f.formbatch')).select(db.raw('1'))))
    .leftJoin({ s: 'sector' }, 's.id', 'r.sector')
    .leftJoin({ b: 'formbatch' }, 'b.id', 'f.formbatch')
    .whereBetween('f.endon', [filter.from, filter.to])
    .orderBy([{ column: 'f.endon', order: 'desc' }, { column: 'r.sector' }, { column: 'f.code' }, { column: 'r.name' }])
    .select('f.id', 'f.re', 'r.name as re_name', 'r.sector', 's.name as sector_name', 'f.code', 'f.name', 'f.endon', 'b.duedate', 'f.state', 'f.lastsubmiton', firstSubmit);
  if (filter.calendar !== undefined) q.where('f.calendar', filter.calendar);
  if (filter.sector !== undefined) q.where('r.sector', filter.sector);
  if (filter.code !== undefined) q.where('f.code', filter.code);
  if (filter.endon !== undefined) q.where('f.endon', filter.endon);
  const rows = await q;
  return rows.map((r: Record<string, unknown>) => {
    const state = Number(r.state);
    const duedate = day(r.duedate);
    const submittedon = stamp(r.first) ?? stamp(r.lastsubmiton);
    let status: FilingStatus;
    if (SUBMITTED_STATES.includes(state)) status = duedate !== null && submittedon !== null && submittedon.slice(0, 10) > duedate ? 'late' : 'ontime';
    else status = duedate !== null && duedate < today ? 'overdue' : 'outstanding';
    return {
      form: Number(r.id),
      re: Number(r.re),
      re_name: String(r.re_name),
      sector: r.sector === null ? null : Number(r.sector),
      sector_name: (r.sector_name as string | null) ?? null,
      code: String(r.code),
      name: String(r.name),
      endon: day(r.endon)!,
      duedate,
      state,
      submittedon: SUBMITTED_STATES.includes(state) ? submittedon : null,
      status,
    };
  });
}

/** The forms summed per period end × sector × code, in the order of filedForms. */
export function completenessOf(forms: FiledForm[]): CompletenessRow[] {
  const rows = new Map<string, CompletenessRow>();
  for (const f of forms) {
    const key = `${f.endon}|${f.sector}|${f.code}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { endon: f.endon, sector: f.sector, sector_name: f.sector_name, code: f.code, name: f.name, expected: 0, submitted: 0, ontime: 0, late: 0, outstanding: 0, overdue: 0 }));
    row.expected += 1;
    if (f.status === 'ontime' || f.status === 'late') row.submitted += 1;
    if (f.status === 'ontime') row.ontime += 1;
    if (f.status === 'late') row.late += 1;
    if (f.status === 'outstanding' || f.status === 'overdue') row.outstanding += 1;
    if (f.status === 'overdue') row.overdue += 1;
  }
  return [...rows.values()];
}
