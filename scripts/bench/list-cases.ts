// The list traffic a portal sees, on 100,000 help desk rows, list 201's columns (four
// lookups' display columns): each case is measured against its rows-only floor in the same run —
// a bare route running the engine's very rows statement (compiled ahead, no building, no
// session, no count) through the same knex pool, answering JSON.
//
// Cases: `createon desc` page 1; page 200; 500 pages × 5 filters (none, state, category, an
// entity, a month); a contains search on the subject; 90% of those varied reads with 10%
// Record.create of help desk rows (floor: the record, its history and audit rows, stored by the
// engine's own INSERTs in one transaction).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Engine } from '../../engine/server/app.js';
import { dialectOf } from '../../engine/db/connect.js';
import { insertCompiled } from '../../engine/db/compiled-statement.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { planSelect } from '../../engine/records/select-query.js';
import { accessModule } from '../../engine/records/module-access.js';
import { engineContext } from '../../engine/runtime/engine-context.js';
import { userCaller } from '../../engine/jobs/job-caller.js';
import { generateModuleRows } from '../../engine/testing/module-rows.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { runLoad, type LoadResult } from './load.js';

export const LIST_PAGE = 20;
const FIELDS = ['id', 'category_name_ind_field', 'name', 'createby_firstname', 'createby_email2', 're_name_ind_field', 'createon', 'state'];
/** The fields a mixed case's write gives (`values` in this order). */
const WRITE_FIELDS = ['category', 'name', 'description', 're'];
/** The audit row's list of written fields, as the engine stores it. */
const WRITTEN = JSON.stringify(WRITE_FIELDS);

type Body = { kind: 'read'; args: SelectCall } | { kind: 'write'; values: unknown[] };
interface SelectCall {
  module: string;
  fields: string[];
  where: unknown[];
  order: string;
  max: number;
  pageIndex: number;
}
interface Statement {
  sql: string;
  bindings: readonly Knex.Value[];
}

export interface ListCaseResult {
  name: string;
  floor: LoadResult & { cpuMsPerReq: number };
  engine: LoadResult & { cpuMsPerReq: number };
  ratio: number;
  /** Rounds per side; the figures are each side's median round. */
  rounds: number;
}

const select = (where: unknown[], pageIndex: number): SelectCall => ({ module: 'Helpdesk', fields: FIELDS, where, order: 'createon desc', max: LIST_PAGE, pageIndex });

/** Generates the help desk rows (once per database); answers the values the cases filter by. */
export async function prepareHelpdesk(db: Knex, engine: Engine, rows: number): Promise<{ state: number; category: number; re: number }> {
  const ok = await generateModuleRows(db, engine.services.modules, engine.services.modules.get('Helpdesk')!, rows);
  if (!ok) throw new Error('Helpdesk rows: a required lookup has no rows');
  const first = await db('helpdesk').orderBy('id', 'desc').first('state', 'category', 're');
  return { state: Number(first.state), category: Number(first.category), re: Number(first.re) };
}

export function listCases(v: { state: number; category: number; re: number }): { name: string; bodies: Body[] }[] {
  const filters: unknown[][] = [[], [['state', '=', v.state]], [['category', '=', v.category]], [['re', '=', v.re]], [['createon', 'between', ['2023-02-01 00:00:00', '2023-02-28 23:59:59']]]];
  // Pages 1..500 of each filter, interleaved, within what each filter matches (at most 500 pages).
  const varied: Body[] = [];
  for (let p = 0; p < 500; p++) for (const [i, w] of filters.entries()) varied.push({ kind: 'read', args: select(w, 1 + ((p * 7 + i * 13) % (i === 0 ? 500 : 25))) });
  const mixed: Body[] = varied.slice(0, 900).flatMap((b, i) => (i % 9 === 8 ? [b, { kind: 'write' as const, values: [v.category, `Bench ticket ${i}`, 'Written by the benchmark', v.re] }] : [b]));
  return [
    { name: 'createon desc, page 1', bodies: [{ kind: 'read', args: select([], 1) }] },
    { name: 'createon desc, page 200', bodies: [{ kind: 'read', args: select([], 200) }] },
    { name: '500 pages x 5 filters', bodies: varied },
    { name: 'contains search, pages 1-20', bodies: Array.from({ length: 20 }, (_, i) => ({ kind: 'read' as const, args: select([['name', 'like', '%G1%']], i + 1) })) },
    { name: '90% reads + 10% writes', bodies: mixed },
  ];
}

/**
 * The floor's statement of each read: the engine's own rows statement for the same caller (its
 * row rules: help desk categories hidden from the administrator stay hidden), compiled ahead.
 */
export async function compileReads(db: Knex, engine: Engine, adminId: number, bodies: Body[]): Promise<(Statement | null)[]> {
  const caller = await userCaller(engine.services, adminId, null, 'bench-floor');
  const { module, scopeRe } = accessModule(engineContext(engine.services, db, caller, 'bench-floor'), 'Helpdesk', 'select');
  return bodies.map((b) => {
    if (b.kind !== 'read') return null;
    const a = b.args;
    const { sql, bindings } = planSelect(db, module, scopeRe, { fields: a.fields, where: a.where, order: a.order, limit: a.max, offset: (a.pageIndex - 1) * a.max }).rows().toSQL();
    return { sql, bindings };
  });
}

const rowsOf = (db: Knex, result: unknown) => (dialectOf(db) === 'mysql' ? (result as unknown[])[0] : result) as Record<string, unknown>[];

export interface ListFloor {
  statements: (Statement | null)[][];
  bodies: Body[][];
  adminId: number;
}

/**
 * POST /floor-list {c, i}: case c's statement i; a write is the bare INSERT of the same row.
 * Registered before the server listens; the cases fill `floor` later.
 */
export function registerListFloor(app: FastifyInstance, db: Knex): ListFloor {
  const floor: ListFloor = { statements: [], bodies: [], adminId: 0 };
  app.post('/floor-list', async (req) => {
    const { c, i } = req.body as { c: number; i: number };
    const s = floor.statements[c][i];
    if (s) return { rows: rowsOf(db, await db.raw(s.sql, s.bindings as Knex.Value[])) };
    const b = floor.bodies[c][i] as Extract<Body, { kind: 'write' }>;
    await floorWrite(db, b.values, floor.adminId);
    return { rows: [] };
  });
  return floor;
}

/**
 * The floor of a create: what the product must store for it, by the engine's own compiled
 * INSERTs, in one transaction: the record, its state history row and its audit row (every write
 * is audited: docs/engine.md, record-history.ts). None of the engine's checks, lookups, read-back
 * or version bump.
 * BENCH_WRITE_FLOOR=row: the record's bare INSERT alone (the floor before c014e36, 2026-11-27).
 */
async function floorWrite(db: Knex, values: unknown[], adminId: number): Promise<void> {
  const [category, name, description, re] = values;
  const now = sqlDateTime();
  const row = { category, name, description, re, state: 54, updatectr: 1, createon: now, createby: adminId, updateon: now, updateby: adminId };
  if (process.env.BENCH_WRITE_FLOOR === 'row') {
    await insertCompiled(db, 'helpdesk', row);
    return;
  }
  await db.transaction(async (trx) => {
    const id = (await insertCompiled(trx, 'helpdesk', row, 'id'))!;
    await insertCompiled(trx, 'state_history', { module: 'helpdesk', record_id: id, from_state: null, to_state: 54, reason: null, createby: adminId, createon: now });
    const after = JSON.stringify({ ...row, id });
    await insertCompiled(trx, 'record_audit', { module: 'helpdesk', record_id: id, version: 1, action: 'create', fields: WRITTEN, before_values: null, after_values: after, createby: adminId, createon: now, updatectr: 1, updateon: now, updateby: adminId });
  });
}

export function engineBody(b: Body): string {
  return JSON.stringify(b.kind === 'read' ? { action: 'Record.select', args: [b.args] } : { action: 'Record.create', args: [{ module: 'Helpdesk', fields: WRITE_FIELDS, values: b.values }] });
}

/** CPU time (utime + stime) of the process or thread whose `/proc/…/stat` this is, in ms. */
export function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / TICKS_PER_SECOND);
}
const TICKS_PER_SECOND = 100;

/**
 * CPU time of the server's main thread in ms. The load generator runs in a worker thread of the
 * same process, so the process's own figure would count it.
 */
export function mainThreadCpuMs(): number {
  return cpuMsOfStat(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
}

/**
 * BENCH_PROFILE_CASE=<index>: that case's floor and engine runs are CPU-profiled into
 * .prof/case-<index>-<floor|engine>.cpuprofile (read with profile-summary.ts); the profiler's own
 * cost then shows in that case's figures.
 */
export async function maybeProfiled<T>(on: boolean, name: string, run: () => Promise<T>): Promise<T> {
  if (!on) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('.prof', { recursive: true });
    writeFileSync(`.prof/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

type Measured = LoadResult & { cpuMsPerReq: number };

/** The round of median req/s, with the median CPU per request and p99 of all rounds. */
export function medianRound(rounds: Measured[]): Measured {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const byRps = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
  return { ...byRps, cpuMsPerReq: median(rounds.map((r) => r.cpuMsPerReq)), p99: median(rounds.map((r) => r.p99)) };
}

export async function measured(run: () => Promise<LoadResult>): Promise<Measured> {
  const before = mainThreadCpuMs();
  const r = await run();
  const cpu = mainThreadCpuMs() - before;
  return { ...r, cpuMsPerReq: r.requests ? Math.round((cpu / r.requests) * 1000) / 1000 : 0 };
}

export async function benchListCases(o: { floor: ListFloor; db: Knex; engine: Engine; url: string; cookie: string; adminId: number; values: { state: number; category: number; re: number }; seconds: number; rounds: number; warmup: number; connections: number; workers: number; log: (s: string) => void }): Promise<ListCaseResult[]> {
  const all = listCases(o.values);
  const statements = await Promise.all(all.map((c) => compileReads(o.db, o.engine, o.adminId, c.bodies)));
  Object.assign(o.floor, { statements, bodies: all.map((c) => c.bodies), adminId: o.adminId });
  const write = all[all.length - 1].bodies.find((b) => b.kind === 'write')!;
  const [created] = decodeXml((await o.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: o.cookie }, payload: engineBody(write) })).body);
  if (created?.type !== 'recordset') throw new Error(`Record.create of a help desk row failed: ${JSON.stringify(created)}`);
  // The floor's write stores what the engine's does: the row, its history row and its audit row.
  const stored = async () => Promise.all(['helpdesk', 'state_history', 'record_audit'].map(async (t) => Number((await o.db(t).count({ n: '*' }))[0].n)));
  const before = await stored();
  await floorWrite(o.db, write.kind === 'write' ? write.values : [], o.adminId);
  const added = (await stored()).map((n, i) => n - before[i]);
  const expected = process.env.BENCH_WRITE_FLOOR === 'row' ? [1, 0, 0] : [1, 1, 1];
  if (added.join() !== expected.join()) throw new Error(`The floor's write added ${added.join('/')} rows (help desk/history/audit), not ${expected.join('/')}`);
  const results: ListCaseResult[] = [];
  // BENCH_LIST_CASES=4 (or 0,2): only those cases, for measuring one change.
  const only = process.env.BENCH_LIST_CASES?.split(',').map(Number);
  for (const [c, kase] of all.entries()) {
    if (only && !only.includes(c)) continue;
    // Before measuring: the engine answers full pages of the floor's rows.
    const probe = kase.bodies.findIndex((b) => b.kind === 'read');
    const res = await o.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: o.cookie }, payload: engineBody(kase.bodies[probe]) });
    const [rs] = decodeXml(res.body);
    const floorRows = ((await o.engine.app.inject({ method: 'POST', url: '/floor-list', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ c, i: probe }) })).json() as { rows: { id: unknown }[] }).rows;
    if (rs?.type !== 'recordset' || rs.rows.length !== floorRows.length || (floorRows.length && rs.rows[0][0] !== String(floorRows[0].id))) throw new Error(`${kase.name}: engine and floor disagree: engine ${rs?.type === 'recordset' ? `${rs.rows.length} rows from id ${rs.rows[0]?.[0]}` : res.body.slice(0, 300)}, floor ${floorRows.length} rows from id ${floorRows[0]?.id}`);
    const base = { url: o.url, connections: o.connections, workers: o.workers, db: o.db };
    const engineLoad = { ...base, path: '/process', headers: { 'content-type': 'application/json', cookie: o.cookie }, bodies: kase.bodies.map(engineBody) };
    const floorLoad = { ...base, path: '/floor-list', headers: { 'content-type': 'application/json' }, bodies: kase.bodies.map((_, i) => JSON.stringify({ c, i })) };
    o.log(`  ${kase.name}: ${kase.bodies.length} distinct requests`);
    if (o.warmup > 0) {
      await runLoad({ ...floorLoad, seconds: o.warmup });
      await runLoad({ ...engineLoad, seconds: o.warmup });
    }
    const profiled = process.env.BENCH_PROFILE_CASE === String(c);
    // Rounds alternate which side goes first, and each side's figure is its median round: a
    // slow spell of the machine then costs one round of one side, not the whole comparison.
    const floorRounds: Measured[] = [];
    const engineRounds: Measured[] = [];
    for (let round = 0; round < o.rounds; round++) {
      const runFloor = async () => floorRounds.push(await measured(() => maybeProfiled(profiled && round === 0, `case-${c}-floor`, () => runLoad({ ...floorLoad, seconds: o.seconds }))));
      const runEngine = async () => engineRounds.push(await measured(() => maybeProfiled(profiled && round === 0, `case-${c}-engine`, () => runLoad({ ...engineLoad, seconds: o.seconds }))));
      if (round % 2 === 0) {
        await runFloor();
        await runEngine();
      } else {
        await runEngine();
        await runFloor();
      }
    }
    o.log(`    req/s by round: floor ${floorRounds.map((r) => r.rps.toFixed(0)).join(' / ')}, engine ${engineRounds.map((r) => r.rps.toFixed(0)).join(' / ')}`);
    const floor = medianRound(floorRounds);
    const engine = medianRound(engineRounds);
    results.push({ name: kase.name, floor, engine, ratio: floor.rps > 0 ? engine.rps / floor.rps : 0, rounds: o.rounds });
  }
  return results;
}
