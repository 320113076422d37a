// Total counts of Record.select, kept in memory per exact count statement and per version of
// every table the statement can read. Paging through a list then counts once, not on every
// page; any write to those tables, by any engine process, bumps a version and so recounts.
import type { Knex } from 'knex';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../actions/context.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { scopeTables } from './module-access.js';
import { AUDIT_TABLE } from './audit-values.js';

const counts = new BoundedCache<number>(5_000);
const inFlight = new Map<string, Promise<number>>();

const tablesByModule = new WeakMap<ResolvedModule, string[]>();

/** Every table a count of the module may read: its own, lookups, link rows, scope and named filters. */
function tablesOf(ctx: ActionContext, module: ResolvedModule): string[] {
  let known = tablesByModule.get(module);
  if (!known) {
    const tables = new Set([module.table]);
    // The audit log (AuditLog) grows with every audited write, which bumps the written module's
    // table, not the audit's own (record-history.ts): its counts follow every module table.
    if (module.table === AUDIT_TABLE) for (const m of ctx.services.modules.all()) tables.add(m.table);
    if (module.child) tables.add(module.child.table);
    for (const lk of module.lookups) tables.add(lk.table);
    for (const filter of Object.values(module.filters)) if (filter.linked) tables.add(filter.linked.table);
    scopeTables(module, tables);
    known = [...tables].sort();
    tablesByModule.set(module, known);
  }
  return known;
}

/**
 * `countKey` names what decides the count (module, scope, normalised conditions); the statement
 * itself is only built when the count is not known for the current versions.
 */
export async function countOf(ctx: ActionContext, module: ResolvedModule, count: () => Knex.QueryBuilder, countKey: string): Promise<number> {
  // Inside a transaction the caller may see its own uncommitted writes: count afresh.
  if (ctx.db.isTransaction) return readCount(count());
  const key = `${await ctx.versions.key(tablesOf(ctx, module))}|${countKey}`;
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  // After a write, the requests of the same list and versions share one count, not one each.
  let running = inFlight.get(key);
  if (!running) {
    running = readCount(count()).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  const n = await running;
  counts.set(key, n);
  return n;
}

async function readCount(count: Knex.QueryBuilder): Promise<number> {
  const rows = (await count) as { n: number | string }[];
  return Number(rows[0].n);
}
