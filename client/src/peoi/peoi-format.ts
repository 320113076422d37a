// The PEOI case's moves as the screens offer them (seed 003 §4.6): the same table the server
// runs (engine/peoi/peoi-rules.ts), so a panel shows only the buttons its stage may press.
import type { LoginInfo } from '../session/session-store';

export const PEOI_STATE = { pending: 61, amendment: 74, iruExclude: 81, iruRecommend: 82, houExclude: 83, houRecommend: 84, issued: 42, excluded: 85 } as const;
export type PeoiAction = 'recommend' | 'exclude' | 'include' | 'amend' | 'issue' | 'retract';
export type Stage = 'iru' | 'hou' | 'peoi';

const S = PEOI_STATE;
export const MOVES: Record<number, Partial<Record<PeoiAction, [number, Stage]>>> = {
  [S.pending]: { recommend: [S.iruRecommend, 'iru'], exclude: [S.iruExclude, 'iru'] },
  [S.amendment]: { recommend: [S.iruRecommend, 'iru'], exclude: [S.iruExclude, 'iru'] },
  [S.iruExclude]: { include: [S.pending, 'iru'], recommend: [S.houRecommend, 'hou'], exclude: [S.houExclude, 'hou'], amend: [S.amendment, 'hou'] },
  [S.iruRecommend]: { recommend: [S.houRecommend, 'hou'], exclude: [S.houExclude, 'hou'], amend: [S.amendment, 'hou'] },
  [S.houExclude]: { include: [S.iruRecommend, 'hou'], issue: [S.issued, 'peoi'], exclude: [S.excluded, 'peoi'] },
  [S.houRecommend]: { issue: [S.issued, 'peoi'], exclude: [S.excluded, 'peoi'] },
  [S.issued]: { retract: [S.excluded, 'peoi'] },
};

export const STAGES: { stage: Stage; title: string; permission: string }[] = [
  { stage: 'iru', title: 'IRU', permission: 'PEOI.action.iru' },
  { stage: 'hou', title: 'Head of Unit', permission: 'PEOI.action.hou' },
  { stage: 'peoi', title: 'PEOI Officer', permission: 'PEOI.action.peoi' },
];

/** Role 36 (the PEOI officer) sees reason list 617 instead of 587 (seed 003 §6). */
export function reasonGroupFor(user: LoginInfo | null): number {
  return user?.roles['36'] ? 617 : 587;
}

export const SEND_VIA: [string, string][] = [['post', 'By Post'], ['courier', 'By Courier'], ['email', 'By Email'], ['hand', 'By Hand']];
