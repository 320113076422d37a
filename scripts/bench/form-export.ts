// Excel export of forms (issue 17's benchmark): a form on the large template of
// engine/testing/large-template.ts (10 tabs × 2,000 cells, 500 formulas), every input filled, and
// a batch of 20 such forms (.zip). Times the job from claim to file (the engine's own worker code,
// run here on demand) and samples the process's resident memory meanwhile (peak RSS). SQLite and,
// when reachable, MariaDB. A measurement, not a test: a missed aim is printed, the exit code stays 0.
// Run alone: npx tsx scripts/bench/form-export.ts (npm run bench runs it after the others).
import { performance } from 'node:perf_hooks';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Dialect } from '../../engine/db/connect.js';
import { createTestDatabase, mariadbReachable } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine } from '../../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/session/session-store.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { filedTemplate } from '../../engine/filing/form-data.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { setUp } from './form-data.js';

export const FORM_EXPORT_AIM = { formMs: 2000, rssMb: 300 } as const;
const BATCH_FORMS = 20;

interface ExportRun {
  ms: number;
  /** RSS just before the run (the engine, its caches and this harness). */
  baseRssMb: number;
  /** The run's peak: the kernel's high-water mark when the run raised it, else the sampled peak (the sampler cannot run while the build holds the thread). */
  peakRssMb: number;
  /** Whether the run raised the process's high-water mark (else the peak is sampled, a lower bound). */
  exact: boolean;
  bytes: number;
}

export interface FormExportResult {
  dialect: Dialect;
  cells: number;
  form: ExportRun;
  batch: ExportRun;
}

async function benchDialect(dialect: Dialect): Promise<FormExportResult> {
  const database = await createTestDatabase(dialect);
  const { db } = database;
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' });
  const engine = await buildEngine({ config, db, logger: pino({ level: 'silent' }) });
  const worker = new JobWorker({ services: engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 120_000, maxAttempts: 1, keepHours: 24 });
  try {
    await runSeeds(db, { demo: true });
    const { form } = await setUp(db);
    const row = await db('form').where({ id: form }).first('formtemplate', 'templateversion', 'formbatch');
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(row.formtemplate), templateversion: Number(row.templateversion) });
    const inputs = filed.layout.cells.filter((c) => c.place.cell.editor !== 'formula');
    const cellsOf = (f: number) => inputs.map((c, i) => ({ form: f, tab: c.tab, address: filed.layout.address(c, 0, {}), code: c.code, value: (((i * 7919) % 100000) / 100).toFixed(2) }));
    const insert = async (f: number) => {
      const rows = cellsOf(f);
      for (let i = 0; i < rows.length; i += 500) await db('formcell').insert(rows.slice(i, i + 500));
    };
    await insert(form);
    const createon = sqlDateTime();
    for (let n = 2; n <= BATCH_FORMS; n++) {
      await db('form').insert({ code: `BIG-01-${n}`, name: 'Large template', re: 1, formbatch: row.formbatch, state: 13, formtemplate: row.formtemplate, templateversion: 1, endon: '2026-01-31', createon });
      await insert(Number((await db('form').max({ id: 'id' }))[0].id));
    }
    const preparer = await db('user').where({ userid: 'preparer' }).first('id');
    const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(preparer.id), 1, config)}`;

    const exportRun = async (args: Record<string, unknown>): Promise<ExportRun> => {
      const res = await engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ action: 'Job.ExportToExcel.submit', args: [args] }) });
      const answer = decodeXml(res.body);
      const first = answer[0];
      if (first?.type !== 'text') throw new Error(`submit answered ${res.body.slice(0, 300)}`);
      const id = Number(first.text);
      global.gc?.();
      const base = process.memoryUsage().rss;
      const markBefore = process.resourceUsage().maxRSS * 1024;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const start = performance.now();
      await worker.drain();
      const ms = performance.now() - start;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const markAfter = process.resourceUsage().maxRSS * 1024;
      const exact = markAfter > markBefore;
      if (exact) peak = markAfter;
      const job = await readJob(db, id);
      if (!job || job.state !== 71 || !job.file) throw new Error(`export ${id} did not finish: ${job?.result}`);
      const bytes = (await stat(join(config.jobsDir, job.file))).size;
      return { ms: Math.round(ms), baseRssMb: Math.round(base / 1048576), peakRssMb: Math.round(peak / 1048576), exact, bytes };
    };
    // A first run loads exceljs and parses the template, as the first export after a start does.
    await exportRun({ form_id: form });
    const one = await exportRun({ form_id: form });
    const batch = await exportRun({ formbatch_id: Number(row.formbatch) });
    return { dialect, cells: filed.layout.cells.length, form: one, batch };
  } finally {
    await worker.stop();
    await engine.app.close();
    await database.destroy();
  }
}

export async function benchFormExports(dialects: Dialect[]): Promise<FormExportResult[]> {
  const out: FormExportResult[] = [];
  for (const d of dialects) out.push(await benchDialect(d));
  return out;
}

export function printFormExports(results: FormExportResult[]): void {
  console.log('\nExcel export of a large form (10 tabs × 2,000 cells, 500 formulas) and a batch of 20 (.zip)');
  for (const r of results) {
    const ok = r.form.ms < FORM_EXPORT_AIM.formMs && r.batch.peakRssMb < FORM_EXPORT_AIM.rssMb;
    console.log(`  [${r.dialect}] one form: ${(r.form.ms / 1000).toFixed(2)} s, ${Math.round(r.form.bytes / 1024)} KB, peak RSS ${r.form.exact ? '' : '≥ '}${r.form.peakRssMb} MB (${r.form.baseRssMb} MB before); batch of ${BATCH_FORMS}: ${(r.batch.ms / 1000).toFixed(2)} s, ${Math.round(r.batch.bytes / 1024)} KB, peak RSS ${r.batch.exact ? '' : '≥ '}${r.batch.peakRssMb} MB (${r.batch.baseRssMb} MB before) — ${ok ? 'within' : 'MISSES'} the aim (form < ${FORM_EXPORT_AIM.formMs / 1000} s, memory < ${FORM_EXPORT_AIM.rssMb} MB)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialects: Dialect[] = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined) ?? ((await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite']);
  printFormExports(await benchFormExports(dialects));
}
