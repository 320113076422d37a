// The stored login info of seed 000 §3, built from the user, role and entity tables.
import type { Knex } from 'knex';
import type { Caller } from '../runtime/context.js';
import { ERROR_CODES } from '../errors/catalogue.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The login info of the signed-in user: their own user row and their own entity links',
);

const LOGIN_TYPE_NAMES: Record<number, string> = { 1: 'IRU', 2: 'RE', 3: 'ADMIN' };

export interface UserRecordOptions {
  /** The password has expired: the session is restricted until it is changed. */
  passwordExpired?: boolean;
}

/**
 * `roles` are the caller's: the user's own roles plus the entity-level role (25/26/27) of the
 * current entity, which is what the client swaps on an entity switch (seed 000 §6).
 */
export async function userRecord(
  db: Knex | Knex.Transaction,
  userId: number,
  access: Pick<Caller, 'roles' | 'permissions' | 'entities'>,
  currentRe: number | null,
  options: UserRecordOptions = {},
) {
  const user = await db('user').where({ id: userId }).first('id', 'userid', 'name', 'email', 'logintype', 'position2', 'firsttimelogin');
  const links: { id: number; name: string; sector: number | null; isprimary: number | boolean | null; verifybizinfo: unknown; verifyoffice: unknown }[] = await db({ l: 're_user' })
    .join({ r: 're' }, 'r.id', 'l.link_fk_re')
    .where('l.link_fk_user', userId)
    .orderBy('r.id')
    .select('r.id as id', 'r.name as name', 'r.sector as sector', 'l.isprimary as isprimary', 'r.verifybizinfo as verifybizinfo', 'r.verifyoffice as verifyoffice');
  const primary = links.find((l) => Boolean(Number(l.isprimary)));
  const loginType = Number(user.logintype);
  // Where the current entity's profile confirmation stands (RE.verifyBizInfo / RE.verifyOffice).
  const verified = currentRe === null ? undefined : links.find((l) => Number(l.id) === currentRe);
  return {
    id: Number(user.id),
    userid: user.userid,
    name: user.name,
    email: user.email,
    login_type: { name: LOGIN_TYPE_NAMES[loginType] ?? 'UNKNOWN', value: loginType },
    roles: Object.fromEntries([...access.roles].sort((a, b) => a - b).map((r) => [String(r), true])),
    permissions: Object.fromEntries([...access.permissions].sort().map((p) => [p, true])),
    RE: links.map((l) => ({ id: Number(l.id), name: l.name, sector: l.sector === null ? null : Number(l.sector) })),
    currentRE: currentRe,
    REPrimaryUser: primary ? Number(primary.id) : null,
    RESubUser: links.length > 0 && !primary,
    firstTimeLogin: Boolean(Number(user.firsttimelogin ?? 0)),
    VerifyBizInfo: verified ? verified.verifybizinfo !== null : true,
    VerifyOffice: verified ? verified.verifyoffice !== null : true,
    position2_value: user.position2 === null ? null : Number(user.position2),
    pwexpiry: options.passwordExpired ? { expired: true, message: ERROR_CODES.E_PASSWORDEXPIRED.message } : { expired: false, message: '' },
  };
}
