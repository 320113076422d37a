// Builds the SELECT of a module: its table as `t`, the child table of a link module as `c`,
// one LEFT JOIN per lookup that a requested column or condition needs (never a query per
// row), the entity scope, the where conditions and the order.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, CHILD_ALIAS, type ResolvedField, type ResolvedModule } from '../metadata/module-registry.js';
import { applyWhere, normaliseWhere, whereFields, type NormalCondition } from './where-compiler.js';
import { mapValues, shapeOf } from './condition-values.js';
import { compile, sentinel, TemplateCache, type CompiledStatement } from '../db/compiled-statement.js';
import { applyOrder, parseOrder } from './order-parser.js';
import { applyScope, rowRulesKey, scopeKey } from './module-access.js';

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

/** FROM and the joins that `aliases` need. */
export function fromModule(db: Db, module: ResolvedModule, aliases: Set<string>): Knex.QueryBuilder {
  return addJoins(db({ [BASE_ALIAS]: module.table }), module, aliases);
}

export interface SelectPlan {
  fields: ResolvedField[];
  /** Builds the rows statement with its values (the floor of the benchmark, tests). */
  rows: () => Knex.QueryBuilder;
  /**
   * Equal for two plans exactly when their rows statements differ in values only: module,
   * scope, fields, order, the conditions' operators and fields, first page or not.
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

export function planSelect(db: Db, module: ResolvedModule, scopeRe: number | null | undefined, input: SelectInput): SelectPlan {
  const fields = resolveFields(module, input.fields);
  const conditions = normaliseWhere(input.where ?? [], module);
  const order = parseOrder(input.order, module);
  const filterFields = whereFields(conditions);
  const rowAliases = aliasesOf([...fields, ...filterFields, ...order.map((o) => o.field)]);
  const deep = input.offset > 0;

  const buildRows = (where: NormalCondition[], re: number | null | undefined, limit: number, offset: number): Knex.QueryBuilder => {
    const columns = fields.map((f) => `${f.alias}.${f.column} as ${f.name}`);
    if (!deep) {
      const rows = fromModule(db, module, rowAliases).select(columns);
      applyScope(db, rows, module, re);
      applyWhere(rows, where, module);
      return applyOrder(rows, order).limit(limit);
    }
    // Deep pages: find the page's keys with only the joins the filter and order need, then
    // join the displayed lookups for those rows alone, not for every row skipped by OFFSET.
    // The outer query orders by the keys' own order columns, so planners drive it from the 20
    // keys instead of walking the whole table in index order to avoid a sort.
    const orderKeys = order.map((o, i) => `${o.field.alias}.${o.field.column} as o${i}`);
    const keys = fromModule(db, module, aliasesOf([...filterFields, ...order.map((o) => o.field)])).select(`${BASE_ALIAS}.${module.idField} as pk`, ...orderKeys);
    applyScope(db, keys, module, re);
    applyWhere(keys, where, module);
    applyOrder(keys, order).limit(limit).offset(offset);
    const rows = addJoins(db.from(keys.as(PAGE_ALIAS)).join({ [BASE_ALIAS]: module.table }, `${BASE_ALIAS}.${module.idField}`, `${PAGE_ALIAS}.pk`), module, rowAliases).select(columns);
    order.forEach((o, i) => rows.orderBy(`${PAGE_ALIAS}.o${i}`, o.dir));
    return rows;
  };

  // The template's values, in a fixed order: the scope's entity, the conditions', limit, offset.
  const values: Knex.Value[] = [];
  const slot = (v: Knex.Value): number => sentinel(values.push(v) - 1);
  const scopeSlot = typeof scopeRe === 'number' ? slot(scopeRe) : scopeRe;
  const firstCondition = values.length;
  const shapeConditions = mapValues(conditions, slot);
  const conditionValues = values.slice(firstCondition);
  const limitSlot = slot(input.limit);
  const offsetSlot = deep ? slot(input.offset) : 0;

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
  const conditionEnd = firstCondition + conditionValues.length;
  // The scope's time-bound conditions (scopeKey) are compiled in, so they are part of the shape.
  // So are the caller's row rules (row-rules.ts): users with other roles, positions or sectors get other shapes and counts.
  const scopeShape = `${scopeRe === undefined ? '*' : scopeRe === null ? 'none' : `re${scopeKey(module)}`}${module.rowLimit || module.scopeParent ? `~${rowRulesKey(module)}` : ''}`;
  // The conditions' shape and their values determine them (cheaper than serialising them twice).
  const conditionShape = shapeOf(conditions);
  const countKey = `${module.name}|${scopeRe === undefined ? scopeShape : `${scopeRe}${scopeShape}`}|${conditionShape}|${JSON.stringify(conditionValues)}`;
  const countShape = `${module.name}|${scopeShape}|${conditionShape}`;
  const rowsShape = `${module.name}|${scopeShape}|${conditionShape}|${fields.map((f) => f.name).join(',')}|${order.map((o) => `${o.field.name} ${o.dir}`).join(',')}|${deep ? 'deep' : 'first'}`;
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
      return countAmongTemplates.statement(db, `${countShape}|${ids.length}`, [...values.slice(0, conditionEnd), ...ids], () => buildCount(shapeConditions, scopeSlot, idSlots), build);
    },
    countKey,
  };
}
