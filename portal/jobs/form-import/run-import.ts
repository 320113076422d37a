// The ImportFromExcel job (seed 003 §7, docs/excel.md): every workbook attached to an import is
// checked as untrusted input, read, mapped to its form and written through Form.saveData's
// pipeline, all or nothing per form. The import row carries the outcome (state, description);
// the job's result is the full report as JSON, and its file the copy of each workbook with cell
// problems, each bad cell marked by a comment (one .xlsx, or a .zip of one .xlsx per workbook).
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../../engine/errors/catalogue.js';
import { fileStoreOf } from '../../../engine/files/attachments.js';
import { isContentHash } from '../../../engine/files/file-store.js';
import { jobContext } from '../../../engine/jobs/job-caller.js';
import { jobFileName, partPath, storeJobFile } from '../../../engine/jobs/job-files.js';
import type { JobResult, JobRun } from '../../../engine/jobs/job-run.js';
import { writeWorkbookToForm, type CellProblem } from './form-write.js';
import { IMPORT_STATE, moveImport, readImport } from './import-record.js';
import { readWorkbookMap } from './workbook-map.js';
import type { NamedCell } from './cell-names.js';
import { releaseMemory } from '../form-export/release-memory.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.js';
import { openImportThread, type ImportThread, type ReadWorkbookAnswer } from './import-thread.js';
import { ThreadOutOfMemory } from '../../../engine/jobs/job-thread.js';
import type { EngineConfig } from '../../../fastify.config.js';
import { valuesOfSheets, type WorkbookValues } from './workbook-values.js';
import { assertImportType } from './import-types.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import { shownDay } from '../../filing/return-mail.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The import job reads the workbooks attached to the import it was started for, which its submitter reached through the ExcelImport rules; the forms are written through Form.saveData as that caller',
);

export const IMPORT_FROM_EXCEL = 'ImportFromExcel';
/** Seed 003 §9: 10 MB per upload. */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;

/** The zip checks with the configured workbook limits (IMPORT_MAX_*). */
export function importLimits(config: EngineConfig): ZipLimits {
  return { ...DEFAULT_ZIP_LIMITS, maxSheets: config.importMaxSheets, maxRows: config.importMaxRows, maxCells: config.importMaxCells, maxTotal: config.importMaxUnpackedMb * 1024 * 1024 };
}

export const ImportArgs = Type.Object({ excelimport_id: recordId('ExcelImport', 'The uploaded workbook', { maximum: 999_999_999_999 }) }, { additionalProperties: false });

/** What the job row keeps: the submit arguments and the name the marked copy downloads as (engine/server/out-route.ts). */
export const StoredImportArgs = Type.Object(
  { excelimport_id: recordId('ExcelImport', 'The uploaded workbook', { maximum: 999_999_999_999 }), title: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

/** The marked copy's download name: the import's name, saying what the copy is. */
export function markedCopyTitle(importName: string): string {
  return `${importName.trim().slice(0, 150) || 'Excel import'} - problems marked`;
}

export interface WorkbookReport {
  file: string;
  form: number | null;
  /** The form in words once the import reached it (formTitle), else null. */
  title?: string | null;
  written: boolean;
  cells: number;
  problems: CellProblem[];
}

/** The marked copies' URL: `.zip` when the job's file is one (several workbooks had problems). */
export function importDownloadUrl(id: number, file?: string | null): string {
  return `/out/${id}.${file?.endsWith('.zip') ? 'zip' : 'xlsx'}`;
}

/** A problem in words: the form's cell by tab and label, the workbook's sheet and cell beside it. */
export function problemLine(p: CellProblem): string {
  if (!p.label) return p.message;
  const where = p.sheet && p.address ? ` (sheet "${p.sheet}", cell ${p.address})` : '';
  return `${p.label}${where}: ${p.note ?? p.message}`;
}

/** The description of the import: a line per workbook, naming its form, and one per problem. */
export function describe(reports: readonly WorkbookReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const form = r.title ?? (r.form ? `form ${r.form}` : null);
    if (r.written && r.cells === 0) lines.push(`${r.file}: Nothing changed: every value in it is already in ${form}, so nothing was written.`);
    else if (r.written) lines.push(`${r.file}: ${r.cells} ${r.cells === 1 ? 'cell' : 'cells'} written into ${form}.`);
    else {
      lines.push(`${r.file}: not imported${r.title ? `, so ${r.title} is unchanged` : ''}.`);
      for (const p of r.problems) lines.push(problemLine(p));
    }
  }
  return lines.join('\n');
}

/** The job's result column holds 1,000 characters: the summary names as many bad cells as fit (the import's description lists them all). */
const RESULT_CHARS = 1000;

export function summary(id: number, state: number, download: string | null, reports: readonly WorkbookReport[]): string {
  const all = reports.flatMap((r) => r.problems.map((p) => `${r.file}: ${problemLine(p)}`.replace(/\s+/g, ' ')));
  const base = { excelimport: id, state, download, written: reports.filter((r) => r.written).length, workbooks: reports.length, problems: all.length, listed: [] as string[] };
  for (const line of all) {
    const next = JSON.stringify({ ...base, listed: [...base.listed, line] });
    if (next.length > RESULT_CHARS) break;
    base.listed.push(line);
  }
  return JSON.stringify(base);
}

/** The form in words, as its page heading has it: `BNK-01 Balance sheet of Demo Bank Berhad, period ending 31/10/2026 (form 842)`. */
async function formTitle(ctx: ActionContext, id: number): Promise<string> {
  const row = await rowsOf(ctx, 'REForm').from('f').leftJoin({ e: 're' }, 'e.id', 'f.re').where('f.id', id).first('f.code', 'f.name', 'f.endon', 'e.name as entity');
  if (!row) return `form ${id}`;
  const [code, name] = [String(row.code ?? '').trim(), String(row.name ?? '').trim()];
  const named = (name === code ? code : `${code} ${name}`).trim() || 'the form';
  return `${named}${row.entity ? ` of ${row.entity}` : ''}${row.endon ? `, period ending ${shownDay(row.endon)}` : ''} (form ${id})`;
}

const fileProblem = (message: string, rule = 'file'): CellProblem => ({ at: '', sheet: null, address: null, code: null, rule, message });

/** What an import keeps of a workbook it read: for a marked copy, its bytes (null: it could not be read). */
interface ReadWorkbook {
  report: WorkbookReport;
  bytes: Buffer | null;
}

/** The problem of a workbook its thread could not read: refused by the checks, too large for the thread's heap, or no workbook. */
function unreadable(run: JobRun, fileName: string, e: unknown): CellProblem {
  if (e instanceof Error && e.name === 'RefusedWorkbook') return fileProblem(e.message);
  if (e instanceof ThreadOutOfMemory) {
    return fileProblem(`${fileName} needs more memory to read than an import may take (${e.capMb} MB): split it into smaller workbooks, or delete the rows, columns and sheets the form does not use, and upload it again.`);
  }
  run.services.log.warn({ err: e, jobId: run.job.id }, 'workbook failed to load');
  return fileProblem(`${fileName} cannot be read as an Excel workbook (.xlsx).`);
}

async function importOne(run: JobRun, thread: ImportThread, ctx: Awaited<ReturnType<typeof jobContext>>, bytes: Buffer, fileName: string, record: { form: number | null; importtype: number | null; replaceall: boolean }): Promise<ReadWorkbook> {
  const report: WorkbookReport = { file: fileName, form: null, written: false, cells: 0, problems: [] };
  if (bytes.length > MAX_WORKBOOK_BYTES) {
    report.problems.push(fileProblem(`${fileName} is larger than 10 MB.`));
    return { report, bytes: null };
  }
  let wb: WorkbookValues;
  let names: Map<string, NamedCell>;
  try {
    const read = await thread.run<ReadWorkbookAnswer>({ op: 'read', bytes, fileName, limits: importLimits(run.services.config) }, run.signal);
    names = read.names;
    wb = valuesOfSheets(read.sheets);
  } catch (e) {
    if (run.signal.aborted) throw e;
    report.problems.push(unreadable(run, fileName, e));
    return { report, bytes: null };
  }
  const map = readWorkbookMap(wb);
  const formId = map?.form ?? record.form;
  if (!formId) {
    report.problems.push(fileProblem(`${fileName} does not say which form it belongs to (it was not exported by this portal): choose the form on the import.`, 'form'));
    return { report, bytes };
  }
  report.form = formId;
  try {
    const { problems, cells } = await writeWorkbookToForm(ctx, wb, map, formId, { importType: record.importtype, replace: record.replaceall, names });
    report.problems = problems;
    report.cells = cells;
    report.written = problems.length === 0;
    report.title = await formTitle(ctx, formId);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    report.problems.push(fileProblem(`Form ${formId}: ${e.message}`, 'form'));
  }
  return { report, bytes };
}

/** A marked copy written so far: the workbook's name and the piece file holding the copy. */
interface MarkedPiece {
  workbook: string;
  path: string;
}

/**
 * A copy of the workbook with a note on each bad cell (marked-copy.ts), written at once to a
 * piece file of its own beside the job's file (`….{n}.part`, so a run that dies leaves nothing
 * the sweep keeps): the workbook does not stay in memory until the end. Null when no problem
 * names a cell of a sheet the workbook has.
 */
async function markedPiece(run: JobRun, thread: ImportThread, bytes: Buffer, fileName: string, problems: CellProblem[], n: number): Promise<string | null> {
  const { job, services } = run;
  const part = await partPath(services.config.jobsDir, jobFileName(job.id, job.claimToken, 'xlsx'));
  const path = part.replace(/\.part$/, `.${n}.part`);
  try {
    const task = { op: 'mark' as const, bytes, fileName, limits: importLimits(services.config), problems, path };
    return (await thread.run<boolean>(task, run.signal)) ? path : null;
  } catch (e) {
    await rm(path, { force: true });
    throw e;
  }
}

/** A zip entry name for a marked copy: the uploaded workbook's name, `.xlsx`, unique ignoring case. */
function entryName(workbook: string, used: Set<string>): string {
  const base = workbook.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').replace(/\.xlsx?$/i, '').trim().slice(0, 150) || 'workbook';
  let entry = `${base}.xlsx`;
  for (let n = 2; used.has(entry.toLowerCase()); n++) entry = `${base} (${n}).xlsx`;
  used.add(entry.toLowerCase());
  return entry;
}

/**
 * The job's file: the one marked copy as an .xlsx, or every marked copy in a .zip (stored, one
 * .xlsx per workbook with problems, named after it); null when no workbook had cell problems.
 */
async function markedFile(run: JobRun, pieces: readonly MarkedPiece[]): Promise<string | null> {
  if (!pieces.length) return null;
  const { job, services } = run;
  const dir = services.config.jobsDir;
  if (pieces.length === 1) {
    const name = jobFileName(job.id, job.claimToken, 'xlsx');
    await storeJobFile(services, name, pieces[0].path);
    return name;
  }
  const name = jobFileName(job.id, job.claimToken, 'zip');
  const part = await partPath(dir, name);
  try {
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    const used = new Set<string>();
    for (const p of pieces) zip.file(entryName(p.workbook, used), createReadStream(p.path), { compression: 'STORE', binary: true });
    await pipeline(zip.generateNodeStream({ streamFiles: true, compression: 'STORE' }), createWriteStream(part));
    await storeJobFile(services, name, part);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  return name;
}

export async function runFormImport(run: JobRun): Promise<JobResult> {
  const { job, services } = run;
  if (!Value.Check(StoredImportArgs, job.args)) throw new AppError('E_BADREQUEST', 'The import arguments are not valid');
  const id = job.args.excelimport_id;
  const ctx = await jobContext(services, job);
  const record = await readImport(services.db, id);
  // The job works for the entity it was queued for: an entity user's current one, or the one a
  // staff member's import names (actions.ts).
  if (!record || record.reportingentity !== ctx.caller?.currentRe) throw new AppError('E_NOTFOUND', `Excel import ${id} was not found`);
  const by = ctx.caller?.userId ?? null;
  await moveImport(services.db, id, { state: IMPORT_STATE.inProgress, description: null, job: job.id }, by, services.modules);
  const pieces: MarkedPiece[] = [];
  // One thread reads and marks the import's workbooks (IMPORT_MEMORY_MB).
  const thread = openImportThread(services.config.importMemoryMb);
  try {
    // The Form Type must still be one the submitter may import (their role or position may have changed).
    if (record.importtype !== null) await assertImportType(ctx, record.importtype, 'E_NOPERMISSION');
    const files: { name: string; file: string | null }[] = await services.db('excelimport_reference').where({ fk_excelimport: id }).orderBy('id').select('name', 'file');
    const store = fileStoreOf(services);
    const reports: WorkbookReport[] = [];
    for (const [i, f] of files.entries()) {
      if (run.signal.aborted) throw new Error('The import was stopped');
      run.report({ processed: i, total: files.length });
      const name = String(f.name ?? `file ${i + 1}`);
      const bytes = isContentHash(f.file) ? await store.read(f.file).catch(() => null) : null;
      if (!bytes) {
        reports.push({ file: name, form: null, written: false, cells: 0, problems: [fileProblem(`${name}: the uploaded file is missing.`)] });
        continue;
      }
      const read = await importOne(run, thread, ctx, bytes, name, record);
      const { report } = read;
      reports.push(report);
      // Every workbook with cell problems gets its own marked copy.
      const path = read.bytes && report.problems.some((p) => p.sheet) ? await markedPiece(run, thread, read.bytes, name, report.problems, pieces.length + 1) : null;
      if (path) pieces.push({ workbook: name, path });
      // This workbook's garbage goes before the next is read (form-export/release-memory.ts says why).
      releaseMemory();
    }
    if (!files.length) reports.push({ file: '', form: null, written: false, cells: 0, problems: [fileProblem('Please upload at least one excel files.')] });
    const marked = await markedFile(run, pieces);
    const ok = reports.every((r) => r.written);
    await moveImport(services.db, id, { state: ok ? IMPORT_STATE.completed : IMPORT_STATE.failed, description: describe(reports) }, by, services.modules);
    const result = summary(id, ok ? IMPORT_STATE.completed : IMPORT_STATE.failed, marked ? importDownloadUrl(job.id, marked) : null, reports);
    return { result, file: marked, processed: files.length };
  } catch (e) {
    await moveImport(services.db, id, { state: IMPORT_STATE.failed, description: e instanceof AppError ? e.message : `The import stopped unexpectedly (job ${job.id}).` }, by, services.modules).catch(() => {});
    throw e;
  } finally {
    await thread.close();
    await Promise.all(pieces.map((p) => rm(p.path, { force: true })));
  }
}
