// Excel import of forms (a benchmark): the workbook of a form on the large template
// (10 tabs × 2,000 cells, 500 formulas) as the export writes it with every input filled,
// imported into the form emptied meanwhile, and the 20 workbooks of a batch's export in one import
// (an import takes workbooks, not the batch's .zip). Times Job.ImportFromExcel from claim to the import's outcome (the engine's own worker
// code, run here on demand: untrusted-input checks, reading, Form.saveData's validation and
// writes, all or nothing per form) and samples the process's memory meanwhile, as the export
// bench does. SQLite and, when reachable, MariaDB. A measurement, not a test: a missed aim is
// printed, the exit code stays 0.
// The imports run in a process of their own, started after the export that made the workbooks:
// an engine as a fresh start has it, so its memory is the import's and not what the export left
// (V8 keeps a heap it grew, and the kernel's high-water mark is the process's whole life).
// Run alone: node --expose-gc --import tsx scripts/bench/form-import.ts (npm run bench runs it last).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { runCompiledChild } from './compiled-child.js';
import { isScript } from '../is-script.js';
import type { Dialect } from '../../engine/db/connect.js';
import { mariadbReachable } from '../../engine/testing/test-database.js';
import { decodeXml, recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { BATCH_FORMS, FORM_EXPORT_AIM, callText, measureJob, measureText, openLargeForms, prepareLargeForms, withinAim, type JobMeasure, type LargeForms, type LargeFormsPlace } from './form-export.js';

export interface FormImportResult {
  dialect: Dialect;
  cells: number;
  form: JobMeasure;
  batch: JobMeasure;
}

type Upload = { name: string; bytes: Buffer };

/**
 * The batch exported with its data: one workbook per form, each naming its form in its map —
 * what a preparer downloads, fills offline and uploads again. The harness builds no workbook of its
 * own (so its memory is the engine's), and the forms are emptied before each run (`emptyForms`),
 * so that every import writes every input cell.
 */
async function exportedWorkbooks(t: LargeForms): Promise<Upload[]> {
  const id = Number(await callText(t.engine, t.cookie, 'Job.ExportToExcel.submit', { formbatch_id: t.batch }));
  await t.worker.drain();
  const job = await readJob(t.db, id);
  if (!job || job.state !== 71 || !job.file) throw new Error(`export ${id} did not finish: ${job?.result}`);
  const zip = await JSZip.loadAsync(await readFile(join(t.config.jobsDir, job.file)));
  const out: Upload[] = [];
  for (const entry of Object.values(zip.files)) if (!entry.dir) out.push({ name: entry.name, bytes: await entry.async('nodebuffer') });
  return out;
}

/** The forms hold no value (their counters raised, as any write raises them). */
async function emptyForms(t: LargeForms): Promise<void> {
  await t.db('formcell').whereIn('form', t.forms).del();
  await t.db('form').whereIn('id', t.forms).update({ updatectr: t.db.raw('?? + 1', ['updatectr']) });
}

/** An import of the preparer's entity holding these workbooks, stored as an upload stores them. */
async function newImport(t: LargeForms, files: Upload[]): Promise<number> {
  const res = await t.engine.app.inject({
    method: 'POST',
    url: '/process',
    headers: { cookie: t.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ action: 'Record.create', args: [{ module: 'RE-ExcelImport', fields: ['name', 'reportingentity', 'importtype'], values: ['Bench', 1, 1100855], read: ['id'] }] }),
  });
  const set = decodeXml(res.body)[0];
  if (set?.type !== 'recordset') throw new Error(`Record.create answered ${res.body.slice(0, 300)}`);
  const id = Number(recordsetObjects(set as RecordsetValue)[0].id);
  await attachUploads(t.db, t.config, id, files);
  return id;
}

async function importRun(t: LargeForms, files: Upload[]): Promise<JobMeasure> {
  const importId = await newImport(t, files);
  const id = Number(await callText(t.engine, t.cookie, 'Job.ImportFromExcel.submit', { excelimport_id: importId }));
  const measure = await measureJob(t.worker);
  const job = await readJob(t.db, id);
  const row = await t.db('excelimport').where({ id: importId }).first('state', 'description');
  if (!job || job.state !== 71 || Number(row?.state) !== 71) throw new Error(`import ${importId} did not complete: ${job?.result} ${String(row?.description ?? '').slice(0, 500)}`);
  return measure;
}

/** The child's part: an engine opened on the database the parent prepared imports the workbooks in `dir`. */
async function importInFreshProcess(place: LargeFormsPlace, dir: string): Promise<FormImportResult> {
  const t = await openLargeForms(place);
  try {
    const names = (await readdir(dir)).sort();
    const files = await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(dir, name)) })));
    const cells = t.filed.layout.cells.filter((c) => c.place.cell.editor !== 'formula').length;
    // A first run loads the reader and the template, as the first import after a start does.
    await importRun(t, [files[1]]);
    await emptyForms(t);
    const form = await importRun(t, [files[0]]);
    await emptyForms(t);
    const batch = await importRun(t, files);
    const [{ n }] = await t.db('formcell').whereIn('form', t.forms).count({ n: '*' });
    if (Number(n) !== cells * files.length) throw new Error(`the imports wrote ${n} cells, not ${cells * files.length}`);
    return { dialect: place.dialect, cells, form, batch };
  } finally {
    await t.close();
  }
}

/**
 * The parent's part: a database with the batch's forms filled, their workbooks exported and kept
 * in a directory, the forms emptied; then a child process opens an engine on that database (as
 * `npm start` opens an existing one: no seeding or set-up in its memory) and the imports are
 * measured there.
 */
async function benchDialect(dialect: Dialect): Promise<FormImportResult> {
  const dir = await mkdtemp(join(tmpdir(), 'form-import-bench-'));
  const { database, place } = await prepareLargeForms(dialect, true);
  try {
    const t = await openLargeForms(place);
    try {
      for (const f of await exportedWorkbooks(t)) await writeFile(join(dir, f.name), f.bytes);
      await emptyForms(t);
    } finally {
      await t.close();
    }
    // The child runs compiled, as `npm start` runs the engine: tsx's compiler in the process would count against the import's memory.
    return await runCompiledChild<FormImportResult>(import.meta.url, 'form-import.mjs', [CHILD_FLAG, JSON.stringify(place), dir]);
  } finally {
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

const CHILD_FLAG = '--import-child';

export async function benchFormImports(dialects: Dialect[]): Promise<FormImportResult[]> {
  const out: FormImportResult[] = [];
  for (const d of dialects) out.push(await benchDialect(d));
  return out;
}

export function printFormImports(results: FormImportResult[]): void {
  console.log(`\nExcel import of a large form's workbook (10 tabs × 2,000 cells, every input filled) and of ${BATCH_FORMS} such workbooks in one import`);
  for (const r of results) {
    const ok = withinAim(r.form, r.batch);
    console.log(`  [${r.dialect}] one form (${r.cells} cells): ${measureText(r.form)}; ${BATCH_FORMS} forms: ${measureText(r.batch)} — ${ok ? 'within' : 'MISSES'} the aim (form < ${FORM_EXPORT_AIM.formMs / 1000} s, memory < ${FORM_EXPORT_AIM.rssMb} MB)`);
  }
}

if (process.argv[2] === CHILD_FLAG && (isScript('form-import.ts') || isScript('form-import.mjs'))) {
  console.log(JSON.stringify(await importInFreshProcess(JSON.parse(process.argv[3]) as LargeFormsPlace, process.argv[4])));
  process.exit(0);
} else if (isScript('form-import.ts')) {
  const dialects: Dialect[] = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined) ?? ((await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite']);
  printFormImports(await benchFormImports(dialects));
}
