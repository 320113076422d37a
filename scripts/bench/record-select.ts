// The benchmark's scenario: one Record.select (20-row page, three lookup display columns, a
// filter and an order) and its floor, a bare route running the very statements the engine
// runs — the rows query and the count query, taken from the engine's own planSelect — through
// the same knex pool, answering plain JSON. The gap between the two is the engine's overhead.
import { countTablesOf, withVersions } from '../../engine/records/count-cache.js';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { dialectOf } from '../../engine/db/connect.js';
import type { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { planSelect } from '../../engine/records/select-query.js';

export const PAGE_SIZE = 20;
/** Requests cycle through these pages, so neither database serves one cached offset only. */
export const PAGES = 50;

export function selectArgs(pageIndex: number) {
  return {
    module: 'RE',
    fields: ['id', 'name', 'state_name_ind_field', 'sector_name_ind_field', 'createby_name_ind_field', 'createon'],
    where: [['state', '=', 33]],
    order: 'name asc',
    max: PAGE_SIZE,
    pageIndex,
  };
}

export interface Statement {
  sql: string;
  bindings: readonly Knex.Value[];
}
export interface PageStatements {
  rows: Statement;
  count: Statement;
}

/** The engine's SQL for every page, compiled once: the floor pays no query-building cost. */
export function compileStatements(db: Knex, modules: ModuleRegistry): PageStatements[] {
  const module = modules.get('RE')!;
  const pages: PageStatements[] = [];
  for (let page = 1; page <= PAGES; page++) {
    const a = selectArgs(page);
    // scopeRe undefined: the admin caller is not limited to an entity, as in the engine's accessModule.
    const plan = planSelect(db, module, undefined, { fields: a.fields, where: a.where, order: a.order, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const rows = plan.rows().toSQL();
    // The engine's count as it first runs it: with its tables' versions from the same snapshot (count-cache.ts).
    const count = withVersions(db, plan.count(), countTablesOf(modules, module).tables).toSQL();
    pages.push({ rows: { sql: rows.sql, bindings: rows.bindings }, count: { sql: count.sql, bindings: count.bindings } });
  }
  return pages;
}

/** mysql2 answers raw queries as [rows, fields]; better-sqlite3 as the rows. */
function rowsOf(db: Knex, result: unknown): Record<string, unknown>[] {
  return (dialectOf(db) === 'mysql' ? (result as unknown[])[0] : result) as Record<string, unknown>[];
}

/** POST /floor {pageIndex}: the same two statements, concurrently as the engine runs them. */
export function registerFloor(app: FastifyInstance, db: Knex, pages: PageStatements[]): void {
  app.post('/floor', async (req) => {
    const page = Number((req.body as { pageIndex?: unknown } | undefined)?.pageIndex ?? 1);
    const s = pages[(page - 1) % pages.length];
    const [rows, count] = await Promise.all([db.raw(s.rows.sql, s.rows.bindings), db.raw(s.count.sql, s.count.bindings)]);
    return { rows: rowsOf(db, rows), total: Number(rowsOf(db, count)[0].n) };
  });
  // The strictest floor: the rows statement alone, as if the total were free. The engine keeps
  // totals per change version, so this is the floor its overhead is really measured against.
  app.post('/floor-rows', async (req) => {
    const page = Number((req.body as { pageIndex?: unknown } | undefined)?.pageIndex ?? 1);
    const s = pages[(page - 1) % pages.length];
    return { rows: rowsOf(db, await db.raw(s.rows.sql, s.rows.bindings)) };
  });
}

/** Runs `fn` and answers the statements knex ran meanwhile (to prove engine and floor agree). */
export async function capture(db: Knex, fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const listener = (q: { sql: string; bindings?: Knex.Value[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listener);
  try {
    await fn();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}

export const sameStatement = (a: Statement, b: Statement) => a.sql === b.sql && JSON.stringify(a.bindings) === JSON.stringify(b.bindings);
