// The extension request's rules (seed 003 §2.3, §4.2, §5, §9; docs/resubmission-extension.md),
// run by the record engine on every write of `extension` and its proofs, whatever module or
// client the write comes through. The state map (portal/metadata/modules/Extension.json, RE-Extension)
// says which moves exist and which permission each needs; this file says what a move requires
// and what it stamps, and what follows: the batch's new due date and the mail of each stage.
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import type { Row } from '../../engine/records/write-values.js';
import { recordAudit } from '../../engine/records/record-history.js';
import { EXTENSION_STATE as S, PAYMENT_BY_REFERENCE, ELIGIBLE_BATCH_STATES, OPEN_EXTENSION_STATES, EXTENSION_REASON_GROUP, PAYMENT_TYPE_GROUP, MIN_DAYS_BEFORE_DUE } from './extension-states.js';
import { queueExtensionMail } from './extension-mail.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { rowsOf } from '../../engine/records/scoped-rows.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Checks an extension\'s batch (its entity, state and due date) and proofs while the record engine writes the request for a caller it already checked',
);

/** The seed's messages (seed 003 §5, §8), verbatim. */
export const EXTENSION_MESSAGES = {
  proof: 'Please upload at least one payment proof',
  method: 'Please select your payment method',
  reference: 'Please enter your Payment Reference Number',
  pdf: 'Only PDF file is allowed',
  reason: 'Please select your reason',
} as const;

/** Ours, where the seed gives the rule but no words. */
export const EXTENSION_REFUSALS = {
  otherEntity: 'This submission is not one of your reporting entity\'s.',
  notEligible: `An extension can be requested only for a submission that is Open, New or Incomplete and due in at least ${MIN_DAYS_BEFORE_DUE} days.`,
  inProgress: 'An extension request for this submission is already in progress.',
  dateAfterDue: (due: string) => `The extension date must be at least the day after the submission's due date (${displayDate(due)}).`,
  dateAfterToday: 'The date must be after today.',
  refundAmount: 'Enter the refund amount in RM (more than 0).',
  proofState: 'Payment proofs can be added or withdrawn only while the request is with the reporting entity (Pending Payment or Paid, before the recommendation).',
  noProof: 'The reporting entity has not uploaded a payment proof for this request yet.',
  withRecommendation: 'can be given only when recommending',
  withApproval: 'can be given only when approving or rejecting',
} as const;

const RECOMMEND_FIELDS = ['reason', 'extenddaterecommend', 'refund', 'refundamount'];
const APPROVE_FIELDS = ['extenddateapprv', 'description2', 'refundapprv', 'refundamtapprv'];

function refuse(field: string, message: string): AppError {
  return new AppError('E_VALIDATION', message, { [field]: message });
}

function displayDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

function dayOf(v: unknown): string | null {
  if (v instanceof Date) return sqlDate(v);
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null;
}

function addDays(day: string, days: number): string {
  return sqlDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function same(a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (String(a) === String(b)) return true;
  const [x, y] = [Number(a), Number(b)];
  return !Number.isNaN(x) && !Number.isNaN(y) && x === y;
}

/** Fields the write changes (a form sends every field back; unchanged ones do not count). */
function changedOf(stored: Row | null, row: Row, fields: string[]): string[] {
  return fields.filter((f) => f in row && !same(stored?.[f], row[f]));
}

interface Batch {
  id: number;
  re: number;
  state: number;
  duedate: string;
}

/** The request's batch among the caller's batches: another entity's or team's reads as one that does not exist. */
async function batchOf(ctx: ActionContext, id: unknown): Promise<Batch> {
  const rows = ctx.caller ? rowsOf(ctx, 'FormBatch').from('b') : ctx.db({ b: 'formbatch' });
  const row = await rows.where('b.id', Number(id)).first('b.id', 'b.re', 'b.state', 'b.duedate');
  if (!row) throw refuse('formbatch', 'Submission not found.');
  return { id: Number(row.id), re: Number(row.re), state: Number(row.state), duedate: dayOf(row.duedate) ?? '' };
}

/** The request itself: a batch of the entity that may still be extended, and a date past its due date. */
async function checkRequest(ctx: ActionContext, after: Row, id: number | null): Promise<Batch> {
  const batch = await batchOf(ctx, after.formbatch);
  if (batch.re !== Number(after.re)) throw refuse('formbatch', EXTENSION_REFUSALS.otherEntity);
  const today = sqlDate();
  if (!ELIGIBLE_BATCH_STATES.includes(batch.state) || addDays(today, MIN_DAYS_BEFORE_DUE) > batch.duedate) throw refuse('formbatch', EXTENSION_REFUSALS.notEligible);
  const open = ctx.db('extension').where({ formbatch: batch.id }).whereIn('state', OPEN_EXTENSION_STATES);
  if (id !== null) open.whereNot({ id });
  if (await open.first('id')) throw refuse('formbatch', EXTENSION_REFUSALS.inProgress);
  checkDateAfterDue('extenddate', dayOf(after.extenddate), batch.duedate);
  return batch;
}

function checkDateAfterDue(field: string, day: string | null, due: string): void {
  if (!day) throw errors.validation({ [field]: 'is required' });
  if (day < addDays(due, 1)) throw refuse(field, EXTENSION_REFUSALS.dateAfterDue(due));
}

/** Seed 003 §5: recommended and approved dates must be after today (and still extend the batch). */
function checkDecisionDate(field: string, day: string | null, due: string): void {
  if (!day) throw errors.validation({ [field]: 'is required' });
  if (day <= sqlDate()) throw refuse(field, EXTENSION_REFUSALS.dateAfterToday);
  checkDateAfterDue(field, day, due);
}

/**
 * Payment: a method of group 114; a reference number for 1100483, else PDF proofs. A request is
 * Paid on creation (seed 003 §4.2), its proofs uploaded right after it (they need its id), so a
 * create does not wait for them; a request paid from Pending Payment needs them already there.
 */
async function checkPayment(ctx: ActionContext, after: Row, id: number | null): Promise<void> {
  if (blank(after.paymenttype)) throw refuse('paymenttype', EXTENSION_MESSAGES.method);
  const method = await ctx.db('list').where({ id: Number(after.paymenttype), listgroup: PAYMENT_TYPE_GROUP }).whereNot({ state: 4 }).first('id');
  if (!method) throw refuse('paymenttype', EXTENSION_MESSAGES.method);
  if (Number(after.paymenttype) === PAYMENT_BY_REFERENCE) {
    if (blank(after.receiptno)) throw refuse('receiptno', EXTENSION_MESSAGES.reference);
    return;
  }
  if (id === null) return;
  await checkProofs(ctx, id, EXTENSION_MESSAGES.proof);
}

/** At least one proof, all PDF. */
async function checkProofs(ctx: ActionContext, id: number, missing: string): Promise<void> {
  const proofs = await ctx.db('extension_reference').where({ fk_extension: id }).pluck('contenttype');
  if (!proofs.length) throw refuse('file', missing);
  if (proofs.some((t) => t !== 'application/pdf')) throw refuse('file', EXTENSION_MESSAGES.pdf);
}

function checkRefund(flag: string, amount: string, row: Row, after: Row): void {
  if (blank(after[flag])) row[flag] = 0;
  if (Number(row[flag] ?? after[flag]) === 1) {
    if (blank(after[amount]) || !(Number(after[amount]) > 0)) throw refuse(amount, EXTENSION_REFUSALS.refundAmount);
  } else {
    row[amount] = null;
  }
}

async function beforeWrite(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
  const set = new Set<string>();
  const put = (field: string, value: unknown) => {
    row[field] = value;
    set.add(field);
  };
  const after = (): Row => ({ ...(stored ?? {}), ...row });
  const id = stored ? Number(stored.id) : null;
  const from = stored ? Number(stored.state) : null;
  const to = Number(after().state);
  const moving = from !== to;
  const who = ctx.caller?.userId ?? null;

  let batch: Batch | null = null;
  if (!stored || changedOf(stored, row, ['formbatch', 'extenddate']).length) {
    batch = await checkRequest(ctx, after(), id);
    put('duedate', batch.duedate);
  }
  const recommending = moving && from === S.paid && (to === S.recommended || to === S.recommendReject);
  const deciding = moving && (from === S.recommended || from === S.recommendReject) && (to === S.approved || to === S.rejected);
  if (!recommending) for (const f of changedOf(stored, row, RECOMMEND_FIELDS)) throw refuse(f, `${f} ${EXTENSION_REFUSALS.withRecommendation}`);
  if (!deciding) for (const f of changedOf(stored, row, APPROVE_FIELDS)) throw refuse(f, `${f} ${EXTENSION_REFUSALS.withApproval}`);

  if (moving && to === S.paid) {
    await checkPayment(ctx, after(), id);
    put('paymentdate', sqlDateTime());
  }
  if (recommending || deciding) batch ??= await batchOf(ctx, after().formbatch);
  if (recommending && batch) {
    const a = after();
    // The proofs that followed the request must be there before the regulator relies on them.
    if (Number(a.paymenttype) !== PAYMENT_BY_REFERENCE) await checkProofs(ctx, id!, EXTENSION_REFUSALS.noProof);
    if (blank(a.reason) || !(await ctx.db('list').where({ id: Number(a.reason), listgroup: EXTENSION_REASON_GROUP }).first('id'))) throw refuse('reason', EXTENSION_MESSAGES.reason);
    if (blank(a.extenddaterecommend)) put('extenddaterecommend', dayOf(a.extenddate));
    checkDecisionDate('extenddaterecommend', dayOf(after().extenddaterecommend), batch.duedate);
    checkRefund('refund', 'refundamount', row, after());
    set.add('refund').add('refundamount');
    put('recommend', to === S.recommended ? 1 : 0);
    put('recommendby', who);
    put('recommenddate', sqlDateTime());
  }
  if (deciding && batch) {
    const a = after();
    if (to === S.approved) {
      if (blank(a.extenddateapprv)) put('extenddateapprv', dayOf(a.extenddaterecommend) ?? dayOf(a.extenddate));
      checkDecisionDate('extenddateapprv', dayOf(after().extenddateapprv), batch.duedate);
    } else {
      put('extenddateapprv', null);
    }
    if (blank(a.refundapprv)) put('refundapprv', Number(a.refund ?? 0) === 1 ? 1 : 0);
    if (Number(after().refundapprv) === 1 && blank(after().refundamtapprv)) put('refundamtapprv', a.refundamount ?? null);
    checkRefund('refundapprv', 'refundamtapprv', row, after());
    set.add('refundapprv').add('refundamtapprv');
    put('actionby', who);
    put('approvaldate', sqlDateTime());
  }
  return [...set];
}

/** An approved extension moves the batch's due date, keeping the one it had before its first extension. */
async function extendBatch(ctx: ActionContext, batchId: number, day: string): Promise<void> {
  const batch = await ctx.db('formbatch').where({ id: batchId }).forUpdate().first('id', 'duedate', 'originalduedate', 'updatectr');
  const who = ctx.caller?.userId ?? null;
  const version = Number(batch.updatectr) + 1;
  const after = { originalduedate: dayOf(batch.originalduedate) ?? dayOf(batch.duedate), duedate: day };
  await ctx.db('formbatch').where({ id: batchId }).update({ ...after, updatectr: version, updateon: sqlDateTime(), updateby: who });
  await recordAudit(ctx.db, ctx.services.modules.get('FormBatch')!, batchId, version, 'update', ['duedate', 'originalduedate'], who, { before: batch, after });
}

async function afterWrite(ctx: ActionContext, _module: ResolvedModule, id: number, stored: Row | null, row: Row): Promise<void> {
  const after: Row = { ...(stored ?? {}), ...row, id };
  const from = stored ? Number(stored.state) : null;
  const to = Number(after.state);
  if (from === to) return;
  if (to === S.approved) await extendBatch(ctx, Number(after.formbatch), dayOf(after.extenddateapprv)!);
  await queueExtensionMail(ctx, to, after);
}

export const extensionHooks = { beforeWrite, afterWrite };

/** The request is with the entity until a recommender acts on it: its proofs are still the entity's to change. */
const WITH_ENTITY: number[] = [S.pendingPayment, S.paid];

/** Payment proofs: PDF only, added while the request is with the entity. */
async function beforeProof(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
  if (stored) return [];
  if (row.contenttype !== 'application/pdf') throw refuse('file', EXTENSION_MESSAGES.pdf);
  const request = await ctx.db('extension').where({ id: Number(row.fk_extension) }).first('state');
  if (request && !WITH_ENTITY.includes(Number(request.state))) throw new AppError('E_STATETRANSITION', EXTENSION_REFUSALS.proofState);
  return [];
}

/**
 * Withdrawing a proof: only while the request is with the entity; a Paid request paid by a proof
 * keeps at least one (upload the right one, then withdraw the wrong one).
 */
async function beforeProofDelete(ctx: ActionContext, _module: ResolvedModule, stored: Row): Promise<void> {
  const id = Number(stored.fk_extension);
  const request = await ctx.db('extension').where({ id }).first('state', 'paymenttype');
  if (!request) return;
  if (!WITH_ENTITY.includes(Number(request.state))) throw new AppError('E_STATETRANSITION', EXTENSION_REFUSALS.proofState);
  if (Number(request.state) !== S.paid || Number(request.paymenttype) === PAYMENT_BY_REFERENCE) return;
  const others = await ctx.db('extension_reference').where({ fk_extension: id }).whereNot({ id: Number(stored.id) }).first('id');
  if (!others) throw refuse('file', EXTENSION_MESSAGES.proof);
}

export const extensionProofHooks = { beforeWrite: beforeProof, beforeDelete: beforeProofDelete };
