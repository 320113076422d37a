// Unsubscribe links (docs/email-subscriptions.md). Every subscription-governed mail to a portal
// user carries a link of its own: 256 random bits, kept only as their SHA-256 (like the account
// links), bound to one user and one template, usable once. Opening the link shows a page whose
// button posts the token (EmailTemplate.unsubscribeLink), so a mail scanner that fetches links
// unsubscribes nobody; the answer names the template only, never the user or the address.
//
// The outbox has no configuration, so a mail holds the portal's address as PORTAL_MARK; the mail
// worker puts PUBLIC_URL (else the server's own address) in its place when it sends (withPortalLinks).
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { AppError } from '../errors/catalogue.js';
import { hashToken, newToken } from '../identity/secret-token.js';
import type { MailSender } from './smtp-sender.js';
import type { ClaimedMail } from './claim.js';
import { unsubscribe, type GovernedTemplate } from './subscriptions.js';
import type { OutgoingMail } from './outbox.js';

type Db = Knex | Knex.Transaction;

const TABLE = 'mail_unsubscribe';
export const PORTAL_MARK = '%PORTAL_URL%';
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const LINK_MESSAGES = {
  unknown: 'This unsubscribe link is not valid.',
  used: 'This unsubscribe link has already been used.',
} as const;

/** A new single-use link ending `userId`'s subscription to `template`, as written in the mail. */
export async function issueUnsubscribeLink(db: Db, userId: number, template: GovernedTemplate): Promise<string> {
  const token = newToken();
  await db(TABLE).insert({ token_hash: hashToken(token), user_id: userId, emailtemplate: template.id, createon: sqlDateTime(), usedon: null });
  return `${PORTAL_MARK}${UNSUBSCRIBE_PATH}?token=${token}`;
}

/** The mail with the footer that says why it came and how to stop it. */
export function withUnsubscribeFooter(mail: OutgoingMail, template: GovernedTemplate, link: string): OutgoingMail {
  const why = `You receive this e-mail because you are subscribed to "${template.name}".`;
  const text = `${mail.text}\n\n--\n${why}\nTo stop receiving it, open: ${link}\nYou can manage all your subscriptions under E-mail Subscriptions in the portal.`;
  if (mail.html === undefined) return { ...mail, text };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const footer = `<hr>\n<p style="font-size: 12px; color: #555">${esc(why)} <a href="${esc(link)}">Unsubscribe</a></p>\n`;
  const html = mail.html.includes('</body>') ? mail.html.replace('</body>', `${footer}</body>`) : `${mail.html}\n${footer}`;
  return { ...mail, text, html };
}

/**
 * Uses the link: ends the subscription it names and answers the template's name. An unknown
 * token, or one already used, answers E_VALIDATION (field `token`) saying which; the compare-and-
 * set on `usedon IS NULL` lets only one of two racing requests through.
 */
export async function useUnsubscribeLink(db: Db, token: string): Promise<string> {
  const fail = (message: string) => new AppError('E_VALIDATION', message, { token: message });
  const row = await db(TABLE).where({ token_hash: hashToken(token) }).first('id', 'user_id', 'emailtemplate', 'usedon');
  if (!row) throw fail(LINK_MESSAGES.unknown);
  if (row.usedon !== null) throw fail(LINK_MESSAGES.used);
  const changed = await db(TABLE).where({ id: row.id }).whereNull('usedon').update({ usedon: sqlDateTime() });
  if (changed !== 1) throw fail(LINK_MESSAGES.used);
  await unsubscribe(db, Number(row.user_id), [Number(row.emailtemplate)]);
  await bumpVersions(db, [TABLE]);
  const template = await db('email_template').where({ id: row.emailtemplate }).first('name');
  return String(template?.name ?? '');
}

/** The portal's address in place of PORTAL_MARK, as the mail leaves. */
export function withPortalLinks(sender: MailSender, portalUrl: string): MailSender {
  const base = portalUrl.replace(/\/+$/, '');
  const fill = (s: string) => s.split(PORTAL_MARK).join(base);
  return {
    send: (mail: ClaimedMail) => sender.send({ ...mail, body_text: fill(mail.body_text), body_html: mail.body_html === null ? null : fill(mail.body_html) }),
    close: () => sender.close(),
  };
}
