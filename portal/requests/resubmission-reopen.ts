// Approved resubmissions reopen their forms for amendment from the effective date (seed 003 §2.2,
// §9: three days after approval, or as approved): each named form still Accepted (45) moves to
// Amendment Required (74) through the record engine, as the approver's return for amendment
// (history, revision, the batch back to Amendment Required). The entity then amends and submits
// it through the filing screens; Form.history and Form.diff keep both versions. Each reopened
// submission is marked a resubmission due on the request's date (resubmission-batches.ts). A request whose
// reopened forms are all submitted again is done (`resubmittedon`, the overdue view).
import type { Knex } from 'knex';
import type { ActionContext, Caller, EngineServices } from '../../engine/runtime/context.js';
import { engineContext } from '../../engine/runtime/engine-context.js';
import { startRecurring } from '../../engine/server/recurring.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { updateRecord } from '../../engine/records/update.js';
import { recordAudit } from '../../engine/records/record-history.js';
import { FORM_DONE_STATES, RESUBMISSION_STATE as S, RESUBMITTABLE_FORM_STATE } from './resubmission-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { markResubmissionBatch, resubmissionDueDate } from './resubmission-batches.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The timed reopening of approved resubmissions runs as the system for every entity, on the approver\'s behalf',
);

type Db = Knex | Knex.Transaction;

const AMENDMENT_REQUIRED = 74;
/** How often a running engine looks for requests that became effective. */
export const REOPEN_EVERY_MS = 60 * 60_000;

export interface ReopenOutcome {
  requests: number;
  forms: number;
}

/** The approver, acting for the regulator's return of the forms (only the moves this needs). */
async function approverCaller(db: Db, userId: number | null): Promise<Caller> {
  const user = userId === null ? null : await db('user').where({ id: userId }).first('id', 'userid', 'name', 'logintype');
  return {
    sessionId: 'resubmission-reopen',
    userId: Number(user?.id ?? 0),
    userid: String(user?.userid ?? 'system'),
    name: String(user?.name ?? 'System'),
    loginType: Number(user?.logintype ?? 1),
    currentRe: null,
    entities: [],
    roles: new Set(),
    permissions: new Set(['Form.select', 'Form.update', 'Form.action.review']),
    restriction: null,
  };
}

/** Reopens the forms of one approved request now; answers how many forms moved. */
async function reopenRequest(services: EngineServices, id: number, today: string): Promise<number> {
  return services.db.transaction(async (trx) => {
    const request = await trx('resubmission').where({ id, state: S.approved }).whereNull('reopenedon').forUpdate().first('id', 'actionby', 'apprextdate', 'updatectr');
    if (!request) return 0;
    const ctx = engineContext(services, trx, await approverCaller(trx, request.actionby === null ? null : Number(request.actionby)), 'resubmission-reopen');
    const forms = await trx({ rf: 'resubmissionform' }).join({ f: 'form' }, 'f.id', 'rf.form').where('rf.resubmission', id).orderBy('f.id').select('f.id', 'f.state', 'f.updatectr', 'f.formbatch');
    let moved = 0;
    const batches = new Set<number>();
    for (const f of forms) {
      // A form already back with the entity (a query's return) or not yet accepted stays as it is.
      if (Number(f.state) !== RESUBMITTABLE_FORM_STATE) continue;
      await updateRecord(ctx, { module: 'Form', fields: ['id', 'updatectr', 'state'], values: [Number(f.id), Number(f.updatectr), AMENDMENT_REQUIRED], reason: `Resubmission #${id} approved` });
      moved++;
      if (f.formbatch !== null) batches.add(Number(f.formbatch));
    }
    // Each reopened submission becomes a resubmission, due again on the request's date.
    const due = resubmissionDueDate(request.apprextdate, today);
    for (const batch of batches) await markResubmissionBatch(trx, services.modules.get('FormBatch')!, batch, due, ctx.caller?.userId ?? null);
    const reopenedon = sqlDateTime();
    await trx('resubmission').where({ id }).update({ reopenedon, updatectr: Number(request.updatectr) + 1 });
    await recordAudit(trx, services.modules.get('Resubmission')!, id, Number(request.updatectr) + 1, 'update', ['reopenedon'], ctx.caller?.userId ?? null, { before: { reopenedon: null }, after: { reopenedon } });
    return moved;
  });
}

/**
 * Every approved request effective on or before `today` (UTC) whose forms are not yet reopened.
 * One transaction per request: a request that cannot be reopened (a frozen submission) is logged
 * and tried again next time; the others go ahead.
 */
export async function reopenDue(services: EngineServices, today = sqlDate()): Promise<ReopenOutcome> {
  const due = (await services.db('resubmission').where({ state: S.approved }).whereNull('reopenedon').andWhere('apprextdate', '<=', today).orderBy('id').pluck('id')).map(Number);
  const outcome: ReopenOutcome = { requests: 0, forms: 0 };
  for (const id of due) {
    try {
      outcome.forms += await reopenRequest(services, id, today);
      outcome.requests++;
    } catch (e) {
      services.log.warn({ err: e, resubmission: id }, 'Could not reopen the forms of an approved resubmission');
    }
  }
  return outcome;
}

/** After a form's state move: approved, reopened requests naming it whose forms are all in again are done. */
export async function followResubmissions(ctx: ActionContext, formId: number): Promise<void> {
  const db = ctx.db;
  const who = ctx.caller?.userId ?? null;
  const requests = (await db({ r: 'resubmission' })
    .join({ rf: 'resubmissionform' }, 'rf.resubmission', 'r.id')
    .where('rf.form', formId)
    .andWhere('r.state', S.approved)
    .whereNotNull('r.reopenedon')
    .whereNull('r.resubmittedon')
    .pluck('r.id')).map(Number);
  for (const id of requests) {
    const open = await db({ rf: 'resubmissionform' }).join({ f: 'form' }, 'f.id', 'rf.form').where('rf.resubmission', id).whereNotIn('f.state', FORM_DONE_STATES).first('f.id');
    if (open) continue;
    const resubmittedon = sqlDateTime();
    await db('resubmission').where({ id }).update({ resubmittedon, updatectr: db.raw('?? + 1', ['updatectr']) });
    const { updatectr } = await db('resubmission').where({ id }).first('updatectr');
    await recordAudit(db, ctx.services.modules.get('Resubmission')!, id, Number(updatectr), 'update', ['resubmittedon'], who, { before: { resubmittedon: null }, after: { resubmittedon } });
  }
}

/** Runs reopenDue at start and every hour while the engine runs. */
export function startReopening(services: EngineServices): { stop(): void } {
  return startRecurring(services, 'Resubmission reopening', () => reopenDue(services), REOPEN_EVERY_MS, 1_000);
}
