// "The previous period" of a form, as rules across periods and "Copy from last period" read it:
// the same entity's last accepted form (state 45) of the same template whose period ended before
// this form's. Cell codes are stable across template versions, so its values are read by code.
import type { Knex } from 'knex';
import { FORM_STATE } from './form-states.js';
import { readFormRow, type FormRow } from './form-data.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Finds the previous accepted form of a form already reached, for the checks across periods and Copy from last period; what a caller is shown of its values goes through the caller\'s Form rows (shownExternals)');

type Db = Knex | Knex.Transaction;

/** The previous accepted form of the same entity and template, or null when there is none. */
export async function previousAcceptedForm(db: Db, formId: number): Promise<(FormRow & { endon: string }) | null> {
  const form = await db('form').where({ id: formId }).first('re', 'formtemplate', 'endon');
  if (!form || form.formtemplate === null || form.endon === null) return null;
  const prev = await db('form')
    .where({ re: form.re, formtemplate: form.formtemplate, state: FORM_STATE.accepted })
    .where('endon', '<', form.endon)
    .orderBy('endon', 'desc')
    .orderBy('id', 'desc')
    .first('id', 'endon');
  if (!prev) return null;
  const endon = prev.endon instanceof Date ? prev.endon.toISOString().slice(0, 10) : String(prev.endon).slice(0, 10);
  return { ...(await readFormRow(db, Number(prev.id))), endon };
}
