// One-time account tokens (table account_token): e-mail verification and password reset. The
// token travels only in the mail; the table keeps its SHA-256, so a copy of the database holds
// no usable link. A token is used at most once and only before it expires.
import { hashToken as hashOf, newToken } from '../identity/secret-token.js';
import type { Knex } from 'knex';
import { addMinutes, sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import { AppError } from '../errors/catalogue.js';

type Db = Knex | Knex.Transaction;
export type TokenPurpose = 'verify' | 'reset';

const INVALID: Record<TokenPurpose, { unknown: string; used: string; expired: string }> = {
  verify: {
    unknown: 'This verification link is not valid.',
    used: 'This verification link has already been used.',
    expired: 'This verification link has expired. Please request a new one.',
  },
  reset: {
    unknown: 'This password reset link is not valid.',
    used: 'This password reset link has already been used.',
    expired: 'This password reset link has expired. Please request a new one.',
  },
};

/**
 * A new token for the user, valid for `minutes`. Open tokens of the same purpose are closed
 * first: only the newest link works.
 */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose, minutes: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await closeTokens(db, userId, purpose, now);
  await db('account_token').insert({
    user_id: userId,
    purpose,
    token_hash: hashOf(token),
    expires_at: sqlDateTime(addMinutes(now, minutes)),
    usedon: null,
    createon: sqlDateTime(now),
  });
  await bumpVersions(db, ['account_token']);
  return token;
}

async function closeTokens(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db('account_token').where({ user_id: userId, purpose }).whereNull('usedon').update({ usedon: sqlDateTime(now) });
}

/**
 * Marks the token used and answers its user's id. An unknown, used or expired token answers
 * E_VALIDATION (field `token`) with a message saying which. The update is a compare-and-set on
 * `usedon IS NULL`, so two requests racing with one token cannot both succeed.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<number> {
  const messages = INVALID[purpose];
  const fail = (message: string) => new AppError('E_VALIDATION', message, { token: message });
  const row = await db('account_token').where({ token_hash: hashOf(token), purpose }).first('id', 'user_id', 'expires_at', 'usedon');
  if (!row) throw fail(messages.unknown);
  if (row.usedon !== null) throw fail(messages.used);
  const now = sqlDateTime();
  if (String(row.expires_at) <= now) throw fail(messages.expired);
  const changed = await db('account_token').where({ id: row.id }).whereNull('usedon').update({ usedon: now });
  if (changed !== 1) throw fail(messages.used);
  await bumpVersions(db, ['account_token']);
  return Number(row.user_id);
}

/** How many tokens of `purpose` the user was issued since `since` (the resend limit). */
export async function tokensIssuedSince(db: Db, userId: number, purpose: TokenPurpose, since: Date): Promise<number> {
  const row = await db('account_token').where({ user_id: userId, purpose }).andWhere('createon', '>', sqlDateTime(since)).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
