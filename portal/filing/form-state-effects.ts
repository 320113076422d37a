// Everything that follows a form's state change (docs/filing.md "Sign-off"), in one place. The
// record engine calls afterFormStateChange from Record.update, in the write's transaction, after
// the move passed the state map and its permission; anything thrown here undoes the whole move.
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { recordAudit, recordStateChange } from '../../engine/records/record-history.js';
import { FORM_STATE, BATCH_STATE, isReturn } from './form-states.js';
import { writeRevision } from './form-revisions.js';
import { submissionProblems } from './form-rules.js';
import { readFormRow } from './form-data.js';
import { extractDatabases, writeFormExtract } from './extract-tables.js';
import { computeForm } from './computed-form.js';
import { recordAcceptance } from './accepted-values.js';
import { mailReturn } from './return-mail.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'What follows a form\'s state change (its batch\'s state, stamps) runs in the record engine\'s write of a form the caller reached',
);

/**
 * The sign-off steps forward, each held to every blocking rule (docs/filing.md "Sign-off"): the
 * preparer's, the checker's and the approver's. A form sent back never is.
 */
const SIGN_OFF_STEPS = new Set([`${FORM_STATE.open}>${FORM_STATE.pendingVerification}`, `${FORM_STATE.pendingVerification}>${FORM_STATE.ready}`, `${FORM_STATE.ready}>${FORM_STATE.submitted}`]);

const STEP_REFUSAL: Record<number, string> = {
  [FORM_STATE.pendingVerification]: 'The form has errors that must be corrected before it is sent for verification.',
  [FORM_STATE.ready]: 'The form has errors that must be corrected before it is verified.',
  [FORM_STATE.submitted]: 'The form has errors that must be corrected before it is submitted.',
};

/** States in which a form counts as submitted for its batch. */
const SUBMITTED = new Set<number>([FORM_STATE.submitted, FORM_STATE.accepted]);

export function isFormTable(module: ResolvedModule): boolean {
  return module.table === 'form';
}

/**
 * The reason (a frozen batch is refused before: form-hooks.ts), the four-eyes rule and the blocking rules of every sign-off step
 * are checked; then the move is stamped (who prepared, who submitted and when), kept as a revision of
 * the form (a move that sends it back is mailed with its reason to whoever must act next), and the
 * batch follows (Completed 71 once all its forms are submitted).
 */
export async function afterFormStateChange(ctx: ActionContext, formId: number, from: number | null, to: number, reason: string | null | undefined): Promise<void> {
  const who = ctx.caller?.userId ?? null;
  // Moves back must say why (seed 002: a step back and a return for amendment carry a reason).
  if (isReturn(from, to) && !reason?.trim()) throw errors.validation({ reason: 'Give the reason for sending the form back.' });
  const form = await readFormRow(ctx.db, formId);
  const batch = form.formbatch === null ? null : await ctx.db('formbatch').where({ id: form.formbatch }).first('id', 'state', 'updatectr');
  const stamps: Record<string, unknown> = {};
  // Who sent it from Open prepared this version; an approver stepping back from Ready did not.
  if (to === FORM_STATE.pendingVerification && from === FORM_STATE.open) stamps.preparedby = who;
  // Four eyes: whoever prepared this version may not also approve it.
  if (to === FORM_STATE.submitted && form.preparedby !== null && form.preparedby === who) throw errors.noPermission('submitting a form you prepared yourself (another approver must submit it)');
  if (SIGN_OFF_STEPS.has(`${from}>${to}`) && form.formtemplate !== null) {
    const problems = await submissionProblems(ctx, form);
    if (Object.keys(problems).length) throw new AppError('E_VALIDATION', STEP_REFUSAL[to], problems);
  }
  if (to === FORM_STATE.submitted) Object.assign(stamps, { lastsubmiton: sqlDateTime(), submitby: who });
  if (Object.keys(stamps).length) await ctx.db('form').where({ id: formId }).update(stamps);
  await writeRevision(ctx.db, formId, form.updatectr, to, who, {});
  // The reason is in the state history (recordStateChange); whoever must act next is mailed it.
  if (isReturn(from, to)) await mailReturn(ctx.db, formId, to, who, reason!.trim(), sqlDateTime());
  // Accepted values go to the ST_ extract tables (docs/filing-periods.md), replacing an earlier acceptance's.
  if (to === FORM_STATE.accepted) {
    // One computation of the form's values serves both (computed-form.ts).
    const dbs = extractDatabases(ctx);
    const key = ctx.services.config.formulaLicenseKey ?? undefined;
    const computed = await computeForm(dbs, formId, key);
    await writeFormExtract(dbs, formId, key, computed);
    // The accepted values analysts extract, and the acceptance's entry in the change feed (accepted-values.ts).
    await recordAcceptance(dbs, formId, key, undefined, computed);
  }
  if (batch) await followBatch(ctx, Number(batch.id), Number(batch.state), Number(batch.updatectr), who);
}

/** A batch whose forms are all submitted (or accepted) is Completed; a form sent back reopens it as Amendment Required. */
async function followBatch(ctx: ActionContext, batchId: number, state: number, ctr: number, who: number | null): Promise<void> {
  const states = (await ctx.db('form').where({ formbatch: batchId }).pluck('state')).map(Number);
  const allIn = states.length > 0 && states.every((s) => SUBMITTED.has(s));
  let next: number | null = null;
  if (allIn && state !== BATCH_STATE.completed) next = BATCH_STATE.completed;
  else if (!allIn && state === BATCH_STATE.completed && states.includes(FORM_STATE.amendment)) next = BATCH_STATE.amendment;
  if (next === null) return;
  const set: Record<string, unknown> = { state: next, updatectr: ctr + 1, updateon: sqlDateTime(), updateby: who };
  if (next === BATCH_STATE.completed) set.submitteddate = sqlDateTime();
  await ctx.db('formbatch').where({ id: batchId }).update(set);
  const module = ctx.services.modules.get('FormBatch')!;
  await recordStateChange(ctx.db, module, batchId, state, next, who, null);
  const written = Object.keys(set).filter((c) => !['updatectr', 'updateon', 'updateby'].includes(c));
  await recordAudit(ctx.db, module, batchId, ctr + 1, 'update', written, who, { before: { state }, after: set });
}
