// E-mail subscriptions (seed 002 §2, §3, §7; docs/email-subscriptions.md). A template with
// `subscription` set is subscription-governed: its mails reach a portal user only while the user
// is subscribed to it. A user who has never chosen is subscribed to every governed template (the
// portal's default, so no notice stops because nobody opened the screen); the first choice writes
// the user's subscriptions out as User_EmailTemplate rows and marks the user (user_mail_choice),
// and from then on the rows are the subscriptions. Security mails (verification, password reset,
// MFA reset, activation) are never governed.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Matching a mail\'s addresses to portal users to honour their subscriptions; it decides only whether a mail is sent, never shows a row',
);

type Db = Knex | Knex.Transaction;

export const LINK_TABLE = 'user_emailtemplate';
const CHOICE_TABLE = 'user_mail_choice';
const ACTIVE = 33;

export interface GovernedTemplate {
  id: number;
  type: number;
  name: string;
  groupname: string;
}

/** The template of `type` when its mails follow subscriptions, else null. */
export async function governedTemplate(db: Db, type: number): Promise<GovernedTemplate | null> {
  const row = await db('email_template').where({ type, subscription: true }).first('id', 'type', 'name', 'groupname');
  return row ? { id: Number(row.id), type: Number(row.type), name: String(row.name ?? ''), groupname: String(row.groupname ?? '') } : null;
}

/** The active governed templates a user may subscribe to, by group then name. */
export async function subscribableTemplates(db: Db): Promise<GovernedTemplate[]> {
  const rows = await db('email_template').where({ subscription: true, state: ACTIVE }).orderBy([{ column: 'groupname' }, { column: 'name' }, { column: 'id' }]).select('id', 'type', 'name', 'groupname');
  return rows.map((r) => ({ id: Number(r.id), type: Number(r.type), name: String(r.name ?? ''), groupname: String(r.groupname ?? '') }));
}

/** The governed template ids the user is subscribed to (every one while the user has not chosen). */
export async function subscribedIds(db: Db, userId: number): Promise<Set<number>> {
  const chose = await db(CHOICE_TABLE).where({ user_id: userId }).first('user_id');
  if (!chose) return new Set((await db('email_template').where({ subscription: true }).pluck('id')).map(Number));
  return new Set((await db(LINK_TABLE).where({ link_fk_user: userId }).pluck('link_fk_email_template')).map(Number));
}

/**
 * Writes out the default subscriptions of a user who has not chosen yet and marks the choice, so
 * that the rows are the subscriptions from now on. The marker's primary key makes two first
 * choices at once safe: the second insert fails and its transaction rolls back.
 */
async function settle(db: Db, userId: number): Promise<void> {
  if (await db(CHOICE_TABLE).where({ user_id: userId }).first('user_id')) return;
  await db(CHOICE_TABLE).insert({ user_id: userId, createon: sqlDateTime() });
  const templates = (await db('email_template').where({ subscription: true }).pluck('id')).map(Number);
  const have = new Set((await db(LINK_TABLE).where({ link_fk_user: userId }).pluck('link_fk_email_template')).map(Number));
  const rows = templates.filter((t) => !have.has(t)).map((t) => ({ link_fk_user: userId, link_fk_email_template: t, link_updatectr: 1 }));
  for (const row of rows) await db(LINK_TABLE).insert(row);
}

/** Subscribes the user to the templates (ids already checked governed); answers how many were new. */
export async function subscribe(db: Db, userId: number, templateIds: number[]): Promise<number> {
  await settle(db, userId);
  const have = new Set((await db(LINK_TABLE).where({ link_fk_user: userId }).pluck('link_fk_email_template')).map(Number));
  const added = [...new Set(templateIds)].filter((t) => !have.has(t));
  for (const t of added) await db(LINK_TABLE).insert({ link_fk_user: userId, link_fk_email_template: t, link_updatectr: 1 });
  await bumpVersions(db, [LINK_TABLE, CHOICE_TABLE]);
  return added.length;
}

/** Ends the user's subscriptions to the templates; answers how many there were. */
export async function unsubscribe(db: Db, userId: number, templateIds: number[]): Promise<number> {
  await settle(db, userId);
  const removed = await db(LINK_TABLE).where({ link_fk_user: userId }).whereIn('link_fk_email_template', [...new Set(templateIds)]).delete();
  await bumpVersions(db, [LINK_TABLE, CHOICE_TABLE]);
  return removed;
}

/**
 * For a governed mail to `addresses`: each address with the portal user it goes to (null when
 * no user has it: an entity's mailbox, the support mailbox, which subscriptions do not govern)
 * and whether it is to be sent. An address shared by several users is sent while any of them is
 * subscribed, and the unsubscribe link names the first of those.
 */
export async function governedRecipients(db: Db, template: GovernedTemplate, addresses: string[]): Promise<Map<string, { send: boolean; userId: number | null }>> {
  const out = new Map<string, { send: boolean; userId: number | null }>();
  const lower = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const users: { id: number; email: string }[] = [];
  for (let i = 0; i < lower.length; i += 500) {
    const part = lower.slice(i, i + 500);
    // lower(email): SQLite compares case-sensitively, and an address is the same in any case.
    users.push(...(await db('user').whereIn(db.raw('lower(??)', ['email']) as unknown as string, part).orderBy('id').select('id', 'email')));
  }
  const ids = users.map((u) => Number(u.id));
  const chose = new Set<number>();
  const subscribed = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const id of await db(CHOICE_TABLE).whereIn('user_id', part).pluck('user_id')) chose.add(Number(id));
    for (const id of await db(LINK_TABLE).where({ link_fk_email_template: template.id }).whereIn('link_fk_user', part).pluck('link_fk_user')) subscribed.add(Number(id));
  }
  const byAddress = new Map<string, number[]>();
  for (const u of users) {
    const key = String(u.email).trim().toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), Number(u.id)]);
  }
  for (const address of addresses) {
    const holders = byAddress.get(address.trim().toLowerCase()) ?? [];
    if (!holders.length) {
      out.set(address, { send: true, userId: null });
      continue;
    }
    const reader = holders.find((id) => !chose.has(id) || subscribed.has(id));
    out.set(address, reader === undefined ? { send: false, userId: null } : { send: true, userId: reader });
  }
  return out;
}
