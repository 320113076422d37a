// What each move of a resubmission's state map does beyond the map and its permission (seed 003
// §4.1, §5, §7): the checks of the move (payment, reason, dates), the who/when stamps it writes
// in the same UPDATE, and the mail it queues once written. Run by the write hooks
// (resubmission-writes.ts) inside the write's transaction: a refusal here undoes the move.
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { EFFECTIVE_AFTER_DAYS, PAYMENT_BY_REFERENCE, PAYMENT_PROOF, PAYMENT_TYPE_GROUP, RESUBMISSION_MESSAGES as M, RESUBMISSION_REASON_GROUP, RESUBMISSION_STATE as S } from './resubmission-states.js';
import { staffHoldingWhoRead, type NoticeRow } from '../../engine/mail/staff-visibility.js';
import { entityRecipients, mailAll } from './resubmission-mail.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Checks a resubmission move\'s reason, proof of payment and stamps while the record engine moves a request the caller reached',
);

type Row = Record<string, unknown>;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** `YYYY-MM-DD` of a date value as the codec hands it over (a string, or a Date on some drivers). */
export function isoDay(v: unknown): string | null {
  if (blank(v)) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return sqlDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

async function activeEntry(ctx: ActionContext, group: number, id: unknown): Promise<boolean> {
  if (blank(id)) return false;
  const row = await ctx.db('list').where({ id: Number(id), listgroup: group, state: 33 }).first('id');
  return Boolean(row);
}

/** Seed 003 §5: the payment needs a method, and a reference number (type 1100483) or a PDF proof. */
async function paymentProblems(ctx: ActionContext, id: number, record: Row): Promise<Record<string, string>> {
  if (!(await activeEntry(ctx, PAYMENT_TYPE_GROUP, record.paymenttype))) return { paymenttype: M.method };
  if (Number(record.paymenttype) === PAYMENT_BY_REFERENCE) return blank(record.receiptno) ? { receiptno: M.reference } : {};
  const proof = await ctx.db('resubmission_reference').where({ fk_resubmission: id, description: PAYMENT_PROOF, contenttype: 'application/pdf' }).first('id');
  return proof ? {} : { proof: M.proof };
}

/** Seed 003 §5: recommended and approved dates must be after today. */
function afterToday(field: string, day: string | null): void {
  if (day !== null && day <= sqlDate()) throw errors.validation({ [field]: 'must be after today' });
}

/** The who/when stamps of a move, after its checks (seed 003 §4.1, §5); a refusal undoes the write. */
export async function stampsOfMove(ctx: ActionContext, id: number, from: number | null, to: number, record: Row): Promise<Row> {
  const now = sqlDateTime();
  const who = ctx.caller?.userId ?? null;
  if (to === S.pending) {
    // An edit resubmits; one of a New request also resets the initiator and the create time.
    if (from === S.amendment && !blank(record.paymenttype)) throw new AppError('E_STATETRANSITION', 'The request has a payment: it goes back to Pending Recommendation (79), not Pending.');
    return from === S.new ? { initiateby: who, createon: now } : {};
  }
  if (to === S.pendingRecommendation) {
    if (from === S.amendment && blank(record.paymenttype)) throw new AppError('E_STATETRANSITION', 'The request has no payment yet: it goes back to Pending (61).');
    if (from === S.pendingPayment) {
      const problems = await paymentProblems(ctx, id, record);
      if (Object.keys(problems).length) throw errors.validation(problems);
      return { paymentdate: now };
    }
    return from === S.pendingVerification ? { paywaivapprby: who, paywaivappractiondate: now } : {};
  }
  if (to === S.pendingPayment) return from === S.pending ? { proceedby: who, proceedactiondate: now } : { paywaived: 0, paywaivapprby: who, paywaivappractiondate: now };
  if (to === S.pendingVerification) return { paywaived: 1, paywaivreqby: who, paywaivactiondate: now };
  if (to === S.amendment) return { amendmentreqdate: now, admendreqby: who, recommend: null };
  if (to === S.recommended || to === S.recommendToReject) {
    if (!(await activeEntry(ctx, RESUBMISSION_REASON_GROUP, record.reasonclass))) throw errors.validation({ reasonclass: M.reason });
    const day = isoDay(record.recommextdate) ?? isoDay(record.requestextdate);
    afterToday('recommextdate', day);
    return { recommend: to === S.recommended ? 1 : 0, recommendby: who, processdate: now, recommextdate: day };
  }
  if (to === S.approved) {
    // The effective date: as approved, else three days after approval (seed 003 §2.2, §9).
    const day = isoDay(record.apprextdate) ?? addDays(sqlDate(), EFFECTIVE_AFTER_DAYS);
    afterToday('apprextdate', day);
    return { approvaldate: now, actionby: who, apprextdate: day, reopenedon: null, resubmittedon: null };
  }
  // A rejected request has no approved date, whatever the approver sent with the move.
  if (to === S.rejected) return { approvaldate: now, actionby: who, apprextdate: null };
  if (to === S.cancelled) return { cancelactiondate: now, actionby: who };
  return {};
}

/** The mail of a move through the outbox (seed 003 §7: 1101178-1101181), once written. */
export async function mailOfMove(ctx: ActionContext, id: number, to: number, record: Row): Promise<void> {
  const initiator = record.initiateby === null || record.initiateby === undefined ? null : Number(record.initiateby);
  const entity = () => entityRecipients(ctx.db, Number(record.re), initiator);
  // Staff are mailed only about a request, its entity and query their row rules let them read.
  const about: NoticeRow[] = [{ module: 'Resubmission', id }, { module: 'RE', id: Number(record.re), related: true }];
  if (record.query !== null && record.query !== undefined) about.push({ module: 'Query', id: Number(record.query), related: true });
  if (to === S.pendingRecommendation) await mailAll(ctx.db, MAIL_TYPES.PENDING_RECOMMENDATION, await staffHoldingWhoRead(ctx, 'Resubmission.action.recommend', about), { id });
  else if (to === S.recommended || to === S.recommendToReject) await mailAll(ctx.db, MAIL_TYPES.RECOMMENDED, await staffHoldingWhoRead(ctx, 'Resubmission.action.approve', about), { id });
  else if (to === S.approved) await mailAll(ctx.db, MAIL_TYPES.APPROVED, await entity(), { id });
  else if (to === S.amendment) {
    const by = record.admendreqby === null || record.admendreqby === undefined ? null : await ctx.db('user').where({ id: Number(record.admendreqby) }).first('name');
    await mailAll(ctx.db, MAIL_TYPES.AMENDMENT_REQUIRED, await entity(), { id, remark: String(record.remark ?? ''), rejected_by: String(by?.name ?? '') });
  }
}
