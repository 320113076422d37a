// Sessions live in the database (table `session`), so any number of engine processes can
// serve them and they survive a restart. The cookie carries a random token; the table keeps
// only its SHA-256, so a leaked table does not leak live sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { addMinutes, sqlDateTime } from '../db/clock.js';
import type { Caller } from '../actions/context.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { BoundedCache } from '../cache/bounded-cache.js';

export const SESSION_COOKIE = 'portal_sid';
const ACTIVE = 33;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionLimits {
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
}

export async function createSession(db: Knex, userId: number, currentRe: number | null, limits: SessionLimits): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db('session').insert({
    id: hashToken(token),
    user_id: userId,
    current_re: currentRe,
    created_at: sqlDateTime(now),
    last_seen_at: sqlDateTime(now),
    expires_at: sqlDateTime(addMinutes(now, limits.sessionAbsoluteMinutes)),
  });
  return token;
}

export async function destroySession(db: Knex, token: string): Promise<void> {
  await db('session').where({ id: hashToken(token) }).delete();
}

/** The permissions, roles and entities of a user, computed from the role tables. */
export async function loadAccess(db: Knex, userId: number): Promise<Pick<Caller, 'roles' | 'permissions' | 'entities'>> {
  const [roles, permissions, entities] = await Promise.all([
    db('user_role').where({ link_fk_user: userId }).select('link_fk_role as role'),
    db({ p: 'permissiontasks' })
      .join({ rp: 'role_permissiontasks' }, 'rp.link_fk_permissiontasks', 'p.id')
      .join({ ur: 'user_role' }, 'ur.link_fk_role', 'rp.link_fk_role')
      .where('ur.link_fk_user', userId)
      .andWhere((q) => q.where('p.state', ACTIVE).orWhereNull('p.state'))
      .distinct('p.name as name'),
    db('re_user').where({ link_fk_user: userId }).orderBy('link_fk_re').select('link_fk_re as re'),
  ]);
  return {
    roles: new Set(roles.map((r: { role: number }) => Number(r.role))),
    permissions: new Set(permissions.map((p: { name: string }) => p.name)),
    entities: entities.map((e: { re: number }) => Number(e.re)),
  };
}

/** The tables a caller's roles, permissions and entities come from. */
export const ACCESS_TABLES = ['user_role', 'role_permissiontasks', 'permissiontasks', 're_user'];
type Access = Pick<Caller, 'roles' | 'permissions' | 'entities'>;
const accessCache = new BoundedCache<Access>(10_000);

/**
 * loadAccess, kept in memory per user and per version of the access tables: one indexed read
 * per call instead of three joins, and a role change still applies at once on every process.
 */
export async function currentAccess(db: Knex, userId: number, versions = new VersionSnapshot(db)): Promise<Access> {
  const key = `${userId}@${await versions.key(ACCESS_TABLES)}`;
  let access = accessCache.get(key);
  if (!access) {
    access = await loadAccess(db, userId);
    accessCache.set(key, access);
  }
  return access;
}

/** The caller behind a session token, or null when the session is unknown, idle or expired. */
export async function loadCaller(db: Knex, token: string, limits: SessionLimits, versions = new VersionSnapshot(db)): Promise<Caller | null> {
  const id = hashToken(token);
  const now = new Date();
  const row = await db({ s: 'session' })
    .join({ u: 'user' }, 'u.id', 's.user_id')
    .where('s.id', id)
    .andWhere('s.expires_at', '>', sqlDateTime(now))
    .andWhere('s.last_seen_at', '>', sqlDateTime(addMinutes(now, -limits.sessionIdleMinutes)))
    .andWhere('u.state', ACTIVE)
    .first('s.id', 's.user_id', 's.current_re', 's.last_seen_at', 'u.userid', 'u.name', 'u.logintype');
  if (!row) return null;
  // Touch at most once a minute: idle expiry needs no finer grain, and it saves a write per call.
  if (Date.parse(`${String(row.last_seen_at).replace(' ', 'T')}Z`) < now.getTime() - 60_000) {
    await db('session').where({ id }).update({ last_seen_at: sqlDateTime(now) });
  }
  const access = await currentAccess(db, Number(row.user_id), versions);
  return {
    sessionId: id,
    userId: Number(row.user_id),
    userid: String(row.userid),
    name: String(row.name),
    loginType: Number(row.logintype),
    currentRe: row.current_re === null ? null : Number(row.current_re),
    ...access,
  };
}
