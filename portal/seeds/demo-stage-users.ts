// Demo accounts for the regulator's sign-off stages above the officers (docs/routine-reports-peoi.md,
// docs/roles.md): a head of unit (role 21: recommends routine reports, decides PEOI cases at the
// head-of-unit stage), the heads of unit of the banks (35) and of App I/II (44) for the same PEOI
// stage, and a head of department (20: approves routine reports). With `iru` (author, publish),
// `rm` / `appofficer` (PEOI IRU stage) and `peoiofficer` (PEOI stage), every stage of both
// workflows has a demo user. Each holds the IRU role (2) too, as stage roles come on top of it.
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { DEMO_PASSWORD } from './demo-users.js';
import { ROLES } from './access.js';
import { insertRows } from './support.js';

interface StageDemoUser {
  id: number;
  userid: string;
  name: string;
  roles: number[];
  description: string;
}

const USERS: StageDemoUser[] = [
  { id: 2301, userid: 'headofunit', name: 'Demo Head of Unit', roles: [ROLES.iru, ROLES.headOfUnit],
    description: 'head of unit (role 21): recommends routine reports (or returns them for amendment) and decides PEOI cases at the head-of-unit stage' },
  { id: 2302, userid: 'bankhou', name: 'Demo Head of Unit (Banks)', roles: [ROLES.iru, ROLES.bankHeadOfUnit],
    description: 'head of unit of the banks (role 35), relief manager of entities 1 and 2: decides their PEOI cases at the head-of-unit stage' },
  { id: 2303, userid: 'apphou', name: 'Demo App I/II Head of Unit', roles: [ROLES.iru, ROLES.appHeadOfUnit],
    description: 'App I/II head of unit (role 44): decides PEOI cases at the head-of-unit stage; /iru opens the submissions' },
  { id: 2304, userid: 'headofdept', name: 'Demo Head of Department', roles: [ROLES.iru, ROLES.headOfDepartment],
    description: 'head of department (role 20): approves recommended routine reports (or returns them for amendment)' },
];

export const STAGE_DEMO_USERS = USERS.map(({ userid, description }) => ({ userid, logintype: 1 as const, description }));

export async function seedStageDemoUsers(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = [];
  for (const u of USERS) {
    rows.push({
      id: u.id, userid: u.userid, name: u.name, email: `${u.userid}@regportal.example`, password: await hash(DEMO_PASSWORD),
      logintype: 1, contactno: `01298${u.id}`, position2: null, state: 33, mfa: 0, pwchangedon: createon, failedlogins: 0,
      firsttimelogin: false, emailverified: true, createon,
    });
  }
  const counts = {
    user: await insertRows(db, 'user', rows),
    user_role: await insertRows(db, 'user_role', USERS.flatMap((u) => u.roles.map((role) => ({ link_fk_user: u.id, link_fk_role: role })))),
  };
  // Role 35 reaches the banks it manages (docs/row-rules.md): the head of unit is the relief
  // manager (smd2) of the first two banks, whose first manager is `rm` (demo-row-rule-users.ts).
  await db('re').whereIn('id', [1, 2]).update({ smd2: 2302 });
  return counts;
}
