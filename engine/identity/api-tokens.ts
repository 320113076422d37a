// API tokens for integrators (PROTOCOL.md §1): `Authorization: Bearer <token>` makes the token's
// user the caller, with the same roles, permissions and entity scope a session of that user has.
// Only the SHA-256 of a token is stored, and the table is read on every call, so a revoked token
// is refused at once by every engine process.
import type { Knex } from 'knex';
import type { Caller } from '../runtime/context.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { currentAccess, hashToken, newToken } from './session-store.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'A bearer token is resolved to its user before any caller exists',
);

type Db = Knex | Knex.Transaction;
const ACTIVE = 33;

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(header ?? '');
  return m?.[1];
}

/** Issues a token; the answer is the only place it ever appears in clear. */
export async function issueApiToken(db: Db, userId: number, name: string, createdBy: number): Promise<{ id: number; token: string }> {
  const token = newToken();
  // One row: both drivers answer its id.
  const [id] = await db('api_token').insert({ user_id: userId, name, token_hash: hashToken(token), createon: sqlDateTime(), createby: createdBy });
  return { id: Number(id), token };
}

/** The caller behind a token, or null when it is unknown, revoked or its user is not active. */
export async function loadTokenCaller(db: Db, token: string, versions = new VersionSnapshot(db)): Promise<Caller | null> {
  const now = new Date();
  const row = await db({ t: 'api_token' })
    .join({ u: 'user' }, 'u.id', 't.user_id')
    .where('t.token_hash', hashToken(token))
    .whereNull('t.revokedon')
    .andWhere('u.state', ACTIVE)
    .first('t.id', 't.user_id', 't.lastused', 'u.userid', 'u.name', 'u.logintype');
  if (!row) return null;
  // Last use to the minute is enough to tell a dead token, and saves a write per call.
  const last = row.lastused === null ? 0 : Date.parse(`${String(row.lastused).replace(' ', 'T')}Z`);
  if (last < now.getTime() - 60_000) await db('api_token').where({ id: row.id }).update({ lastused: sqlDateTime(now) });
  // No session to switch entities in: a token works for the user's first linked entity.
  const access = await currentAccess(db, Number(row.user_id), undefined, versions);
  return {
    sessionId: `api-token:${Number(row.id)}`,
    userId: Number(row.user_id),
    userid: String(row.userid),
    name: String(row.name),
    loginType: Number(row.logintype),
    ...access,
    auth: 'token',
    restriction: null,
  };
}
