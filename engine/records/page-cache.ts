// Pages of Record.select kept in memory per exact rows statement and per version of every table
// the statement can read (the tables of its count, count-cache.ts). A list read again, its pages
// walked, its filters tried in turn, then costs the versions read its total needs anyway, not a
// statement. Any write to those tables, by any engine process, bumps a version, and a page kept
// at an older version is never served: the cache is exact, never stale.
import type { Knex } from 'knex';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../runtime/context.js';
import type { Row } from '../db/compiled-statement.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { countTablesOf } from './count-cache.js';
import type { SelectPlan } from './select-query.js';

/** Longer pages (exports, dropdown lists) are read each time: they are rare and would crowd the cache out. */
export const KEPT_PAGE_ROWS = 100;

interface KeptPage {
  /** The versions of the count's tables, read before the rows: the rows are at least that new. */
  versions: number[];
  rows: readonly Row[];
  /** The rows as JSON, in characters. */
  bytes: number;
}

/** One cache per database: a test process serves several, whose ids and versions coincide. */
const keptByDatabase = new WeakMap<object, BoundedCache<KeptPage>>();

/** A page's weight: its text as JSON, in bytes, and a share of the objects that hold it. */
const weigh = (page: KeptPage): number => page.bytes + 64 * page.rows.length;

function keptOf(db: Knex, megabytes: number): BoundedCache<KeptPage> {
  const database = db.client.config as object;
  let kept = keptByDatabase.get(database);
  if (!kept) keptByDatabase.set(database, (kept = new BoundedCache(1_000_000, { weigh, max: megabytes * 1024 * 1024 })));
  return kept;
}

// Module objects are replaced when metadata or a caller's access changes: a page is kept for the
// object it was read through, so a changed definition never meets a page read under the old one.
const serials = new WeakMap<ResolvedModule, number>();
let lastSerial = 0;
function serialOf(module: ResolvedModule): number {
  let n = serials.get(module);
  if (n === undefined) serials.set(module, (n = ++lastSerial));
  return n;
}

/**
 * The plan's page: kept when it was read at the tables' current versions or later, else `read`
 * (whose rows are then kept). Not kept inside a transaction (the caller may see its own
 * uncommitted writes), for a statement that reads the clock, or with PAGE_CACHE_MB=0. The rows
 * answered are copies, so a caller may change them.
 */
export async function keptRows(ctx: ActionContext, module: ResolvedModule, plan: Pick<SelectPlan, 'rowsShape' | 'rowsValues' | 'readsClock'>, read: () => Promise<Row[]>): Promise<Row[]> {
  const megabytes = ctx.services.config.pageCacheMb;
  if (ctx.db.isTransaction || plan.readsClock || megabytes === 0) return read();
  const { tables } = countTablesOf(ctx.services.modules, module);
  const versions = await ctx.versions.get();
  const now = tables.map((t) => versions.get(t) ?? 0);
  const kept = keptOf(ctx.db as Knex, megabytes);
  const key = `${serialOf(module)}|${plan.rowsShape}|${JSON.stringify(plan.rowsValues)}`;
  const known = kept.get(key);
  if (known && known.versions.every((v, i) => v >= now[i])) {
    if (ctx.services.config.pageCacheVerify) verify(module, known.rows, await read());
    return known.rows.map((r) => ({ ...r }));
  }
  const rows = await read();
  if (rows.length <= KEPT_PAGE_ROWS) kept.set(key, { versions: now, rows: rows.map((r) => ({ ...r })), bytes: JSON.stringify(rows).length });
  return rows;
}

/**
 * PAGE_CACHE_VERIFY: a kept page must equal the database's page. It differs only when something
 * wrote a table the page reads without bumping its version (a write outside the engine, or one
 * of its own that forgot), which this names.
 */
function verify(module: ResolvedModule, kept: readonly Row[], fresh: Row[]): void {
  if (JSON.stringify(kept) === JSON.stringify(fresh)) return;
  const message = `A kept page of ${module.name} differs from the database: a table it reads was written without bumping its version`;
  // Told on stderr too: a test's engine logs nothing, and the caller sees only E_FAIL.
  process.emitWarning(message, 'PageCacheWarning');
  throw new Error(message);
}
