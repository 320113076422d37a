// Job.ImportFromExcel.* (seed 003 §7): queue the import of an ExcelImport record's workbooks,
// poll it like an export (seed 001 §9), and download the copy that marks the bad cells.
import { defineAction } from '../../actions/registry.js';
import { isReUser } from '../../actions/context.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { text } from '../../protocol/envelope.js';
import { accessModule } from '../../records/module-access.js';
import { jobDownloadAction, jobStatusAction } from '../job-family.js';
import { submitJob } from '../own-jobs.js';
import { IMPORT_STATE, readImport, moveImport } from './import-record.js';
import { IMPORT_FROM_EXCEL, ImportArgs, importDownloadUrl } from './run-import.js';

export const importSubmit = defineAction({
  name: 'Job.ImportFromExcel.submit',
  summary: 'Queues the import of an Excel import record\'s workbooks into their forms and answers the job id',
  args: [ImportArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_STATETRANSITION', 'E_BADREQUEST', 'E_RATELIMIT'],
  async handler([a], ctx) {
    // The caller must reach the record as Record.select would: RE users their entity's only.
    const { scopeRe } = accessModule(ctx, isReUser(ctx.caller) ? 'RE-ExcelImport' : 'ExcelImport', 'select');
    const record = await readImport(ctx.db, a.excelimport_id);
    if (!record || scopeRe === null || (scopeRe !== undefined && record.reportingentity !== scopeRe)) throw errors.notFound(`Excel import ${a.excelimport_id}`);
    // Not Started, or Failed to try again once the workbooks are corrected; never twice at once.
    if (record.state !== IMPORT_STATE.notStarted && record.state !== IMPORT_STATE.failed) throw new AppError('E_STATETRANSITION', 'This import is running or has completed.');
    const id = await submitJob(ctx, IMPORT_FROM_EXCEL, a);
    await moveImport(ctx.db, record.id, { state: IMPORT_STATE.notStarted, job: id }, ctx.caller?.userId ?? null);
    ctx.log.info({ jobId: id, excelimport: record.id }, 'Excel import queued');
    return [text(String(id))];
  },
});

export const importStatus = jobStatusAction({
  name: 'Job.ImportFromExcel.status',
  type: IMPORT_FROM_EXCEL,
  summary: 'The state of one of the caller\'s Excel imports: queued 61, running 38, done 71 or failed 2, with its progress',
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, …}; result is the import\'s summary JSON when done',
});

export const importDownload = jobDownloadAction({
  name: 'Job.ImportFromExcel.download',
  type: IMPORT_FROM_EXCEL,
  summary: 'The URL of the copy of the workbook whose bad cells carry comments (the submitter only)',
  answer: 'value 0: text, the URL /out/{id}.xlsx',
  url: (job) => importDownloadUrl(job.id),
});

export const importActions = [importSubmit, importStatus, importDownload];
