// Who may touch which module, and which rows: `{Module}.{verb}` permissions and the entity
// scope. Checked on the server for every Record.* call, whatever the client shows.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';
import { isReUser, type ActionContext } from '../runtime/context.js';
import { sqlDate, sqlDateTime } from '../db/clock.js';
import { applyWhere, conditionsKey, normaliseWhere, type NormalCondition } from './where-compiler.js';
import { applyRowLimit, rowLimitOf } from './row-rules.js';

export type Verb = 'select' | 'create' | 'update' | 'delete';

export interface ModuleAccess {
  module: ResolvedModule;
  /**
   * The value every row's scope column must hold (the current entity; the caller's own user id
   * for a `self` scope), null for no rows at all, undefined when the caller is not limited.
   */
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
  const permission = `${module.permissionName}.${verb}`;
  if (!ctx.caller || !ctx.caller.permissions.has(permission)) throw errors.noPermission(permission);
  return callerModule(ctx, module, verb);
}

/**
 * The module as the caller reaches it, whatever action asks: restricted variants, staff-only
 * fields, row rules, entity scope. accessModule adds the record permission; rowsOf (scoped-rows.ts)
 * serves named actions that hold their own permission and query the module themselves.
 */
export function callerModule(ctx: ActionContext, base: ResolvedModule, verb: Verb): ModuleAccess {
  const caller = ctx.caller;
  const permission = `${base.permissionName}.${verb}`;
  if (!caller) throw errors.noPermission(permission);
  let module = restrictedFor(caller.permissions, base);
  if (isReUser(caller)) module = withoutStaffOnly(module);
  // The regulator's row rules (row-rules.ts): the caller's own copy of the module carries them.
  module = limitedFor(caller, (n) => ctx.services.modules.get(n), module);
  // One's own record (My-User): every caller, whatever their kind, reaches only that row.
  if (module.entityScope && 'self' in module.entityScope) return { module, scopeRe: caller.userId };
  let scopeRe: number | null | undefined;
  if (module.alwaysScoped || isReUser(caller)) {
    // A session left on an entity the user was since unlinked from reaches none of its rows.
    const linked = caller.currentRe !== null && (!isReUser(caller) || caller.entities.includes(caller.currentRe));
    if (module.entityScope) scopeRe = linked ? caller.currentRe : null;
    else if (!module.shared || verb !== 'select') throw errors.noPermission(permission);
  }
  return { module, scopeRe };
}

const withLimits = new WeakMap<ResolvedModule, Map<string, ResolvedModule>>();

/**
 * The caller's limited module, remembered per access: a caller's `facts` object comes with its
 * roles from one cached access (session-store.ts, keyed by user, entity and versions), so while
 * it lives the rules' answer for a module cannot change but by the sign-in kind. Saves planning
 * the rules again on every request of a session.
 */
const limitedByFacts = new WeakMap<object, WeakMap<ResolvedModule, { loginType: number; module: ResolvedModule }>>();

function limitedFor(caller: NonNullable<ActionContext['caller']>, modules: (name: string) => ResolvedModule | undefined, module: ResolvedModule): ResolvedModule {
  if (!caller.facts) return withRowLimit(caller, modules, module);
  let byModule = limitedByFacts.get(caller.facts);
  if (!byModule) limitedByFacts.set(caller.facts, (byModule = new WeakMap()));
  const known = byModule.get(module);
  if (known && known.loginType === caller.loginType) return known.module;
  const limited = withRowLimit(caller, modules, module);
  byModule.set(module, { loginType: caller.loginType, module: limited });
  return limited;
}

/**
 * The module with the caller's row limit (ResolvedModule.rowLimit), and a parent-scoped module
 * (an attachment, a thread's message) with its parent's: one copy per distinct limit, so the
 * statement caches see one module object per set of conditions.
 */
function withRowLimit(caller: NonNullable<ActionContext['caller']>, modules: (name: string) => ResolvedModule | undefined, module: ResolvedModule): ResolvedModule {
  const limit = rowLimitOf(module, caller, modules);
  const parent = module.scopeParent ? withRowLimit(caller, modules, module.scopeParent.module) : undefined;
  if (!limit && (!parent || parent === module.scopeParent!.module)) return module;
  const key = `${limit?.key ?? ''}#${parent ? rowRulesKey(parent) : ''}`;
  let byKey = withLimits.get(module);
  if (!byKey) withLimits.set(module, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    out = { ...module, rowLimit: limit ?? undefined, scopeParent: parent ? { ...module.scopeParent!, module: parent } : module.scopeParent };
    if (byKey.size > 1000) byKey.clear();
    byKey.set(key, out);
  }
  return out;
}

/** What of the caller's row rules decides a module's rows (its own and its parents'): part of statement shapes and count keys. */
export function rowRulesKey(module: ResolvedModule): string {
  const own = module.rowLimit?.key ?? '';
  return module.scopeParent ? `${own}<${rowRulesKey(module.scopeParent.module)}` : own;
}

/** Whether a row limit applies to the module or a parent it is scoped through. */
export function hasRowLimit(module: ResolvedModule): boolean {
  return Boolean(module.rowLimit) || (module.scopeParent ? hasRowLimit(module.scopeParent.module) : false);
}

const forReUsers = new WeakMap<ResolvedModule, ResolvedModule>();

/**
 * The module as an RE user sees it: staff-only fields (a user's lock and failure counters, MFA
 * settings), whether its own, a link's child columns or lookup columns, do not exist, so no
 * select, condition, order or write can name them and no default list includes them.
 */
function withoutStaffOnly(module: ResolvedModule): ResolvedModule {
  let out = forReUsers.get(module);
  if (!out) {
    const fields = new Map([...module.fields].filter(([, f]) => !f.def.staffOnly));
    out = fields.size === module.fields.size ? module : { ...module, fields, defaultFields: module.defaultFields.filter((name) => fields.has(name)) };
    forReUsers.set(module, out);
  }
  return out;
}

const restricted = new WeakMap<ResolvedModule, ResolvedModule>();
const restrictedChildren = new WeakMap<ResolvedModule, ResolvedModule>();

/**
 * The module as a caller without its `restrictUnless` permission sees it: the conditions join its
 * scopeWhere (variants only, module-rules.ts), and a module scoped through such a parent is
 * scoped through the restricted parent (RE-QueryMessage: messages of the queries one may see).
 */
function restrictedFor(permissions: Set<string>, module: ResolvedModule): ResolvedModule {
  let out = module;
  const rule = module.def.restrictUnless;
  if (rule && !permissions.has(`${module.permissionName}.${rule.permission}`)) {
    out = restricted.get(module) ?? { ...module, scopeWhere: [...(module.scopeWhere ?? []), ...rule.where] };
    restricted.set(module, out);
  }
  if (module.scopeParent) {
    const parent = restrictedFor(permissions, module.scopeParent.module);
    if (parent !== module.scopeParent.module) {
      const child = restrictedChildren.get(out) ?? { ...out, scopeParent: { ...module.scopeParent, module: parent } };
      restrictedChildren.set(out, child);
      out = child;
    }
  }
  return out;
}

/** The reporting entity table: a `via` scope's `entityColumn` is read from the current entity's row. */
const ENTITY_TABLE = 're';

/** The module's `scopeWhere` as conditions on its table under `alias`, "now" being this instant. */
function scopeConditions(module: ResolvedModule, alias: string): NormalCondition[] {
  if (!module.scopeWhere) return [];
  const move = (c: NormalCondition): NormalCondition => {
    if ('conditions' in c) return { ...c, conditions: c.conditions.map(move) };
    if ('field' in c) return { ...c, field: { ...c.field, alias } };
    return c;
  };
  // `{"now": ""}` is this instant, a day for a date field, as in named filters (UTC, as stored).
  const now = new Date();
  const filled = module.scopeWhere.map(([field, op, v]) => {
    const isNow = typeof v === 'object' && v !== null && !Array.isArray(v) && 'now' in v;
    return [field, op, isNow ? (module.fields.get(field)?.type === 'date' ? sqlDate(now) : sqlDateTime(now)) : v];
  });
  return normaliseWhere(filled, module, { now }).map(move);
}

/**
 * What of a module's scope changes with time (its `scopeWhere` and its parent's): part of the
 * keys of cached statements and counts, so a bulletin that starts or ends is seen at once.
 */
export function scopeKey(module: ResolvedModule): string {
  const own = module.scopeWhere ? conditionsKey(scopeConditions(module, BASE_ALIAS)) : '';
  return module.scopeParent ? `${own}|${scopeKey(module.scopeParent.module)}` : own;
}

/** Adds the tables `applyScope` reads (kept beside it, so the two agree): a `via`'s link rows (and the entity row it takes a column of), a parent's chain. */
export function scopeTables(module: ResolvedModule, tables: Set<string>): void {
  for (const t of module.rowLimit?.tables ?? []) tables.add(t);
  const scope = module.entityScope;
  if (scope && 'via' in scope) {
    tables.add(scope.via.table);
    if (scope.via.entityColumn) tables.add(ENTITY_TABLE);
  }
  if (module.scopeParent) {
    tables.add(module.scopeParent.module.table);
    scopeTables(module.scopeParent.module, tables);
  }
}

/** Limits a query on `module` (its table aliased `alias`, default `t`) to rows of entity `re`. */
export function applyScope(db: Knex | Knex.Transaction, qb: Knex.QueryBuilder, module: ResolvedModule, re: number | null | undefined, alias: string = BASE_ALIAS): void {
  if (module.rowLimit) applyRowLimit(db, qb, module, module.rowLimit, alias);
  if (re === undefined) {
    // Staff: no entity limit, but a parent's row rules still decide which children they reach.
    if (module.scopeParent && hasRowLimit(module.scopeParent.module)) {
      const { column, module: parent } = module.scopeParent;
      const p = `${alias}_p`;
      const sub = db({ [p]: parent.table }).select(db.raw('1')).where(`${p}.${parent.idField}`, db.ref(`${alias}.${column}`));
      applyScope(db, sub, parent, undefined, p);
      qb.whereExists(sub);
    }
    return;
  }
  const scope = module.entityScope;
  if (re === null || !scope) {
    qb.whereRaw('1 = 0');
    return;
  }
  if (module.scopeWhere) applyWhere(qb, scopeConditions(module, alias), module);
  if ('column' in scope || 'self' in scope) {
    const f = module.fields.get('column' in scope ? scope.column : scope.self)!;
    qb.where(`${f.alias === BASE_ALIAS ? alias : f.alias}.${f.column}`, re);
    return;
  }
  if ('parent' in scope) {
    // The parent row must be one the caller may see through the parent module, scope and all.
    const { column, module: parent } = module.scopeParent!;
    const p = `${alias}_p`;
    const sub = db({ [p]: parent.table }).select(db.raw('1')).where(`${p}.${parent.idField}`, db.ref(`${alias}.${column}`));
    applyScope(db, sub, parent, re, p);
    qb.whereExists(sub);
    return;
  }
  const { table, match, entity, entityColumn } = scope.via;
  const sub = db(table).select(db.raw('1')).where(`${table}.${match}`, db.ref(`${alias}.id`));
  if (entityColumn) sub.whereIn(`${table}.${entity}`, db({ e: ENTITY_TABLE }).select(`e.${entityColumn}`).where('e.id', re));
  else sub.andWhere(`${table}.${entity}`, re);
  qb.whereExists(sub);
}
