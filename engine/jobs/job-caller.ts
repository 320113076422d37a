// A job runs as the user who submitted it: their roles and permissions as they are when the job
// runs (a permission withdrawn meanwhile stops the export), for the entity they worked for when
// they submitted it. The context is an ActionContext like a request's, so the record engine's
// checks (accessModule, entity scope) apply to a job exactly as they do to Record.select.
import type { ActionContext, Caller, EngineServices } from '../runtime/context.js';
import { engineContext } from '../runtime/engine-context.js';
import { AppError } from '../errors/catalogue.js';
import { loadAccess } from '../identity/session-store.js';
import type { JobRow } from './job-table.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'A job rebuilds the caller it runs as from the submitting user\'s row; the job\'s record access then goes through that caller\'s rules',
);

const ACTIVE = 33;

/** The caller an active user would be, working for entity `currentRe`, under the label `sessionId`. */
export async function userCaller(services: EngineServices, userId: number, currentRe: number | null, sessionId: string): Promise<Caller> {
  const user = await services.db('user').where({ id: userId }).first('id', 'userid', 'name', 'logintype', 'state');
  if (!user || Number(user.state) !== ACTIVE) throw new AppError('E_NOPERMISSION', 'The user who asked for this job can no longer sign in');
  const access = await loadAccess(services.db, userId, currentRe);
  return {
    sessionId,
    userId,
    userid: String(user.userid),
    name: String(user.name),
    loginType: Number(user.logintype),
    ...access,
    restriction: null,
  };
}

export async function jobContext(services: EngineServices, job: JobRow): Promise<ActionContext> {
  const caller = await userCaller(services, job.ownerId, job.currentRe, `job:${job.id}`);
  return engineContext(services, services.db, caller, `job-${job.id}`, services.log.child({ jobId: job.id, type: job.type }));
}
