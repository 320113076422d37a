// The mails of the account lifecycle, queued in the caller's transaction through the outbox
// (engine/mail), so a refused or rolled-back action sends nothing.
import type { Knex } from 'knex';
import type { EngineConfig } from '../../fastify.config.js';
import { MAIL_TYPES } from '../mail/mail-types.js';
import { queueTemplateMail } from '../mail/outbox.js';
import { issueToken } from './tokens.js';
import type { UserRow } from '../identity/users.js';

type Db = Knex | Knex.Transaction;


/** A link into the portal's client: PUBLIC_URL when set, else the address the server listens on. */
export function portalLink(config: Pick<EngineConfig, 'publicUrl' | 'host' | 'port'>, path: string, token: string): string {
  const base = (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, '');
  return `${base}${path}?token=${encodeURIComponent(token)}`;
}

type Who = Pick<UserRow, 'id' | 'name' | 'email'>;

export async function sendVerificationMail(db: Db, config: EngineConfig, user: Who): Promise<void> {
  const token = await issueToken(db, user.id, 'verify', config.verifyTokenHours * 60);
  await queueTemplateMail(db, MAIL_TYPES.VERIFY_EMAIL, user.email, { name: user.name, link: portalLink(config, '/verify-email', token) });
}

export async function sendResetMail(db: Db, config: EngineConfig, user: Who): Promise<void> {
  const token = await issueToken(db, user.id, 'reset', config.resetTokenMinutes);
  await queueTemplateMail(db, MAIL_TYPES.PASSWORD_RESET, user.email, { name: user.name, link: portalLink(config, '/reset-password', token) });
}

export async function sendActivationMail(db: Db, user: Who): Promise<void> {
  await queueTemplateMail(db, MAIL_TYPES.ACCOUNT_ACTIVATED, user.email, { name: user.name });
}

/** Tells the support mailbox (parameter SUPPORT_EMAIL) of a registration waiting for review; answers whether it was queued. */
export async function notifySupport(db: Db, user: Pick<UserRow, 'name' | 'userid'>): Promise<boolean> {
  const row = await db('parameters').where({ code: 'SUPPORT_EMAIL' }).andWhere((q) => q.where('state', 33).orWhereNull('state')).first('value0');
  const to = String(row?.value0 ?? '').trim();
  if (!to) return false;
  await queueTemplateMail(db, MAIL_TYPES.NEW_REGISTRATION, to, { name: user.name, userid: user.userid });
  return true;
}
