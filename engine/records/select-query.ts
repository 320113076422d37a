// Builds the SELECT of a module: its table as `t`, the child table of a link module as `c`,
// one LEFT JOIN per lookup that a requested column or condition needs (never a query per
// row), the entity scope, the where conditions and the order.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, CHILD_ALIAS, type ResolvedField, type ResolvedModule } from '../metadata/module-registry.js';
import { applyWhere, normaliseWhereClocked, whereFields, type NormalCondition } from './where-compiler.js';
import { mapValues, shapeOf } from './condition-values.js';
import { compile, sentinel, TemplateCache, type CompiledStatement } from '../db/compiled-statement.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { applyOrder, parseOrder } from './order-parser.js';
import { applyScope, rowRulesKey, scopeKey } from './module-access.js';
import { hintableNeed, hintedTable, indexHint } from './index-hint.js';
import type { ListIndexNeed } from './list-indexes.js';
import { dialectOf } from '../db/connect.js';

type Db = Knex | Knex.Transaction;
/** Alias of the page-of-keys subquery of deep pages. */
const PAGE_ALIAS = 'p';
/** Counts among a few new rows run after every write of a list's table: compiled per shape. */
const countAmongTemplates = new TemplateCache(2_000);
/** More ids than this are counted through a statement built for them (a template per count of ids would not repeat). */
const COUNT_AMONG_TEMPLATED = 16;

export function resolveFields(module: ResolvedModule, names: string[] | undefined): ResolvedField[] {
  const list = names && names.length ? names : module.defaultFields;
  const seen = new Set<string>();
  return list.map((name) => {
    const f = module.fields.get(name);
    if (!f) throw errors.invalidField(module.name, name);
    if (seen.has(name)) throw errors.badRequest(`Field "${name}" is asked for twice`);
    seen.add(name);
    return f;
  });
}

/** Names of the lookup joins that the given fields read from. */
function aliasesOf(fields: ResolvedField[]): Set<string> {
  return new Set(fields.map((f) => f.alias));
}

/** The child join of link modules and the lookup joins that `aliases` need. */
function addJoins(qb: Knex.QueryBuilder, module: ResolvedModule, aliases: Set<string>): Knex.QueryBuilder {
  if (module.child) qb.join({ [CHILD_ALIAS]: module.child.table }, `${CHILD_ALIAS}.id`, `${BASE_ALIAS}.${module.child.linkColumn}`);
  for (const lk of module.lookups) {
    if (aliases.has(lk.alias)) qb.leftJoin({ [lk.alias]: lk.table }, `${lk.alias}.id`, `${lk.fromAlias}.${lk.fromColumn}`);
  }
  return qb;
}

/** FROM and the joins that `aliases` need; `index`: the index MariaDB reads the table through (index-hint.ts). */
export function fromModule(db: Db, module: ResolvedModule, aliases: Set<string>, index?: string | null): Knex.QueryBuilder {
  const from = index ? db.from(hintedTable(db, module.table, BASE_ALIAS, index)) : db({ [BASE_ALIAS]: module.table });
  return addJoins(from, module, aliases);
}

export interface SelectPlan {
  fields: ResolvedField[];
  /** Builds the rows statement with its values (the floor of the benchmark, tests). */
  rows: () => Knex.QueryBuilder;
  /**
   * Equal for two plans exactly when their rows statements differ in values only: module,
   * scope, fields, order, the conditions' operators and fields, first page or not, the index
   * named to MariaDB.
   */
  rowsShape: string;
  /** The values of the rows statement, in the order `rowsTemplate` numbers them. */
  rowsValues: Knex.Value[];
  /** Builds the rows statement with `sentinel(i)` for value i (compiled-statement.ts). */
  rowsTemplate: () => Knex.QueryBuilder;
  /** Builds the count statement: only when a count is not already known (count-cache.ts). */
  count: () => Knex.QueryBuilder;
  /** The count among these rows alone (the rows inserted since a count was kept), compiled per shape. */
  countAmong: (ids: readonly number[]) => CompiledStatement;
  /** What decides the count: module, entity scope and the normalised conditions. */
  countKey: string;
}

export interface SelectInput {
  fields?: string[];
  where?: unknown;
  order?: unknown;
  limit: number;
  offset: number;
}

/** What a select's request decides, apart from its page: reused by `planSelect` for repeated requests. */
interface PlanParts {
  fields: ResolvedField[];
  conditions: NormalCondition[];
  order: ReturnType<typeof parseOrder>;
  filterFields: ResolvedField[];
  rowAliases: Set<string>;
  /** The template's values before limit and offset: the scope's entity, then the conditions'. */
  leading: Knex.Value[];
  scopeSlot: number | null | undefined;
  shapeConditions: NormalCondition[];
  countKey: string;
  countShape: string;
  /** The rows' shape, but for first page or deeper. */
  rowsShapeOf: string;
  /** Made with the clock's time (`now` in a named filter or the scope): never kept. */
  readsClock: boolean;
  /** What an index hint would serve (MariaDB/MySQL; worked out on first use), null for none. */
  hintNeed?: ListIndexNeed | null;
}

/** A module's plan parts by request (module objects are replaced when metadata or a caller's access changes). */
const partsByModule = new WeakMap<ResolvedModule, BoundedCache<PlanParts>>();

/** Whether a module's scope reads the clock (`now` in a scopeWhere of it or a parent). */
const timeScoped = (module: ResolvedModule): boolean => Boolean(module.scopeWhere) || (module.scopeParent ? timeScoped(module.scopeParent.module) : false);

function planParts(module: ResolvedModule, scopeRe: number | null | undefined, input: Omit<SelectInput, 'limit' | 'offset'>): PlanParts {
  const fields = resolveFields(module, input.fields);
  const { conditions, readsClock } = normaliseWhereClocked(input.where ?? [], module);
  const order = parseOrder(input.order, module);
  const filterFields = whereFields(conditions);
  // The template's values, in a fixed order: the scope's entity, the conditions', limit, offset.
  const leading: Knex.Value[] = [];
  const slot = (v: Knex.Value): number => sentinel(leading.push(v) - 1);
  const scopeSlot = typeof scopeRe === 'number' ? slot(scopeRe) : scopeRe;
  const firstCondition = leading.length;
  const shapeConditions = mapValues(conditions, slot);
  const conditionValues = leading.slice(firstCondition);
  // The scope's time-bound conditions (scopeKey) are compiled in, so they are part of the shape.
  // So are the caller's row rules (row-rules.ts): users with other roles, positions or sectors get other shapes and counts.
  const scopeShape = `${scopeRe === undefined ? '*' : scopeRe === null ? 'none' : `re${scopeKey(module)}`}${module.rowLimit || module.scopeParent ? `~${rowRulesKey(module)}` : ''}`;
  // The conditions' shape and their values determine them (cheaper than serialising them twice).
  const conditionShape = shapeOf(conditions);
  return {
    fields,
    conditions,
    order,
    filterFields,
    rowAliases: aliasesOf([...fields, ...filterFields, ...order.map((o) => o.field)]),
    leading,
    scopeSlot,
    shapeConditions,
    countKey: `${module.name}|${scopeRe === undefined ? scopeShape : `${scopeRe}${scopeShape}`}|${conditionShape}|${JSON.stringify(conditionValues)}`,
    countShape: `${module.name}|${scopeShape}|${conditionShape}`,
    readsClock: readsClock || timeScoped(module),
    rowsShapeOf: `${module.name}|${scopeShape}|${conditionShape}|${fields.map((f) => f.name).join(',')}|${order.map((o) => `${o.field.name} ${o.dir}`).join(',')}`,
  };
}

/**
 * The plan parts of a request that arrived as JSON (Record.select's arguments): a list read
 * again asks for the same fields, conditions and order, so they are resolved and normalised
 * once. Not kept when the conditions or the scope read the clock (`now`), which a kept plan
 * would freeze.
 */
function requestParts(module: ResolvedModule, scopeRe: number | null | undefined, input: Omit<SelectInput, 'limit' | 'offset'>): PlanParts {
  const key = `${scopeRe}|${JSON.stringify(input.fields ?? null)}|${JSON.stringify(input.order ?? null)}|${JSON.stringify(input.where ?? null)}`;
  let kept = partsByModule.get(module);
  if (!kept) partsByModule.set(module, (kept = new BoundedCache(500)));
  let parts = kept.get(key);
  if (!parts) {
    parts = planParts(module, scopeRe, input);
    if (!parts.readsClock) kept.set(key, parts);
  }
  return parts;
}

/**
 * The select of a module for `input`. `fromJson`: the input is a call's parsed JSON (no Dates,
 * no functions), so its parts may be kept by their serialised form.
 */
export function planSelect(db: Db, module: ResolvedModule, scopeRe: number | null | undefined, input: SelectInput, fromJson = false): SelectPlan {
  const parts = fromJson ? requestParts(module, scopeRe, input) : planParts(module, scopeRe, input);
  const { fields, conditions, order, filterFields, rowAliases, leading, scopeSlot, shapeConditions, countKey, countShape } = parts;
  const deep = input.offset > 0;
  let index: string | null = null;
  if (dialectOf(db as Knex) === 'mysql') {
    if (parts.hintNeed === undefined) parts.hintNeed = hintableNeed(module, conditions, order, typeof scopeRe === 'number');
    index = parts.hintNeed && indexHint(db, parts.hintNeed);
  }
  const values: Knex.Value[] = deep ? [...leading, input.limit, input.offset] : [...leading, input.limit];
  const limitSlot = sentinel(leading.length);
  const offsetSlot = deep ? sentinel(leading.length + 1) : 0;

  const buildRows = (where: NormalCondition[], re: number | null | undefined, limit: number, offset: number): Knex.QueryBuilder => {
    const columns = fields.map((f) => `${f.alias}.${f.column} as ${f.name}`);
    if (!deep) {
      const rows = fromModule(db, module, rowAliases, index).select(columns);
      applyScope(db, rows, module, re);
      applyWhere(rows, where, module);
      return applyOrder(rows, order).limit(limit);
    }
    // Deep pages: find the page's keys with only the joins the filter and order need, then
    // join the displayed lookups for those rows alone, not for every row skipped by OFFSET.
    // The outer query orders by the keys' own order columns, so planners drive it from the 20
    // keys instead of walking the whole table in index order to avoid a sort.
    const orderKeys = order.map((o, i) => `${o.field.alias}.${o.field.column} as o${i}`);
    const keys = fromModule(db, module, aliasesOf([...filterFields, ...order.map((o) => o.field)]), index).select(`${BASE_ALIAS}.${module.idField} as pk`, ...orderKeys);
    applyScope(db, keys, module, re);
    applyWhere(keys, where, module);
    applyOrder(keys, order).limit(limit).offset(offset);
    const rows = addJoins(db.from(keys.as(PAGE_ALIAS)).join({ [BASE_ALIAS]: module.table }, `${BASE_ALIAS}.${module.idField}`, `${PAGE_ALIAS}.pk`), module, rowAliases).select(columns);
    order.forEach((o, i) => rows.orderBy(`${PAGE_ALIAS}.o${i}`, o.dir));
    return rows;
  };

  // Lookups are LEFT JOINs on a key, so they never change the count: only joins a condition needs.
  const buildCount = (where: NormalCondition[], re: number | null | undefined, onlyIds?: readonly number[]) => {
    const qb = fromModule(db, module, aliasesOf(filterFields)).count({ n: '*' });
    // Top-level conditions are all joined by AND (where-compiler.ts), so this only narrows.
    if (onlyIds) qb.whereIn(`${BASE_ALIAS}.${module.idField}`, onlyIds as number[]);
    applyScope(db, qb, module, re);
    applyWhere(qb, where, module);
    return qb;
  };
  // The count's values: the scope's entity and the conditions' (the rows' slots), then the ids.
  const conditionEnd = leading.length;
  const rowsShape = `${parts.rowsShapeOf}|${deep ? 'deep' : 'first'}|${index ?? ''}`;
  return {
    fields,
    rows: () => buildRows(conditions, scopeRe, input.limit, input.offset),
    rowsShape,
    rowsValues: values,
    rowsTemplate: () => buildRows(shapeConditions, scopeSlot, limitSlot, offsetSlot),
    count: () => buildCount(conditions, scopeRe),
    countAmong: (ids) => {
      const build = () => buildCount(conditions, scopeRe, ids);
      if (ids.length > COUNT_AMONG_TEMPLATED) return compile(build());
      const idSlots = ids.map((_, i) => sentinel(conditionEnd + i));
      return countAmongTemplates.statement(db, `${countShape}|${ids.length}`, [...leading, ...ids], () => buildCount(shapeConditions, scopeSlot, idSlots), build);
    },
    countKey,
  };
}
