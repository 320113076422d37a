// Who a workflow's staff stage is mailed to (seed 003 §7): the active regulator users whose roles
// grant the task of the next stage (e.g. Resubmission.action.recommend). Administrators, who hold
// every task through the system role, are not IRU users and take no part. One query for every
// request workflow (resubmission, extension, routine report).
import type { Knex } from 'knex';
import { LOGIN_TYPE } from '../runtime/context.js';
import { isMailAddress } from './outbox.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Who a staff stage is mailed to: the regulator users holding the stage\'s task; each is then filtered by whether they read the request (staff-visibility.ts, the same evaluator)',
);

type Db = Knex | Knex.Transaction;
const ACTIVE_USER = 33;

/** Addresses that are mail addresses, each once (case-insensitive), in the order first met. */
export function distinctAddresses(emails: readonly unknown[]): string[] {
  const seen = new Map<string, string>();
  for (const e of emails) {
    const email = String(e ?? '').trim();
    if (isMailAddress(email) && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

/** Active regulator staff holding `permission` through one of their roles, by id. */
export async function staffUsersHolding(db: Db, permission: string): Promise<{ id: number; userid: string; name: string; email: unknown }[]> {
  const rows: { id: unknown; userid: unknown; name: unknown; email: unknown }[] = await db({ u: 'user' })
    .join({ ur: 'user_role' }, 'ur.link_fk_user', 'u.id')
    .join({ rp: 'role_permissiontasks' }, 'rp.link_fk_role', 'ur.link_fk_role')
    .join({ pt: 'permissiontasks' }, 'pt.id', 'rp.link_fk_permissiontasks')
    .where('pt.name', permission)
    .andWhere('u.state', ACTIVE_USER)
    .andWhere('u.logintype', LOGIN_TYPE.IRU)
    .orderBy('u.id')
    .distinct('u.id', 'u.userid', 'u.name', 'u.email as email');
  return rows.map((r) => ({ id: Number(r.id), userid: String(r.userid ?? ''), name: String(r.name ?? ''), email: r.email }));
}

/** The addresses of the active regulator staff who hold `permission` through one of their roles. */
export async function staffHolding(db: Db, permission: string): Promise<string[]> {
  return distinctAddresses((await staffUsersHolding(db, permission)).map((r) => r.email));
}
