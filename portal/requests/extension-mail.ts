// The mail of each stage of an extension request (seed 003 §7: Email.generate types 1101178-
// 1101180, data `id`), queued in the outbox in the move's transaction: paid → the regulator's
// recommenders (pending recommendation), recommended or recommended to reject → its approvers,
// approved → the entity user who asked. A stage whose template an administrator has switched off
// (inactive) sends nothing.
import type { ActionContext } from '../../engine/runtime/context.js';
import { LOGIN_TYPE } from '../../engine/runtime/context.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { queueTemplateMail } from '../../engine/mail/outbox.js';
import { distinctAddresses } from '../../engine/mail/staff-recipients.js';
import { staffHoldingWhoRead } from '../../engine/mail/staff-visibility.js';
import type { Row } from '../../engine/records/write-values.js';
import { EXTENSION_STATE as S } from './extension-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Addresses the requester of an extension by their user row when a stage\'s mail is queued; no row is shown to anyone',
);

const ACTIVE_USER = 33;
const ACTIVE_TEMPLATE = 33;

async function recipientsFor(ctx: ActionContext, to: number, request: Row): Promise<{ type: number; emails: string[] } | null> {
  const db = ctx.db;
  // Staff are mailed only about a request, its entity and submission their row rules let them read.
  const about = [{ module: 'Extension', id: Number(request.id) }, { module: 'RE', id: Number(request.re), related: true }, { module: 'FormBatch', id: Number(request.formbatch), related: true }];
  if (to === S.paid) return { type: MAIL_TYPES.PENDING_RECOMMENDATION, emails: await staffHoldingWhoRead(ctx, 'Extension.action.recommend', about) };
  if (to === S.recommended || to === S.recommendReject) return { type: MAIL_TYPES.RECOMMENDED, emails: await staffHoldingWhoRead(ctx, 'Extension.action.approve', about) };
  if (to === S.approved) {
    const asker = await db('user').where({ id: Number(request.createby), state: ACTIVE_USER }).first('email');
    return { type: MAIL_TYPES.APPROVED, emails: distinctAddresses([asker?.email ?? null]) };
  }
  return null;
}

export async function queueExtensionMail(ctx: ActionContext, to: number, request: Row): Promise<void> {
  const stage = await recipientsFor(ctx, to, request);
  if (!stage || !stage.emails.length) return;
  if (!(await ctx.db('email_template').where({ type: stage.type, state: ACTIVE_TEMPLATE }).first('id'))) return;
  for (const email of stage.emails) await queueTemplateMail(ctx.db, stage.type, email, { id: Number(request.id) });
}
