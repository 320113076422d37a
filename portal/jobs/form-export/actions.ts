// Job.ExportToExcel.* (seed 001 §7, §9): export a form, a batch (.zip) or a blank template as
// Excel, poll the job, get its download URL. The file comes from GET /out/{id}.xlsx or .zip
// (engine/server/out-route.ts), for the submitter only.
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { jobDownloadAction, jobStatusAction } from '../../../engine/jobs/job-family.js';
import { submitJob } from '../../../engine/jobs/own-jobs.js';
import { ExportToExcelArgs, type StoredExportArgs } from './export-args.js';
import { exportTarget } from './export-target.js';
import { EXPORT_FORM_EXCEL, formExportExtension, formExportUrl } from './run-form-export.js';

export const exportFormSubmit = defineAction({
  name: 'Job.ExportToExcel.submit',
  summary: 'Queues an Excel export of a form (.xlsx), of every form of a batch (.zip) or of a blank template, and answers the job id',
  args: [ExportToExcelArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST', 'E_RATELIMIT'],
  async handler([a], ctx) {
    // Reached now so that a refusal is answered at once, not as a failed job later.
    const target = await exportTarget(ctx, a);
    const stored: StoredExportArgs = { ...a, withData: a.withData ?? true, title: target.title };
    const id = await submitJob(ctx, EXPORT_FORM_EXCEL, stored);
    ctx.log.info({ jobId: id, kind: target.kind, forms: target.items.length }, 'form export queued');
    return [text(String(id))];
  },
});

export const exportFormStatus = jobStatusAction({
  name: 'Job.ExportToExcel.status',
  type: EXPORT_FORM_EXCEL,
  summary: "The state of one of the caller's form exports: queued 61, running 38, done 71 or failed 2, with its progress",
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
});

export const exportFormDownload = jobDownloadAction({
  name: 'Job.ExportToExcel.download',
  type: EXPORT_FORM_EXCEL,
  summary: "The download URL of one of the caller's finished form exports (GET it with the same session)",
  answer: 'value 0: text, the URL /out/{id}.xlsx, or /out/{id}.zip for a batch',
  url: (job) => formExportUrl(job.id, formExportExtension(job.args as { formbatch_id?: number })),
});

export const formExportActions = [exportFormSubmit, exportFormStatus, exportFormDownload];
