// The ImportFromExcel job (seed 003 §7, docs/excel.md): every workbook attached to an import is
// checked as untrusted input, read, mapped to its form and written through Form.saveData's
// pipeline, all or nothing per form. The import row carries the outcome (state, description);
// the job's result is the full report as JSON, and its file a copy of the first workbook with
// problems, each bad cell marked by a comment.
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isReUser } from '../../actions/context.js';
import { AppError } from '../../errors/catalogue.js';
import { fileStoreOf } from '../../files/attachments.js';
import { jobContext } from '../job-caller.js';
import { jobFileName, partPath } from '../job-files.js';
import type { JobResult, JobRun } from '../job-run.js';
import { writeWorkbookToForm, type CellProblem } from './form-write.js';
import { IMPORT_STATE, moveImport, readImport } from './import-record.js';
import { readWorkbookMap } from './workbook-map.js';
import { releaseMemory } from '../form-export/release-memory.js';
import { guardWorkbook, RefusedWorkbook } from './zip-guard.js';

export const IMPORT_FROM_EXCEL = 'ImportFromExcel';
/** Seed 003 §9: 10 MB per upload. */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;

export const ImportArgs = Type.Object({ excelimport_id: Type.Integer({ minimum: 1, maximum: 999_999_999_999 }) }, { additionalProperties: false });

export interface WorkbookReport {
  file: string;
  form: number | null;
  written: boolean;
  cells: number;
  problems: CellProblem[];
}

export function importDownloadUrl(id: number): string {
  return `/out/${id}.xlsx`;
}

/** The description of the import: one line per problem, `sheet!A1 code rule: message`. */
export function describe(reports: readonly WorkbookReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    if (r.written) lines.push(`${r.file}: ${r.cells} cells written into form ${r.form}.`);
    else {
      lines.push(`${r.file}: not imported${r.form ? ` (form ${r.form} unchanged)` : ''}.`);
      for (const p of r.problems) lines.push(`${p.at}${p.code ? ` ${p.code}` : ''} [${p.rule}]: ${p.message}`);
    }
  }
  return lines.join('\n');
}

/** The job's result column holds 1,000 characters: the summary names as many bad cells as fit (the import's description lists them all). */
const RESULT_CHARS = 1000;

export function summary(id: number, state: number, download: string | null, reports: readonly WorkbookReport[]): string {
  const all = reports.flatMap((r) => r.problems.map((p) => `${p.at || r.file} ${p.code ?? ''} [${p.rule}] ${p.message}`.replace(/\s+/g, ' ')));
  const base = { excelimport: id, state, download, written: reports.filter((r) => r.written).length, workbooks: reports.length, problems: all.length, listed: [] as string[] };
  for (const line of all) {
    const next = JSON.stringify({ ...base, listed: [...base.listed, line] });
    if (next.length > RESULT_CHARS) break;
    base.listed.push(line);
  }
  return JSON.stringify(base);
}

const fileProblem = (message: string, rule = 'file'): CellProblem => ({ at: '', sheet: null, address: null, code: null, rule, message });

async function importOne(run: JobRun, ctx: Awaited<ReturnType<typeof jobContext>>, bytes: Buffer, fileName: string, fallbackForm: number | null): Promise<{ report: WorkbookReport; wb: ExcelJS.Workbook | null }> {
  const report: WorkbookReport = { file: fileName, form: null, written: false, cells: 0, problems: [] };
  if (bytes.length > MAX_WORKBOOK_BYTES) {
    report.problems.push(fileProblem(`${fileName} is larger than 10 MB.`));
    return { report, wb: null };
  }
  let wb: ExcelJS.Workbook;
  try {
    guardWorkbook(bytes, fileName);
    wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (e) {
    report.problems.push(fileProblem(e instanceof RefusedWorkbook ? e.message : `${fileName} cannot be read as an Excel workbook (.xlsx).`));
    if (!(e instanceof RefusedWorkbook)) run.services.log.warn({ err: e, jobId: run.job.id }, 'workbook failed to load');
    return { report, wb: null };
  }
  const map = readWorkbookMap(wb);
  const formId = map?.form ?? fallbackForm;
  if (!formId) {
    report.problems.push(fileProblem(`${fileName} does not say which form it belongs to (it was not exported by this portal): choose the form on the import.`, 'form'));
    return { report, wb };
  }
  report.form = formId;
  try {
    const { problems, cells } = await writeWorkbookToForm(ctx, wb, map, formId);
    report.problems = problems;
    report.cells = cells;
    report.written = problems.length === 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    report.problems.push(fileProblem(`Form ${formId}: ${e.message}`, 'form'));
  }
  return { report, wb };
}

/** A copy of the workbook with a comment on each bad cell, written as the job's file. */
async function markedCopy(run: JobRun, wb: ExcelJS.Workbook, problems: readonly CellProblem[]): Promise<string> {
  for (const p of problems) {
    const ws = p.sheet ? wb.getWorksheet(p.sheet) : undefined;
    if (ws && p.address && /^[A-Z]{1,3}[1-9][0-9]{0,6}$/.test(p.address)) ws.getCell(p.address).note = `${p.rule}: ${p.message}`;
  }
  const { job } = run;
  const name = jobFileName(job.id, job.claimToken, 'xlsx');
  const part = await partPath(run.services.config.jobsDir, name);
  try {
    await wb.xlsx.writeFile(part);
    await rename(part, join(run.services.config.jobsDir, name));
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  return name;
}

export async function runFormImport(run: JobRun): Promise<JobResult> {
  const { job, services } = run;
  if (!Value.Check(ImportArgs, job.args)) throw new AppError('E_BADREQUEST', 'The import arguments are not valid');
  const id = job.args.excelimport_id;
  const ctx = await jobContext(services, job);
  const record = await readImport(services.db, id);
  if (!record || (isReUser(ctx.caller) && record.reportingentity !== ctx.caller?.currentRe)) throw new AppError('E_NOTFOUND', `Excel import ${id} was not found`);
  const by = ctx.caller?.userId ?? null;
  await moveImport(services.db, id, { state: IMPORT_STATE.inProgress, description: null, job: job.id }, by);
  try {
    const files: { name: string; file: string | null }[] = await services.db('excelimport_reference').where({ fk_excelimport: id }).orderBy('id').select('name', 'file');
    const store = fileStoreOf(services.config);
    const reports: WorkbookReport[] = [];
    let marked: string | null = null;
    for (const [i, f] of files.entries()) {
      if (run.signal.aborted) throw new Error('The import was stopped');
      run.report({ processed: i, total: files.length });
      const name = String(f.name ?? `file ${i + 1}`);
      const bytes = f.file ? await readFile(store.pathOf(String(f.file))).catch(() => null) : null;
      if (!bytes) {
        reports.push({ file: name, form: null, written: false, cells: 0, problems: [fileProblem(`${name}: the uploaded file is missing.`)] });
        continue;
      }
      const { report, wb } = await importOne(run, ctx, bytes, name, record.form);
      reports.push(report);
      if (!marked && wb && report.problems.some((p) => p.sheet)) marked = await markedCopy(run, wb, report.problems);
      // This workbook's garbage goes before the next is read (form-export/release-memory.ts says why).
      releaseMemory();
    }
    if (!files.length) reports.push({ file: '', form: null, written: false, cells: 0, problems: [fileProblem('Please upload at least one excel files.')] });
    const ok = reports.every((r) => r.written);
    await moveImport(services.db, id, { state: ok ? IMPORT_STATE.completed : IMPORT_STATE.failed, description: describe(reports) }, by);
    const result = summary(id, ok ? IMPORT_STATE.completed : IMPORT_STATE.failed, marked ? importDownloadUrl(job.id) : null, reports);
    return { result, file: marked, processed: files.length };
  } catch (e) {
    await moveImport(services.db, id, { state: IMPORT_STATE.failed, description: e instanceof AppError ? e.message : `The import stopped unexpectedly (job ${job.id}).` }, by).catch(() => {});
    throw e;
  }
}
