// No one gives more than they hold (docs/roles.md, "Nothing beyond one's own"). A caller grants,
// withdraws or copies only tasks granted to one of their own roles; links a user to a role, or
// unlinks them, only when they hold every task of that role; and never changes their own roles
// or the grants of a role they hold. Read in the write's transaction, so a grant made or taken a
// moment ago counts. Used by Role.setPermissions / Role.copyPermissions and, for every write of
// the access tables through the record engine, by guardAccessWrite.
import type { Knex } from 'knex';
import type { ActionContext } from '../../runtime/context.js';
import { AppError } from '../../errors/catalogue.js';
import { loadAccess } from '../../identity/session-store.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/** What the caller holds now: their roles (the current entity's role included) and those roles' tasks. */
export interface Holdings {
  roles: Set<number>;
  tasks: Set<number>;
}

const refuse = (message: string) => new AppError('E_NOPERMISSION', message);

/** At most ten names, so a refusal of a whole role stays readable. */
function listed(names: string[]): string {
  const sorted = [...names].sort();
  return sorted.length <= 10 ? sorted.join(', ') : `${sorted.slice(0, 10).join(', ')} and ${sorted.length - 10} more`;
}

export async function holdingsOf(ctx: ActionContext): Promise<Holdings> {
  const caller = ctx.caller;
  if (!caller) return { roles: new Set(), tasks: new Set() };
  const { roles } = await loadAccess(ctx.db, caller.userId, caller.currentRe);
  const tasks = roles.size ? await ctx.db('role_permissiontasks').whereIn('link_fk_role', [...roles]).distinct('link_fk_permissiontasks as task') : [];
  return { roles, tasks: new Set(tasks.map((t: { task: number }) => Number(t.task))) };
}

async function taskNames(db: Db, ids: number[]): Promise<string[]> {
  const rows: { id: number; name: string }[] = await db('permissiontasks').whereIn('id', ids).select('id', 'name');
  const byId = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
  return ids.map((id) => byId.get(id) ?? `task ${id}`);
}

async function roleName(db: Db, id: number): Promise<string> {
  const row = await db('role').where({ id }).first('name');
  return row ? String(row.name) : `role ${id}`;
}

/** Refuses `tasks` the caller does not hold, naming them: "You cannot grant permissions you do not hold yourself: …". */
export async function refuseTasksBeyond(db: Db, held: Holdings, tasks: number[], verb: string): Promise<void> {
  const beyond = [...new Set(tasks)].filter((t) => !held.tasks.has(t));
  if (beyond.length) throw refuse(`You cannot ${verb} permissions you do not hold yourself: ${listed(await taskNames(db, beyond))}.`);
}

/** A role the caller holds is changed by someone else: a holder could otherwise raise themselves. */
export function refuseOwnRole(held: Holdings, role: { id: number; name: string }, what = 'change the permissions of'): void {
  if (held.roles.has(role.id)) throw refuse(`You cannot ${what} your own role ${role.name}.`);
}

/** Giving `user` the role `role` or taking it away: never one's own roles, and only a role within the caller's tasks. */
export async function refuseRoleLink(ctx: ActionContext, held: Holdings, user: number, role: number, verb: 'give' | 'take away'): Promise<void> {
  if (user === ctx.caller?.userId) throw refuse('You cannot change your own roles.');
  const tasks = (await ctx.db('role_permissiontasks').where({ link_fk_role: role }).pluck('link_fk_permissiontasks')).map(Number);
  const beyond = tasks.filter((t) => !held.tasks.has(t));
  if (beyond.length) {
    throw refuse(`You cannot ${verb} the role ${await roleName(ctx.db, role)}: it holds permissions you do not hold yourself (${listed(await taskNames(ctx.db, beyond))}).`);
  }
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** A link of a user to a role as a row holds it, or null (no row, or no role: an entity link without one). */
function roleLinkOf(row: Row | null, roleColumn: string): { user: number; role: number } | null {
  const user = num(row?.link_fk_user);
  const role = num(row?.[roleColumn]);
  return user === null || role === null ? null : { user, role };
}

async function guardRoleLinks(ctx: ActionContext, before: Row | null, after: Row | null, roleColumn: string): Promise<void> {
  const was = roleLinkOf(before, roleColumn);
  const now = roleLinkOf(after, roleColumn);
  if (was && now && was.user === now.user && was.role === now.role) return;
  const held = await holdingsOf(ctx);
  if (was) await refuseRoleLink(ctx, held, was.user, was.role, 'take away');
  if (now) await refuseRoleLink(ctx, held, now.user, now.role, 'give');
}

async function guardGrant(ctx: ActionContext, before: Row | null, after: Row | null): Promise<void> {
  const grant = (row: Row | null) => (row ? { role: Number(row.link_fk_role), task: Number(row.link_fk_permissiontasks) } : null);
  const was = grant(before);
  const now = grant(after);
  if (was && now && was.role === now.role && was.task === now.task) return;
  const held = await holdingsOf(ctx);
  for (const g of [was, now]) if (g) refuseOwnRole(held, { id: g.role, name: await roleName(ctx.db, g.role) });
  if (was) await refuseTasksBeyond(ctx.db, held, [was.task], 'withdraw');
  if (now) await refuseTasksBeyond(ctx.db, held, [now.task], 'grant');
}

/** Deleting a role withdraws its grants from every user of it (the links cascade). */
async function guardRoleDelete(ctx: ActionContext, before: Row): Promise<void> {
  const held = await holdingsOf(ctx);
  const role = { id: Number(before.id), name: String(before.name) };
  refuseOwnRole(held, role, 'delete');
  const tasks = (await ctx.db('role_permissiontasks').where({ link_fk_role: role.id }).pluck('link_fk_permissiontasks')).map(Number);
  await refuseTasksBeyond(ctx.db, held, tasks, `delete the role ${role.name}, which holds`);
}

/**
 * The record engine's check of a write of an access table (the row as stored before, and as it
 * will be after; null for a create's before and a delete's after): user_role and re_user's
 * entity role link users to roles, role_permissiontasks grants tasks, a role's delete takes all.
 */
export async function guardAccessWrite(ctx: ActionContext, table: string, before: Row | null, after: Row | null): Promise<void> {
  if (table === 'user_role') return guardRoleLinks(ctx, before, after, 'link_fk_role');
  if (table === 're_user') return guardRoleLinks(ctx, before, after, 'role');
  if (table === 'role_permissiontasks') return guardGrant(ctx, before, after);
  if (table === 'role' && before && !after) return guardRoleDelete(ctx, before);
}
