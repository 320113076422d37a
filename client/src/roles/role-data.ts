// What the Role & Permission editor and User Group Maintenance read: every active permission task,
// a role with its grants, every role. Plain Record.select calls (the server checks each).
import { rpc, type Row } from '../rpc/rpc';
import type { Grant, Task } from './role-matrix';

const PAGE = 1000;

/** Every row of a select, page by page (the server caps a page at 1000 rows). */
async function selectAll(args: { module: string; fields: string[]; where?: unknown[]; order?: string }): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await rpc.select({ ...args, max: PAGE, pageIndex: page });
    out.push(...rows);
    if (!rows.length || out.length >= total) return out;
  }
}

export async function loadTasks(): Promise<Task[]> {
  const rows = await selectAll({ module: 'PermissionTasks', fields: ['id', 'name', 'code', 'module', 'module_name'], where: [['state', '=', 33]], order: 'name asc' });
  return rows.map((r) => {
    const name = String(r.name ?? '');
    const dot = name.lastIndexOf('.');
    return {
      id: Number(r.id),
      name,
      code: String(r.code ?? (dot > 0 ? name.slice(dot + 1) : name)),
      module: String(r.module ?? (dot > 0 ? name.slice(0, dot) : name)),
      title: String(r.module_name ?? r.module ?? ''),
    };
  });
}

export interface RoleRecord {
  id: number;
  name: string;
  issystem: boolean;
  updatectr: number;
}

export async function loadRole(id: number): Promise<RoleRecord | null> {
  const { rows } = await rpc.select({ module: 'Role', fields: ['id', 'name', 'issystem', 'updatectr'], where: [['id', '=', id]], max: 1 });
  const r = rows[0];
  return r ? { id: Number(r.id), name: String(r.name ?? ''), issystem: r.issystem === true || Number(r.issystem) === 1, updatectr: Number(r.updatectr) } : null;
}

export async function loadGrants(role: number): Promise<Grant[]> {
  const rows = await selectAll({ module: 'Role_PermissionTasks', fields: ['link_id', 'link_updatectr', 'link_fk_permissiontasks'], where: [['link_fk_role', '=', role]] });
  return rows.map((r) => ({ linkId: Number(r.link_id), updatectr: Number(r.link_updatectr), task: Number(r.link_fk_permissiontasks) }));
}

export async function loadRoles(): Promise<{ id: number; name: string }[]> {
  const rows = await selectAll({ module: 'Role', fields: ['id', 'name'], order: 'name asc' });
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') }));
}
