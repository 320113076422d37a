// Job.ExportListExcel.* (seed 001 §7, §9): submit an export of a list, poll its status, get its
// download URL. The file itself comes from GET /out/{id}.xlsx (engine/server/out-route.ts),
// for the submitter only.
import { defineAction } from '../runtime/registry.js';
import { text } from '../protocol/envelope.js';
import { ExportArgs, planExport } from './list-export/export-plan.js';
import { EXPORT_LIST_EXCEL, exportDownloadUrl } from './list-export/run-export.js';
import { submitJob } from './own-jobs.js';
import { jobDownloadAction, jobStatusAction } from './job-family.js';

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

export const exportListStatus = jobStatusAction({
  name: 'Job.ExportListExcel.status',
  type: EXPORT_LIST_EXCEL,
  summary: 'The state of one of the caller\'s exports: queued 61, running 38, done 71 or failed 2, with its progress',
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
});

export const exportListDownload = jobDownloadAction({
  name: 'Job.ExportListExcel.download',
  type: EXPORT_LIST_EXCEL,
  summary: 'The download URL of one of the caller\'s finished exports (GET it with the same session)',
  answer: 'value 0: text, the URL /out/{id}.xlsx',
  url: (job) => exportDownloadUrl(job.id),
});

export const jobActions = [exportListSubmit, exportListStatus, exportListDownload];
