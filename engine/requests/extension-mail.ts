// The mail of each stage of an extension request (seed 003 §7: Email.generate types 1101178-
// 1101180, data `id`), queued in the outbox in the move's transaction: paid → the regulator's
// recommenders (pending recommendation), recommended or recommended to reject → its approvers,
// approved → the entity user who asked. A stage whose template an administrator has switched off
// (inactive) sends nothing.
import type { Knex } from 'knex';
import type { ActionContext } from '../actions/context.js';
import { LOGIN_TYPE } from '../actions/context.js';
import { MAIL_TYPES } from '../mail/mail-types.js';
import { isMailAddress, queueTemplateMail } from '../mail/outbox.js';
import type { Row } from '../records/write-values.js';
import { EXTENSION_STATE as S } from './extension-states.js';

const ACTIVE_USER = 33;
const ACTIVE_TEMPLATE = 33;

/** Active regulator staff who hold `permission` through one of their roles. */
export async function staffHolding(db: Knex, permission: string): Promise<string[]> {
  const rows: { email: string | null }[] = await db({ u: 'user' })
    .join({ ur: 'user_role' }, 'ur.link_fk_user', 'u.id')
    .join({ rp: 'role_permissiontasks' }, 'rp.link_fk_role', 'ur.link_fk_role')
    .join({ p: 'permissiontasks' }, 'p.id', 'rp.link_fk_permissiontasks')
    .where('p.name', permission)
    .andWhere('u.logintype', LOGIN_TYPE.IRU)
    .andWhere('u.state', ACTIVE_USER)
    .distinct('u.email as email')
    .orderBy('u.email');
  return unique(rows.map((r) => r.email));
}

function unique(emails: (string | null)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of emails) {
    const email = String(e ?? '').trim();
    if (!isMailAddress(email) || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

async function recipientsFor(db: Knex, to: number, request: Row): Promise<{ type: number; emails: string[] } | null> {
  if (to === S.paid) return { type: MAIL_TYPES.PENDING_RECOMMENDATION, emails: await staffHolding(db, 'Extension.action.recommend') };
  if (to === S.recommended || to === S.recommendReject) return { type: MAIL_TYPES.RECOMMENDED, emails: await staffHolding(db, 'Extension.action.approve') };
  if (to === S.approved) {
    const asker = await db('user').where({ id: Number(request.createby), state: ACTIVE_USER }).first('email');
    return { type: MAIL_TYPES.APPROVED, emails: unique([asker?.email ?? null]) };
  }
  return null;
}

export async function queueExtensionMail(ctx: ActionContext, to: number, request: Row): Promise<void> {
  const stage = await recipientsFor(ctx.db, to, request);
  if (!stage || !stage.emails.length) return;
  if (!(await ctx.db('email_template').where({ type: stage.type, state: ACTIVE_TEMPLATE }).first('id'))) return;
  for (const email of stage.emails) await queueTemplateMail(ctx.db, stage.type, email, { id: Number(request.id) });
}
