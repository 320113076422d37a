// Forms accepted before the portal kept accepted values (docs/integrators.md "Accepted data for
// analysts"): each form now Accepted that has no kept values gets them, as its acceptance would
// have kept them (its cells have not changed since: an accepted form takes no writes), and an
// entry in the change feed, oldest acceptance first, each in a transaction of its own. Forms
// returned for amendment since are left out: their accepted values are no longer known. Run once
// after upgrading (`npm run accepted:backfill`); running it again finds nothing to do.
import type { Knex } from 'knex';
import type { Dialect } from '../../engine/db/connect.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { FORM_STATE } from './form-states.js';
import { recordAcceptance } from './accepted-values.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'An operator\'s one-off upgrade step: keeps the values of every form already accepted, as each acceptance now keeps them, for no caller',
);

const dateTime = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 19).replace('T', ' ');

/** Keeps the accepted values of every Accepted form that has none; answers how many forms it did. */
export async function backfillAcceptances(db: Knex, dialect: Dialect, licenseKey?: string): Promise<number> {
  const rows: Record<string, unknown>[] = await db('form')
    .where('state', FORM_STATE.accepted)
    .whereNotNull('formtemplate')
    .whereNotExists(db('acceptedform').where('acceptedform.form', db.ref('form.id')).select(db.raw('1')))
    .select('id', 'updateon', 'lastsubmiton', 'createon');
  // When it was accepted: its last change (the acceptance), else no earlier than its submission.
  const forms = rows.map((r) => ({ id: Number(r.id), acceptedOn: dateTime(r.updateon ?? r.lastsubmiton ?? r.createon) }));
  forms.sort((a, b) => (a.acceptedOn < b.acceptedOn ? -1 : a.acceptedOn > b.acceptedOn ? 1 : a.id - b.id));
  for (const f of forms) {
    await db.transaction(async (trx) => recordAcceptance({ db: trx, root: db, dialect }, f.id, licenseKey, f.acceptedOn));
  }
  return forms.length;
}
