// The non-compliance (PEOI) case's states, moves, messages and reasons (seed 003 §4.6, §5, §6,
// §8, §9): one table of which action a case in a state takes, by which stage, to which state;
// the state map (portal/metadata/modules/PEOI.json) holds the same moves with the stage's permission.

/** Status ids: seed 000 §4.1, with the include readings of seed 003 §4.6 (IRU include → 61, HOU include → 82). */
export const PEOI_STATE = {
  pending: 61,
  amendment: 74,
  iruExclude: 81,
  iruRecommend: 82,
  houExclude: 83,
  houRecommend: 84,
  issued: 42,
  excluded: 85,
} as const;

export type PeoiAction = 'recommend' | 'exclude' | 'include' | 'amend' | 'issue' | 'retract';
export type PeoiStage = 'iru' | 'hou' | 'peoi';

const S = PEOI_STATE;

/** state → action → [target state, stage]. */
export const PEOI_MOVES: Record<number, Partial<Record<PeoiAction, [number, PeoiStage]>>> = {
  [S.pending]: { recommend: [S.iruRecommend, 'iru'], exclude: [S.iruExclude, 'iru'] },
  [S.amendment]: { recommend: [S.iruRecommend, 'iru'], exclude: [S.iruExclude, 'iru'] },
  [S.iruExclude]: { include: [S.pending, 'iru'], recommend: [S.houRecommend, 'hou'], exclude: [S.houExclude, 'hou'], amend: [S.amendment, 'hou'] },
  [S.iruRecommend]: { recommend: [S.houRecommend, 'hou'], exclude: [S.houExclude, 'hou'], amend: [S.amendment, 'hou'] },
  [S.houExclude]: { include: [S.iruRecommend, 'hou'], issue: [S.issued, 'peoi'], exclude: [S.excluded, 'peoi'] },
  [S.houRecommend]: { issue: [S.issued, 'peoi'], exclude: [S.excluded, 'peoi'] },
  [S.issued]: { retract: [S.excluded, 'peoi'] },
};

/** The columns each stage writes: reason, description (appended), decision (0 show cause, 1 exclude), officer. */
export const STAGE_COLUMNS: Record<PeoiStage, { reason: string; description: string; decision: string; officer: string }> = {
  iru: { reason: 'iru_reasonclass', description: 'iru_reasondesc', decision: 'irushowc_excl', officer: 'iruofifcer' },
  hou: { reason: 'hou_reasonclass', description: 'houreasondesc', decision: 'houshowc_excl', officer: 'houofficer' },
  peoi: { reason: 'reasonclass', description: 'peoiremarks', decision: 'peoishowc', officer: 'peoiofficer' },
};

/** Actions that classify the decision with a reason of the caller's list. */
export const NEEDS_REASON: PeoiAction[] = ['recommend', 'exclude', 'issue'];

export const PEOI_REASON_GROUP = { staff: 587, officer: 617 } as const;
/** Role 36, the PEOI officer, sees reason list 617 instead of 587 (seed 003 §6). */
export const PEOI_OFFICER_ROLE = 36;
export const ISSUE_REASON = 10086;
export const RETRACT_REASON = 10093;

/** What a stage's descriptions are separated by (seed 003 §4.6: "a dashed line"). */
export const DASHED_LINE = '-'.repeat(40);

export function appendDescription(earlier: unknown, added: string): string {
  const before = earlier === null || earlier === undefined ? '' : String(earlier).trim();
  return before ? `${before}\n${DASHED_LINE}\n${added}` : added;
}

/** Seed 003 §5 and §8, verbatim. */
export const PEOI_MESSAGES = {
  fillAll: 'Please fill all the field',
  address: 'Please select at least one address',
  sendVia: "Ensure all addresses must have 'Send Via' selected.",
  section: 'Please select section',
  officer: 'Please select PEOI Officer',
  noOffice: 'Details of Office not found',
  noOfficeText: 'RE does not have addresses setup in their profile.',
  confirmRetract: 'Confirm Retract?',
} as const;

/** Send Via options of the letter dialog (seed 003 §9). */
export const SEND_VIA: Record<string, string> = { post: 'By Post', courier: 'By Courier', email: 'By Email', hand: 'By Hand' };

/** Business parameters of the letter (seed 003 §3). */
export const LETTER_PARAMETERS = { officers: 16, cc: 17, sections: 19 } as const;
