// Fills a freshly migrated database for the equipment-loans app: the state names, two roles and
// the permission tasks they hold, the screens (from metadata/screens), and with `demo` two
// accounts and a few pieces of equipment and loans. Runs once: a database with roles is left alone.
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { crudTaskRows, insertRows, ruleTaskRows, seedScreens, taskRow } from '../../engine/app/seed-helpers.js';
import { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { SYSTEM_PERMISSIONS } from '../../engine/actions/system/permissions.js';
import { ACTIVE, LOAN_STATE, LOAN_STATE_GROUP, STATE_NAMES } from './states.js';
import { LOAN_OVERDUE_PERMISSION } from './actions/loan-overdue.js';
import { MODULES_DIR, SCREENS_DIR } from './paths.js';

export const DEMO_PASSWORD = 'Loans@1234';

export const ROLES = { labManager: 501, borrower: 502 } as const;

/** The demo accounts: the lab manager approves and closes loans; a borrower asks for them. */
export const DEMO_USERS = [
  { userid: 'labmanager', name: 'Lab Manager', roles: [ROLES.labManager] },
  { userid: 'student', name: 'Demo Student', roles: [ROLES.borrower] },
] as const;

/** Internal staff (login type 3): the engine's sign-in knows staff, entity users and internal users. */
const LOGIN_TYPE_INTERNAL = 3;

/** What every signed-in user reads to see screens and the names of states and users. */
const SCREEN_READS = ['WebList.select', 'WebListview.select', 'WebForms.select', 'List.select', 'ListGroup.select', 'User.select'];

const GRANTS: Record<number, string[]> = {
  [ROLES.labManager]: [
    ...SCREEN_READS,
    ...['Equipment', 'Loan'].flatMap((m) => [`${m}.select`, `${m}.create`, `${m}.update`, `${m}.delete`]),
    'Loan.action.approve',
    LOAN_OVERDUE_PERMISSION,
    // The home page's figures (System.monitor).
    ...SYSTEM_PERMISSIONS,
  ],
  [ROLES.borrower]: [...SCREEN_READS, 'Equipment.select', 'Loan.select', 'Loan.create'],
};

/** `{Module}.{verb}` for every module the app serves, the state moves' own, and the actions'. */
function taskRows(createon: string): Record<string, unknown>[] {
  const modules = ModuleRegistry.fromDirectory(MODULES_DIR).all();
  return [
    ...crudTaskRows(modules, createon, ACTIVE),
    ...ruleTaskRows(modules, createon, ACTIVE),
    taskRow(LOAN_OVERDUE_PERMISSION, 'Loan', createon, ACTIVE),
    ...SYSTEM_PERMISSIONS.map((p) => taskRow(p, 'System', createon, ACTIVE)),
  ];
}

async function seedAccess(db: Knex, createon: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    role: await insertRows(db, 'role', [
      { id: ROLES.labManager, name: 'Lab manager', issystem: false, createon },
      { id: ROLES.borrower, name: 'Borrower', issystem: false, createon },
    ]),
    permissiontasks: await insertRows(db, 'permissiontasks', taskRows(createon)),
  };
  const ids = new Map<string, number>();
  for (const r of await db('permissiontasks').select('id', 'name')) ids.set(String(r.name), Number(r.id));
  const links = Object.entries(GRANTS).flatMap(([role, names]) =>
    names.map((name) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`The seed grants ${name}, which is no permission task`);
      return { link_fk_role: Number(role), link_fk_permissiontasks: id };
    }),
  );
  counts.role_permissiontasks = await insertRows(db, 'role_permissiontasks', links);
  return counts;
}

async function seedDemo(db: Knex, createon: string): Promise<Record<string, number>> {
  const users = [];
  for (const u of DEMO_USERS) {
    users.push({
      userid: u.userid, name: u.name, email: `${u.userid}@lab.example`,
      // argon2id with the library's defaults, each hash with its own salt.
      password: await hash(DEMO_PASSWORD),
      logintype: LOGIN_TYPE_INTERNAL, contactno: '0100000000', state: ACTIVE, mfa: 0,
      pwchangedon: createon, failedlogins: 0, firsttimelogin: false, emailverified: true, createon,
    });
  }
  const counts: Record<string, number> = { user: await insertRows(db, 'user', users) };
  const userIds = new Map<string, number>();
  for (const r of await db('user').whereIn('userid', DEMO_USERS.map((u) => u.userid)).select('id', 'userid')) userIds.set(String(r.userid), Number(r.id));
  counts.user_role = await insertRows(db, 'user_role', DEMO_USERS.flatMap((u) => u.roles.map((role) => ({ link_fk_user: userIds.get(u.userid)!, link_fk_role: role }))));
  counts.lab_equipment = await insertRows(db, 'lab_equipment', [
    { id: 1, name: 'Oscilloscope', serialno: 'OSC-0001', location: 'Bench 2', onloan: true, createon },
    { id: 2, name: 'Microscope', serialno: 'MIC-0001', location: 'Cabinet A', onloan: false, createon },
    { id: 3, name: 'Thermal camera', serialno: 'THC-0001', location: 'Cabinet B', onloan: false, createon },
  ]);
  const manager = userIds.get('labmanager')!;
  const student = userIds.get('student')!;
  const daysFromNow = (n: number) => sqlDate(new Date(Date.now() + n * 86_400_000));
  counts.lab_loan = await insertRows(db, 'lab_loan', [
    // Out and late: what Loan.overdue reports.
    { equipment: 1, borrower: 'Demo Student', purpose: 'Signal lab', dueon: daysFromNow(-3), state: LOAN_STATE.approved, requester: student, approvedby: manager, approvedon: createon, createon, createby: student },
    { equipment: 3, borrower: 'Demo Student', purpose: 'Heat survey', dueon: daysFromNow(7), state: LOAN_STATE.requested, requester: student, createon, createby: student },
  ]);
  return counts;
}

export async function seedLoans(db: Knex, opts: { demo: boolean }): Promise<{ skipped: boolean; counts: Record<string, number> }> {
  return db.transaction(async (trx) => {
    const existing = await trx('role').count({ n: '*' }).first();
    if (Number(existing?.n ?? 0) > 0) return { skipped: true, counts: {} };
    const createon = sqlDateTime();
    const counts: Record<string, number> = {
      listgroup: await insertRows(trx, 'listgroup', [{ id: LOAN_STATE_GROUP, name: 'Loan status', state: ACTIVE, createon }]),
      list: await insertRows(trx, 'list', [
        { id: ACTIVE, name: 'Active', displayorder: 1, state: ACTIVE, createon },
        ...STATE_NAMES.map(([id, name], i) => ({ id, name, listgroup: LOAN_STATE_GROUP, displayorder: i + 1, state: ACTIVE, createon })),
      ]),
      ...(await seedAccess(trx, createon)),
      ...(await seedScreens(trx, SCREENS_DIR, createon)),
      ...(opts.demo ? await seedDemo(trx, createon) : {}),
    };
    // Callers' permissions and lists read from memory are keyed by the tables' change versions.
    await bumpVersions(trx, Object.keys(counts));
    return { skipped: false, counts };
  });
}
