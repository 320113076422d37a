// The bulk extract of accepted values (a benchmark; docs/benchmarks.md "Extract of accepted
// data"): a period of generated accepted forms (FORMS forms × CELLS cells, every value kept as an
// acceptance keeps it), extracted as CSV and as Parquet by the job the portal runs, as regulator
// staff, on SQLite and, when reachable, MariaDB. Times the job from claim to file and samples the
// process's memory meanwhile, at two sizes, so that a memory that grows with the period shows.
// A measurement, not a test: a missed aim is printed, the exit code stays 0.
// Run: node --expose-gc --import tsx scripts/bench/accepted-extract.ts
import { performance } from 'node:perf_hooks';
import { blobStoreOf, jobKey } from '../../engine/files/blob-store.js';
import type { Dialect } from '../../engine/db/connect.js';
import { mariadbReachable } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { sqlDateTime } from '../../engine/db/clock.js';

export const EXTRACT_AIM = { rowsPerSecond: 20_000 } as const;
const CELLS = 1_000;
const SIZES = [50, 250];
const PERIOD = '2032-12-31';

interface Run {
  dialect: Dialect;
  format: 'csv' | 'parquet';
  rows: number;
  ms: number;
  rowsPerSecond: number;
  bytes: number;
  peakRssMb: number;
  peakHeapMb: number;
  baseHeapMb: number;
}

/** `forms` accepted forms of the period, each with CELLS values, written as an acceptance writes them. */
async function generate(t: TestEngine, forms: number, from: number): Promise<void> {
  const db = t.database.db;
  const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id', 'version');
  const entities = (await db('re').orderBy('id').limit(20).pluck('id')).map(Number);
  const now = sqlDateTime();
  for (let i = from; i < from + forms; i++) {
    const re = entities[i % entities.length];
    await db('form').insert({ code: 'BNK-01', name: `Bench ${i}`, re, state: 45, formtemplate: template.id, templateversion: template.version, endon: PERIOD, createon: now });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    await db('acceptedform').insert({ form, re, formtemplate: template.id, templateversion: template.version, endon: PERIOD, acceptedon: now, seq: 1_000_000 + i });
    const cells = Array.from({ length: CELLS }, (_, k) => ({ form, ord: k + 1, code: `BNK0101${String(k + 1).padStart(4, '0')}`, rownum: k % 10 === 0 ? Math.floor(k / 10) + 1 : null, value: k % 3 === 0 ? `Text, "quoted" ${k}` : String(k * 1234.5) }));
    for (let c = 0; c < cells.length; c += 500) await db('acceptedcell').insert(cells.slice(c, c + 500));
  }
}

async function extract(t: TestEngine, worker: JobWorker, who: string, format: 'csv' | 'parquet'): Promise<Omit<Run, 'dialect' | 'format'>> {
  const values = await t.call('Job.ExportAccepted.submit', [{ period: PERIOD, format }], who);
  const id = Number(values[0]?.type === 'text' ? values[0].text : NaN);
  globalThis.gc?.();
  const baseHeap = process.memoryUsage().heapUsed;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  await worker.drain();
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  const job = await readJob(t.database.db, id);
  if (!job || job.state !== 71) throw new Error(`extract ${id} did not finish: ${JSON.stringify(job?.result)}`);
  const bytes = (await blobStoreOf(t.config, t.database.db).stat(jobKey(String(job.file))))?.size ?? 0;
  return { rows: job.processed, ms: Math.round(ms), rowsPerSecond: Math.round(job.processed / (ms / 1000)), bytes, peakRssMb: Math.round(peakRss / 1048576), peakHeapMb: Math.round(peakHeap / 1048576), baseHeapMb: Math.round(baseHeap / 1048576) };
}

export async function benchAcceptedExtract(dialect: Dialect): Promise<Run[]> {
  const t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
  const worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 600_000, maxAttempts: 1, keepHours: 24 });
  const out: Run[] = [];
  try {
    const iru = await t.sessionFor('iru');
    let made = 0;
    for (const forms of SIZES) {
      await generate(t, forms - made, made);
      made = forms;
      for (const format of ['csv', 'parquet'] as const) {
        await extract(t, worker, iru, format); // warm-up
        out.push({ dialect, format, ...(await extract(t, worker, iru, format)) });
      }
    }
  } finally {
    await worker.stop();
    await t.close();
  }
  return out;
}

const dialects: Dialect[] = (await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite'];
for (const d of dialects) {
  for (const r of await benchAcceptedExtract(d)) {
    const miss = r.rowsPerSecond < EXTRACT_AIM.rowsPerSecond ? `  (aim ${EXTRACT_AIM.rowsPerSecond} rows/s missed)` : '';
    console.log(`${r.dialect}\t${r.format}\t${r.rows} rows\t${r.ms} ms\t${r.rowsPerSecond} rows/s\t${(r.bytes / 1048576).toFixed(1)} MB\theap ${r.baseHeapMb}→${r.peakHeapMb} MB\tpeak RSS ${r.peakRssMb} MB${miss}`);
  }
}
