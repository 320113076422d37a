// MariaDB/MySQL only: the index a list's page is read through, named to the planner (FORCE
// INDEX). Its cost model misjudges `ORDER BY … LIMIT … OFFSET` on a hot buffer pool: for a deep
// page of the help desk list under the row rule `category is null or category not in (…)` it
// sorts the 50,000 rows of a range on the category index (about 20 ms a page) rather than walk
// the order's own index (about 4 ms); the engine's row rules put such a condition on nearly
// every caller's reads. SQLite's planner takes the order's index by itself (list-plans.test.ts).
//
// The hint is given only where reading in the index's order is certainly the better way: the
// index serves the order and every condition that narrows the rows (list-indexes.ts's need:
// equalities first, ranges within it), and every other condition, the caller's row rules
// included, is broad (a negation, or an `or` with a broad branch), so a page stops after about
// limit + offset rows. A `like`, a lookup's column, an EXISTS, an entity reached through links:
// no hint, the planner chooses.
//
// The indexes are read from the database when the engine starts (buildEngine) and on first use
// otherwise; a statement that names an index since dropped is answered without the name, and
// the indexes are read again.
import type { Knex } from 'knex';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';
import { dialectOf } from '../db/connect.js';
import type { RulePlan } from './row-rules.js';
import type { NormalCondition } from './where-compiler.js';
import type { OrderTerm } from './order-parser.js';
import { indexNeededBy, mysqlIndexes, servedBy, type ListIndexNeed, type NamedIndex } from './list-indexes.js';
import type { CompiledStatement } from '../db/compiled-statement.js';

type Db = Knex | Knex.Transaction;

interface Snapshot {
  tables?: Map<string, NamedIndex[]>;
  loading?: Promise<void>;
  /** The hint of each need already looked up (needs are kept with a request's plan parts). */
  hints: WeakMap<ListIndexNeed, string | null>;
}

/** One snapshot per database: a transaction's client shares its root's `config` object. */
const snapshots = new WeakMap<object, Snapshot>();

const NARROWING = new Set(['in', 'between', '<', '<=', '>', '>=']);
const BROAD = new Set(['not in', '!=', 'is not', 'is not null', 'not like', 'true']);

/** Matches most rows whatever its values: a negation, or an `or` with such a branch. */
function broad(c: NormalCondition): boolean {
  if (c.op === 'or') return c.conditions.some(broad);
  if (c.op === 'and') return c.conditions.length > 0 && c.conditions.every(broad);
  return BROAD.has(c.op);
}

function broadPlan(p: RulePlan): boolean {
  if (p.kind === 'where') return p.conditions.length > 0 && p.conditions.every(broad);
  if (p.kind === 'or') return p.items.some(broadPlan);
  if (p.kind === 'and') return p.items.length > 0 && p.items.every(broadPlan);
  return false;
}

/** An own column held equal or narrowed: the need accounts for it. */
const needed = (c: NormalCondition): boolean =>
  'field' in c && c.field.alias === BASE_ALIAS && (c.op === '=' || c.op === 'is null' || NARROWING.has(c.op));

/** The row rules' top-level conditions (AND-ed), or null when one of them is neither planned as conditions nor broad. */
function ruleConditions(plans: RulePlan[], out: NormalCondition[]): NormalCondition[] | null {
  for (const p of plans) {
    if (p.kind === 'where') out.push(...p.conditions);
    else if (p.kind === 'and') {
      if (!ruleConditions(p.items, out)) return null;
    } else if (!broadPlan(p)) return null;
  }
  return out;
}

/**
 * The need a hint may serve for a select of `module` with these conditions and order, or null
 * when some condition could narrow the rows in a way no index order accounts for.
 */
export function hintableNeed(module: ResolvedModule, conditions: NormalCondition[], order: OrderTerm[], scoped: boolean): ListIndexNeed | null {
  if (module.scopeWhere || module.scopeParent) return null;
  const all = ruleConditions(module.rowLimit?.plans ?? [], [...conditions]);
  if (!all) return null;
  const flat: NormalCondition[] = [];
  const flatten = (cs: NormalCondition[]) => cs.forEach((c) => (c.op === 'and' ? flatten(c.conditions) : flat.push(c)));
  flatten(all);
  if (!flat.every((c) => needed(c) || broad(c))) return null;
  const need = indexNeededBy(module, flat, order, scoped);
  if (need.single || need.unservable || need.through || (need.order.length === 0 && need.equal.length === 0)) return null;
  const reads = new Set<string>();
  const columnsOf = (c: NormalCondition): void => {
    if ('conditions' in c) c.conditions.forEach(columnsOf);
    else if ('field' in c && c.field.alias === BASE_ALIAS) reads.add(c.field.column);
  };
  flat.filter((c) => !needed(c)).forEach(columnsOf);
  // The rules' broad groups (`or` plans of `is null` / `not in`) are not among the conditions above.
  const plansOf = (p: RulePlan): void => {
    if (p.kind === 'where') p.conditions.forEach(columnsOf);
    else if (p.kind === 'or' || p.kind === 'and' || p.kind === 'not') p.items.forEach(plansOf);
  };
  (module.rowLimit?.plans ?? []).forEach(plansOf);
  return reads.size ? { ...need, reads: [...reads] } : need;
}

/**
 * The table's index that serves the need's order and holds every column the need holds equal or
 * narrows (servedBy alone would accept an index without them: it asks only "no sort"), the
 * shortest first.
 */
function choose(need: ListIndexNeed, indexes: NamedIndex[]): string | null {
  const fits = indexes.filter((ix) => servedBy(need, [ix.columns]) && [...need.equal, ...need.narrowing].every((c) => ix.columns.some((x) => x.column === c)));
  // An index that also holds the columns the broad conditions read answers them from the index.
  const holds = (ix: NamedIndex) => (need.reads ?? []).every((c) => ix.columns.some((x) => x.column === c));
  fits.sort((a, b) => Number(holds(b)) - Number(holds(a)) || a.columns.length - b.columns.length);
  return fits[0]?.name ?? null;
}

function snapshotOf(db: Db): Snapshot {
  const key = db.client.config as object;
  let s = snapshots.get(key);
  if (!s) snapshots.set(key, (s = { hints: new WeakMap() }));
  return s;
}

/** Reads every table's indexes (MariaDB/MySQL; one statement); the hints follow them. */
export async function loadTableIndexes(db: Db): Promise<void> {
  if (dialectOf(db as Knex) !== 'mysql') return;
  const s = snapshotOf(db);
  s.tables = await mysqlIndexes(db);
  s.hints = new WeakMap();
}

/** The index to name for reading `need`'s rows on this database, or null (SQLite; unknown yet; none serves). */
export function indexHint(db: Db, need: ListIndexNeed): string | null {
  if (dialectOf(db as Knex) !== 'mysql') return null;
  const s = snapshotOf(db);
  if (!s.tables) {
    // First use without buildEngine's load: look now, hint from the next read on.
    s.loading ??= loadTableIndexes(db).catch(() => undefined).finally(() => (s.loading = undefined));
    return null;
  }
  let hint = s.hints.get(need);
  if (hint === undefined) s.hints.set(need, (hint = choose(need, s.tables.get(need.table) ?? [])));
  return hint;
}

/** MariaDB/MySQL's "Key '…' doesn't exist in table": a named index was dropped while the engine ran. */
const KEY_DOES_NOT_EXIST = 1176;

/** FROM the module's table as `alias`, read through `index`: the one place the hint is written. */
export function hintedTable(db: Db, table: string, alias: string, index: string): Knex.Raw {
  return db.raw('?? as ?? force index (??)', [table, alias, index]);
}

/** The hint as hintedTable writes it. */
const HINT = / force index \(`(?:[^`]|``)+`\)/g;

/**
 * After a failed statement: when it named an index since dropped, the indexes are read again
 * before the next hint, and the statement is answered without the name (null: any other error).
 */
export function withoutDroppedIndex(db: Db, err: unknown, statement: CompiledStatement): CompiledStatement | null {
  if ((err as { errno?: number } | null)?.errno !== KEY_DOES_NOT_EXIST || !statement.sql.includes(' force index (')) return null;
  const s = snapshotOf(db);
  s.tables = undefined;
  s.hints = new WeakMap();
  return { sql: statement.sql.replace(HINT, ''), bindings: statement.bindings };
}
