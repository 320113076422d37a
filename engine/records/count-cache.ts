// Total counts of Record.select, kept in memory per exact count statement and per version of
// every table the statement can read. Paging through a list then counts once, not on every
// page; any write to those tables, by any engine process, bumps a version and so recounts.
import type { Knex } from 'knex';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../actions/context.js';
import { BoundedCache } from '../cache/bounded-cache.js';

const counts = new BoundedCache<number>(5_000);

function tablesOf(module: ResolvedModule): string[] {
  const tables = new Set([module.table]);
  if (module.child) tables.add(module.child.table);
  for (const lk of module.lookups) tables.add(lk.table);
  const scope = module.entityScope;
  if (scope && 'via' in scope) tables.add(scope.via.table);
  return [...tables].sort();
}

/**
 * `countKey` names what decides the count (module, scope, normalised conditions); the statement
 * itself is only built when the count is not known for the current versions.
 */
export async function countOf(ctx: ActionContext, module: ResolvedModule, count: () => Knex.QueryBuilder, countKey: string): Promise<number> {
  // Inside a transaction the caller may see its own uncommitted writes: count afresh.
  if (ctx.db.isTransaction) return readCount(count());
  const key = `${await ctx.versions.key(tablesOf(module))}|${countKey}`;
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const n = await readCount(count());
  counts.set(key, n);
  return n;
}

async function readCount(count: Knex.QueryBuilder): Promise<number> {
  const rows = (await count) as { n: number | string }[];
  return Number(rows[0].n);
}
