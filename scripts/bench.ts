// npm run bench: Record.select of a 20-row page (three lookup display columns, a filter, an
// order) over 100,000 generated entities, measured side by side with a floor — a bare route
// running the same SQL through the same knex pool — on SQLite and MariaDB. It is a
// measurement, not a test: a missed target is printed, the exit code stays 0.
//
// Env: BENCH_DIALECTS=sqlite,mysql  BENCH_SECONDS=10  BENCH_WARMUP=3  BENCH_CONNECTIONS=20
//      BENCH_ROWS=100000  BENCH_WORKERS=1 (0: fire from the server's own thread)  BENCH_STAGES=1
//      BENCH_RE_INDEX=state,name (what-if: an extra index on re before measuring)
//      BENCH_EXPORT=1 (0: skip the Excel export benchmark, scripts/bench/export-list.ts)  BENCH_EXPORT_ROWS=100000
//      BENCH_FORMS=1 (0: skip filing a large form, scripts/bench/form-data.ts)  BENCH_FORM_RUNS=9
//      BENCH_LISTS=1 (0: skip the list traffic cases, scripts/bench/list-cases.ts)  BENCH_CASE_SECONDS=3
//      BENCH_CASE_ROUNDS=5 (alternating rounds per side; medians)  BENCH_PROFILE_CASE=<i> (profile case i)
//      BENCH_HELPDESK_ROWS=100000  BENCH_RE_CASE=1 (0: skip the RE name asc case above)
//      BENCH_RULE=1 (0: skip the list cases with and without a row rule, scripts/bench/rule-ratio.ts)  BENCH_RULE_CASES=0,2
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { pino } from 'pino';
import type { Dialect } from '../engine/db/connect.js';
import { createTestDatabase, mariadbReachable } from '../engine/testing/test-database.js';
import { runSeeds } from '../portal/seeds/index.js';
import { benchConfig } from './bench/seeded-engine.js';
import { buildEngine } from '../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../engine/identity/session-store.js';
import { decodeXml } from '../engine/protocol/envelope.js';
import { loadavg } from 'node:os';
import { addReIndex, generateReRows } from './bench/generate-rows.js';
import { benchListCases, prepareHelpdesk, registerListFloor } from './bench/list-cases.js';
import { capture, compileStatements, PAGES, PAGE_SIZE, registerFloor, sameStatement, selectArgs, type PageStatements } from './bench/record-select.js';
import { runLoad } from './bench/load.js';
import { timeStages } from './bench/stages.js';
import { printListCases, printTable, TARGET, type DialectResult } from './bench/report.js';
import { benchExports, EXPORT_TARGET, printExportTable } from './bench/export-list.js';
import { benchFormData, FORM_TARGET, printFormData, type FormDataResult } from './bench/form-data.js';
import { portal } from '../portal/app.js';
import { benchRuleRatio, printRuleRatio, type RuleRatioResult } from './bench/rule-ratio.js';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  seconds: num('BENCH_SECONDS', 10),
  warmup: num('BENCH_WARMUP', 3),
  connections: num('BENCH_CONNECTIONS', 20),
  rows: num('BENCH_ROWS', 100_000),
  workers: num('BENCH_WORKERS', 1),
  stages: process.env.BENCH_STAGES !== '0',
  export: process.env.BENCH_EXPORT !== '0',
  /** Not the shipped schema: an extra index on re, to measure a proposed fix. */
  reIndex: (process.env.BENCH_RE_INDEX ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  lists: process.env.BENCH_LISTS !== '0',
  /** The list cases with and without a row rule (scripts/bench/rule-ratio.ts). */
  rule: process.env.BENCH_RULE !== '0',
  reCase: process.env.BENCH_RE_CASE !== '0',
  caseSeconds: num('BENCH_CASE_SECONDS', 3),
  caseRounds: num('BENCH_CASE_ROUNDS', 5),
  helpdeskRows: num('BENCH_HELPDESK_ROWS', 100_000),
};

const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

const EMPTY = { rps: 0, p50: 0, p99: 0, requests: 0, errors: 0, timeouts: 0, non2xx: 0 };

async function benchDialect(dialect: Dialect): Promise<DialectResult> {
  const database = await createTestDatabase(dialect, { app: portal });
  try {
    const { db } = database;
    await runSeeds(db, { demo: true });
    console.log(`[${dialect}] generating ${settings.rows} RE rows…`);
    const generateMs = await generateReRows(db, settings.rows);
    if (settings.reIndex.length) await addReIndex(db, settings.reIndex);
    const config = benchConfig(database);
    const engine = await buildEngine({ app: portal, config, db, logger: pino({ level: 'silent' }) });
    const pages = compileStatements(db, engine.services.modules);
    registerFloor(engine.app, db, pages);
    const listFloor = registerListFloor(engine.app, db);
    await engine.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const admin = await db('user').where({ userid: 'admin' }).first('id');
      const token = await createSession(db, Number(admin.id), null, config);
      const cookie = `${SESSION_COOKIE}=${token}`;
      // The RE case checks its floor against the engine before measuring (only when it runs).
      const total = settings.reCase ? await verify(engine.app, db, cookie, pages) : 0;
      const address = engine.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const pageList = Array.from({ length: PAGES }, (_, i) => i + 1);
      const engineLoad = {
        url, path: '/process', headers: { 'content-type': 'application/json', cookie },
        bodies: pageList.map((p) => JSON.stringify({ action: 'Record.select', args: [selectArgs(p)] })),
        connections: settings.connections, workers: settings.workers, db,
      };
      const floorLoad = { ...engineLoad, path: '/floor', headers: { 'content-type': 'application/json' }, bodies: pageList.map((p) => JSON.stringify({ pageIndex: p })) };
      let floor = EMPTY, rowsFloor = EMPTY, eng = EMPTY;
      if (settings.reCase) {
        console.log(`[${dialect}] ${total} rows match; warming up ${settings.warmup}s each, then measuring ${settings.seconds}s each at ${settings.connections} connections (load ${load()})…`);
        if (settings.warmup > 0) {
          await runLoad({ ...engineLoad, seconds: settings.warmup });
          await runLoad({ ...floorLoad, seconds: settings.warmup });
        }
        floor = await runLoad({ ...floorLoad, seconds: settings.seconds });
        rowsFloor = await runLoad({ ...floorLoad, path: '/floor-rows', seconds: settings.seconds });
        eng = await runLoad({ ...engineLoad, seconds: settings.seconds });
      }
      const ratio = floor.rps > 0 ? eng.rps / floor.rps : 0;
      const stages = settings.stages ? await timeStages(engine, db, config, token, pages) : undefined;
      let lists: DialectResult['lists'];
      let rule: RuleRatioResult[] | undefined;
      if (settings.lists) {
        console.log(`[${dialect}] generating ${settings.helpdeskRows} help desk rows…`);
        const values = await prepareHelpdesk(db, engine, settings.helpdeskRows);
        const loadBefore = load();
        console.log(`[${dialect}] list cases, ${settings.caseRounds} alternating rounds of ${settings.caseSeconds}s per side at ${settings.connections} connections (load ${loadBefore})…`);
        const results = await benchListCases({ floor: listFloor, db, engine, url, cookie, adminId: Number(admin.id), values, seconds: settings.caseSeconds, rounds: settings.caseRounds, warmup: Math.min(settings.warmup, 2), connections: settings.connections, workers: settings.workers, log: console.log });
        lists = { load: `${loadBefore} → ${load()}`, results };
      }
      if (settings.rule) {
        if (!settings.lists) await prepareHelpdesk(db, engine, settings.helpdeskRows);
        const values = { state: 0, category: 0, re: 0, ...(await db('helpdesk').orderBy('id', 'desc').first('state', 'category', 're')) };
        console.log(`[${dialect}] list cases with and without a row rule, ${settings.caseRounds} alternating rounds of ${settings.caseSeconds}s per side (load ${load()})…`);
        const results = await benchRuleRatio({ floor: listFloor, db, engine, url, cookie, adminId: Number(admin.id), values: { state: Number(values.state), category: Number(values.category), re: Number(values.re) }, seconds: settings.caseSeconds, rounds: settings.caseRounds, warmup: Math.min(settings.warmup, 2), connections: settings.connections, workers: settings.workers, log: console.log });
        printRuleRatio(dialect, results);
        rule = results;
      }
      return { dialect, generateMs: Math.round(generateMs), total, engine: eng, floor, rowsFloor, ratio, rowsRatio: rowsFloor.rps > 0 ? eng.rps / rowsFloor.rps : 0, pass: ratio >= TARGET.ratio && eng.p99 < TARGET.p99Ms, stages, lists, rule };
    } finally {
      await engine.close();
    }
  } finally {
    await database.destroy();
  }
}

/** Before measuring: the engine answers real pages (not exceptions) by the floor's very statements. */
async function verify(app: FastifyInstance, db: Knex, cookie: string, pages: PageStatements[]): Promise<number> {
  let total = -1;
  for (const page of [1, 3, PAGES]) {
    let body = '';
    const seen = await capture(db, async () => {
      const res = await app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify({ action: 'Record.select', args: [selectArgs(page)] }) });
      body = res.body;
    });
    const [rs, count] = decodeXml(body);
    if (rs?.type !== 'recordset' || rs.rows.length !== PAGE_SIZE || count?.type !== 'text') throw new Error(`Engine answered no ${PAGE_SIZE}-row page for page ${page}: ${body.slice(0, 300)}`);
    const { rows, count: countSql } = pages[page - 1];
    // The engine keeps totals per change version (engine/records/count-cache.ts): when it
    // counts at all, it must be by the floor's very statement.
    const engineCount = seen.find((s) => /count\(\*\)/.test(s.sql));
    if (!seen.some((s) => sameStatement(s, rows)) || (engineCount && !sameStatement(engineCount, countSql))) {
      throw new Error(`The floor's statements differ from the engine's for page ${page}:\n${JSON.stringify({ floor: pages[page - 1], engine: seen }, null, 2)}`);
    }
    const floor = (await app.inject({ method: 'POST', url: '/floor', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pageIndex: page }) })).json() as { rows: { id: unknown }[]; total: number };
    if (floor.total !== Number(count.text) || String(floor.rows[0].id) !== rs.rows[0][0]) throw new Error(`Floor and engine disagree on page ${page}`);
    total = floor.total;
  }
  return total;
}

async function main() {
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,mysql').split(',').map((s) => s.trim()).filter(Boolean) as Dialect[];
  const results: DialectResult[] = [];
  for (const dialect of wanted) {
    if (dialect !== 'sqlite' && dialect !== 'mysql') throw new Error(`BENCH_DIALECTS: unknown dialect "${dialect}" (sqlite, mysql)`);
    if (dialect === 'mysql' && !(await mariadbReachable())) {
      console.log('[mysql] MariaDB is not reachable (TEST_MARIADB_URL): skipped');
      continue;
    }
    results.push(await benchDialect(dialect));
  }
  // The hot-page table only when its case ran (BENCH_RE_CASE=0 skips it): never a table of zeros.
  if (settings.reCase) printTable(results);
  printListCases(results);
  const exports = settings.export ? await benchExports(wanted) : [];
  if (exports.length) printExportTable(exports);
  const forms: FormDataResult[] = [];
  if (process.env.BENCH_FORMS !== '0') for (const r of results) forms.push(await benchFormData(r.dialect));
  if (forms.length) printFormData(forms);
  const machine = { cpus: availableParallelism(), cpu: cpus()[0]?.model, node: process.version, platform: process.platform };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/results.json', JSON.stringify({ at: new Date().toISOString(), machine, settings, target: TARGET, results, exportTarget: EXPORT_TARGET, exports, formTarget: FORM_TARGET, forms }, null, 2) + '\n');
  console.log('\nWritten to .bench/results.json');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
