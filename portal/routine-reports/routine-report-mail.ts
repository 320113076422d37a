// Mail of a routine report's stages through the outbox (seed 003 §7: Email.generate types
// 1101178-1101181), queued in the move's transaction so a move that is undone sends nothing.
// Pending recommendation goes to the staff who may recommend, recommended to those who may
// approve, approved and amendment required to the report's author.
import type { Knex } from 'knex';
import { queueTemplateMail } from '../../engine/mail/outbox.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { distinctAddresses } from '../../engine/mail/staff-recipients.js';
import { staffHoldingWhoRead } from '../../engine/mail/staff-visibility.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { ROUTINE_STATE as S } from './routine-report-rules.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Addresses the user a routine report\'s stage mail goes to; no row is shown to anyone',
);

type Db = Knex | Knex.Transaction;
const ACTIVE = 33;
/** Regulator staff only: administrators hold every task but take no part in the workflow. */
const IRU_LOGIN = 1;

async function emailOf(db: Db, user: unknown): Promise<string[]> {
  if (user === null || user === undefined) return [];
  const row = await db('user').where({ id: Number(user), state: ACTIVE }).first('email');
  return distinctAddresses([row?.email]);
}

/** Queues the mail of the move to `to` of report `report` (its row after the move). */
export async function mailOfRoutineMove(ctx: ActionContext, report: Record<string, unknown>, to: number, extra: { remark?: string; by?: string } = {}): Promise<number> {
  const db = ctx.db;
  // Staff are mailed only about a report they may read.
  const about = [{ module: 'RoutineRpt', id: Number(report.id) }];
  const id = `${report.id} (routine report "${String(report.name ?? '')}")`;
  let type: number;
  let recipients: string[];
  const data: Record<string, string | number> = { id };
  if (to === S.pendingRecommendation) {
    type = MAIL_TYPES.PENDING_RECOMMENDATION;
    recipients = await staffHoldingWhoRead(ctx, 'RoutineRpt.action.recommend', about);
  } else if (to === S.recommended) {
    type = MAIL_TYPES.RECOMMENDED;
    recipients = await staffHoldingWhoRead(ctx, 'RoutineRpt.action.approve', about);
  } else if (to === S.approved) {
    type = MAIL_TYPES.APPROVED;
    recipients = await emailOf(db, report.createby);
  } else if (to === S.amendment) {
    type = MAIL_TYPES.AMENDMENT_REQUIRED;
    recipients = await emailOf(db, report.createby);
    data.remark = extra.remark ?? '';
    data.rejected_by = extra.by ?? '';
  } else {
    return 0;
  }
  for (const address of recipients) await queueTemplateMail(db, type, address, data);
  return recipients.length;
}
