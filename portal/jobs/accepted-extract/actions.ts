// Job.ExportAccepted.*: the bulk extract of a period's accepted values (docs/integrators.md
// "Accepted data"), delivered as every big download is: submit, poll the status, GET the file
// from /out/{id}.csv or /out/{id}.parquet with the same session.
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { jobDownloadAction, jobStatusAction } from '../../../engine/jobs/job-family.js';
import { submitJob } from '../../../engine/jobs/own-jobs.js';
import { ExportAcceptedArgs, extractTitle, type StoredAcceptedArgs } from './extract-args.js';
import { EXPORT_ACCEPTED, acceptedExtractUrl } from './run-extract.js';
import { callerForms } from '../../filing/accepted-extract.js';

export const exportAcceptedSubmit = defineAction({
  name: 'Job.ExportAccepted.submit',
  summary: "Queues the extract of a period's accepted form values the caller may see, one row per cell value (long format), as CSV or Parquet, and answers the job id",
  args: [ExportAcceptedArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST', 'E_VALIDATION', 'E_RATELIMIT'],
  async handler([a], ctx) {
    // Refused now rather than as a failed job: the caller must read forms at all.
    callerForms(ctx);
    // A misspelt filter would give an empty file that looks like a quiet period: it is refused.
    if (a.template !== undefined && !(await ctx.db('formtemplate').where({ code: a.template }).first('id'))) throw errors.validation({ template: `No form template has the code ${a.template}.` });
    if (a.sector !== undefined && !(await ctx.db('sector').where({ id: a.sector }).first('id'))) throw errors.validation({ sector: `No sector has the id ${a.sector}.` });
    const stored: StoredAcceptedArgs = { ...a, title: extractTitle(a) };
    const id = await submitJob(ctx, EXPORT_ACCEPTED, stored);
    ctx.log.info({ jobId: id, period: a.period, format: a.format }, 'accepted data extract queued');
    return [text(String(id))];
  },
});

export const exportAcceptedStatus = jobStatusAction({
  name: 'Job.ExportAccepted.status',
  type: EXPORT_ACCEPTED,
  summary: "The state of one of the caller's accepted-data extracts: queued 61, running 38, done 71 or failed 2, with its progress in rows",
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, createon, startedon, finishedon}; result is the download URL when done, the reason when failed',
});

export const exportAcceptedDownload = jobDownloadAction({
  name: 'Job.ExportAccepted.download',
  type: EXPORT_ACCEPTED,
  summary: "The download URL of one of the caller's finished accepted-data extracts (GET it with the same session)",
  answer: 'value 0: text, the URL /out/{id}.csv or /out/{id}.parquet',
  url: (job) => acceptedExtractUrl(job.id, (job.args as { format?: string }).format === 'parquet' ? 'parquet' : 'csv'),
});

export const acceptedExtractActions = [exportAcceptedSubmit, exportAcceptedStatus, exportAcceptedDownload];
