// Sessions live in the database (table `session`), so any number of engine processes can
// serve them and they survive a restart. The cookie carries a random token; the table keeps
// only its SHA-256, so a leaked table does not leak live sessions.
//
// A call's session row (with its user) is kept in memory per version of the `session` and `user`
// tables, so a call costs no session read. Every write of a session row except the idle touch
// (ending, switching entity, lifting a restriction, ending a user's sessions) and every write
// of a user row bumps those versions, on whichever process it happens: a logout or a disabled
// user applies at once everywhere. Expiry and idle time are checked against the clock on every
// call; a row that looks idle in memory is read again before the session is refused.
import { hashToken, newToken } from './secret-token.js';
import type { Knex } from 'knex';
import { addMinutes, sqlDateTime } from '../db/clock.js';
import type { Caller } from '../runtime/context.js';
import { bumpVersions, VersionSnapshot } from '../db/change-versions.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { restrictionsOf, type Restriction } from './restriction.js';
import { identityPolicy } from './policy.js';
import { loadRuleFacts, RULE_FACT_TABLES } from '../records/row-rules.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Building a session\'s access (roles, linked entities, the user behind a session) is what the rules are evaluated from; it cannot itself be ruled',
);

export const SESSION_COOKIE = 'portal_sid';
const SESSION_TABLE = 'session';
/** The tables a cached session row comes from. */
const SESSION_ROW_TABLES = [SESSION_TABLE, 'user'];
const ACTIVE = 33;

type Db = Knex | Knex.Transaction;

export { hashToken, newToken };

export interface SessionLimits {
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
}

/** What a session row's `data` JSON holds. */
export interface SessionData {
  /** Why the session is restricted; absent once the conditions are gone. */
  restricted?: Restriction[];
}

/** Always a fresh token of our own: a token the client sent is never adopted (no fixation). */
export async function createSession(db: Db, userId: number, currentRe: number | null, limits: SessionLimits, data?: SessionData): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db('session').insert({
    id: hashToken(token),
    user_id: userId,
    current_re: currentRe,
    created_at: sqlDateTime(now),
    last_seen_at: sqlDateTime(now),
    expires_at: sqlDateTime(addMinutes(now, limits.sessionAbsoluteMinutes)),
    data: data?.restricted?.length ? JSON.stringify(data) : null,
  });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await endSession(db, hashToken(token));
}

/** Ends a session by its stored id (the token's hash). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db('session').where({ id: sessionId }).delete();
  await bumpVersions(db, [SESSION_TABLE]);
}

/** Changes what a live session works for; bumps the version so every process re-reads it. */
export async function updateSession(db: Db, sessionId: string, values: { current_re?: number | null; data?: string | null }): Promise<void> {
  await db('session').where({ id: sessionId }).update(values);
  await bumpVersions(db, [SESSION_TABLE]);
}

type Access = Pick<Caller, 'roles' | 'permissions' | 'entities' | 'currentRe' | 'facts'>;

/**
 * The roles, permissions and linked entities of a user, with the entity the caller works for:
 * `currentRe` as given, or the first linked entity when undefined (a new session, an API token).
 * The entity-level role (25 preparer, 26 checker, 27 approver, from re_user.role) of that entity
 * counts as one of the user's roles, with its permissions.
 */
export async function loadAccess(db: Db, userId: number, currentRe?: number | null): Promise<Access> {
  const [userRoles, links] = await Promise.all([
    db('user_role').where({ link_fk_user: userId }).select('link_fk_role as role'),
    db('re_user').where({ link_fk_user: userId }).orderBy('link_fk_re').select('link_fk_re as re', 'role'),
  ]);
  const entities = links.map((l: { re: number }) => Number(l.re));
  // An entity that is not (or no longer) linked stays the session's: the record engine's scoping
  // then reaches none of its rows, and no entity-level role comes with it.
  const re = currentRe === undefined ? (entities[0] ?? null) : currentRe;
  const entityRole = links.find((l: { re: number; role: number | null }) => Number(l.re) === re)?.role;
  const roles = new Set<number>(userRoles.map((r: { role: number }) => Number(r.role)));
  if (entityRole !== undefined && entityRole !== null) roles.add(Number(entityRole));
  const permissions = roles.size
    ? await db({ p: 'permissiontasks' })
        .join({ rp: 'role_permissiontasks' }, 'rp.link_fk_permissiontasks', 'p.id')
        .whereIn('rp.link_fk_role', [...roles])
        .andWhere((q) => q.where('p.state', ACTIVE).orWhereNull('p.state'))
        .distinct('p.name as name')
    : [];
  return {
    roles,
    permissions: new Set(permissions.map((p: { name: string }) => p.name)),
    entities,
    currentRe: re,
    facts: await loadRuleFacts(db, userId, re, entities),
  };
}

/** The tables a caller's roles, permissions and entities come from. */
export const ACCESS_TABLES = ['user_role', 'role_permissiontasks', 'permissiontasks', 're_user', ...RULE_FACT_TABLES];
const accessCache = new BoundedCache<Access>(10_000);

/**
 * loadAccess, kept in memory per user, entity and version of the access tables: one indexed read
 * per call instead of three joins, and a role change still applies at once on every process.
 */
export async function currentAccess(db: Db, userId: number, currentRe: number | null | undefined, versions = new VersionSnapshot(db)): Promise<Access> {
  const key = `${userId}:${currentRe ?? '-'}@${await versions.key(ACCESS_TABLES)}`;
  let access = accessCache.get(key);
  if (!access) {
    access = await loadAccess(db, userId, currentRe);
    accessCache.set(key, access);
  }
  return access;
}

function parseData(raw: unknown): SessionData {
  if (raw === null || raw === undefined || raw === '') return {};
  try {
    const data = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return typeof data === 'object' && data !== null ? (data as SessionData) : {};
  } catch {
    return {};
  }
}

/**
 * A restricted session's restriction as it stands now: the conditions are read again from the
 * user row, and once none holds, the restriction is lifted in the session row for good.
 */
async function currentRestriction(db: Db, sessionId: string, row: SessionRow, now: Date): Promise<Restriction | null> {
  const data = parseData(row.data);
  if (!data.restricted?.length) return null;
  const still = restrictionsOf(
    { logintype: row.logintype, pwchangedon: row.pwchangedon, createon: row.createon, firsttimelogin: row.firsttimelogin },
    (await identityPolicy(db)).passwordExpiryDays,
    now,
  );
  if (!still.length) {
    await updateSession(db, sessionId, { data: null });
    return null;
  }
  if (still.join() !== data.restricted.join()) await updateSession(db, sessionId, { data: JSON.stringify({ ...data, restricted: still }) });
  return still[0];
}

interface SessionRow {
  user_id: number;
  current_re: number | null;
  /** Epoch ms. */
  lastSeen: number;
  expires: number;
  data: unknown;
  userid: string;
  name: string;
  logintype: number;
  pwchangedon: unknown;
  createon: unknown;
  firsttimelogin: unknown;
}

const sessionRows = new BoundedCache<SessionRow>(10_000);

function epochMs(value: unknown): number {
  return Date.parse(`${String(value).replace(' ', 'T')}Z`);
}

async function readSessionRow(db: Db, id: string, now: Date, limits: SessionLimits): Promise<SessionRow | null> {
  const row = await db({ s: 'session' })
    .join({ u: 'user' }, 'u.id', 's.user_id')
    .where('s.id', id)
    .andWhere('s.expires_at', '>', sqlDateTime(now))
    .andWhere('s.last_seen_at', '>', sqlDateTime(addMinutes(now, -limits.sessionIdleMinutes)))
    .andWhere('u.state', ACTIVE)
    .first('s.user_id', 's.current_re', 's.last_seen_at', 's.expires_at', 's.data', 'u.userid', 'u.name', 'u.logintype', 'u.pwchangedon', 'u.createon', 'u.firsttimelogin');
  if (!row) return null;
  return {
    user_id: Number(row.user_id),
    current_re: row.current_re === null ? null : Number(row.current_re),
    lastSeen: epochMs(row.last_seen_at),
    expires: epochMs(row.expires_at),
    data: row.data,
    userid: String(row.userid),
    name: String(row.name),
    logintype: Number(row.logintype),
    pwchangedon: row.pwchangedon,
    createon: row.createon,
    firsttimelogin: row.firsttimelogin,
  };
}

function live(row: SessionRow, now: Date, limits: SessionLimits): boolean {
  return row.expires > now.getTime() && row.lastSeen > now.getTime() - limits.sessionIdleMinutes * 60_000;
}

/** The caller behind a session token, or null when the session is unknown, idle or expired. */
export async function loadCaller(db: Db, token: string, limits: SessionLimits, versions = new VersionSnapshot(db)): Promise<Caller | null> {
  const id = hashToken(token);
  const now = new Date();
  const key = `${id}@${await versions.key(SESSION_ROW_TABLES)}`;
  let row = sessionRows.get(key);
  // Idle in memory may be stale (another process touched the row): the database decides.
  if (!row || !live(row, now, limits)) {
    row = (await readSessionRow(db, id, now, limits)) ?? undefined;
    if (!row) return null;
    // A restricted session's row changes as its restriction lifts: always read afresh.
    if (!row.data) sessionRows.set(key, row);
  }
  // Touch at most once a minute: idle expiry needs no finer grain, and it saves a write per call.
  if (row.lastSeen < now.getTime() - 60_000) {
    await db('session').where({ id }).update({ last_seen_at: sqlDateTime(now) });
    row.lastSeen = now.getTime() - (now.getTime() % 1000);
  }
  const access = await currentAccess(db, row.user_id, row.current_re, versions);
  return {
    sessionId: id,
    userId: row.user_id,
    userid: row.userid,
    name: row.name,
    loginType: row.logintype,
    ...access,
    auth: 'session',
    restriction: await currentRestriction(db, id, row, now),
  };
}
