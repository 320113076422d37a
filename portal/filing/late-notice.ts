// The late notice of a submission (FormBatch.lateNotify, docs/filing-periods.md): one mail per
// entity user who answers for it (the primary user and the approvers, role 27), naming the
// batch, its period, due date and outstanding forms, queued in the caller's transaction; the
// notice is kept in the batch's state history (a row from its state to the same state), which
// is also how a second notice on the same day is recognised and refused. The batch is one of the
// caller's rows (a batch it cannot list is answered as a missing one, before anything about its
// state) and the forms the notice names and counts are the caller's too.
import type { Knex } from 'knex';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { errors } from '../../engine/errors/catalogue.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { isMailAddress, queueTemplateMail } from '../../engine/mail/outbox.js';
import { isoDay, lateNoticeProblem } from './late-notice-rule.js';
import { FORM_STATE } from './form-states.js';
import type { FilingRows } from './filing-rows.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Addresses the notice of a batch the caller reached (rowsOf): the entity name and its primary user and approvers (re_user, user) as recipients; the forms named are Form rows of the caller',
);

type Db = Knex | Knex.Transaction;

const APPROVER_ROLE = 27;
const ACTIVE = 33;
/** The state-history reason of a notice starts with this; the recipients follow. */
export const LATE_NOTICE_REASON = 'Late notice sent to';
/** Forms the entity has finished with: submitted or accepted. */
const DONE_FORM_STATES = [FORM_STATE.submitted, FORM_STATE.accepted];

export interface LateNoticeSent {
  recipients: string[];
  outstanding: number;
}

/** Who answers for an entity's submissions: its primary user and approvers, active, each address once. */
export async function recipientsOf(db: Db, re: number): Promise<{ name: string; email: string }[]> {
  const rows: { name: string | null; email: string | null }[] = await db({ l: 're_user' })
    .join({ u: 'user' }, 'u.id', 'l.link_fk_user')
    .where('l.link_fk_re', re)
    .andWhere((q) => q.where('l.isprimary', true).orWhere('l.role', APPROVER_ROLE))
    .andWhere('u.state', ACTIVE)
    .orderBy('l.isprimary', 'desc')
    .orderBy('u.id')
    .select('u.name as name', 'u.email as email');
  const seen = new Set<string>();
  const out: { name: string; email: string }[] = [];
  for (const r of rows) {
    const email = String(r.email ?? '').trim();
    if (!isMailAddress(email) || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push({ name: String(r.name ?? email), email });
  }
  return out;
}

async function sentToday(db: Db, batch: number, today: string): Promise<boolean> {
  const row = await db('state_history')
    .where({ module: 'formbatch', record_id: batch })
    .andWhere('reason', 'like', `${LATE_NOTICE_REASON}%`)
    .andWhere('createon', '>=', `${today} 00:00:00`)
    .first('id');
  return Boolean(row);
}

/**
 * Sends the notice on the caller's batch as `who`; refusals are E_NOTFOUND (`FormBatch #id not
 * found.`, a missing batch or one outside the caller's rows alike) and E_VALIDATION with the reason.
 */
export async function sendLateNotice(db: Db, rows: Pick<FilingRows, 'batch' | 'form'>, batchId: number, who: number | null): Promise<LateNoticeSent> {
  const batch = await rows.batch.get(batchId, db);
  const today = sqlDate();
  const problem = lateNoticeProblem(batch, today);
  if (problem) throw errors.validation({ id: problem });
  if (await sentToday(db, batchId, today)) throw errors.validation({ id: 'A late notice for this submission was already sent today.' });
  const recipients = await recipientsOf(db, Number(batch.re));
  if (!recipients.length) throw errors.validation({ id: 'The entity has no active primary user or approver with an e-mail address.' });

  const entity = await db('re').where({ id: batch.re }).first('name');
  const forms: { code: string | null; name: string | null }[] = await rows.form
    .from('f', db)
    .where('f.formbatch', batchId)
    .whereNotIn('f.state', DONE_FORM_STATES)
    .orderBy('f.code')
    .select('f.code', 'f.name');
  const formLines = forms.length ? forms.map((f) => `- ${f.code ?? ''} ${f.name ?? ''}`.trimEnd()).join('\n') : '- (none: the submission awaits the regulator)';
  const data = { entity: String(entity?.name ?? ''), batch: String(batch.name ?? ''), period: isoDay(batch.endon) ?? '', duedate: isoDay(batch.duedate) ?? '', forms: formLines };
  for (const r of recipients) await queueTemplateMail(db, MAIL_TYPES.LATE_SUBMISSION, r.email, { ...data, name: r.name });

  await db('state_history').insert({
    module: 'formbatch',
    record_id: batchId,
    from_state: Number(batch.state),
    to_state: Number(batch.state),
    reason: `${LATE_NOTICE_REASON} ${recipients.map((r) => r.email).join(', ')}`.slice(0, 1000),
    createby: who,
    createon: sqlDateTime(),
  });
  return { recipients: recipients.map((r) => r.email), outstanding: forms.length };
}
