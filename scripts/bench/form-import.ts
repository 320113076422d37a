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
// Then the worst workbook an import accepts (about 9 MB: a form's export with one bad cell and its
// sheets lengthened within the limits), imported on the import's thread and on the engine's own
// (IMPORT_MEMORY_MB=0), with the engine's peak RSS and the latency of /health asked meanwhile.
// Run alone: node --expose-gc --import tsx scripts/bench/form-import.ts (npm run bench runs it last).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { buffer } from 'node:stream/consumers';
import { blobStoreOf, jobKey } from '../../engine/files/blob-store.js';
import { runCompiledChild } from './compiled-child.js';
import { isScript } from '../is-script.js';
import type { Dialect } from '../../engine/db/connect.js';
import { mariadbReachable } from '../../engine/testing/test-database.js';
import { decodeXml, recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { guardWorkbook } from '../../portal/jobs/form-import/zip-guard.js';
import { sheetParts } from '../../portal/jobs/form-import/sheet-parts.js';
import { readCellNames } from '../../portal/jobs/form-import/cell-names.js';
import { tabSheetNames } from '../../portal/jobs/form-export/sheet-names.js';
import { zipOf } from '../../portal/jobs/form-import/testing/contract-workbook.js';
import { BATCH_FORMS, FORM_EXPORT_AIM, callText, measureJob, measureText, openLargeForms, prepareLargeForms, withinAim, type JobMeasure, type LargeForms, type LargeFormsPlace } from './form-export.js';

/** The worst workbook an import accepts, imported on a thread of its own and on the engine's thread; /health asked every 25 ms meanwhile. */
export interface WorstImport extends JobMeasure {
  /** Milliseconds /health took to answer (50th percentile, maximum) and how often it was asked. */
  healthP50: number;
  healthMax: number;
  healthAsked: number;
}

export interface FormImportResult {
  dialect: Dialect;
  cells: number;
  form: JobMeasure;
  batch: JobMeasure;
  /** The worst accepted workbook: its size, and its import isolated (thread) and not (IMPORT_MEMORY_MB=0). */
  worst?: { bytes: number; cells: number; thread: WorstImport; inProcess: WorstImport };
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
  const body = await blobStoreOf(t.config, t.db).get(jobKey(job.file));
  if (!body) throw new Error(`export ${id}: its file is not in the file store`);
  const zip = await JSZip.loadAsync(await buffer(body.stream));
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

/** Rows of 20 pseudo-random numbers (little to compress), numbered from `from`. */
function bulkRows(from: number, count: number, seed: number): string {
  const out: string[] = [];
  let x = seed;
  for (let r = from; r < from + count; r++) {
    out.push(`<row r="${r}">`);
    for (let c = 0; c < 20; c++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      out.push(`<c r="${String.fromCharCode(65 + c)}${r}"><v>${x % 1000000}</v></c>`);
    }
    out.push('</row>');
  }
  return out.join('');
}

/**
 * The worst workbook an import accepts: a form's export, one of its numeric inputs holding text
 * (so it gets a marked copy), and its sheets lengthened below the form by rows of 20 numbers, each
 * sheet within the limits (at most 45,000 rows, 900,000 cells), until the file is about 9 MB
 * (the upload limit is 10 MB).
 */
function worstWorkbook(exported: Buffer, tabNames: readonly string[], isNumeric: (code: string) => boolean): { bytes: Buffer; cells: number } {
  const parts = guardWorkbook(exported, 'worst.xlsx');
  const content = new Map(parts.map((p) => [p.name, p.bytes()]));
  const partOf = new Map(sheetParts(parts).map((s) => [s.sheet, s.part]));
  // A numeric input of the first tab, by its defined name.
  const named = [...readCellNames(parts)].find(([code, n]) => n.sheet === tabNames[0] && isNumeric(code))?.[1];
  if (!named || named.sheet === null) throw new Error('the export has no named cell on its first sheet');
  const address = `${String.fromCharCode(65 + named.col)}${named.row}`;
  const first = partOf.get(tabNames[0])!;
  const xml = content.get(first)!.toString('utf8');
  const cell = new RegExp(`<c r="${address}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`);
  if (!cell.test(xml)) throw new Error(`cell ${address} not found in ${first}`);
  content.set(first, Buffer.from(xml.replace(cell, `<c r="${address}" t="inlineStr"><is><t>many</t></is></c>`)));
  // Rows enough for about 9 MB, by what a sample of them compresses to, spread over the sheets.
  const perRow = deflateRawSync(bulkRows(1, 5000, 7)).length / 5000;
  let rows = Math.floor((9 * 1024 * 1024 - zipOf(Object.fromEntries(content)).length) / perRow);
  let cells = 0;
  for (const [i, name] of tabNames.entries()) {
    if (rows <= 0) break;
    const n = Math.min(rows, 45_000);
    rows -= n;
    const part = partOf.get(name)!;
    const sheet = content.get(part)!.toString('utf8');
    const last = Number(/<row r="(\d+)"/.exec(sheet.slice(sheet.lastIndexOf('<row r="')))?.[1] ?? 0);
    const end = sheet.lastIndexOf('</sheetData>');
    content.set(part, Buffer.from(sheet.slice(0, end) + bulkRows(last + 5, n, i + 1) + sheet.slice(end)));
    cells += n * 20;
  }
  return { bytes: zipOf(Object.fromEntries(content)), cells };
}

/** Imports `file` (it has a bad cell: the import fails and a marked copy is written) while /health is asked every 25 ms. */
async function worstRun(t: LargeForms, file: Upload, memoryMb: number): Promise<WorstImport> {
  t.engine.services.config.importMemoryMb = memoryMb;
  const importId = await newImport(t, [file]);
  await callText(t.engine, t.cookie, 'Job.ImportFromExcel.submit', { excelimport_id: importId });
  let done = false;
  const latencies: number[] = [];
  // A request is due 25 ms after the last answer; its latency counts from then, so a thread held
  // between two requests (when no request is in flight) delays the next one and is counted.
  const asking = (async () => {
    while (!done) {
      const due = performance.now() + 25;
      await new Promise((r) => setTimeout(r, 25));
      const res = await t.engine.app.inject({ method: 'GET', url: '/health' });
      if (res.statusCode !== 200) throw new Error(`/health answered ${res.statusCode}`);
      latencies.push(performance.now() - due);
    }
  })();
  const measure = await measureJob(t.worker).finally(() => (done = true));
  await asking;
  const row = await t.db('excelimport').where({ id: importId }).first('state', 'description');
  if (Number(row?.state) !== 2 || !/\[value\]/.test(String(row?.description))) throw new Error(`the worst workbook's import did not report its bad cell: ${String(row?.description ?? '').slice(0, 500)}`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { ...measure, healthP50: at(0.5), healthMax: Math.round(latencies[latencies.length - 1] ?? 0), healthAsked: latencies.length };
}

/** The child's part: an engine opened on the database the parent prepared imports the workbooks in `dir`. */
async function importInFreshProcess(place: LargeFormsPlace, dir: string): Promise<FormImportResult> {
  const t = await openLargeForms(place);
  // IMPORT_MEMORY_MB=0 in the environment measures the form and batch imports on the engine's thread.
  if (process.env.IMPORT_MEMORY_MB) t.engine.services.config.importMemoryMb = Number(process.env.IMPORT_MEMORY_MB);
  try {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.xlsx')).sort();
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
    const worstFile = { name: 'worst.xlsx', bytes: await readFile(join(dir, 'worst', 'worst.xlsx')) };
    const { cells: worstCells } = JSON.parse(await readFile(join(dir, 'worst', 'worst.json'), 'utf8')) as { cells: number };
    // Isolated first: the engine's own thread then starts from what a start left, not from a heap the other grew.
    const thread = await worstRun(t, worstFile, 512);
    const inProcess = await worstRun(t, worstFile, 0);
    return { dialect: place.dialect, cells, form, batch, worst: { bytes: worstFile.bytes.length, cells: worstCells, thread, inProcess } };
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
      const exported = await exportedWorkbooks(t);
      for (const f of exported) await writeFile(join(dir, f.name), f.bytes);
      const worst = worstWorkbook(exported.find((f) => f.name.endsWith('.xlsx'))!.bytes, tabSheetNames(t.filed.properties.items), (code) => {
        const cell = t.filed.layout.byCodeOf(code);
        return cell?.place.cell.editor === 'numeric' && !cell.repeats;
      });
      await mkdir(join(dir, 'worst'));
      await writeFile(join(dir, 'worst', 'worst.xlsx'), worst.bytes);
      await writeFile(join(dir, 'worst', 'worst.json'), JSON.stringify({ cells: worst.cells }));
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
    if (!r.worst) continue;
    const w = r.worst;
    const health = (m: WorstImport) => `/health p50 ${m.healthP50} ms, max ${m.healthMax} ms (${m.healthAsked} asked)`;
    console.log(`  [${r.dialect}] worst accepted workbook (${(w.bytes / 1048576).toFixed(1)} MB, ${w.cells.toLocaleString('en-GB')} extra cells, one bad cell): on a thread ${measureText(w.thread)}, ${health(w.thread)}; on the engine's thread ${measureText(w.inProcess)}, ${health(w.inProcess)}`);
  }
}

if (process.argv[2] === CHILD_FLAG && (isScript('form-import.ts') || isScript('form-import.mjs'))) {
  console.log(JSON.stringify(await importInFreshProcess(JSON.parse(process.argv[3]) as LargeFormsPlace, process.argv[4])));
  process.exit(0);
} else if (isScript('form-import.ts')) {
  const dialects: Dialect[] = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined) ?? ((await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite']);
  printFormImports(await benchFormImports(dialects));
}
