// Demo access administration (seed 003 §2.8): the demo IRU officer also holds an "Access
// Administrator" role, so Role & Permission and User Group Maintenance can be tried in the IRU
// shell. On a real deployment the system administrator grants RolePermission.update (and the
// Role / User_Role writes) to the roles that should have it, in Role & Permission.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { ROLE_PERMISSIONS } from '../../engine/actions/roles/permissions.js';

export const ACCESS_ADMIN_ROLE = 11;
const DEMO_IRU_USER = 2;

export const ACCESS_ADMIN_GRANTS = [
  ...ROLE_PERMISSIONS,
  'Role.select', 'Role.create', 'Role.update',
  'PermissionTasks.select', 'Role_PermissionTasks.select',
  'User_Role.select', 'User_Role.create', 'User_Role.delete',
];

export async function seedDemoAdmin(db: Knex, createon: string): Promise<Record<string, number>> {
  await insertRows(db, 'role', [{ id: ACCESS_ADMIN_ROLE, name: 'Access Administrator', issystem: false, createon }]);
  const tasks = (await db('permissiontasks').whereIn('name', ACCESS_ADMIN_GRANTS).pluck('id')).map(Number);
  if (tasks.length !== ACCESS_ADMIN_GRANTS.length) throw new Error('Demo access administrator grants name unknown permission tasks');
  const links = await insertRows(db, 'role_permissiontasks', tasks.map((id) => ({ link_fk_role: ACCESS_ADMIN_ROLE, link_fk_permissiontasks: id })));
  await insertRows(db, 'user_role', [{ link_fk_user: DEMO_IRU_USER, link_fk_role: ACCESS_ADMIN_ROLE }]);
  return { role: 1, role_permissiontasks: links, user_role: 1 };
}
