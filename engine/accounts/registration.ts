// Creating an account that waits for e-mail verification: the checks that need the database
// (position list, entity, e-mail already in use, user id taken) and the writes (user, its RE
// role, its entity link, state history, audit, verification mail), all in the caller's
// transaction.
import type { Knex } from 'knex';
import type { EngineConfig } from '../../fastify.config.js';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import type { Dialect } from '../db/connect.js';
import { AppError } from '../errors/catalogue.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { recordAudit, recordStateChange } from '../records/record-history.js';
import { isUniqueViolation } from '../records/write-values.js';
import { sendVerificationMail } from './account-mail.js';
import { formError } from './registration-rules.js';
import { USER_STATE, userModule, type UserRow } from '../identity/users.js';
import { hashPassword } from '../identity/password-hash.js';
import { userByUserid } from '../identity/userid-match.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Registration runs before anyone is signed in: it checks the entity number, position and user id offered and writes the new user, its role and its entity link as the account being created',
);

type Db = Knex | Knex.Transaction;

const POSITION_GROUP = 295;
const ACTIVE = 33;
/** Platform role of every RE user (seeds/access.ts): what gives it the RE permissions. */
const RE_ROLE = 1;
export const ENTITY_ROLE = { preparer: 25, checker: 26, approver: 27 } as const;

export const ENTITY_MESSAGES = {
  LL: 'No reporting entity is registered with this Company Number (LL). Please check the number or contact the support mailbox.',
  BR: 'No reporting entity is registered with this Business Registration Number (BR). Please check the number or contact the support mailbox.',
  ambiguous: 'More than one reporting entity has this number. Please contact the support mailbox.',
  mismatch: 'This number does not match the reporting entity you are working in.',
} as const;

export const USERID_TAKEN = 'This User ID is already taken. Please choose another.';

const numberColumn = (type: 'LL' | 'BR') => (type === 'LL' ? 'companyno' : 'otherno');
const lowerEquals = (q: Knex.QueryBuilder, column: string, value: string) => q.whereRaw('lower(??) = ?', [column, value.trim().toLowerCase()]);

/** The positions a registration may choose: active entries of list group 295, in display order. */
export async function registrationPositions(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db('list')
    .where({ listgroup: POSITION_GROUP })
    .andWhere((q) => q.where('state', ACTIVE).orWhereNull('state'))
    .orderBy([{ column: 'displayorder' }, { column: 'name' }])
    .select('id', 'name');
  return rows.map((r: { id: number; name: string }) => ({ id: Number(r.id), name: r.name }));
}

/** The position must be an active entry of list group 295. */
export async function positionExists(db: Db, position: number | string): Promise<boolean> {
  const id = Number(position);
  if (!Number.isInteger(id) || id < 1) return false;
  const row = await db('list').where({ id, listgroup: POSITION_GROUP }).andWhere((q) => q.where('state', ACTIVE).orWhereNull('state')).first('id');
  return row !== undefined;
}

/**
 * The active entity with this company number (LL) or registration number (BR). Unknown numbers
 * are refused: self-registration never creates an entity, the regulator does.
 */
export async function entityByNumber(db: Db, type: 'LL' | 'BR', number: string): Promise<number> {
  const field = numberColumn(type);
  const rows: { id: number }[] = await lowerEquals(db('re').select('id'), field, number).andWhere('state', ACTIVE).limit(2);
  if (rows.length === 0) throw formError({ [field]: ENTITY_MESSAGES[type] });
  if (rows.length > 1) throw formError({ [field]: ENTITY_MESSAGES.ambiguous });
  return Number(rows[0].id);
}

/** For a sub user: the number given must be the one of the caller's current entity. */
export async function checkEntityNumber(db: Db, entity: number, type: 'LL' | 'BR', number: string): Promise<void> {
  const field = numberColumn(type);
  const row = await lowerEquals(db('re').where({ id: entity }).select('id'), field, number).first();
  if (!row) throw formError({ [field]: ENTITY_MESSAGES.mismatch });
}

/**
 * Asked when the e-mail address of a registration already has a user (seed 000 §8: the confirm
 * dialog, whose Yes resends with newuserid=Y). It says the address is in use and nothing more:
 * not which user id has it, which would hand anyone who knows an address the user id to guess
 * passwords for.
 */
export const EMAIL_IN_USE = 'This e-mail address is already used by another User ID. Do you want to register another User ID with it?';

/**
 * E_NEEDOVERRIDEUSERID when a user with this e-mail exists and the caller has not confirmed
 * (newuserid=Y); E_VALIDATION when the user id is taken (compared without case).
 */
export async function checkIdentity(db: Db, email: string, userid: string, override: boolean): Promise<void> {
  const owner = await lowerEquals(db('user').select('id'), 'email', email).first();
  if (owner && !override) throw new AppError('E_NEEDOVERRIDEUSERID', EMAIL_IN_USE);
  const taken = await userByUserid(db, userid).first('id');
  if (taken) throw formError({ userid: USERID_TAKEN });
}

export interface NewAccount {
  userid: string;
  name: string;
  email: string;
  contactno: string;
  position2: number;
  password: string;
  entity: number;
  role: number;
}

/**
 * Creates the user in state 62 (pending e-mail verification), linked to the entity with the
 * given role (primary when the entity has none yet), and queues the verification mail.
 */
export async function createPendingAccount(
  db: Db,
  services: { config: EngineConfig; modules: ModuleRegistry; dialect: Dialect },
  a: NewAccount,
  who: number | null,
): Promise<UserRow> {
  const now = sqlDateTime();
  const passwordHash = await hashPassword(a.password);
  // MySQL: hold the entity row so two registrations cannot both become its primary user. SQLite
  // runs one writing transaction at a time already.
  if (services.dialect === 'mysql') await db('re').where({ id: a.entity }).forUpdate().first('id');
  const primary = await db('re_user').where({ link_fk_re: a.entity, isprimary: true }).first('link_id');
  let id: number;
  try {
    [id] = await db('user').insert({
      userid: a.userid,
      name: a.name,
      email: a.email,
      password: passwordHash,
      logintype: 2,
      contactno: a.contactno,
      position2: a.position2,
      state: USER_STATE.pendingEmail,
      mfa: 0,
      pwchangedon: now,
      failedlogins: 0,
      firsttimelogin: true,
      emailverified: false,
      updatectr: 1,
      createon: now,
      createby: who,
      updateon: now,
      updateby: who,
    });
  } catch (e) {
    // Another registration took the user id between the check and the insert.
    if (isUniqueViolation(e)) throw formError({ userid: USERID_TAKEN });
    throw e;
  }
  id = Number(id);
  await db('user_role').insert({ link_fk_user: id, link_fk_role: RE_ROLE });
  await db('re_user').insert({ link_fk_re: a.entity, link_fk_user: id, isprimary: !primary, role: a.role });
  await bumpVersions(db, ['user_role', 're_user']);
  const module = userModule(services.modules);
  await recordStateChange(db, module, id, null, USER_STATE.pendingEmail, who, null);
  // The password is listed as written; its hash never reaches the audit's values (audit-values.ts).
  await recordAudit(db, module, id, 1, 'create', ['userid', 'name', 'email', 'password', 'logintype', 'contactno', 'position2', 'state'], who, {
    after: { userid: a.userid, name: a.name, email: a.email, password: passwordHash, logintype: 2, contactno: a.contactno, position2: a.position2, state: USER_STATE.pendingEmail },
  });
  const user: UserRow = { id, userid: a.userid, name: a.name, email: a.email, password: passwordHash, state: USER_STATE.pendingEmail, firsttimelogin: true };
  await sendVerificationMail(db, services.config, user);
  return user;
}

