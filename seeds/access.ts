// Roles and the {Module}.{action} permission tasks, one set per module in metadata, with the
// grants each platform role starts with.
import type { Knex } from 'knex';
import { ModuleRegistry } from '../engine/metadata/module-registry.js';
import { MODULES_DIR } from '../engine/metadata/paths.js';
import { ACCOUNT_PERMISSIONS } from '../engine/accounts/permissions.js';
import { MAIL_PERMISSIONS } from '../engine/mail/permissions.js';
import { IDENTITY_PERMISSIONS } from '../engine/identity/permissions.js';
import { insertRows } from './support.js';

export const ROLES = { re: 1, iru: 2, dmo: 3, sysadmin: 10, preparer: 25, checker: 26, approver: 27 } as const;

const ROLE_ROWS: [number, string, boolean][] = [
  [ROLES.re, 'RE', false],
  [ROLES.iru, 'IRU', false],
  [ROLES.dmo, 'DMO', false],
  [ROLES.sysadmin, 'System Administrator', true],
  [ROLES.preparer, 'Preparer', false],
  [ROLES.checker, 'Checker', false],
  [ROLES.approver, 'Approver', false],
];

export const CRUD_ACTIONS = ['select', 'create', 'update', 'delete'] as const;

/** IRU staff maintain these; everything else they may only read. */
const IRU_EDITS = ['RE', 'List', 'ListGroup', 'PublicMessage', 'Parameters', 'DashboardChart'];
/** IRU staff review submissions (state changes, freezing) but do not create or delete them. */
const IRU_UPDATES = ['Form', 'FormBatch'];

/** What an RE user may do: its own entity (through RE-RE), reference data, its attachments. */
const RE_GRANTS = [
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


export async function seedAccess(db: Knex, createon: string): Promise<Record<string, number>> {
  const roles = ROLE_ROWS.map(([id, name, issystem]) => ({ id, name, issystem, createon }));

  const modules = ModuleRegistry.fromDirectory(MODULES_DIR).all();
  const tasks: Record<string, unknown>[] = modules.flatMap((m) =>
    CRUD_ACTIONS.map((action) => ({
      name: `${m.permissionName}.${action}`,
      code: action,
      module: m.permissionName,
      module_name: m.def.title ?? m.name,
      state: 33,
      createon,
    })),
  );
  // Account review and password resets (engine/accounts): administrators and IRU staff.
  for (const name of ACCOUNT_PERMISSIONS) tasks.push({ name, code: name.split('.')[1], module: 'User', module_name: 'User', state: 33, createon });
  // Queueing templated e-mail (Email.generate): administrators and IRU staff.
  for (const name of MAIL_PERMISSIONS) tasks.push({ name, code: name.split('.')[1], module: 'Email', module_name: 'E-mail', state: 33, createon });
  // MFA reset and API tokens (engine/identity): administrators only (role 10 holds every task).
  for (const p of IDENTITY_PERMISSIONS) tasks.push({ name: `${p.module}.${p.action}`, code: p.action, module: p.module, module_name: p.title, state: 33, createon });

  const counts = {
    role: await insertRows(db, 'role', roles),
    permissiontasks: await insertRows(db, 'permissiontasks', tasks),
  };

  const taskIds = new Map<string, number>();
  for (const row of await db('permissiontasks').select('id', 'name')) taskIds.set(row.name, Number(row.id));
  const all = [...taskIds.keys()];
  const grants: Record<number, string[]> = {
    [ROLES.sysadmin]: all,
    [ROLES.iru]: all.filter(
      (n) => n.endsWith('.select') || IRU_EDITS.some((m) => n === `${m}.create` || n === `${m}.update`) || IRU_UPDATES.some((m) => n === `${m}.update`) || (ACCOUNT_PERMISSIONS as readonly string[]).includes(n) || (MAIL_PERMISSIONS as readonly string[]).includes(n),
    ),
    [ROLES.re]: RE_GRANTS,
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
