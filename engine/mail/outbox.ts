// The outbox: every mail is first a row in `email_outbox`, written with the caller's handle —
// inside its transaction, so a rolled-back action sends nothing and a crash loses nothing. The
// mail worker (mail-worker.ts) delivers due rows over SMTP later.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { AppError, errors } from '../errors/catalogue.js';
import { renderTemplate } from './render.js';
import { governedRecipients, governedTemplate } from './subscriptions.js';
import { issueUnsubscribeLink, withUnsubscribeFooter } from './unsubscribe-links.js';

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

/**
 * Subscriptions (docs/email-subscriptions.md): of mails of a subscription-governed type, those to
 * a portal user who unsubscribed are left out, and the others to a portal user get that user's
 * unsubscribe link. Mails of other types, and to addresses no user has, pass unchanged.
 */
async function honourSubscriptions(db: Db, mails: OutgoingMail[]): Promise<OutgoingMail[]> {
  const out: OutgoingMail[] = [];
  const types = [...new Set(mails.map((m) => m.type).filter((t): t is number => t !== undefined && t !== null))];
  const governed = new Map<number, Awaited<ReturnType<typeof governedTemplate>>>();
  for (const type of types) governed.set(type, await governedTemplate(db, type));
  const recipients = new Map<number, Awaited<ReturnType<typeof governedRecipients>>>();
  for (const [type, template] of governed) if (template) recipients.set(type, await governedRecipients(db, template, mails.filter((m) => m.type === type).map((m) => m.to)));
  for (const mail of mails) {
    const template = mail.type === undefined ? null : governed.get(mail.type);
    const who = template ? recipients.get(template.type)?.get(mail.to) : undefined;
    if (!template || !who) out.push(mail);
    else if (who.send) out.push(who.userId === null ? mail : withUnsubscribeFooter(mail, template, await issueUnsubscribeLink(db, who.userId, template)));
  }
  return out;
}

/** Queues one mail, due now; answers the outbox row's id (0: not queued, the user unsubscribed). */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<number> {
  outboxRow(mail, sqlDateTime());
  const [kept] = await honourSubscriptions(db, [mail]);
  if (!kept) return 0;
  const [id] = await db(OUTBOX).insert(outboxRow(kept, sqlDateTime()));
  await bumpVersions(db, [OUTBOX]);
  return Number(id);
}

/**
 * Queues many mails, due now, in a few statements (a bulletin to a whole sector); all or none.
 * Answers how many were queued (those to users who unsubscribed are not).
 */
export async function queueMails(db: Db, mails: OutgoingMail[]): Promise<number> {
  if (!mails.length) return 0;
  const now = sqlDateTime();
  mails.forEach((m) => outboxRow(m, now));
  const kept = await honourSubscriptions(db, mails);
  if (!kept.length) return 0;
  const rows = kept.map((m) => outboxRow(m, now));
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
