// Job.ExportToExcel.* (seed 001 §7, §9): export a form, a batch (.zip) or a blank template as
// Excel, poll the job, get its download URL. The file comes from GET /out/{id}.xlsx or .zip
// (engine/server/out-route.ts), for the submitter only.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../actions/registry.js';
import { text } from '../../protocol/envelope.js';
import { statusOf } from '../actions.js';
import { finishedFile, findOwnJob, submitJob } from '../own-jobs.js';
import { ExportToExcelArgs, type StoredExportArgs } from './export-args.js';
import { exportTarget } from './export-target.js';
import { EXPORT_FORM_EXCEL, formExportExtension, formExportUrl } from './run-form-export.js';

const JobId = Type.Object(
  { id: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999_999_999 }), Type.String({ pattern: '^[1-9][0-9]{0,11}$' })], { description: 'The job id that submit answered' }) },
  { additionalProperties: false },
);

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

export const exportFormStatus = defineAction({
  name: 'Job.ExportToExcel.status',
  summary: "The state of one of the caller's form exports: queued 61, running 38, done 71 or failed 2, with its progress",
  args: [JobId],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const job = await findOwnJob(ctx, Number(a.id), EXPORT_FORM_EXCEL);
    return [text(JSON.stringify(statusOf(job)))];
  },
});

export const exportFormDownload = defineAction({
  name: 'Job.ExportToExcel.download',
  summary: "The download URL of one of the caller's finished form exports (GET it with the same session)",
  args: [JobId],
  access: 'session',
  writes: false,
  answer: 'value 0: text, the URL /out/{id}.xlsx, or /out/{id}.zip for a batch',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const job = await findOwnJob(ctx, Number(a.id), EXPORT_FORM_EXCEL);
    finishedFile(job);
    return [text(formExportUrl(job.id, formExportExtension(job.args as { formbatch_id?: number })))];
  },
});

export const formExportActions = [exportFormSubmit, exportFormStatus, exportFormDownload];
