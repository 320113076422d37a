// The outbox: every mail is first a row in `email_outbox`, written with the caller's handle —
// inside its transaction, so a rolled-back action sends nothing and a crash loses nothing. The
// mail worker (mail-worker.ts) delivers due rows over SMTP later.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { AppError, errors } from '../errors/catalogue.js';
import { renderTemplate } from './render.js';

type Db = Knex | Knex.Transaction;

export const OUTBOX = 'email_outbox';
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; type?: number; cc?: string };

/** One address, no display name: anything else would fail at the SMTP server, attempt after attempt. */
const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export function isMailAddress(s: string): boolean {
  return s.length <= 254 && ADDRESS.test(s);
}

/** The subject column holds 500 characters; values filled into a template can make it longer. */
function fitSubject(subject: string): string {
  const chars = [...subject];
  return chars.length <= 500 ? subject : `${chars.slice(0, 499).join('')}…`;
}

/** The outbox row of one mail due at `now`; a bad address is refused. */
function outboxRow(mail: OutgoingMail, now: string): Record<string, unknown> {
  const to = mail.to.trim();
  if (!isMailAddress(to)) throw errors.validation({ to: 'Must be one e-mail address' });
  const cc = mail.cc?.split(',').map((a) => a.trim()).filter(Boolean) ?? [];
  if (cc.some((a) => !isMailAddress(a)) || cc.join(', ').length > 1000) throw errors.validation({ cc: 'Must be e-mail addresses separated by commas' });
  return {
    type: mail.type ?? null,
    recipient: to,
    cc: cc.length ? cc.join(', ') : null,
    subject: fitSubject(mail.subject),
    body_text: mail.text,
    body_html: mail.html ?? null,
    state: 'pending' satisfies OutboxState,
    attempts: 0,
    next_attempt_at: now,
    createon: now,
  };
}

/** Queues one mail, due now; answers the outbox row's id. */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<number> {
  const [id] = await db(OUTBOX).insert(outboxRow(mail, sqlDateTime()));
  await bumpVersions(db, [OUTBOX]);
  return Number(id);
}

/** Queues many mails, due now, in a few statements (a bulletin to a whole sector); all or none. */
export async function queueMails(db: Db, mails: OutgoingMail[]): Promise<number> {
  if (!mails.length) return 0;
  const now = sqlDateTime();
  const rows = mails.map((m) => outboxRow(m, now));
  for (let i = 0; i < rows.length; i += 500) await db(OUTBOX).insert(rows.slice(i, i + 500));
  await bumpVersions(db, [OUTBOX]);
  return rows.length;
}

/** Renders the active template of `type` with `data` and queues it to `to`. */
export async function queueTemplateMail(db: Db, type: number, to: string, data: Record<string, string | number>): Promise<number> {
  const template = await db('email_template').where({ type, state: 33 }).first('subject', 'body');
  if (!template) throw new AppError('E_NOTFOUND', `Email template ${type} not found.`);
  const { subject, text, html } = renderTemplate(template, data);
  return queueMail(db, { to, type, subject, text, html });
}
