// Pure helpers of the thread screens (docs/threads.md): their dates, the ribbon's
// tone by state, and the states an IRU user may choose in the Change Status dialog.
import { formatDateTime } from '../ui/date-format';

/**
 * Stored date-times are UTC `YYYY-MM-DD HH:mm:ss`; shown in `zone` as every date of the portal is
 * (DD/MM/YYYY hh:mm:ss a, the portal's one date form, in place of seed 002's '5 Mar 2024, 3:04pm': docs/client.md).
 */
export function threadDate(value: unknown, zone: string = 'local'): string {
  return formatDateTime(value, zone);
}

export type RibbonTone = 'warning' | 'success' | 'danger' | 'default';

/** Seed 002 §4: warning New; success Open, Active, Responded, Approved; danger On Hold, Rejected (and Closed with resubmission); default Closed. */
export function ribbonTone(state: number): RibbonTone {
  if (state === 54) return 'warning';
  if ([13, 33, 58, 66].includes(state)) return 'success';
  if ([44, 23, 80].includes(state)) return 'danger';
  return 'default';
}

export const STATE_NAMES: Record<number, string> = { 54: 'New', 13: 'Open', 58: 'Responded', 44: 'On Hold', 8: 'Closed', 23: 'Rejected', 66: 'Approved', 80: 'Closed With Resubmission' };

/** Help desk category linking a user with a role (seed 002 §2). */
export const LINK_USER_CATEGORY = 1408;

/** The help desk states IRU may set (seed 002 §4): Open, On Hold, then Approved/Rejected for 1408 or Closed. */
export function helpdeskTargets(category: number, current: number): number[] {
  const targets = category === LINK_USER_CATEGORY ? [13, 44, 66, 23] : [13, 44, 8];
  return targets.filter((s) => s !== current);
}

/** The query states IRU may set: Open, Closed, Closed with resubmission (which asks for the resubmission's date and reason). */
export function queryTargets(current: number): number[] {
  return [13, 8, CLOSED_WITH_RESUBMISSION].filter((s) => s !== current);
}

export const CLOSED_WITH_RESUBMISSION = 80;

/** Final states: no reply, no status change. */
export const FINAL_STATES = { helpdesk: [8, 23, 66], query: [8, 80] } as const;
