// Job.ExportListExcel.* (seed 001 §7, §9): submit an export of a list, poll its status, get its
// download URL. The file itself comes from GET /out/{id}.xlsx (engine/server/out-route.ts),
// for the submitter only.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../actions/registry.js';
import { text } from '../protocol/envelope.js';
import { JOB_STATE, stateName, type JobRow } from './job-table.js';
import { ExportArgs, planExport } from './list-export/export-plan.js';
import { EXPORT_LIST_EXCEL, exportDownloadUrl } from './list-export/run-export.js';
import { finishedFile, findOwnJob, submitJob } from './own-jobs.js';
import { formExportActions } from './form-export/actions.js';

const JobId = Type.Object(
  { id: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999_999_999 }), Type.String({ pattern: '^[1-9][0-9]{0,11}$' })], { description: 'The job id that submit answered' }) },
  { additionalProperties: false },
);

/** The status JSON (seed 001 §7: "a JSON string with state and result"). */
export function statusOf(job: JobRow) {
  return {
    id: job.id,
    state: job.state,
    status: stateName(job.state),
    progress: job.progress,
    processed: job.processed,
    total: job.total,
    result: job.state === JOB_STATE.done || job.state === JOB_STATE.failed ? job.result : null,
    createon: job.createon,
    startedon: job.startedon,
    finishedon: job.finishedon,
  };
}

export const exportListSubmit = defineAction({
  name: 'Job.ExportListExcel.submit',
  summary: 'Queues an Excel export of a list (the rows Record.select would answer, every page) and answers the job id',
  args: [ExportArgs],
  access: 'session',
  permission: { module: 'select' },
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_INVALIDFIELD', 'E_INVALIDOPERATOR', 'E_NOPERMISSION', 'E_BADREQUEST', 'E_RATELIMIT'],
  async handler([a], ctx) {
    // Planned now so that a mistake is answered at once, not as a failed job later.
    planExport(ctx, a, 1);
    const id = await submitJob(ctx, EXPORT_LIST_EXCEL, a);
    ctx.log.info({ jobId: id, module: a.module }, 'export queued');
    return [text(String(id))];
  },
});

export const exportListStatus = defineAction({
  name: 'Job.ExportListExcel.status',
  summary: 'The state of one of the caller\'s exports: queued 61, running 38, done 71 or failed 2, with its progress',
  args: [JobId],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const job = await findOwnJob(ctx, Number(a.id), EXPORT_LIST_EXCEL);
    return [text(JSON.stringify(statusOf(job)))];
  },
});

export const exportListDownload = defineAction({
  name: 'Job.ExportListExcel.download',
  summary: 'The download URL of one of the caller\'s finished exports (GET it with the same session)',
  args: [JobId],
  access: 'session',
  writes: false,
  answer: 'value 0: text, the URL /out/{id}.xlsx',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const job = await findOwnJob(ctx, Number(a.id), EXPORT_LIST_EXCEL);
    finishedFile(job);
    return [text(exportDownloadUrl(job.id))];
  },
});

export const jobActions = [exportListSubmit, exportListStatus, exportListDownload, ...formExportActions];
