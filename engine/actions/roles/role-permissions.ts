// Role & Permission (seed 003 §2.8, §7): a role's grants are the links of Role_PermissionTasks.
// Role.setPermissions adds and removes links in one transaction, each removal a compare-and-set
// on the link's updatectr and each addition refused when another editor added it first, so two
// editors never overwrite each other unseen. Role.copyPermissions makes one role's grants exactly
// another's. A system role (issystem) holds every task: its grants are never reduced. Nobody
// grants, withdraws or copies a task they do not hold, nor edits a role they hold (privilege.ts).
// Every write bumps the access tables' change versions, so callers' permissions change at once.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../runtime/record-arg.js';
import type { Knex } from 'knex';
import { defineAction } from '../../runtime/registry.js';
import type { ActionContext } from '../../runtime/context.js';
import { text } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { recordAudit } from '../../records/record-history.js';
import { isUniqueViolation } from '../../records/write-values.js';
import { holdingsOf, refuseOwnRole, refuseTasksBeyond, type Holdings } from './privilege.js';

const LINK_TABLE = 'role_permissiontasks';
const LINK_MODULE = 'Role_PermissionTasks';
type Db = Knex | Knex.Transaction;

interface RoleRow {
  id: number;
  name: string;
  issystem: boolean;
}

async function lockedRole(db: Db, id: number, field: string): Promise<RoleRow> {
  // The role row is the lock that orders concurrent edits of its grants (MariaDB; SQLite writes
  // are serialised anyway).
  const row = await db('role').where({ id }).forUpdate().first('id', 'name', 'issystem');
  if (!row) throw new AppError('E_NOTFOUND', `Role not found.`, { [field]: 'no such role' });
  return { id: Number(row.id), name: String(row.name), issystem: Boolean(Number(row.issystem)) };
}

const systemRoleRefused = (role: RoleRow) => errors.validation({ delete: `${role.name} is a system role: its permissions cannot be reduced.` });

const stale = (message: string) => new AppError('E_CONCURRENT', message);

/** What the caller is doing, in the words of a refusal: grant (or copy) the additions, withdraw the removals. */
interface Verbs {
  add: string;
  remove: string;
}

/**
 * Adds grants of `tasks` to `role` (links that must not exist yet) and removes the given links,
 * each task one the caller holds.
 */
async function applyChanges(ctx: ActionContext, role: RoleRow, create: number[], remove: { id: number; updatectr: number }[], held: Holdings, verbs: Verbs): Promise<{ added: number; removed: number }> {
  const db = ctx.db;
  const module = ctx.services.modules.get(LINK_MODULE)!;
  const who = ctx.caller?.userId ?? null;
  const wanted = [...new Set(create)];
  if (wanted.length) {
    const known = (await db('permissiontasks').whereIn('id', wanted).pluck('id')).map(Number);
    const unknown = wanted.filter((id) => !known.includes(id));
    if (unknown.length) throw errors.validation({ create: `no permission task ${unknown.join(', ')}` });
    await refuseTasksBeyond(db, held, wanted, verbs.add);
    const granted = (await db(LINK_TABLE).where({ link_fk_role: role.id }).whereIn('link_fk_permissiontasks', wanted).pluck('link_fk_permissiontasks')).map(Number);
    if (granted.length) throw stale(`The role's permissions were changed by someone else (task ${granted.join(', ')} already granted). Reload and try again.`);
  }
  if (remove.length) {
    // Links of another role, or gone, are left to the compare-and-set below (E_CONCURRENT).
    const withdrawn = (await db(LINK_TABLE).where({ link_fk_role: role.id }).whereIn('link_id', remove.map((l) => l.id)).pluck('link_fk_permissiontasks')).map(Number);
    await refuseTasksBeyond(db, held, withdrawn, verbs.remove);
  }
  let removed = 0;
  for (const link of remove) {
    const n = await db(LINK_TABLE).where({ link_id: link.id, link_updatectr: link.updatectr, link_fk_role: role.id }).delete();
    if (n !== 1) throw stale(`The role's permissions were changed by someone else (grant ${link.id} is no longer as you read it). Reload and try again.`);
    await recordAudit(db, module, link.id, link.updatectr + 1, 'delete', [], who, { before: { link_id: link.id, link_fk_role: role.id, link_updatectr: link.updatectr } });
    removed += 1;
  }
  for (const task of wanted) {
    let id: number;
    try {
      // One row: both drivers answer [its id].
      id = Number((await db(LINK_TABLE).insert({ link_fk_role: role.id, link_fk_permissiontasks: task, link_updatectr: 1 }))[0]);
    } catch (e) {
      if (isUniqueViolation(e)) throw stale(`The role's permissions were changed by someone else (task ${task} already granted). Reload and try again.`);
      throw e;
    }
    await recordAudit(db, module, id, 1, 'create', ['link_fk_role', 'link_fk_permissiontasks'], who, { after: { link_fk_role: role.id, link_fk_permissiontasks: task } });
  }
  // recordAudit bumped the link table's change version, which keys the callers' cached access.
  return { added: wanted.length, removed };
}

const LinkRef = Type.Object({ id: recordId('Role_PermissionTasks', 'A permission the role holds (its link)'), updatectr: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const setPermissions = defineAction({
  name: 'Role.setPermissions',
  summary: "Grants permission tasks to a role and withdraws grants (compare-and-set on each link's updatectr), in one transaction",
  args: [
    Type.Object(
      {
        role: Type.Integer({ minimum: 1 }),
        create: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 })),
        delete: Type.Optional(Type.Array(LinkRef, { maxItems: 5000 })),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'RolePermission.update',
  writes: true,
  answer: 'value 0: text, JSON {added, removed}',
  errors: ['E_NOTFOUND', 'E_VALIDATION', 'E_CONCURRENT'],
  async handler([a], ctx) {
    const role = await lockedRole(ctx.db, a.role, 'role');
    const held = await holdingsOf(ctx);
    refuseOwnRole(held, role);
    const remove = a.delete ?? [];
    if (role.issystem && remove.length) throw systemRoleRefused(role);
    const result = await applyChanges(ctx, role, a.create ?? [], remove, held, { add: 'grant', remove: 'withdraw' });
    ctx.log.info({ role: role.id, ...result }, 'role permissions changed');
    return [text(JSON.stringify(result))];
  },
});

export const copyPermissions = defineAction({
  name: 'Role.copyPermissions',
  summary: "Makes the destination role's grants exactly the source role's (Copy Role)",
  args: [Type.Object({ src_role: Type.Integer({ minimum: 1 }), dest_role: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })],
  access: 'session',
  permission: 'RolePermission.update',
  writes: true,
  answer: 'value 0: text, JSON {added, removed}',
  errors: ['E_NOTFOUND', 'E_VALIDATION'],
  async handler([a], ctx) {
    if (a.src_role === a.dest_role) throw errors.validation({ src_role: 'Please select a role to copy from.' });
    // Both rows locked in id order, so two opposite copies cannot deadlock.
    const [first, second] = a.src_role < a.dest_role ? ['src_role', 'dest_role'] as const : ['dest_role', 'src_role'] as const;
    const locked = { [first]: await lockedRole(ctx.db, a[first], first), [second]: await lockedRole(ctx.db, a[second], second) };
    const src = locked.src_role!;
    const dest = locked.dest_role!;
    const held = await holdingsOf(ctx);
    refuseOwnRole(held, dest);
    const source = new Set((await ctx.db(LINK_TABLE).where({ link_fk_role: src.id }).pluck('link_fk_permissiontasks')).map(Number));
    const current: { link_id: number; link_updatectr: number; task: number }[] = await ctx.db(LINK_TABLE).where({ link_fk_role: dest.id }).select('link_id', 'link_updatectr', 'link_fk_permissiontasks as task');
    const have = new Set(current.map((l) => Number(l.task)));
    const remove = current.filter((l) => !source.has(Number(l.task))).map((l) => ({ id: Number(l.link_id), updatectr: Number(l.link_updatectr) }));
    if (dest.issystem && remove.length) throw systemRoleRefused(dest);
    const result = await applyChanges(ctx, dest, [...source].filter((t) => !have.has(t)), remove, held, { add: 'copy', remove: 'withdraw' });
    ctx.log.info({ src: src.id, dest: dest.id, ...result }, 'role permissions copied');
    return [text(JSON.stringify(result))];
  },
});

export const roleActions = [setPermissions, copyPermissions];
