// What every job family (Job.ExportListExcel, Job.ExportToExcel, Job.ImportFromExcel) answers
// besides its own submit: the status of one of the caller's jobs of that type (seed 001 §7, §9),
// and the download URL of its finished file. One definition, so the families cannot drift apart.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../runtime/registry.js';
import { text } from '../protocol/envelope.js';
import { JOB_STATE, stateName, type JobRow } from './job-table.js';
import { finishedFile, findOwnJob } from './own-jobs.js';

export const JobId = Type.Object(
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

interface FamilyAction {
  /** `Job.{Family}.status` / `.download`. */
  name: string;
  /** The job type the caller's job must have. */
  type: string;
  summary: string;
  answer: string;
}

export function jobStatusAction(a: FamilyAction) {
  return defineAction({
    name: a.name,
    summary: a.summary,
    args: [JobId],
    access: 'session',
    writes: false,
    answer: a.answer,
    errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
    async handler([args], ctx) {
      return [text(JSON.stringify(statusOf(await findOwnJob(ctx, Number(args.id), a.type))))];
    },
  });
}

export function jobDownloadAction(a: FamilyAction & { url: (job: JobRow) => string }) {
  return defineAction({
    name: a.name,
    summary: a.summary,
    args: [JobId],
    access: 'session',
    writes: false,
    answer: a.answer,
    errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_BADREQUEST'],
    async handler([args], ctx) {
      const job = await findOwnJob(ctx, Number(args.id), a.type);
      finishedFile(job);
      return [text(a.url(job))];
    },
  });
}
