// Roles and the {Module}.{action} permission tasks, one set per module in metadata, with the
// grants each platform role starts with.
import type { Knex } from 'knex';
import { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { MODULES_DIR } from '../paths.js';
import { crudTaskRows, ruleTaskRows, taskRow } from '../../engine/app/seed-helpers.js';
import { ACCOUNT_PERMISSIONS } from '../../engine/accounts/permissions.js';
import { MAIL_PERMISSIONS } from '../../engine/mail/permissions.js';
import { IDENTITY_PERMISSIONS } from '../../engine/identity/permissions.js';
import { SYSTEM_PERMISSIONS } from '../../engine/actions/system/permissions.js';
import { SUB_USER_PERMISSIONS } from '../actions/accounts/sub-users.js';
import { ROLE_PERMISSIONS } from '../../engine/actions/roles/permissions.js';
import { BULLETIN_IRU_PERMISSIONS, BULLETIN_RE_PERMISSIONS } from '../actions/bulletins/bulletins.js';
import { PERIOD_IRU_PERMISSIONS } from '../actions/periods/permissions.js';
import { ROUTINE_IRU_GRANTS, ROUTINE_PERMISSIONS, ROUTINE_RE_GRANTS } from '../actions/routine-reports/permissions.js';
import { OFFICE_RE_GRANTS, PEOI_IRU_GRANTS, PEOI_ROLE_GRANTS } from '../actions/peoi/permissions.js';
import { STAFF_CLASS_IRU_GRANTS } from '../profile/permissions.js';
import { VARIANCE_CHECK_PERMISSION, VARIANCE_IRU_GRANTS } from '../actions/variance/permissions.js';
import { RECORDS_A_IRU_GRANTS, RECORDS_A_RE_GRANTS } from '../re-records/permissions.js';
import { RECORDS_B_IRU_GRANTS, RECORDS_B_RE_GRANTS } from '../re-records/records-b-permissions.js';
import { insertRows } from './support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

export const ROLES = { re: 1, iru: 2, dmo: 3, sysadmin: 10, preparer: 25, checker: 26, approver: 27, headOfDepartment: 20, headOfUnit: 21, statistics: 22, bankHeadOfUnit: 35, peoiOfficer: 36, bankOfficer: 37, appOfficer: 43, appHeadOfUnit: 44, auditReviewer: 46 } as const;

const ROLE_ROWS: [number, string, boolean][] = [
  [ROLES.re, 'RE', false],
  [ROLES.iru, 'IRU', false],
  [ROLES.dmo, 'DMO', false],
  [ROLES.sysadmin, 'System Administrator', true],
  [ROLES.preparer, 'Preparer', false],
  [ROLES.checker, 'Checker', false],
  [ROLES.approver, 'Approver', false],
  // The regulator's stage roles of routine reports and PEOI cases (seed 003 §6; docs/routine-reports-peoi.md).
  [ROLES.headOfDepartment, 'Head of Department', false],
  [ROLES.headOfUnit, 'Head of Unit', false],
  [ROLES.statistics, 'Statistics Officer', false],
  [ROLES.bankHeadOfUnit, 'Head of Unit (Banks)', false],
  [ROLES.peoiOfficer, 'PEOI Officer', false],
  [ROLES.bankOfficer, 'Relationship Manager (Banks)', false],
  [ROLES.appOfficer, 'App I/II Officer', false],
  [ROLES.appHeadOfUnit, 'App I/II Head of Unit', false],
  // Regulator staff who may read the audit log (docs/audit-log.md); the demo IRU officer holds it.
  [ROLES.auditReviewer, 'Audit Reviewer', false],
];

export { CRUD_ACTIONS } from '../../engine/app/seed-helpers.js';

/** IRU staff maintain these; everything else they may only read. */
const IRU_EDITS = ['RE', 'RE_RE', 'List', 'ListGroup', 'PublicMessage', 'Parameters', 'DashboardChart', 'FormTemplate', 'FormPropertiesOverride'];
/** IRU staff review submissions (state changes, freezing) and delete them (docs/filing-periods.md); they open periods rather than create batches by hand. */
const IRU_UPDATES = ['Form', 'FormBatch'];
const IRU_DELETES = ['Form.delete', 'FormBatch.delete', 'RE_RE.delete'];

/** Help desk and queries (docs/threads.md): IRU staff raise, answer and move threads. */
const THREAD_IRU_GRANTS = ['Helpdesk.create', 'Helpdesk.update', 'HelpdeskMessage.create', 'Helpdesk_Reference.create', 'HelpdeskMessage_Reference.create', 'Query.create', 'Query.update', 'QueryMessage.create', 'Query_Reference.create', 'QueryMessage_Reference.create', 'Resubmission.create', 'ResubmissionForm.create'];
/** RE users ask and answer in their entity's threads, through the scoped variants. */
const THREAD_RE_GRANTS = [
  'RE-Helpdesk.select', 'RE-Helpdesk.create', 'RE-HelpdeskMessage.select', 'RE-HelpdeskMessage.create',
  'Helpdesk_Reference.select', 'Helpdesk_Reference.create', 'HelpdeskMessage_Reference.select', 'HelpdeskMessage_Reference.create',
  'RE-Query.select', 'RE-QueryMessage.select', 'RE-QueryMessage.create',
  'Query_Reference.select', 'QueryMessage_Reference.select', 'QueryMessage_Reference.create',
];

/** Dropdown value requests (docs/requests.md): RE users ask through the scoped variant; IRU staff approve or reject. */
const DROPDOWN_RE_GRANTS = ['RE-SMSDropdown.select', 'RE-SMSDropdown.create'];
const DROPDOWN_IRU_GRANTS = ['SMSDropdown.update', 'SMSDropdown.action.approve'];

/** Resubmission requests (docs/resubmission-extension.md): RE users ask, edit and pay through the scoped variant; IRU staff recommend and approve. */
const RESUBMISSION_RE_GRANTS = ['RE-Resubmission.select', 'RE-Resubmission.create', 'RE-Resubmission.update', 'RE-ResubmissionForm.select', 'Resubmission_Reference.select', 'Resubmission_Reference.create'];
const RESUBMISSION_IRU_GRANTS = ['Resubmission.update', 'Resubmission.action.recommend', 'Resubmission.action.approve', 'Resubmission_Reference.create'];

/** Extension requests (docs/resubmission-extension.md): RE users ask and pay through the scoped variant (and withdraw a proof while the request is with them); IRU staff recommend and approve. */
const EXTENSION_RE_GRANTS = ['RE-Extension.select', 'RE-Extension.create', 'RE-Extension.update', 'Extension_Reference.select', 'Extension_Reference.create', 'Extension_Reference.delete'];
const EXTENSION_IRU_GRANTS = ['Extension.update', 'Extension.action.recommend', 'Extension.action.approve'];

/** Excel imports (docs/excel.md): RE users import into their entity's forms through the scoped variant. */
const EXCEL_IMPORT_RE_GRANTS = ['RE-ExcelImport.select', 'RE-ExcelImport.create', 'ExcelImport_Reference.select', 'ExcelImport_Reference.create'];
// Staff import for an entity they choose: the job writes through REForm for that entity (docs/excel.md).
const EXCEL_IMPORT_IRU_GRANTS = ['ExcelImport.create', 'ExcelImport_Reference.create', 'REForm.update'];
/** Who may import which templates (Import Allow, docs/excel.md): IRU staff keep the rules. */
const IMPORT_ALLOW_IRU_GRANTS = ['ImportAllow.create', 'ImportAllow.update', 'ImportAllow.delete'];

/** Form sign-off (docs/filing.md): the moves of REForm's state map each need one of these; the regulator reviews. */
const FORM_PREPARE = 'REForm.action.prepare';
const FORM_CHECK = 'REForm.action.check';
const FORM_APPROVE = 'REForm.action.approve';
// IRU staff also hold the entity's sign-off tasks, which they cannot use (REForm is reached only
// through a current entity) but must hold to give the entity roles 25-27 (docs/roles.md).
const FORM_IRU_GRANTS = ['Form.action.review', FORM_PREPARE, FORM_CHECK, FORM_APPROVE];

/**
 * Everyone's own profile (My-User: a few fields of one's own user record, form 66) and own e-mail
 * subscriptions (User_EmailTemplate, self-scoped; only its select task is granted, and it permits
 * the EmailTemplate.getList/subscribe/unsubscribe actions, docs/email-subscriptions.md).
 */
const SELF_SERVICE = ['My-User.select', 'My-User.update', 'User_EmailTemplate.select'];

/**
 * Reads that IRU staff do not get with the rest: the audit log (docs/audit-log.md) is for
 * administrators (the system role holds every task) and the staff they grant it to.
 */
const STAFF_GRANTED_ONLY = new Set(['AuditLog.select']);

/** What IRU staff may do beyond reading every module. */
const IRU_GRANTS = new Set<string>([
  ...IRU_EDITS.flatMap((m) => [`${m}.create`, `${m}.update`]),
  ...IRU_UPDATES.map((m) => `${m}.update`),
  ...IRU_DELETES,
  ...ACCOUNT_PERMISSIONS,
  ...MAIL_PERMISSIONS,
  ...SYSTEM_PERMISSIONS,
  ...SELF_SERVICE,
  ...THREAD_IRU_GRANTS,
  ...BULLETIN_IRU_PERMISSIONS,
  ...DROPDOWN_IRU_GRANTS,
  ...RESUBMISSION_IRU_GRANTS,
  ...EXTENSION_IRU_GRANTS,
  ...EXCEL_IMPORT_IRU_GRANTS,
  ...IMPORT_ALLOW_IRU_GRANTS,
  ...FORM_IRU_GRANTS,
  ...PERIOD_IRU_PERMISSIONS,
  ...ROUTINE_IRU_GRANTS,
  ...PEOI_IRU_GRANTS,
  ...RECORDS_B_IRU_GRANTS,
  ...RECORDS_A_IRU_GRANTS,
  ...STAFF_CLASS_IRU_GRANTS,
  ...VARIANCE_IRU_GRANTS,
]);

/** What an RE user may do: its own entity (through RE-RE), reference data, its attachments. */
const RE_GRANTS = [
  ...SELF_SERVICE,
  ...SUB_USER_PERMISSIONS,
  ...THREAD_RE_GRANTS,
  ...BULLETIN_RE_PERMISSIONS,
  ...DROPDOWN_RE_GRANTS,
  ...RESUBMISSION_RE_GRANTS,
  ...EXTENSION_RE_GRANTS,
  ...EXCEL_IMPORT_RE_GRANTS,
  ...OFFICE_RE_GRANTS,
  ...ROUTINE_RE_GRANTS,
  ...RECORDS_B_RE_GRANTS,
  ...RECORDS_A_RE_GRANTS,
  'RE-RE.select', 'RE-RE.update',
  'List.select', 'ListGroup.select', 'Sector.select', 'RECategory.select', 'PublicMessage.select',
  'WebList.select', 'WebListview.select', 'WebForms.select', 'DashboardChart.select', 'DashboardGroup.select',
  'RE_Reference.select', 'RE_Reference.create', 'RE_Reference.delete',
  'User.select', 'RE_User.select',
  // Its entity's submissions and forms, through the scoped variants only (never Form/FormBatch).
  // Batches are the regulator's to change; a form moves only along the entity's own steps
  // (REForm's state map) and only its content and state are writable there.
  'REFormBatch.select', 'REForm.select', 'REForm.update',
];


/** Every permission task this release knows: CRUD of each module, then the actions' own. */
export function taskRows(createon: string): Record<string, unknown>[] {
  const modules = ModuleRegistry.fromDirectory(MODULES_DIR).all();
  const tasks = crudTaskRows(modules, createon, 33);
  const actionTask = (name: string, title: string) => taskRow(name, title, createon, 33);
  // Account review and password resets (engine/accounts): administrators and IRU staff.
  for (const name of ACCOUNT_PERMISSIONS) tasks.push(actionTask(name, 'User'));
  // Queueing templated e-mail (Email.generate): administrators and IRU staff.
  for (const name of MAIL_PERMISSIONS) tasks.push(actionTask(name, 'E-mail'));
  // MFA reset and API tokens (engine/identity): administrators only (role 10 holds every task).
  for (const p of IDENTITY_PERMISSIONS) tasks.push(actionTask(`${p.module}.${p.action}`, p.title));
  // The home page's monitors (System.monitor): administrators and IRU staff, never RE users.
  for (const name of SYSTEM_PERMISSIONS) tasks.push(actionTask(name, 'System'));
  // A primary RE user's sub-user status buttons: RE users only.
  for (const name of SUB_USER_PERMISSIONS) tasks.push(actionTask(name, 'Reporting entity contact'));
  // What the modules' rules name: restricted rows (RE-Query.confidential, docs/threads.md), protected
  // rows (Parameters.updateSystem), state moves with a permission (SMSDropdown.action.approve).
  tasks.push(...ruleTaskRows(modules, createon, 33));
  // Opening, deleting and measuring reporting periods (docs/filing-periods.md): IRU staff.
  for (const name of PERIOD_IRU_PERMISSIONS) tasks.push(actionTask(name, 'Submission'));
  // The variance check (docs/filing-periods.md): IRU staff hold it with the other .select tasks.
  tasks.push(actionTask(VARIANCE_CHECK_PERMISSION, 'Variance check'));
  // Editing roles' grants (Role & Permission): the system role; administrators grant it on.
  for (const name of ROLE_PERMISSIONS) tasks.push(actionTask(name, 'Role & Permission'));
  return tasks;
}

/**
 * A database seeded by an earlier release lacks the tasks of modules and actions added since:
 * they are added, and granted to the system roles (which hold every task). Which other roles get
 * them is the administrators' decision (Role & Permission). Answers the number of tasks added.
 */
export async function addMissingTasks(db: Knex, createon: string): Promise<number> {
  const known = new Set((await db('permissiontasks').pluck('name')).map(String));
  const missing = taskRows(createon).filter((t) => !known.has(String(t.name)));
  if (!missing.length) return 0;
  await insertRows(db, 'permissiontasks', missing);
  const ids = (await db('permissiontasks').whereIn('name', missing.map((t) => String(t.name))).pluck('id')).map(Number);
  const systemRoles = (await db('role').where({ issystem: true }).pluck('id')).map(Number);
  await insertRows(db, 'role_permissiontasks', systemRoles.flatMap((role) => ids.map((task) => ({ link_fk_role: role, link_fk_permissiontasks: task }))));
  // Callers' permissions are cached per change version of the access tables.
  await bumpVersions(db, ['permissiontasks', 'role_permissiontasks']);
  return missing.length;
}

export async function seedAccess(db: Knex, createon: string): Promise<Record<string, number>> {
  const roles = ROLE_ROWS.map(([id, name, issystem]) => ({ id, name, issystem, createon }));
  const tasks = taskRows(createon);

  const counts = {
    role: await insertRows(db, 'role', roles),
    permissiontasks: await insertRows(db, 'permissiontasks', tasks),
  };

  const taskIds = new Map<string, number>();
  for (const row of await db('permissiontasks').select('id', 'name')) taskIds.set(row.name, Number(row.id));
  const all = [...taskIds.keys()];
  const grants: Record<number, string[]> = {
    [ROLES.sysadmin]: all,
    [ROLES.iru]: all.filter((n) => (n.endsWith('.select') && !STAFF_GRANTED_ONLY.has(n)) || IRU_GRANTS.has(n)),
    [ROLES.re]: RE_GRANTS,
    // Entity-level roles come with the user's current entity (engine/identity/session-store.ts).
    [ROLES.preparer]: [FORM_PREPARE],
    [ROLES.checker]: [FORM_CHECK],
    [ROLES.approver]: [FORM_PREPARE, FORM_CHECK, FORM_APPROVE],
    // Stage roles come on top of the IRU role: the head of unit recommends, the head of department approves.
    ...Object.fromEntries(Object.entries(PEOI_ROLE_GRANTS).map(([role, names]) => [role, Number(role) === ROLES.headOfUnit ? [...names, ROUTINE_PERMISSIONS.recommend] : names])),
    [ROLES.headOfDepartment]: [ROUTINE_PERMISSIONS.approve],
    [ROLES.auditReviewer]: [...STAFF_GRANTED_ONLY],
  };
  const links = Object.entries(grants).flatMap(([role, names]) =>
    names.map((name) => {
      const id = taskIds.get(name);
      if (id === undefined) throw new Error(`Seed grants unknown permission ${name}`);
      return { link_fk_role: Number(role), link_fk_permissiontasks: id };
    }),
  );
  return { ...counts, role_permissiontasks: await insertRows(db, 'role_permissiontasks', links) };
}
