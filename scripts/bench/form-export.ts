// Excel export of forms (a benchmark): a form on the large template of
// portal/testing/large-template.ts (10 tabs × 2,000 cells, 500 formulas), every input filled, and
// a batch of 20 such forms (.zip). Times the job from claim to file (the engine's own worker code,
// run here on demand) and samples the process's resident memory meanwhile (peak RSS). SQLite and,
// when reachable, MariaDB. A measurement, not a test: a missed aim is printed, the exit code stays 0.
// The exports run in a process of their own, the benchmark compiled as the engine `npm start`
// runs, opened on the database this process prepared (as form-import.ts does).
// Run alone: node --expose-gc --import tsx scripts/bench/form-export.ts (npm run bench runs it after the others).
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { connect, type Dialect } from '../../engine/db/connect.js';
import { createTestDatabase, mariadbReachable, type TestDatabase } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { filedTemplate, type FiledTemplate } from '../../portal/filing/form-data.js';
import type { Knex } from 'knex';
import type { EngineConfig } from '../../fastify.config.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { setUp } from './form-data.js';
import { isScript } from '../is-script.js';
import { runCompiledChild } from './compiled-child.js';
import { blobStoreOf, jobKey } from '../../engine/files/blob-store.js';
import { portal } from '../../portal/app.js';

export const FORM_EXPORT_AIM = { formMs: 2000, rssMb: 300 } as const;
export const BATCH_FORMS = 20;

/** One measured job: from claim to file, with the process's memory meanwhile. */
export interface JobMeasure {
  ms: number;
  /** CPU time of the process meanwhile (user + system): less swayed than `ms` by other work on the machine. */
  cpuMs: number;
  /** RSS just before the run (the engine, its caches and this harness). */
  baseRssMb: number;
  /** The run's peak: the kernel's high-water mark when the run raised it, else the sampled peak (the sampler cannot run while the build holds the thread). */
  peakRssMb: number;
  /** Whether the run raised the process's high-water mark (else the peak is sampled, a lower bound). */
  exact: boolean;
  /** The largest V8 heap in use that the sampler saw (a lower bound, as the sampled RSS is). */
  peakHeapMb: number;
}

interface ExportRun extends JobMeasure {
  bytes: number;
}

export interface FormExportResult {
  dialect: Dialect;
  cells: number;
  form: ExportRun;
  batch: ExportRun;
}

/** An engine on a fresh database with the large template and BATCH_FORMS forms of it in one batch (the first is `form`), the preparer signed in. */
export interface LargeForms {
  db: Knex;
  config: EngineConfig;
  engine: Engine;
  worker: JobWorker;
  form: number;
  forms: number[];
  batch: number;
  filed: FiledTemplate;
  cookie: string;
  close(): Promise<void>;
}

/** Where a prepared database is, as fastify.config.ts reads it: handed to a child process as JSON. */
export interface LargeFormsPlace {
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | undefined;
  form: number;
  forms: number[];
  batch: number;
}

/** `filled`: every input of every form holds a value (as the export bench needs); else the forms are empty. */
export async function prepareLargeForms(dialect: Dialect, filled: boolean): Promise<{ database: TestDatabase; place: LargeFormsPlace }> {
  const database = await createTestDatabase(dialect);
  const { db } = database;
  try {
    await runSeeds(db, { demo: true });
    const { form } = await setUp(db);
    const row = await db('form').where({ id: form }).first('formtemplate', 'templateversion', 'formbatch');
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(row.formtemplate), templateversion: Number(row.templateversion) });
    const inputs = filed.layout.cells.filter((c) => c.place.cell.editor !== 'formula');
    const cellsOf = (f: number) => inputs.map((c, i) => ({ form: f, tab: c.tab, address: filed.layout.address(c, 0, {}), code: c.code, value: (((i * 7919) % 100000) / 100).toFixed(2) }));
    const insert = async (f: number) => {
      if (!filled) return;
      const rows = cellsOf(f);
      for (let i = 0; i < rows.length; i += 500) await db('formcell').insert(rows.slice(i, i + 500));
    };
    await insert(form);
    const forms = [form];
    const createon = sqlDateTime();
    for (let n = 2; n <= BATCH_FORMS; n++) {
      await db('form').insert({ code: `BIG-01-${n}`, name: 'Large template', re: 1, formbatch: row.formbatch, state: 13, formtemplate: row.formtemplate, templateversion: 1, endon: '2026-01-31', createon });
      forms.push(Number((await db('form').max({ id: 'id' }))[0].id));
      await insert(forms[forms.length - 1]);
    }
    return { database, place: { dialect, dataDir: database.dataDir, databaseUrl: database.databaseUrl, form, forms, batch: Number(row.formbatch) } };
  } catch (e) {
    await database.destroy();
    throw e;
  }
}

/**
 * An engine on a prepared database, as `npm start` opens an existing one (no seeding in this
 * process, so its memory is the engine's), with a job worker run on demand and the preparer
 * signed in. `close` closes the engine; the database is the preparer's to destroy.
 */
export async function openLargeForms(place: LargeFormsPlace, closeDatabase: () => Promise<void> = async () => {}): Promise<LargeForms> {
  const config = loadConfig({ DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? '', LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' });
  const db = connect(config);
  const engine = await buildEngine({ app: portal, config, db, logger: pino({ level: 'silent' }) });
  const worker = new JobWorker({ services: engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 120_000, maxAttempts: 1, keepHours: 24 });
  const close = async () => {
    await worker.stop();
    await engine.app.close();
    await db.destroy();
    await closeDatabase();
  };
  try {
    const row = await db('form').where({ id: place.form }).first('formtemplate', 'templateversion');
    const filed = await filedTemplate(db, { id: place.form, formtemplate: Number(row.formtemplate), templateversion: Number(row.templateversion) });
    const preparer = await db('user').where({ userid: 'preparer' }).first('id');
    const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(preparer.id), 1, config)}`;
    return { db, config, engine, worker, form: place.form, forms: place.forms, batch: place.batch, filed, cookie, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** A prepared database and an engine on it in this process; `close` destroys both. */
export async function largeForms(dialect: Dialect, filled: boolean): Promise<LargeForms> {
  const { database, place } = await prepareLargeForms(dialect, filled);
  return openLargeForms(place, () => database.destroy());
}

/** Calls an action as the session of `cookie`; answers the first value's text. */
export async function callText(engine: Engine, cookie: string, action: string, args: Record<string, unknown>): Promise<string> {
  const res = await engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ action, args: [args] }) });
  const first = decodeXml(res.body)[0];
  if (first?.type !== 'text') throw new Error(`${action} answered ${res.body.slice(0, 300)}`);
  return first.text;
}

/** Runs the queued job(s) on the engine's own worker code, timed, with RSS and heap sampled every 10 ms. */
export async function measureJob(worker: JobWorker): Promise<JobMeasure> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  const markBefore = process.resourceUsage().maxRSS * 1024;
  let peak = base;
  let heap = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  const cpu = process.cpuUsage();
  await worker.drain();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  sample();
  const markAfter = process.resourceUsage().maxRSS * 1024;
  const exact = markAfter > markBefore;
  if (exact) peak = markAfter;
  return { ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), baseRssMb: Math.round(base / 1048576), peakRssMb: Math.round(peak / 1048576), exact, peakHeapMb: Math.round(heap / 1048576) };
}

/** The child's part: an engine opened on the database the parent prepared exports a form (twice: the first loads exceljs and the template) and the batch. */
async function exportInFreshProcess(place: LargeFormsPlace): Promise<FormExportResult> {
  const t = await openLargeForms(place);
  try {
    const exportRun = async (args: Record<string, unknown>): Promise<ExportRun> => {
      const id = Number(await callText(t.engine, t.cookie, 'Job.ExportToExcel.submit', args));
      const measure = await measureJob(t.worker);
      const job = await readJob(t.db, id);
      if (!job || job.state !== 71 || !job.file) throw new Error(`export ${id} did not finish: ${job?.result}`);
      const stored = await blobStoreOf(t.config, t.db).stat(jobKey(job.file));
      if (!stored) throw new Error(`export ${id}: its file is not in the file store`);
      const bytes = stored.size;
      return { ...measure, bytes };
    };
    // A first run loads exceljs and parses the template, as the first export after a start does.
    await exportRun({ form_id: t.form });
    const one = await exportRun({ form_id: t.form });
    const batch = await exportRun({ formbatch_id: t.batch });
    return { dialect: place.dialect, cells: t.filed.layout.cells.length, form: one, batch };
  } finally {
    await t.close();
  }
}

const CHILD_FLAG = '--export-child';

/**
 * The parent prepares the database (seeds, the large template, the 20 filled forms); a child
 * process, this benchmark compiled as `npm start` runs the engine (scripts/engine-build.ts), opens
 * an engine on it and measures: its memory is the engine's, not the harness's or tsx's.
 */
async function benchDialect(dialect: Dialect): Promise<FormExportResult> {
  const { database, place } = await prepareLargeForms(dialect, true);
  try {
    return await runCompiledChild<FormExportResult>(import.meta.url, 'form-export.mjs', [CHILD_FLAG, JSON.stringify(place)]);
  } finally {
    await database.destroy();
  }
}

export async function benchFormExports(dialects: Dialect[]): Promise<FormExportResult[]> {
  const out: FormExportResult[] = [];
  for (const d of dialects) out.push(await benchDialect(d));
  return out;
}

/** `1.21 s (CPU 1.10 s), peak RSS 287 MB (281 MB before), heap ≥ 140 MB`. */
export function measureText(m: JobMeasure): string {
  return `${(m.ms / 1000).toFixed(2)} s (CPU ${(m.cpuMs / 1000).toFixed(2)} s), peak RSS ${m.exact ? '' : '≥ '}${m.peakRssMb} MB (${m.baseRssMb} MB before), heap ≥ ${m.peakHeapMb} MB`;
}

/** Whether a form's run and a batch's stay within the aim (a form under 2 s, the peak under 300 MB). */
export function withinAim(form: JobMeasure, batch: JobMeasure): boolean {
  return form.ms < FORM_EXPORT_AIM.formMs && form.peakRssMb < FORM_EXPORT_AIM.rssMb && batch.peakRssMb < FORM_EXPORT_AIM.rssMb;
}

export function printFormExports(results: FormExportResult[]): void {
  console.log('\nExcel export of a large form (10 tabs × 2,000 cells, 500 formulas) and a batch of 20 (.zip)');
  for (const r of results) {
    const ok = withinAim(r.form, r.batch);
    console.log(`  [${r.dialect}] one form: ${measureText(r.form)}, ${Math.round(r.form.bytes / 1024)} KB; batch of ${BATCH_FORMS}: ${measureText(r.batch)}, ${Math.round(r.batch.bytes / 1024)} KB — ${ok ? 'within' : 'MISSES'} the aim (form < ${FORM_EXPORT_AIM.formMs / 1000} s, memory < ${FORM_EXPORT_AIM.rssMb} MB)`);
  }
}

if (process.argv[2] === CHILD_FLAG && (isScript('form-export.ts') || isScript('form-export.mjs'))) {
  console.log(JSON.stringify(await exportInFreshProcess(JSON.parse(process.argv[3]) as LargeFormsPlace)));
  process.exit(0);
} else if (isScript('form-export.ts')) {
  const dialects: Dialect[] = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined) ?? ((await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite']);
  printFormExports(await benchFormExports(dialects));
}
