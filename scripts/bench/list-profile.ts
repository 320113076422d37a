// A CPU profile of one list case of the benchmark (list-cases.ts) served through HTTP, by the
// engine or by its floor, for finding where the engine's cost per request goes:
//   tsx scripts/bench/list-profile.ts [sqlite|mysql] [seconds] [case 0-4 | create] [engine|floor]
// writes .prof/list-<dialect>-<case>-<target>.cpuprofile of the load alone (the server's thread;
// the load generator runs in a worker) and prints req/s and the thread's CPU per request; then
// `tsx scripts/bench/profile-summary.ts <that file>` prints self time by function. TIMES=1 prints
// each action's time in the server (from the request's arrival to its answer) by percentile.
// WARM=<case> runs that case's load for 10 s first.
import { readdirSync, readFileSync } from 'node:fs';
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { portal } from '../../portal/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { compileReads, cpuMsOfStat, engineBody, listCases, maybeProfiled, measured, registerListFloor } from './list-cases.js';
import { runLoad, type LoadOptions } from './load.js';
import { listTrafficRows, seededEngine } from './seeded-engine.js';

/** CPU time of a MariaDB/MySQL server on this machine in ms (0 when none runs here). */
function databaseServerCpuMs(): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\((mariadbd|mysqld)\)/.test(stat)) return cpuMsOfStat(stat);
    } catch {
      // the process ended while listed
    }
  }
  return 0;
}

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const seconds = Number(process.argv[3] ?? 10);
const which = process.argv[4] ?? '0';
const target = process.argv[5] === 'floor' ? 'floor' : 'engine';

const database = await createTestDatabase(dialect, { app: portal });
try {
  const { db } = database;
  const { config, engine } = await seededEngine(database);
  const floor = registerListFloor(engine.app, db);
  // Server-side time per action during the load (TIMES=1): which kind of request makes the tail.
  const times = new Map<string, number[]>();
  let timing = false;
  if (process.env.TIMES === '1') {
    const started = new WeakMap<object, number>();
    engine.app.addHook('onRequest', async (req) => void started.set(req, performance.now()));
    engine.app.addHook('onResponse', async (req) => {
      if (!timing) return;
      const kind = (req.body as { action?: string } | undefined)?.action ?? req.url;
      const ms = times.get(kind) ?? (times.set(kind, []), times.get(kind)!);
      ms.push(performance.now() - (started.get(req) ?? 0));
    });
  }
  const values = await listTrafficRows(db, engine);
  await engine.app.listen({ host: '127.0.0.1', port: 0 });
  const admin = await db('user').where({ userid: 'admin' }).first('id');
  const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(admin.id), null, config)}`;
  const address = engine.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const all = listCases(values);
  const c = which === 'create' ? -1 : Number(which);
  const bodies = c >= 0 ? all[c].bodies : [{ kind: 'write' as const, values: [values.category, 'Profiled ticket', 'Written by the profile', values.re] }];
  Object.assign(floor, { statements: [await compileReads(db, engine, Number(admin.id), bodies)], bodies: [bodies], adminId: Number(admin.id) });
  const load: Omit<LoadOptions, 'seconds'> =
    target === 'engine'
      ? { url, path: '/process', headers: { 'content-type': 'application/json', cookie }, bodies: bodies.map(engineBody), connections: 20, workers: 1, db }
      : { url, path: '/floor-list', headers: { 'content-type': 'application/json' }, bodies: bodies.map((_, i) => JSON.stringify({ c: 0, i })), connections: 20, workers: 1, db };
  // WARM=<case>: that case's reads first (as the full bench runs the cases in turn, so the
  // database's page cache holds what the earlier cases read).
  if (process.env.WARM) {
    const warm = all[Number(process.env.WARM)].bodies;
    Object.assign(floor, { statements: [...floor.statements, await compileReads(db, engine, Number(admin.id), warm)], bodies: [...floor.bodies, warm] });
    await runLoad({ ...load, bodies: target === 'engine' ? warm.map(engineBody) : warm.map((_, i) => JSON.stringify({ c: 1, i })), seconds: 10 });
  }
  await runLoad({ ...load, seconds: Number(process.env.WARMUP ?? 2) });
  const name = `list-${dialect}-${which}-${target}`;
  // Statements sent during the load, by their first words (STATEMENTS=1).
  const statements = new Map<string, number>();
  if (process.env.STATEMENTS === '1') db.on('query', (q: { sql: string }) => {
    const key = q.sql.replace(/[`"]/g, '').split(/\s+/).slice(0, 6).join(' ') + (/count\(/.test(q.sql) && /\.`?id`? in \(/.test(q.sql) ? ' [by id]' : '');
    statements.set(key, (statements.get(key) ?? 0) + 1);
  });
  const serverBefore = databaseServerCpuMs();
  timing = true;
  const r = await measured(() => maybeProfiled(process.env.PROFILE !== '0', name, () => runLoad({ ...load, seconds })));
  const serverMs = databaseServerCpuMs() - serverBefore;
  const file = `.prof/${name}.cpuprofile`;
  console.log(`${target}, case ${which === 'create' ? 'create' : all[c].name}: ${r.rps} req/s, p99 ${r.p99} ms, ${r.requests} requests, ${r.errors} errors, CPU ${r.cpuMsPerReq.toFixed(3)} ms/request${dialect === 'mysql' ? `, database server ${(serverMs / r.requests).toFixed(3)} ms/request` : ''}${process.env.PROFILE !== '0' ? ` (profiling on) → ${file}` : ''}`);
  for (const [key, n] of [...statements].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / r.requests).toFixed(3)} per request  ${key}`);
  for (const [kind, ms] of times) {
    const sorted = ms.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1);
    console.log(`  ${kind}: ${sorted.length} in the server, p50 ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`);
  }
  await engine.close();
} finally {
  await database.destroy();
}
