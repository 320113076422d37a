// Which index a list needs so that its pages are read in index order rather than sorted, and
// whether a table has it. Derived from the list's metadata (module, scope, fixed conditions,
// filter defaults, order), so a new list view is checked the same way as the shipped ones
// (engine/records/list-plans.test.ts reads the planners' plans; docs/engine.md "List indexes").
//
// An index serves `WHERE a = ? [AND b = ?] ORDER BY x, y, id` when it holds the equality columns
// first (any order), then the order's columns: every index ends with the row's key (SQLite's
// rowid, InnoDB's primary key), which is the engine's tiebreaker. The tiebreaker takes the last
// term's direction (order-parser.ts), so an order in one direction is served by an ascending
// index read backwards or forwards; a mixed one (`code asc, endon desc`) by an index with
// descending columns, flipped as a whole when the order ends descending (read backwards).
import type { Knex } from 'knex';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import type { ListFilter, WebListviewProperties } from '../metadata/screen-schemas.js';
import { dialectOf } from '../db/connect.js';
import { normaliseWhere, type NormalCondition } from './where-compiler.js';
import { parseOrder, type OrderTerm } from './order-parser.js';

export interface IndexColumn {
  column: string;
  desc: boolean;
}

export interface ListIndexNeed {
  module: string;
  table: string;
  /** Columns the scope or the conditions hold equal: they may lead the index in any order. */
  equal: string[];
  /** The order's columns as the index must hold them (the key that ends every index is the tiebreaker). */
  order: IndexColumn[];
  /**
   * Columns a range or a list of values narrows (`endon between`, `state in (13, 75, 55)`): an
   * index can order the rows past them only by reading them all, so a planner may rightly
   * choose to find the few matching rows by such a column and sort just those.
   */
  narrowing: string[];
  /** The link table an entity scope reaches the rows through (`via`): the entity's few links may drive the query. */
  through?: string;
  /** Why no index of the table can give the order (it sorts by a joined table's column). */
  unservable?: string;
  /** The key itself is held equal (an entity's own row, RE-RE): one row, found by the primary key. */
  single?: true;
  /**
   * Own columns that broad conditions read (a row rule's `category is null or category not in
   * (…)`): an index that holds them after the order tests them without reading the row.
   */
  reads?: string[];
}

/** One Record.select a list view makes when it opens, as staff or as an RE user. */
export interface ListSelect {
  caller: 'staff' | 're';
  module: string;
  /** Limited to the current entity (RE users; variants for everyone). */
  scoped: boolean;
  where: unknown[];
  order: string | undefined;
}

/** A date `months` from `now`, its month's first and last day (YYYY-MM-DD). */
function monthBounds(now: Date, months: number): [string, string] {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/**
 * The conditions of the filters that have a default, as the client sends them (client/src/list/
 * list-query.ts): ranges for month, year and date ranges, equality for select boxes and dates,
 * contains for text (which no index serves, so it only filters).
 */
function defaultConditions(filters: ListFilter[], module: ResolvedModule, now: Date): unknown[] {
  const out: unknown[] = [];
  for (const f of filters) {
    if (f.default === undefined || f.default === null || f.default === '') continue;
    const type = module.fields.get(f.name)?.type;
    const day = (d: string, end: boolean) => (type === 'datetime' ? `${d} ${end ? '23:59:59' : '00:00:00'}` : d);
    if (typeof f.default === 'object') {
      const months = f.default.relativeMonths;
      const [from, to] = f.type === 'year' || f.type === 'btwn_year' ? [`${monthBounds(now, months)[0].slice(0, 4)}-01-01`, `${monthBounds(now, months)[0].slice(0, 4)}-12-31`] : monthBounds(now, months);
      out.push(f.type === 'date' || f.type === 'plain' ? [f.name, 'between', [day(from, false), day(from, true)]] : [f.name, 'between', [day(from, false), day(to, true)]]);
    } else if (f.source || f.absolute || (type !== 'string' && type !== 'text' && type !== 'json')) {
      out.push([f.name, f.condition ?? '=', f.default]);
    } else {
      out.push([f.name, 'like', `%${String(f.default)}%`]);
    }
  }
  return out;
}

/** The selects a list view makes when it opens (its default order, fixed conditions and filter defaults). */
export function listviewSelects(view: WebListviewProperties, modules: ModuleRegistry, now = new Date()): ListSelect[] {
  const out: ListSelect[] = [];
  const staff = modules.get(view.controller.module);
  const where = (m: ResolvedModule) => [...(view.controller.where ?? []), ...defaultConditions(view.filters ?? [], m, now)];
  if (staff) out.push({ caller: 'staff', module: staff.name, scoped: staff.alwaysScoped && Boolean(staff.entityScope), where: where(staff), order: view.controller.order });
  const forRe = modules.get(view.module_alias ?? view.controller.module);
  if (forRe?.entityScope && !('self' in forRe.entityScope)) out.push({ caller: 're', module: forRe.name, scoped: true, where: where(forRe), order: view.controller.order });
  return out;
}

/** Columns of the base table that AND-ed conditions hold equal to one value, and those they narrow to a range or a list. */
function equalColumns(conditions: NormalCondition[], out: Set<string>, narrowing: Set<string>): Set<string> {
  for (const c of conditions) {
    if (c.op === 'and') equalColumns(c.conditions, out, narrowing);
    else if (!('field' in c) || c.field.alias !== BASE_ALIAS) continue;
    else if (c.op === '=' || c.op === 'is null' || (c.op === 'in' && c.value.length === 1)) out.add(c.field.column);
    else if (c.op === 'in' || c.op === 'between' || c.op === '<' || c.op === '<=' || c.op === '>' || c.op === '>=') narrowing.add(c.field.column);
  }
  return out;
}

/** The index a select of `module` with these conditions and order needs. */
export function indexNeededBy(module: ResolvedModule, conditions: NormalCondition[], order: OrderTerm[], scoped: boolean): ListIndexNeed {
  const narrowing = new Set<string>();
  const equal = equalColumns(conditions, new Set(), narrowing);
  const scope = module.entityScope;
  if (scoped && scope && ('column' in scope || 'self' in scope)) {
    const f = module.fields.get('column' in scope ? scope.column : scope.self);
    if (f?.alias === BASE_ALIAS) equal.add(f.column);
  }
  const need: ListIndexNeed = { module: module.name, table: module.table, equal: [...equal], order: [], narrowing: [...narrowing].filter((c) => !equal.has(c)) };
  if (scoped && scope && 'via' in scope) need.through = scope.via.table;
  if (equal.has(module.fields.get(module.idField)?.column ?? module.idField)) need.single = true;
  const idAt = order.findIndex((t) => t.field.name === module.idField);
  const terms = idAt < 0 ? order : order.slice(0, idAt + 1);
  // Read backwards when the order ends descending: the key at the index's end then runs descending too.
  const backwards = terms[terms.length - 1]?.dir === 'desc';
  for (const t of terms.slice(0, -1)) {
    if (t.field.alias !== BASE_ALIAS) {
      need.unservable = `it sorts by ${t.field.name}, a column of a joined table`;
      break;
    }
    if (equal.has(t.field.column)) continue;
    need.order.push({ column: t.field.column, desc: (t.dir === 'desc') !== backwards });
  }
  return need;
}

/** What a list view's selects need, as staff and as RE users (each need names whose select it is). */
export function indexesNeededBy(view: WebListviewProperties, modules: ModuleRegistry, now = new Date()): (ListIndexNeed & { caller: ListSelect['caller'] })[] {
  return listviewSelects(view, modules, now).map((s) => {
    const module = modules.get(s.module)!;
    return { ...indexNeededBy(module, normaliseWhere(s.where, module, { now }), parseOrder(s.order, module), s.scoped), caller: s.caller };
  });
}

/** Whether one of the table's indexes (columns in index order) serves the need. */
/** The key every table ends its indexes with (the order's tiebreaker). */
const KEY = 'id';

export function servedBy(need: ListIndexNeed, indexes: IndexColumn[][]): boolean {
  if (need.single) return true;
  if (need.unservable) return false;
  const equal = new Set(need.equal);
  return indexes.some((ix) => {
    let i = 0;
    while (i < ix.length && equal.has(ix[i].column)) i++;
    // After the leading equal columns: the order's columns, in order and direction, equal columns
    // between them, and nothing after them (it would come before the tiebreaking key).
    let o = 0;
    for (; i < ix.length; i++) {
      // The order done, the key itself as its tiebreaker (the last term's direction) may follow,
      // and after it any columns (a row rule's column, read from the index: docs/row-rules.md).
      if (o === need.order.length && o > 0 && ix[i].column === KEY && ix[i].desc === need.order[o - 1].desc) return true;
      if (o < need.order.length && ix[i].column === need.order[o].column && ix[i].desc === need.order[o].desc) o++;
      else if (!equal.has(ix[i].column)) return false;
    }
    return o === need.order.length;
  }) || (need.order.length === 0 && need.equal.length === 0);
}

/** The index to create for a need: its equal columns, then its order. */
export function indexFor(need: ListIndexNeed): IndexColumn[] {
  return [...need.equal.map((column) => ({ column, desc: false })), ...need.order];
}

/** The table's indexes (not its primary key), each as its columns in order, on either database. */
export async function tableIndexes(db: Knex, table: string): Promise<IndexColumn[][]> {
  if (dialectOf(db) === 'sqlite') {
    const list: { name: string; origin: string }[] = await db.raw('select name, origin from pragma_index_list(?)', [table]);
    const out: IndexColumn[][] = [];
    for (const ix of list.filter((l) => l.origin !== 'pk')) {
      const cols: { seqno: number; name: string | null; desc: number; key: number }[] = await db.raw('select seqno, name, "desc", "key" from pragma_index_xinfo(?)', [ix.name]);
      out.push(cols.filter((c) => c.key && c.name).sort((a, b) => a.seqno - b.seqno).map((c) => ({ column: c.name!, desc: Boolean(c.desc) })));
    }
    return out;
  }
  return ((await mysqlIndexes(db, table)).get(table) ?? []).map((ix) => ix.columns);
}

export interface NamedIndex {
  name: string;
  columns: IndexColumn[];
}

/**
 * MariaDB/MySQL: the indexes that can give an order (B-tree, no column prefix such as
 * `name(20)`; not the primary key) of one table or, without `table`, of every table, by table,
 * in one statement.
 */
export async function mysqlIndexes(db: Knex | Knex.Transaction, table?: string): Promise<Map<string, NamedIndex[]>> {
  const q = db('information_schema.statistics')
    .select({ t: 'table_name', i: 'index_name', c: 'column_name', d: 'collation', p: 'sub_part' })
    .whereRaw('table_schema = database()')
    .whereNot('index_name', 'PRIMARY')
    .where('index_type', 'BTREE')
    .orderBy(['table_name', 'index_name', 'seq_in_index']);
  if (table) q.where('table_name', table);
  const rows = (await q) as { t: string; i: string; c: string; d: string | null; p: number | null }[];
  const prefixed = new Set(rows.filter((r) => r.p !== null).map((r) => `${r.t}.${r.i}`));
  const tables = new Map<string, NamedIndex[]>();
  for (const r of rows) {
    if (prefixed.has(`${r.t}.${r.i}`)) continue;
    const list = tables.get(r.t) ?? (tables.set(r.t, []), tables.get(r.t)!);
    let ix = list.find((x) => x.name === r.i);
    if (!ix) list.push((ix = { name: r.i, columns: [] }));
    ix.columns.push({ column: r.c, desc: r.d === 'D' });
  }
  return tables;
}

/** A need in words: `helpdesk (re =) createon desc` for messages and the docs. */
export function describeNeed(need: ListIndexNeed): string {
  const eq = need.equal.length ? `(${need.equal.join(', ')} =) ` : '';
  const order = need.order.map((c) => `${c.column}${c.desc ? ' desc' : ''}`).join(', ');
  return `${need.table} ${eq}${order || '(no order beyond the key)'}${need.unservable ? `: ${need.unservable}` : ''}`;
}
