// Templates marked approver-view-only (seed 003 §2.1): their forms are shown, exported and
// extracted only for regulator staff, administrators and entity approvers (role 27), as the form
// list hides them from the entity's other users.
import { LOGIN_TYPE, type ActionContext } from '../../engine/runtime/context.js';

const APPROVER_ROLE = 27;

export function mayDownloadApproverOnly(ctx: ActionContext): boolean {
  const caller = ctx.caller;
  if (!caller) return false;
  return caller.loginType === LOGIN_TYPE.IRU || caller.loginType === LOGIN_TYPE.ADMIN || caller.roles.has(APPROVER_ROLE);
}
