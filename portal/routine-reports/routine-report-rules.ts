// The routine report's states, messages and limits (seed 003 §4.5, §5, §8): one place for the
// actions, the bulletin they publish and the tests.

/** Status ids of seed 000 §4.1 as a routine report uses them. */
export const ROUTINE_STATE = {
  pending: 61,
  amendment: 74,
  responded: 58,
  pendingRecommendation: 79,
  recommended: 65,
  approved: 66,
  published: 103,
} as const;

/** Seed 003 §4.5: replying is hidden in these states (and refused by the state map). */
export const NO_REPLY_STATES: number[] = [ROUTINE_STATE.pendingRecommendation, ROUTINE_STATE.recommended, ROUTINE_STATE.approved, ROUTINE_STATE.published];

/** Seed 003 §5 and §8, verbatim. */
export const ROUTINE_MESSAGES = {
  required: 'Please fill in all the required fields',
  replyMessage: 'Please enter your message before reply',
  bothFiles: 'File Upload Error: Need to upload both file',
  updated: 'Routine Report Successfuly Updated',
} as const;

/** The two files of a reply with attachments (RoutineRptMsg_Reference.description). */
export const REPLY_FILES = ['report', 'validation'] as const;

/** Fields a report must have, on create; on update the same except the bulletin template (seed 003 §5). */
export const REQUIRED_ON_CREATE = [
  'bulletintmpl', 'name', 'insight', 'preceedingamt', 'majorcontribute', 'accuracylevel', 'trend',
  'submissiondue', 'noofre', 'submissionlevel', 'disseminationdeadline', 'typeofre',
] as const;
export const REQUIRED_ON_UPDATE = REQUIRED_ON_CREATE.filter((f) => f !== 'bulletintmpl');

/** A bulletin published from a report runs this many days, by the report's periodicity (ours). */
export const BULLETIN_DAYS: Record<string, number> = { monthly: 30, quarterly: 91, semiannual: 182, annual: 365 };
export const BULLETIN_DEFAULT_DAYS = 30;

/** The decision columns (houstatus, hodstatus) hold the state the decision moved the report to. */
export type Decision = 'recommend' | 'amend';
