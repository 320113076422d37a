// Queueing a job for the caller, and finding a caller's own job again. A job belongs to the
// user who submitted it: its status and its file are theirs alone (PROTOCOL.md §6).
import type { ActionContext } from '../runtime/context.js';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { AppError, errors } from '../errors/catalogue.js';
import { JOB_STATE, JOB_TABLE, readJob, type JobRow } from './job-table.js';
import { EXPIRED } from './job-files.js';

/** Jobs one user may have waiting or running at once: a runaway client cannot fill the queue. */
export const MAX_UNFINISHED_PER_USER = 5;

/** Queues a job of `type` for the caller, for their current entity (or `forEntity`, which the caller checked they may work for); answers its id. */
export async function submitJob(ctx: ActionContext, type: string, args: unknown, forEntity?: number): Promise<number> {
  const caller = ctx.caller;
  if (!caller) throw errors.illegalAccess();
  const [{ n }] = await ctx.db(JOB_TABLE).where({ owner_id: caller.userId }).whereIn('state', [JOB_STATE.queued, JOB_STATE.running]).count({ n: '*' });
  if (Number(n) >= MAX_UNFINISHED_PER_USER) throw new AppError('E_RATELIMIT', `You already have ${MAX_UNFINISHED_PER_USER} exports waiting or running; please wait for one to finish`);
  const now = sqlDateTime();
  const [id] = await ctx.db(JOB_TABLE).insert({
    type,
    owner_id: caller.userId,
    current_re: forEntity ?? caller.currentRe,
    state: JOB_STATE.queued,
    args: JSON.stringify(args),
    available_at: now,
    createon: now,
  });
  await bumpVersions(ctx.db, [JOB_TABLE]);
  ctx.effects.jobQueued = true;
  return Number(id);
}

/** The caller's job `id` of `type` (or one of types): another user's answers E_NOPERMISSION, none E_NOTFOUND. */
export async function findOwnJob(ctx: ActionContext, id: number, type: string | readonly string[]): Promise<JobRow> {
  const job = await readJob(ctx.db, id);
  // Another user's job reads as one that does not exist: the answer tells nothing of it.
  if (!job || !(typeof type === 'string' ? [type] : type).includes(job.type) || job.ownerId !== ctx.caller?.userId) throw errors.notFound(`Job ${id}`);
  return job;
}

/** The stored file of a finished job, or why there is none (E_NOTFOUND, in words for the user). */
export function finishedFile(job: JobRow): string {
  if (job.state === JOB_STATE.done && job.file) return job.file;
  if (job.state === JOB_STATE.queued || job.state === JOB_STATE.running) throw new AppError('E_NOTFOUND', `Export ${job.id} is not finished yet`);
  if (job.state === JOB_STATE.done) throw new AppError('E_NOTFOUND', job.result === EXPIRED ? `Export ${job.id}: ${EXPIRED}` : `Export ${job.id} has no file`);
  throw new AppError('E_NOTFOUND', `Export ${job.id} failed: ${job.result ?? 'no reason given'}`);
}
