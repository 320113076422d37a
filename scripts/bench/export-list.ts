// The Excel export benchmark: Job.ExportListExcel of BENCH_EXPORT_ROWS generated entities (ten
// columns: two lookups, dates, a date-time, decimals) on an engine in its own process, as in
// production, so its peak memory (VmHWM) is the engine's alone. Rows per second are measured
// from submit to the status saying done (polled every 100 ms), so they include the queue and
// the count. Target: at least 20,000 rows/s with a peak under 300 MB.
//
// Run by `npm run bench` (BENCH_EXPORT=0 skips it), or alone: `tsx scripts/bench/export-list.ts`.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Dialect } from '../../engine/db/connect.js';
import { createTestDatabase, mariadbReachable } from '../../engine/testing/test-database.js';
import { startChildEngine } from '../../engine/jobs/testing/child-engine.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { loadConfig } from '../../fastify.config.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { generateReRows } from './generate-rows.js';
import { isScript } from '../is-script.js';

export const EXPORT_TARGET = { rowsPerSecond: 20_000, peakMb: 300 };

export interface ExportResult {
  dialect: Dialect;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The engine process's resident memory when ready, and its peak by the end (MB). */
  baselineMb: number;
  peakMb: number;
  /** CPU seconds the engine process used for the export (all its threads), and rows per CPU second:
   * a figure that holds on a busy machine, where wall-clock rows/s measures the neighbours too. */
  cpuSeconds: number;
  rowsPerCpuSecond: number;
  fileMb: number;
  pass: boolean;
}

const ARGS = {
  title: 'Reporting entities',
  module: 'RE',
  fields: ['id', 'companyno', 'name', 'email', 'state_name_ind_field', 'sector_name_ind_field', 'dateincorporated', 'authorizedcapital', 'paupcapital', 'createon'],
  order: 'name asc',
};

/** VmRSS / VmHWM of a process, in MB (Linux). */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** User + system CPU seconds of a process so far (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function call(base: string, cookie: string, action: string, arg: unknown): Promise<string> {
  const res = await fetch(`${base}/process`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ action, args: [arg] }) });
  const [v] = decodeXml(await res.text());
  if (v?.type !== 'text') throw new Error(`${action} answered ${JSON.stringify(v)}`);
  return v.text;
}

async function benchExport(dialect: Dialect, rows: number): Promise<ExportResult> {
  const database = await createTestDatabase(dialect);
  try {
    const { db } = database;
    await runSeeds(db, { demo: true });
    console.log(`[${dialect}] export: generating ${rows} RE rows…`);
    await generateReRows(db, rows);
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', JOB_CONCURRENCY: '1', JOB_POLL_MS: '100', ENGINE_LISTEN: '1' };
    const engine = startChildEngine(env);
    try {
      const { port } = await engine.ready;
      const base = `http://127.0.0.1:${port}`;
      const admin = await db('user').where({ userid: 'admin' }).first('id');
      const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(admin.id), null, loadConfig({ DATA_DIR: database.dataDir }))}`;
      const baselineMb = memoryMb(engine.pid, 'VmRSS');
      const cpuBefore = cpuSeconds(engine.pid);
      const started = performance.now();
      const id = Number(await call(base, cookie, 'Job.ExportListExcel.submit', ARGS));
      let status: { state: number; processed: number; result: string | null };
      for (;;) {
        status = JSON.parse(await call(base, cookie, 'Job.ExportListExcel.status', { id }));
        if (status.state === 71 || status.state === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(engine.pid) - cpuBefore;
      const peakMb = memoryMb(engine.pid, 'VmHWM');
      if (status.state !== 71) throw new Error(`the export failed: ${status.result}`);
      const file = await fetch(`${base}/out/${id}.xlsx`, { headers: { cookie } });
      const body = Buffer.from(await file.arrayBuffer());
      if (file.status !== 200 || body.subarray(0, 2).toString('latin1') !== 'PK') throw new Error(`the export's file did not download (${file.status})`);
      const total = status.processed;
      const rowsPerSecond = Math.round(total / seconds);
      return {
        dialect,
        rows: total,
        seconds: Math.round(seconds * 100) / 100,
        rowsPerSecond,
        baselineMb,
        peakMb,
        fileMb: Math.round((body.length / 1024 / 1024) * 10) / 10,
        cpuSeconds: Math.round(cpu * 100) / 100,
        rowsPerCpuSecond: Math.round(total / cpu),
        pass: rowsPerSecond >= EXPORT_TARGET.rowsPerSecond && peakMb < EXPORT_TARGET.peakMb,
      };
    } finally {
      await engine.stop().catch(() => engine.kill());
    }
  } finally {
    await database.destroy();
  }
}

export async function benchExports(dialects: Dialect[], rows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000)): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  for (const dialect of dialects) {
    if (dialect === 'mysql' && !(await mariadbReachable())) {
      console.log('[mysql] export: MariaDB is not reachable (TEST_MARIADB_URL): skipped');
      continue;
    }
    results.push(await benchExport(dialect, rows));
  }
  return results;
}

export function printExportTable(results: ExportResult[]): void {
  console.log(`\nExcel export (target ≥ ${EXPORT_TARGET.rowsPerSecond} rows/s, peak < ${EXPORT_TARGET.peakMb} MB)\n`);
  console.log('| database | rows | seconds | rows/s | engine CPU s | rows per CPU s | engine RSS ready → peak | file | verdict |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.dialect} | ${r.rows} | ${r.seconds} | ${r.rowsPerSecond} | ${r.cpuSeconds} | ${r.rowsPerCpuSecond} | ${r.baselineMb} → ${r.peakMb} MB | ${r.fileMb} MB | ${r.pass ? 'PASS' : 'FAIL'} |`);
  }
  console.log(`(machine load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores)`);
}

// Run alone: tsx scripts/bench/export-list.ts
if (isScript('export-list.ts')) {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,mysql').split(',').map((s) => s.trim()).filter(Boolean) as Dialect[];
  benchExports(dialects).then(
    (results) => {
      printExportTable(results);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
