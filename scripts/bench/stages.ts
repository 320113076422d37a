// Where a Record.select's time goes: each stage of the engine's path timed on its own, one
// call at a time (no concurrency), so the numbers are per-request costs, not queueing.
import type { Knex } from 'knex';
import type { Engine } from '../../engine/server/app.js';
import type { EngineConfig } from '../../fastify.config.js';
import { loadAccess, loadCaller, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { planSelect } from '../../engine/records/select-query.js';
import { compileTemplate, fillTemplate } from '../../engine/db/compiled-statement.js';
import { readVersions } from '../../engine/db/change-versions.js';
import { toRecordset } from '../../engine/records/recordset.js';
import { encodeXml, text } from '../../engine/protocol/envelope.js';
import { PAGE_SIZE, selectArgs, type PageStatements } from './record-select.js';

export interface StageTiming {
  meanMs: number;
  p99Ms: number;
}

async function time(iterations: number, fn: (i: number) => unknown): Promise<StageTiming> {
  for (let i = 0; i < 20; i++) await fn(i); // warm the JIT and the database caches
  const ms: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { meanMs: round(ms.reduce((s, n) => s + n, 0) / ms.length), p99Ms: round(ms[Math.floor(ms.length * 0.99)]) };
}

export async function timeStages(engine: Engine, db: Knex, config: EngineConfig, token: string, pages: PageStatements[], iterations = 200): Promise<Record<string, StageTiming>> {
  const caller = (await loadCaller(db, token, config))!;
  const module = engine.services.modules.get('RE')!;
  const page = (i: number) => pages[i % pages.length];
  const plan = (i: number) => {
    const a = selectArgs((i % pages.length) + 1);
    return planSelect(db, module, undefined, { fields: a.fields, where: a.where, order: a.order, limit: PAGE_SIZE, offset: (a.pageIndex - 1) * PAGE_SIZE });
  };
  const sample = plan(0);
  const template = compileTemplate(plan(1).rowsTemplate(), plan(1).rowsValues.length)!;
  const rows = (await sample.rows()) as Record<string, unknown>[];
  const values = [toRecordset(sample.fields, rows), text('80000')];
  const cookie = `${SESSION_COOKIE}=${token}`;
  return {
    'session (loadCaller: session row + access)': await time(iterations, () => loadCaller(db, token, config)),
    'access only (loadAccess: 3 queries)': await time(iterations, () => loadAccess(db, caller.userId)),
    'plan (planSelect + toSQL, both queries)': await time(iterations, (i) => {
      const p = plan(i);
      return [p.rows().toSQL(), p.count().toSQL()];
    }),
    'plan (planSelect, rows from its template)': await time(iterations, (i) => {
      const p = plan(i);
      return fillTemplate(template, p.rowsValues);
    }),
    'change versions (one read)': await time(iterations, () => readVersions(db)),
    'rows query (raw SQL)': await time(iterations, (i) => db.raw(page(i).rows.sql, page(i).rows.bindings)),
    'count query (raw SQL)': await time(iterations, (i) => db.raw(page(i).count.sql, page(i).count.bindings)),
    'recordset (toRecordset, 20 rows)': await time(iterations, () => toRecordset(sample.fields, rows)),
    'xml (encodeXml)': await time(iterations, () => encodeXml(values)),
    'action (dispatcher.run, no HTTP/session)': await time(iterations, (i) =>
      engine.dispatcher.run({ action: 'Record.select', args: [selectArgs((i % pages.length) + 1)] }, caller, 'bench'),
    ),
    'full request (inject /process)': await time(iterations, (i) =>
      engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify({ action: 'Record.select', args: [selectArgs((i % pages.length) + 1)] }) }),
    ),
    'floor request (inject /floor)': await time(iterations, (i) =>
      engine.app.inject({ method: 'POST', url: '/floor', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pageIndex: (i % pages.length) + 1 }) }),
    ),
  };
}
