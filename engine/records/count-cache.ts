// Total counts of Record.select, kept in memory per exact count statement and per version of
// every table the statement can read. Paging through a list then counts once, not on every
// page; any write to those tables, by any engine process, bumps a version and so recounts.
import type { Knex } from 'knex';
import type { ModuleRegistry, ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../runtime/context.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { VersionSnapshot, versionOf, type VersionMap } from '../db/change-versions.js';
import { insertsBetween } from '../db/insert-journal.js';
import { scopeTables } from './module-access.js';
import { AUDIT_TABLE } from './audit-values.js';
import type { SelectPlan } from './select-query.js';
import { selectCompiled } from '../db/compiled-statement.js';

interface CountTables {
  /** Every table a count of the module may read, sorted. */
  tables: string[];
  /**
   * Whether a row of the module's table can only change its own membership: not when the
   * table is also read through a lookup, link, filter or row rule, where a new row might
   * change whether an old one matches.
   */
  rowLocal: boolean;
}

const tablesByModule = new WeakMap<ResolvedModule, CountTables>();

/** Every table a count of the module may read: its own, lookups, link rows, scope and named filters. */
export function countTablesOf(modules: ModuleRegistry, module: ResolvedModule): CountTables {
  let known = tablesByModule.get(module);
  if (!known) {
    const tables = new Set<string>();
    // The audit log (AuditLog) grows with every audited write, which bumps the written module's
    // table, not the audit's own (record-history.ts): its counts follow every module table.
    if (module.table === AUDIT_TABLE) for (const m of modules.all()) tables.add(m.table);
    if (module.child) tables.add(module.child.table);
    for (const lk of module.lookups) tables.add(lk.table);
    for (const filter of Object.values(module.filters)) if (filter.linked) tables.add(filter.linked.table);
    scopeTables(module, tables);
    const rowLocal = !tables.has(module.table);
    tables.add(module.table);
    known = { tables: [...tables].sort(), rowLocal };
    tablesByModule.set(module, known);
  }
  return known;
}

/** A count as of the versions of its tables (in `tablesOf` order) it was counted at. */
interface KeptCount {
  versions: number[];
  n: number;
  /** Counted while no write moved its tables, so inserts since may be added to it. */
  exact: boolean;
}

/** One cache per database (a transaction's client shares its root's `config`). */
const keptByDatabase = new WeakMap<object, BoundedCache<KeptCount>>();
const inFlight = new Map<string, Promise<KeptCount>>();

function keptOf(db: Knex): BoundedCache<KeptCount> {
  const database = db.client.config as object;
  let kept = keptByDatabase.get(database);
  if (!kept) keptByDatabase.set(database, (kept = new BoundedCache(5_000)));
  return kept;
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The rows inserted since `kept` was counted, when its module's own table is the only one that
 * moved and every version between is this process's journalled insert; null otherwise. A table
 * written through several slots (change-versions.ts) has versions that are sums, which the
 * journal cannot follow: it is recounted.
 */
async function insertedSince(db: Knex, tables: string[], table: string, kept: KeptCount, now: number[], versions: VersionMap): Promise<number[] | null> {
  if (!kept.exact || versions.spread.has(table)) return null;
  let ids: number[] | null = null;
  for (const [i, t] of tables.entries()) {
    if (kept.versions[i] === now[i]) continue;
    if (t !== table) return null;
    ids = await insertsBetween(db, t, kept.versions[i], now[i]);
    if (!ids) return null;
  }
  return ids;
}

/**
 * `countKey` names what decides the count (module, scope, normalised conditions); the statement
 * itself is only built when the count is not known for the current versions. After this
 * process's own inserts into the module's table, the kept count adds the inserted rows that
 * match (a count over a few ids by primary key) instead of recounting the table.
 */
export async function countOf(ctx: ActionContext, module: ResolvedModule, plan: Pick<SelectPlan, 'count' | 'countAmong' | 'countKey'>): Promise<number> {
  const { count, countKey } = plan;
  // Inside a transaction the caller may see its own uncommitted writes: count afresh.
  if (ctx.db.isTransaction) return readCount(count());
  const db = ctx.db as Knex;
  const { tables, rowLocal } = countTablesOf(ctx.services.modules, module);
  const versions = await ctx.versions.get();
  const now = tables.map((t) => versions.get(t) ?? 0);
  const kept = keptOf(db);
  const known = kept.get(countKey);
  // A count taken at these versions or later holds every write this request must see.
  if (known && known.versions.every((v, i) => v >= now[i])) return known.n;
  // After a write, the requests of the same list and versions share one count, not one each.
  const key = `${now.join('.')}|${countKey}`;
  let running = inFlight.get(key);
  if (!running) {
    running = (async () => {
      const ids = known && rowLocal ? await insertedSince(db, tables, module.table, known, now, versions) : null;
      return ids ? addedTo(db, known!, ids, now, plan.countAmong) : counted(db, tables, now, count);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  const result = await running;
  kept.set(countKey, result);
  return result.n;
}

/**
 * The kept count plus the inserted rows that match. A write landing while this runs cannot make
 * it count a row twice (only the journalled ids are read), and any write that is not an insert
 * is absent from the journal, so whoever meets its version recounts.
 */
async function addedTo(db: Knex, known: KeptCount, ids: number[], now: number[], countAmong: SelectPlan['countAmong']): Promise<KeptCount> {
  const added = ids.length ? Number((await selectCompiled(db, countAmong(ids)))[0].n) : 0;
  return { versions: now, n: known.n + added, exact: true };
}

/** Up to this many tables, a count reads their versions in its own statement. */
const VERSIONS_IN_STATEMENT = 8;

/** The count statement that also answers its tables' versions (`v0`, `v1`, … in `tables` order) from its own snapshot. */
export function withVersions(db: Knex, count: Knex.QueryBuilder, tables: string[]): Knex.QueryBuilder {
  for (const [i, t] of tables.entries()) count.select(db.raw('? as ??', [versionOf(db, t), `v${i}`]));
  return count;
}

/**
 * A full count, kept as of the versions it was counted at so that inserts since can be added to
 * it. One statement reads a single snapshot on both databases, so a count that also selects its
 * tables' versions knows them exactly, however many writes land meanwhile. Past
 * VERSIONS_IN_STATEMENT tables (the audit log's), the versions are read again after the count
 * instead, and must be the ones it was asked for, or a row inserted meanwhile could be both
 * counted and added.
 */
async function counted(db: Knex, tables: string[], now: number[], count: () => Knex.QueryBuilder): Promise<KeptCount> {
  if (tables.length <= VERSIONS_IN_STATEMENT) {
    const [row] = (await withVersions(db, count(), tables)) as Record<string, number | string | null>[];
    return { versions: tables.map((_, i) => Number(row[`v${i}`] ?? 0)), n: Number(row.n), exact: true };
  }
  const n = await readCount(count());
  const after = await new VersionSnapshot(db).get();
  return { versions: now, n, exact: same(now, tables.map((t) => after.get(t) ?? 0)) };
}
async function readCount(count: Knex.QueryBuilder): Promise<number> {
  const rows = (await count) as { n: number | string }[];
  return Number(rows[0].n);
}
