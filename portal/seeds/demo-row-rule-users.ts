// The row rules' reference data and demo accounts (docs/row-rules.md): the help desk categories
// the rules name (list group 248), the system parameters administrator's role (24), and one
// demo user per regulator team whose rows are limited: a relationship manager of banks (role 37,
// primary manager of entities 1 and 2, relief manager of entity 3), an App I/II officer (43), a
// PEOI officer (36) and a system parameters administrator (24). Ids 2201-2204 (issue 22).
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { DEMO_PASSWORD } from './demo-users.js';
import { insertRows } from './support.js';

const IRU_ROLE = 2;
export const SYSTEM_PARAMETERS_ROLE = 24;
const HELPDESK_GROUP = 248;

/** Help desk categories the row rules name (seed 001 §6, 002 §6); the names are ours. */
export const RULED_HELPDESK_CATEGORIES: [number, string][] = [
  [100148, 'Relationship Manager (Banks)'],
  [1100805, 'AML/CFT (AMLPU)'],
  [1103208, 'App I/II'],
  [10123, 'Statistics Unit Dropdowns'],
];

interface RuleDemoUser {
  id: number;
  userid: string;
  name: string;
  roles: number[];
  description: string;
}

const USERS: RuleDemoUser[] = [
  { id: 2201, userid: 'rm', name: 'Demo Relationship Manager', roles: [IRU_ROLE, 37],
    description: 'relationship manager of banks (role 37): sees only the sector 1 entities it manages (smd1/smd2: entities 1-3) and help desk category 100148' },
  { id: 2202, userid: 'appofficer', name: 'Demo App I/II Officer', roles: [IRU_ROLE, 43],
    description: 'App I/II officer (role 43): sees only App I/II entities and items, help desk categories 1100805 and 1103208' },
  { id: 2203, userid: 'peoiofficer', name: 'Demo PEOI Officer', roles: [IRU_ROLE, 36],
    description: 'PEOI officer (role 36): sees non-compliance cases at the PEOI stage only (states 83, 42, 85, 84, 43, 44)' },
  { id: 2204, userid: 'sysparam', name: 'Demo System Parameters Administrator', roles: [IRU_ROLE, SYSTEM_PARAMETERS_ROLE],
    description: 'system parameters administrator (role 24): edits the system parameters as well' },
];

export const ROW_RULE_DEMO_USERS = USERS.map(({ userid, description }) => ({ userid, logintype: 1 as const, description }));

/** Reference data: the ruled help desk categories and role 24 with the parameters' tasks. Always seeded. */
export async function seedRowRuleReference(db: Knex, createon: string): Promise<Record<string, number>> {
  const have = new Set((await db('list').where({ listgroup: HELPDESK_GROUP }).pluck('id')).map(Number));
  const order = Number((await db('list').where({ listgroup: HELPDESK_GROUP }).max({ m: 'displayorder' }).first())?.m ?? 0);
  const lists = RULED_HELPDESK_CATEGORIES.filter(([id]) => !have.has(id)).map(([id, name], i) => ({ id, name, value0: null, listgroup: HELPDESK_GROUP, displayorder: order + i + 1, state: 33, createon }));
  const role = (await db('role').where({ id: SYSTEM_PARAMETERS_ROLE }).first('id')) ? [] : [{ id: SYSTEM_PARAMETERS_ROLE, name: 'System Parameters Administrator', issystem: false, createon }];
  const counts = { list: await insertRows(db, 'list', lists), role: await insertRows(db, 'role', role) };
  // Role 24 maintains the parameters, the system ones included (Parameters.updateSystem).
  const tasks = await db('permissiontasks').where('name', 'like', 'Parameters.%').pluck('id');
  const granted = new Set((await db('role_permissiontasks').where({ link_fk_role: SYSTEM_PARAMETERS_ROLE }).pluck('link_fk_permissiontasks')).map(Number));
  const grants = tasks.map(Number).filter((t) => !granted.has(t)).map((t) => ({ link_fk_role: SYSTEM_PARAMETERS_ROLE, link_fk_permissiontasks: t }));
  return { ...counts, role_permissiontasks: await insertRows(db, 'role_permissiontasks', grants) };
}

/** The demo users, their roles, the managers of the first banks and a help desk case each team sees. */
export async function seedRowRuleDemo(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = [];
  for (const u of USERS) {
    rows.push({
      id: u.id, userid: u.userid, name: u.name, email: `${u.userid}@regportal.example`, password: await hash(DEMO_PASSWORD),
      logintype: 1, contactno: `01299${u.id}`, position2: null, state: 33, mfa: 0, pwchangedon: createon, failedlogins: 0,
      firsttimelogin: false, emailverified: true, createon,
    });
  }
  const counts = {
    user: await insertRows(db, 'user', rows),
    user_role: await insertRows(db, 'user_role', USERS.flatMap((u) => u.roles.map((role) => ({ link_fk_user: u.id, link_fk_role: role })))),
  };
  await db('re').whereIn('id', [1, 2]).update({ smd1: 2201 });
  await db('re').where({ id: 3 }).update({ smd2: 2201 });
  // One help desk case per ruled category, from the first two banks (entity 3 is App I/II).
  const cases = [
    { re: 1, category: 100148, name: 'Change of relationship manager contact', description: 'Please confirm who our relationship manager is this year.' },
    { re: 3, category: 1103208, name: 'App I/II form question', description: 'Which App I/II form covers the new facility?' },
    { re: 2, category: 1100805, name: 'AML/CFT return clarification', description: 'Clarification on the AML/CFT return due this quarter.' },
  ].map((c) => ({ ...c, state: 54, updatectr: 1, createon, createby: 3, updateon: createon, updateby: 3 }));
  return { ...counts, helpdesk: await insertRows(db, 'helpdesk', cases) };
}
