// Demo accounts, one per login type, so a fresh `npm start` can be tried from every side.
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { ROLES } from './access.js';
import { insertRows } from './support.js';

export const DEMO_PASSWORD = 'Demo@1234';

interface DemoUser {
  id: number;
  userid: string;
  name: string;
  logintype: 1 | 2 | 3;
  position2: number | null;
  description: string;
  roles: number[];
  /** Entities the user is linked to: [entity id, entity-level role, primary user]. */
  entities: [number, number, boolean][];
  /** user.mfa: 0 follow MFA_POLICY (default), 1 required, 2 exempt. */
  mfa?: 0 | 1 | 2;
}

const USERS: DemoUser[] = [
  { id: 1, userid: 'admin', name: 'System Administrator', logintype: 3, position2: null, roles: [ROLES.sysadmin], entities: [],
    description: 'internal administrator: screen metadata, dashboards, every permission' },
  { id: 2, userid: 'iru', name: 'IRU Officer', logintype: 1, position2: null, roles: [ROLES.iru, ROLES.auditReviewer], entities: [],
    description: 'regulator staff (IRU): reviews entities, maintains lists and parameters, reads the audit log' },
  { id: 3, userid: 're', name: 'Demo Compliance Officer', logintype: 2, position2: 304, roles: [ROLES.re],
    entities: [[1, ROLES.approver, true], [6, ROLES.checker, false], [11, ROLES.preparer, false]],
    description: 'reporting entity user linked to three entities (primary user of the first)' },
  { id: 4, userid: 're2', name: 'Second Entity Officer', logintype: 2, position2: 303, roles: [ROLES.re],
    entities: [[2, ROLES.approver, true]],
    description: 'reporting entity user of one other entity' },
  { id: 5, userid: 'mfa', name: 'MFA Demo Officer', logintype: 1, position2: null, roles: [ROLES.iru], entities: [], mfa: 1,
    description: 'IRU officer who must use MFA and is not enrolled yet: the first sign-in shows a QR code to scan' },
  // The sign-off of the first demo entity's forms (docs/filing.md): one user per entity-level role.
  { id: 6, userid: 'preparer', name: 'Demo Preparer', logintype: 2, position2: 303, roles: [ROLES.re], entities: [[1, ROLES.preparer, false]],
    description: 'preparer (role 25) of the first entity: fills forms in and sends them for verification' },
  { id: 7, userid: 'checker', name: 'Demo Checker', logintype: 2, position2: 303, roles: [ROLES.re], entities: [[1, ROLES.checker, false]],
    description: 'checker (role 26) of the first entity: verifies prepared forms, or sends them back with a reason' },
  { id: 8, userid: 'approver', name: 'Demo Approver', logintype: 2, position2: 304, roles: [ROLES.re], entities: [[1, ROLES.approver, false]],
    description: 'approver (role 27) of the first entity: submits ready forms prepared by someone else' },
];

export const DEMO_USERS = USERS.map(({ userid, logintype, description }) => ({ userid, logintype, description }));

export async function seedDemoUsers(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = [];
  for (const u of USERS) {
    rows.push({
      id: u.id,
      userid: u.userid,
      name: u.name,
      email: `${u.userid}@regportal.example`,
      // argon2id with the library's defaults; each hash gets its own salt.
      password: await hash(DEMO_PASSWORD),
      logintype: u.logintype,
      contactno: `0123456${String(u.id).padStart(3, '0')}`,
      position2: u.position2,
      state: 33,
      mfa: u.mfa ?? 0,
      pwchangedon: createon,
      failedlogins: 0,
      firsttimelogin: false,
      emailverified: true,
      createon,
    });
  }
  const roleLinks = USERS.flatMap((u) => u.roles.map((role) => ({ link_fk_user: u.id, link_fk_role: role })));
  const entityLinks = USERS.flatMap((u) =>
    u.entities.map(([re, role, isprimary]) => ({ link_fk_re: re, link_fk_user: u.id, role, isprimary })),
  );
  const counts = {
    user: await insertRows(db, 'user', rows),
    user_role: await insertRows(db, 'user_role', roleLinks),
    re_user: await insertRows(db, 're_user', entityLinks),
  };
  // The demo's primary users have confirmed their entities' profiles; an entity that gets its
  // first user by registration waits for that user's confirmation (docs/accounts.md).
  for (const l of entityLinks.filter((x) => x.isprimary)) {
    await db('re').where({ id: l.link_fk_re }).update({ verifybizinfo: createon, verifybizinfoby: l.link_fk_user, verifyoffice: createon, verifyofficeby: l.link_fk_user });
  }
  return counts;
}
