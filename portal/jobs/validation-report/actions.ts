// Job.ValidationReport.* (docs/filing.md "Validation report"): the validation report of a form or
// a whole batch as .xlsx or PDF, queued like the Excel exports; the file comes from
// GET /out/{id}.xlsx or /out/{id}.pdf (engine/server/out-route.ts), for the submitter only.
import { defineAction } from '../../../engine/runtime/registry.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { text } from '../../../engine/protocol/envelope.js';
import { exportTarget } from '../form-export/export-target.js';
import { jobDownloadAction, jobStatusAction } from '../../../engine/jobs/job-family.js';
import { submitJob } from '../../../engine/jobs/own-jobs.js';
import { ValidationReportArgs, type StoredReportArgs } from './report-args.js';
import { VALIDATION_REPORT, validationReportUrl } from './run-validation-report.js';

export const validationReportSubmit = defineAction({
  name: 'Job.ValidationReport.submit',
  summary: "Queues the validation report of a form or of every form of a batch the caller can reach (every rule, its outcome, message and values) as .xlsx or PDF, and answers the job id",
  args: [ValidationReportArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST', 'E_RATELIMIT'],
  async handler([a], ctx) {
    if ((a.form_id === undefined) === (a.formbatch_id === undefined)) throw errors.badRequest('Give exactly one of form_id and formbatch_id');
    // Reached now so that a refusal is answered at once, not as a failed job later.
    const target = await exportTarget(ctx, a);
    const stored: StoredReportArgs = { ...a, title: `Validation report ${target.title}` };
    const id = await submitJob(ctx, VALIDATION_REPORT, stored);
    ctx.log.info({ jobId: id, kind: target.kind, forms: target.items.length, format: a.format }, 'validation report queued');
    return [text(String(id))];
  },
});

export const validationReportStatus = jobStatusAction({
  name: 'Job.ValidationReport.status',
  type: VALIDATION_REPORT,
  summary: "The state of one of the caller's validation reports: queued 61, running 38, done 71 or failed 2, with its progress",
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
});

export const validationReportDownload = jobDownloadAction({
  name: 'Job.ValidationReport.download',
  type: VALIDATION_REPORT,
  summary: "The download URL of one of the caller's finished validation reports (GET it with the same session)",
  answer: 'value 0: text, the URL /out/{id}.xlsx or /out/{id}.pdf',
  url: (job) => validationReportUrl(job.id, (job.args as { format?: string }).format === 'pdf' ? 'pdf' : 'xlsx'),
});

export const validationReportActions = [validationReportSubmit, validationReportStatus, validationReportDownload];
