// "Waiting for me": the forms in the states the signed-in user acts on, of any period. One
// definition serves the sidebar's count, the dashboard's link and the list they open
// (/re/waiting, /iru/waiting), so the count is the list's total. The states are the Form
// module's named filters (portal/metadata/modules/Form.json; docs/filing.md "Sign-off"):
// - preparer (role 25): Open or Amendment Required (waitingForPreparer);
// - checker (26): Pending Verification (pendingVerification);
// - approver (27): Ready (readyForApproval) — the approver may also prepare and check, but only
//   they may submit, so their queue is what waits for them alone;
// - regulator staff who review forms (Form.action.review): Submitted (waitingForReview).
// A user holding several entity roles sees the union. Roles 25–27 are the user's roles on the
// current entity (session-store); REForm is scoped to that entity.
import type { LoginInfo } from '../session/session-store';

export interface Queue {
  module: 'REForm' | 'Form';
  where: unknown[];
  /** Where the queue's list is. */
  to: '/re/waiting' | '/iru/waiting';
  /** Its sidebar entry, link and page title. */
  title: string;
}

const ENTITY_QUEUES: [role: number, filter: string][] = [
  [25, 'waitingForPreparer'],
  [26, 'pendingVerification'],
  [27, 'readyForApproval'],
];

export const RE_QUEUE_TITLE = 'Waiting for me';
export const IRU_QUEUE_TITLE = 'Waiting for my review';

export function waitingForMe(user: LoginInfo): Queue | undefined {
  if (user.permissions['Form.action.review']) {
    return { module: 'Form', where: [['$filter', 'waitingForReview']], to: '/iru/waiting', title: IRU_QUEUE_TITLE };
  }
  const filters = ENTITY_QUEUES.filter(([role]) => user.roles[String(role)]).map(([, f]) => ['$filter', f]);
  if (!filters.length || !user.permissions['REForm.select']) return undefined;
  return { module: 'REForm', where: filters.length === 1 ? filters : [{ or: filters }], to: '/re/waiting', title: RE_QUEUE_TITLE };
}

/** The sidebar's count beside "Waiting for me" / "Waiting for my review". */
export function signOffBadge(user: LoginInfo): { module: string; where: unknown[] } | undefined {
  const queue = waitingForMe(user);
  return queue && { module: queue.module, where: queue.where };
}
