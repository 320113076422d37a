// Regulator staff with stage roles (head of unit 21, head of department 20, PEOI officer 36, …)
// for workflow tests: the demo has one IRU user; stage roles come on top of the IRU role (2).
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import type { TestEngine } from './test-engine.js';

const IRU_ROLE = 2;

/** Adds an active IRU user `userid` (e-mail `{userid}@regportal.example`) with `roles` besides 2; answers its id. */
export async function addStaffUser(t: TestEngine, userid: string, roles: number[]): Promise<number> {
  const db = t.database.db;
  const row = { userid, name: `${userid} officer`, email: `${userid}@regportal.example`, password: 'not-a-hash', logintype: 1, state: 33, mfa: 0, failedlogins: 0, firsttimelogin: false, emailverified: true, createon: sqlDateTime() };
  await db('user').insert(row);
  const id = Number((await db('user').where({ userid }).first('id')).id);
  await db('user_role').insert([IRU_ROLE, ...roles].map((role) => ({ link_fk_user: id, link_fk_role: role })));
  await bumpVersions(db, ['user', 'user_role']);
  return id;
}
