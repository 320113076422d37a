// Who may touch which module, and which rows: `{Module}.{verb}` permissions and the entity
// scope. Checked on the server for every Record.* call, whatever the client shows.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';
import { isReUser, type ActionContext } from '../actions/context.js';

export type Verb = 'select' | 'create' | 'update' | 'delete';

export interface ModuleAccess {
  module: ResolvedModule;
  /** The entity every row must belong to, or undefined when the caller is not limited. */
  scopeRe: number | null | undefined;
}

/**
 * Resolves the module and checks the caller may use it for `verb`. RE users are limited to
 * their current entity on every module that has an entity scope, and may not touch modules
 * that have neither a scope nor the `shared` flag (reference data), whatever their roles say.
 */
export function accessModule(ctx: ActionContext, name: string, verb: Verb): ModuleAccess {
  const module = ctx.services.modules.get(name);
  if (!module) throw errors.unknownModule(name);
  const caller = ctx.caller;
  const permission = `${module.permissionName}.${verb}`;
  if (!caller || !caller.permissions.has(permission)) throw errors.noPermission(permission);
  let scopeRe: number | null | undefined;
  if (module.alwaysScoped || isReUser(caller)) {
    // A session left on an entity the user was since unlinked from reaches none of its rows.
    const linked = caller.currentRe !== null && (!isReUser(caller) || caller.entities.includes(caller.currentRe));
    if (module.entityScope) scopeRe = linked ? caller.currentRe : null;
    else if (!module.shared || verb !== 'select') throw errors.noPermission(permission);
  }
  return { module, scopeRe };
}

/** Limits a query on `module` (its table aliased `t`) to rows of entity `re`. */
export function applyScope(db: Knex | Knex.Transaction, qb: Knex.QueryBuilder, module: ResolvedModule, re: number | null | undefined): void {
  if (re === undefined) return;
  const scope = module.entityScope;
  if (re === null || !scope) {
    qb.whereRaw('1 = 0');
    return;
  }
  if ('column' in scope) {
    const f = module.fields.get(scope.column)!;
    qb.where(`${f.alias}.${f.column}`, re);
    return;
  }
  const { table, match, entity } = scope.via;
  qb.whereExists(db(table).select(db.raw('1')).where(`${table}.${match}`, db.ref(`${BASE_ALIAS}.id`)).andWhere(`${table}.${entity}`, re));
}
