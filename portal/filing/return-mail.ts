// Mail of a form sent back (docs/filing.md "Returns and their reasons"), template type 1101190,
// queued through the outbox in the move's transaction: a move that is undone sends nothing. It
// goes to whoever must act next, picked as the sign-off decides who prepares and checks:
// - the checker's step back (78 → Open): the user who prepared this version (`preparedby`), else
//   the entity's users who prepare (roles 25 and 27, as REForm.action.prepare is granted);
// - the approver's step back (55 → 78): the user who verified it (the last 78 → 55 move), else the
//   entity's users who check (roles 26 and 27);
// - the regulator's return for amendment (→ 74): the entity's users who prepare (roles 25 and 27).
// Only active users with a mail address, each once; the one who sent it back is never mailed (an
// approver stepping back a form it prepared: the entity's other users who prepare are).
import type { Knex } from 'knex';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { queueTemplateMail } from '../../engine/mail/outbox.js';
import { distinctAddresses } from '../../engine/mail/staff-recipients.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { FORM_STATE, FORM_STATE_NAMES } from './form-states.js';
import { isoDay } from './late-notice-rule.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Addresses the mail of a form sent back, inside the record engine\'s move of a form the caller reached: the entity\'s users by sign-off role (re_user, user), the preparer or verifier of the form, its entity name and period',
);

type Db = Knex | Knex.Transaction;

const ACTIVE = 33;
/** Entity-level roles (seed 003 §6) and who holds each sign-off move (docs/filing.md "Sign-off"). */
const PREPARES = [25, 27];
const CHECKS = [26, 27];


/** DD/MM/YYYY of a stored day or date-time. */
export function shownDay(v: unknown): string {
  const day = isoDay(v);
  return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
}

async function activeAddresses(db: Db, ids: number[], except: number | null): Promise<string[]> {
  const wanted = ids.filter((id) => id !== except);
  if (!wanted.length) return [];
  const rows = await db('user').whereIn('id', wanted).andWhere('state', ACTIVE).orderBy('id').select('email');
  return distinctAddresses(rows.map((r: { email: unknown }) => r.email));
}

async function entityUsersByRole(db: Db, re: number, roles: number[], except: number | null): Promise<string[]> {
  const q = db({ l: 're_user' })
    .join({ u: 'user' }, 'u.id', 'l.link_fk_user')
    .where('l.link_fk_re', re)
    .whereIn('l.role', roles)
    .andWhere('u.state', ACTIVE);
  if (except !== null) q.andWhereNot('u.id', except);
  const rows = await q.orderBy('u.id').select('u.email as email');
  return distinctAddresses(rows.map((r: { email: unknown }) => r.email));
}

/** Who must act on a form the move from → to by `who` sent back, as mail addresses; never `who`. */
export async function returnRecipients(db: Db, form: { id: number; re: number; preparedby: number | null }, to: number, who: number | null): Promise<string[]> {
  if (to === FORM_STATE.open) {
    const found = await activeAddresses(db, form.preparedby === null ? [] : [form.preparedby], who);
    return found.length ? found : entityUsersByRole(db, form.re, PREPARES, who);
  }
  if (to === FORM_STATE.pendingVerification) {
    const verified = await db('state_history')
      .where({ module: 'form', record_id: form.id, from_state: FORM_STATE.pendingVerification, to_state: FORM_STATE.ready })
      .orderBy('id', 'desc')
      .first('createby');
    const found = await activeAddresses(db, verified?.createby ? [Number(verified.createby)] : [], who);
    return found.length ? found : entityUsersByRole(db, form.re, CHECKS, who);
  }
  return entityUsersByRole(db, form.re, PREPARES, who);
}

/** Queues the mail of a form sent back with `reason`, one per recipient; answers the addresses. */
export async function mailReturn(db: Db, formId: number, to: number, who: number | null, reason: string, on: string): Promise<string[]> {
  const form = await db('form').where({ id: formId }).first('id', 're', 'code', 'name', 'endon', 'preparedby');
  const row = { id: Number(form.id), re: Number(form.re), preparedby: form.preparedby === null ? null : Number(form.preparedby) };
  const to_ = await returnRecipients(db, row, to, who);
  if (!to_.length) return [];
  const entity = await db('re').where({ id: row.re }).first('name');
  const by = who === null ? null : await db('user').where({ id: who }).first('name');
  const data = {
    form: String(form.code ?? ''),
    formname: String(form.name ?? ''),
    entity: String(entity?.name ?? ''),
    period: shownDay(form.endon),
    returned_by: String(by?.name ?? 'the portal'),
    date: shownDay(on),
    state: FORM_STATE_NAMES[to] ?? String(to),
    reason,
  };
  for (const address of to_) await queueTemplateMail(db, MAIL_TYPES.FORM_RETURNED, address, data);
  return to_;
}
