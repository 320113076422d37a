// The context of work the engine does on its own (a job, the hourly reopening of resubmissions,
// the daily sweep of date-driven states): an ActionContext like a request's, so the record engine
// checks, audits and versions these writes as it does a user's. Such work calls no action.
import type { Knex } from 'knex';
import type { ActionContext, Caller, EngineServices } from './context.js';
import { VersionSnapshot } from '../db/change-versions.js';

export function engineContext(services: EngineServices, db: Knex | Knex.Transaction, caller: Caller, requestId: string, log = services.log): ActionContext {
  return {
    services,
    db,
    caller,
    requestId,
    log,
    effects: {},
    versions: new VersionSnapshot(services.db),
    call: () => Promise.reject(new Error(`${requestId} cannot call actions`)),
  };
}
