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
import { hiddenValues } from './row-rules.js';

type Db = Knex | Knex.Transaction;
/** Alias of the page-of-keys subquery of deep pages. */
const PAGE_ALIAS = 'p';
/** Alias of the rule-free list's row at a page's offset (anchoredPage). */
const ANCHOR_ALIAS = 'x';
/**
 * From this offset on, a page under a rule that hides a few values is read from the rule-free
 * list's row at the offset (SQLite): below it, testing the rule on each skipped row costs less
 * than a second statement.
 */
export const SKIP_HIDDEN_FROM = 1_000;
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
  /** Deep pages under a rule that hides a few values (SQLite): read in two statements, in place of `rows`. */
  anchored?: AnchoredPage;
  /** Made with the clock's time (`now` in a condition or the scope): its rows are never kept (page-cache.ts). */
  readsClock: boolean;
}

/** A statement compiled once per shape (compiled-statement.ts TemplateCache). */
export interface ShapedStatement {
  shape: string;
  values: Knex.Value[];
  template: () => Knex.QueryBuilder;
  build: () => Knex.QueryBuilder;
}

/** The rule-free list's row at the page's offset: its order values `o0`, `o1`, … and `h`, the hidden rows before it. */
export type AnchorRow = Record<string, unknown>;

export interface AnchoredPage {
  /** One row (AnchorRow), none when the offset is past the rule-free list's end (and so past the visible one's). */
  anchor: ShapedStatement;
  /**
   * The page's rows from the anchor's row on. `tail`: with the rows whose order column is null,
   * which a descending order puts after every other: read only when the page without them came
   * back short (`short`), so the common page stays one range of the order's index.
   */
  page: (anchor: AnchorRow, tail: boolean) => ShapedStatement;
  short: (anchor: AnchorRow, rows: number) => boolean;
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
  // Worked out only where used (a deep SQLite page, a total the count cache lacks), not for every page.
  let hiddenRule: ReturnType<typeof hiddenValues> | undefined;
  const hiddenOf = () => (hiddenRule === undefined ? (hiddenRule = module.rowLimit ? hiddenValues(module.rowLimit) : null) : hiddenRule);
  // Deep pages under a rule that hides a few values skip the hidden rows by their own index
  // (anchoredPage). SQLite only: MariaDB tests the rule on each skipped index entry at next to
  // no cost (docs/benchmarks.md "Row rules"), so a second statement would only add a round trip.
  const skipHidden = Boolean(module.rowLimit) && input.offset >= SKIP_HIDDEN_FROM && dialectOf(db as Knex) === 'sqlite' && keysetOrder(order, module) && Boolean(hiddenOf());
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
    return pageOf(keys);
  };
  /** The rows of a page of keys (alias PAGE_ALIAS: pk, o0, o1, …), its lookups joined for those rows alone. */
  const pageOf = (keys: Knex.QueryBuilder): Knex.QueryBuilder => {
    const columns = fields.map((f) => `${f.alias}.${f.column} as ${f.name}`);
    const rows = addJoins(db.from(keys.as(PAGE_ALIAS)).join({ [BASE_ALIAS]: module.table }, `${BASE_ALIAS}.${module.idField}`, `${PAGE_ALIAS}.pk`), module, rowAliases).select(columns);
    order.forEach((o, i) => rows.orderBy(`${PAGE_ALIAS}.o${i}`, o.dir));
    return rows;
  };

  // Lookups are LEFT JOINs on a key, so they never change the count: only joins a condition needs.
  const buildCount = (where: NormalCondition[], re: number | null | undefined, onlyIds?: readonly number[], scoped: ResolvedModule = module) => {
    const qb = fromModule(db, scoped, aliasesOf(filterFields)).count({ n: '*' });
    // Top-level conditions are all joined by AND (where-compiler.ts), so this only narrows.
    if (onlyIds) qb.whereIn(`${BASE_ALIAS}.${scoped.idField}`, onlyIds as number[]);
    applyScope(db, qb, scoped, re);
    applyWhere(qb, where, scoped);
    return qb;
  };
  // A rule that only hides a few values of a column (NOT (column IN values)): the rows without
  // the rule less the hidden ones, two counts an index answers, instead of testing every row.
  const buildFullCount = (where: NormalCondition[], re: number | null | undefined): Knex.QueryBuilder => {
    const hidden = hiddenOf();
    if (!hidden) return buildCount(where, re);
    const unruled: ResolvedModule = { ...module, rowLimit: undefined };
    const all = buildCount(where, re, undefined, unruled);
    const among = buildCount(where, re, undefined, unruled).whereIn(`${BASE_ALIAS}.${hidden.field.column}`, hidden.values);
    return db.select(db.raw('? - ? as ??', [all, among, 'n']));
  };
  // The count's values: the scope's entity and the conditions' (the rows' slots), then the ids.
  const conditionEnd = leading.length;
  const rowsShape = `${parts.rowsShapeOf}|${deep ? 'deep' : 'first'}|${index ?? ''}`;
  const hidden = skipHidden ? hiddenOf() : null;
  const anchored = hidden ? anchoredPage(db, module, hidden, order, aliasesOf([...filterFields, ...order.map((o) => o.field)]), pageOf, {
    narrow: (qb, scoped, where, re) => {
      applyScope(db, qb, scoped, re);
      applyWhere(qb, where, scoped);
    },
    conditions, scopeRe, shapeConditions, scopeSlot, leading, shape: parts.rowsShapeOf, limit: input.limit, offset: input.offset,
  }) : undefined;
  return {
    fields,
    rows: () => buildRows(conditions, scopeRe, input.limit, input.offset),
    rowsShape,
    rowsValues: values,
    rowsTemplate: () => buildRows(shapeConditions, scopeSlot, limitSlot, offsetSlot),
    count: () => buildFullCount(conditions, scopeRe),
    countAmong: (ids) => {
      const build = () => buildCount(conditions, scopeRe, ids);
      if (ids.length > COUNT_AMONG_TEMPLATED) return compile(build());
      const idSlots = ids.map((_, i) => sentinel(conditionEnd + i));
      return countAmongTemplates.statement(db, `${countShape}|${ids.length}`, [...leading, ...ids], () => buildCount(shapeConditions, scopeSlot, idSlots), build);
    },
    countKey,
    anchored,
    readsClock: parts.readsClock,
  };
}

/** An order a page can be anchored by: the id alone, or one column of the module's own table then the id, in one direction. */
function keysetOrder(order: ReturnType<typeof parseOrder>, module: ResolvedModule): boolean {
  const last = order[order.length - 1];
  if (!last || last.field.column !== module.idField || last.field.alias !== BASE_ALIAS) return false;
  if (order.length === 1) return true;
  return order.length === 2 && order[0].field.alias === BASE_ALIAS && order[0].dir === last.dir;
}

interface AnchorParts {
  /** Applies the entity scope and the conditions to a builder of the module (`scoped`: with the rule, or without it). */
  narrow: (qb: Knex.QueryBuilder, scoped: ResolvedModule, where: NormalCondition[], re: number | null | undefined) => void;
  conditions: NormalCondition[];
  scopeRe: number | null | undefined;
  shapeConditions: NormalCondition[];
  scopeSlot: number | null | undefined;
  /** The values before limit and offset (the scope's entity, the conditions'). */
  leading: Knex.Value[];
  shape: string;
  limit: number;
  offset: number;
}

/**
 * A page at `offset` under a rule that hides the rows whose column holds one of a few values
 * (row-rules.ts hiddenValues), without testing the rule on every row the offset skips. K, the
 * rule-free list's row at `offset`, is found at the rule-free cost, and with it h, the hidden rows
 * before K, counted through the hidden column's index. The visible rows before K are then
 * `offset` - h, so the page is the visible rows from K on with h of them skipped: the same page,
 * key for key, as the plain statement's. That last skip tests the rule on h visible rows and the
 * hidden ones among them, never more rows than the plain statement tests, so a rule hiding many
 * rows makes the page no dearer than its plain form. The order is (column, id) or (id) in one
 * direction, so keys are unique; rows whose column is null come last in a descending order and
 * first in an ascending one (both databases) and are read by ranges of their own, so every
 * range is one the order's index answers (a descending page reads them only when it came back
 * short without them).
 */
function anchoredPage(
  db: Db,
  module: ResolvedModule,
  hidden: { field: ResolvedField; values: (string | number)[] },
  order: ReturnType<typeof parseOrder>,
  aliases: Set<string>,
  pageOf: (keys: Knex.QueryBuilder) => Knex.QueryBuilder,
  p: AnchorParts,
): AnchoredPage {
  const unruled: ResolvedModule = { ...module, rowLimit: undefined };
  const id = `${BASE_ALIAS}.${module.idField}`;
  const column = order.length === 2 ? `${BASE_ALIAS}.${order[0].field.column}` : null;
  const desc = order[order.length - 1].dir === 'desc';
  const [before, after] = desc ? ['>', '<'] : ['<', '>'];
  const last = order.length - 1;
  const orderValues = (alias: string) => order.map((o, i) => `${alias}.${o.field.column} as o${i}`);

  const buildAnchor = (where: NormalCondition[], re: number | null | undefined, offset: number): Knex.QueryBuilder => {
    const row = fromModule(db, unruled, aliases).select(orderValues(BASE_ALIAS));
    p.narrow(row, unruled, where, re);
    // One row: written into the statement, as SQLite plans a subquery with a bound limit as if it read many (twice the time here).
    applyOrder(row, order).limit(1, { skipBinding: true }).offset(offset);
    const x = (i: number) => db.ref(`${ANCHOR_ALIAS}.o${i}`);
    /** The hidden rows that `range` keeps, counted against the anchor's row. */
    const hiddenCount = (range: (qb: Knex.QueryBuilder) => void) => {
      const qb = fromModule(db, unruled, aliases).count({ n: '*' }).whereIn(`${BASE_ALIAS}.${hidden.field.column}`, hidden.values);
      p.narrow(qb, unruled, where, re);
      range(qb);
      return qb;
    };
    const counts: Knex.Raw[] = [];
    if (!column) counts.push(db.raw('(?)', [hiddenCount((qb) => qb.where(id, before, x(last)))]));
    else {
      counts.push(db.raw('(?)', [hiddenCount((qb) => qb.where(column, before, x(0)))]), db.raw('(?)', [hiddenCount((qb) => qb.where(column, x(0)).where(id, before, x(last)))]));
      // Null in descending order: after every row with a time; in ascending order: before them.
      if (desc) counts.push(db.raw('case when ?? is null then (?) else 0 end', [`${ANCHOR_ALIAS}.o0`, hiddenCount((qb) => qb.where((w) => w.whereNotNull(column).orWhere(id, '>', x(last))))]));
      else counts.push(db.raw('(?)', [hiddenCount((qb) => qb.whereNull(column).where((w) => w.whereRaw('?? is not null', [`${ANCHOR_ALIAS}.o0`]).orWhere(id, '<', x(last))))]));
    }
    return db
      .from(row.as(ANCHOR_ALIAS))
      .select(order.map((_, i) => `${ANCHOR_ALIAS}.o${i}`))
      .select(db.raw(`${counts.map(() => '?').join(' + ')} as ??`, [...counts, 'h']));
  };

  /** The page's keys from the anchor's row on: `k0`, `kId` its column's value and id (or their slots); `k0` null: its column is null. */
  const buildPage = (where: NormalCondition[], re: number | null | undefined, k0: Knex.Value, kId: Knex.Value, limit: number, skip: number, tail: boolean): Knex.QueryBuilder => {
    const nullKey = k0 === null;
    const ranges: ((qb: Knex.QueryBuilder) => void)[] = [];
    if (!column) ranges.push((qb) => qb.where(id, `${after}=`, kId));
    else if (!nullKey) {
      ranges.push((qb) => qb.where(column, `${after}=`, k0).where((w) => w.where(column, after, k0).orWhere(id, `${after}=`, kId)));
      if (tail) ranges.push((qb) => qb.whereNull(column));
    } else {
      ranges.push((qb) => qb.whereNull(column).where(id, `${after}=`, kId));
      if (!desc) ranges.push((qb) => qb.whereNotNull(column));
    }
    const [first, ...rest] = ranges.map((range) => {
      const qb = fromModule(db, module, aliases).select(`${BASE_ALIAS}.${module.idField} as pk`, ...orderValues(BASE_ALIAS));
      p.narrow(qb, module, where, re);
      range(qb);
      return qb;
    });
    if (rest.length) {
      for (const r of rest) first.unionAll(r);
      order.forEach((o, i) => first.orderBy(`o${i}`, o.dir));
    } else applyOrder(first, order);
    return pageOf(first.limit(limit).offset(skip));
  };

  const n = p.leading.length;
  return {
    anchor: {
      shape: `${p.shape}|anchor`,
      values: [...p.leading, p.offset],
      template: () => buildAnchor(p.shapeConditions, p.scopeSlot, sentinel(n)),
      build: () => buildAnchor(p.conditions, p.scopeRe, p.offset),
    },
    page: (a, tail) => {
      // The column's value when the order has one and it is not null; the id always.
      const k0 = column && a.o0 !== null && a.o0 !== undefined ? (a.o0 as Knex.Value) : null;
      const kId = a[`o${last}`] as Knex.Value;
      const keys = k0 === null ? [kId] : [k0, kId];
      const h = Number(a.h);
      const slot = (i: number) => sentinel(n + i);
      const withTail = tail && k0 !== null && desc;
      return {
        shape: `${p.shape}|anchored|${k0 === null ? 'null' : withTail ? 'tail' : 'key'}`,
        values: [...p.leading, ...keys, p.limit, h],
        template: () => buildPage(p.shapeConditions, p.scopeSlot, k0 === null ? null : slot(0), slot(keys.length - 1), slot(keys.length), slot(keys.length + 1), withTail),
        build: () => buildPage(p.conditions, p.scopeRe, k0, kId, p.limit, h, withTail),
      };
    },
    short: (a, rows) => rows < p.limit && desc && column !== null && a.o0 !== null && a.o0 !== undefined,
  };
}
