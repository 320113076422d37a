// The PEOI case's moves as the screens offer them (seed 003 §4.6): the same table the server
// runs (portal/peoi/peoi-rules.ts), so a panel shows only the buttons its stage may press.
import type { LoginInfo } from '../session/session-store';

export { PEOI_MESSAGES, PEOI_STATE, PEOI_MOVES as MOVES, type PeoiAction, type PeoiStage as Stage } from '../../../portal/peoi/peoi-rules.js';
import { PEOI_OFFICER_ROLE, PEOI_REASON_GROUP, SEND_VIA as SEND_VIA_NAMES, type PeoiStage as Stage } from '../../../portal/peoi/peoi-rules.js';

export const STAGES: { stage: Stage; title: string; permission: string }[] = [
  { stage: 'iru', title: 'IRU', permission: 'PEOI.action.iru' },
  { stage: 'hou', title: 'Head of Unit', permission: 'PEOI.action.hou' },
  { stage: 'peoi', title: 'PEOI Officer', permission: 'PEOI.action.peoi' },
];

/** Role 36 (the PEOI officer) sees reason list 617 instead of 587 (seed 003 §6). */
export function reasonGroupFor(user: LoginInfo | null): number {
  return user?.roles[String(PEOI_OFFICER_ROLE)] ? PEOI_REASON_GROUP.officer : PEOI_REASON_GROUP.staff;
}

export const SEND_VIA: [string, string][] = Object.entries(SEND_VIA_NAMES);
