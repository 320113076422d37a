// The values of a form as it was last accepted, and the feed of acceptances (docs/integrators.md
// "Accepted data"). Accepting a form (afterFormStateChange, in the accepting transaction) keeps
// its filled cells, inputs as stored and formulas computed over them, in `acceptedcell`, replacing
// an earlier acceptance's, and adds one entry to `acceptancefeed` numbered in commit order: the
// transaction raises `acceptancecounter` last and holds that row until it commits, so a reader
// never sees a number while a smaller one is still to come.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { eachCell } from './form-values.js';
import { computeForm, type ComputedForm } from './computed-form.js';
import type { ExtractDatabases } from './extract-tables.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Keeping an accepted form\'s values and its feed entry runs inside the accept, after the form was reached and moved through the record engine',
);

type Db = Knex | Knex.Transaction;

const COUNTER = 'acceptance';
/** Rows per insert: 5 bindings each, far below SQLite's limit. */
const CHUNK = 500;

export interface AcceptedCell {
  form: number;
  ord: number;
  code: string;
  rownum: number | null;
  value: string;
}

/**
 * The filled cells of a form as they stand, in template order: what an acceptance keeps. Cells of
 * add-new-rows tabs carry their data row from 1; an empty cell is left out.
 */
export async function formCellsNow(dbs: ExtractDatabases, formId: number, licenseKey?: string, computed?: ComputedForm | null): Promise<AcceptedCell[]> {
  const now = computed === undefined ? await computeForm(dbs, formId, licenseKey) : computed;
  if (!now) return [];
  // cellValueRows answers eachCell's cells in eachCell's order.
  const at = eachCell(now.filed, now.content.rows);
  const out: AcceptedCell[] = [];
  now.values.forEach((v, i) => {
    if (v.value === null || v.value === '') return;
    out.push({ form: formId, ord: i + 1, code: v.code, rownum: at[i].cell.repeats ? at[i].row + 1 : null, value: v.value });
  });
  return out;
}

/** Raises the feed's counter and answers the new number; the row stays locked until the transaction ends. */
async function nextSeq(db: Db): Promise<number> {
  await db('acceptancecounter').where({ name: COUNTER }).increment('value', 1);
  const row = await db('acceptancecounter').where({ name: COUNTER }).first('value');
  return Number(row.value);
}

/**
 * Keeps the form's accepted values and adds its acceptance to the feed; runs in the accepting
 * transaction. `acceptedOn`: when it was accepted, if not now (forms accepted before the values
 * were kept: accepted-backfill.ts); `computed`: the form's values when the caller has them.
 */
export async function recordAcceptance(dbs: ExtractDatabases, formId: number, licenseKey?: string, acceptedOn?: string, computed?: ComputedForm | null): Promise<void> {
  const now = computed === undefined ? await computeForm(dbs, formId, licenseKey) : computed;
  if (!now) return;
  const { form, endon } = now;
  const cells = await formCellsNow(dbs, formId, licenseKey, now);
  const acceptedon = acceptedOn ?? sqlDateTime();
  const db = dbs.db;
  await db('acceptedcell').where({ form: formId }).delete();
  for (let i = 0; i < cells.length; i += CHUNK) await db('acceptedcell').insert(cells.slice(i, i + CHUNK));
  // Last, so that the counter's row is held for as short a time as the transaction allows.
  const seq = await nextSeq(db);
  const entry = { re: form.re, formtemplate: form.formtemplate, templateversion: form.templateversion, endon, acceptedon };
  await db('acceptancefeed').insert({ seq, form: formId, ...entry });
  await db('acceptedform').where({ form: formId }).delete();
  await db('acceptedform').insert({ form: formId, ...entry, seq });
}

/** Forgets a form's accepted values (the form is being deleted); its past feed entries stay. */
export async function removeAcceptedValues(db: Db, formId: number): Promise<void> {
  await db('acceptedcell').where({ form: formId }).delete();
  await db('acceptedform').where({ form: formId }).delete();
}
