// For which rows each list helper's button shows, and which row fields it reads (the list asks
// for them with its columns). Pure data and predicates (the one import is the engine's pure late
// notice rule), so that the metadata checks can read them too; the helpers are in list-helpers.ts.
import { lateNoticeProblem } from '../../../portal/filing/late-notice-rule.js';
import { isLateSubmission } from '../../../portal/re/re-admin-rules.js';

export type RowValues = Record<string, unknown>;

export interface RowRule {
  fields: string[];
  /** `args` as written in the metadata: `setStatus(4)` → [4]. */
  shows(row: RowValues, args: (string | number)[]): boolean;
}

/** Seed 001 §4.2 (and seed 000 §4.1 for 61 and 23). */
export const STATE = { active: 33, inactive: 4, rejected: 23, void: 35, completed: 71, pendingReview: 61, pendingEmail: 62 } as const;

const stateOf = (row: RowValues) => (row.state === null || row.state === undefined || row.state === '' ? null : Number(row.state));
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const inState = (state: number): RowRule => ({ fields: ['state', 'userid'], shows: (row) => stateOf(row) === state });

/** The browser's own calendar day, YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const LIST_HELPER_RULES: Record<string, RowRule> = {
  /** Unless the row already has the target state. */
  setStatus: { fields: ['state', 'updatectr'], shows: (row, args) => args[0] !== undefined && stateOf(row) !== Number(args[0]) },
  unvoid: { fields: ['state', 'updatectr'], shows: (row) => stateOf(row) === STATE.void },
  freeze: { fields: ['state', 'frozen_ind', 'updatectr'], shows: (row) => stateOf(row) === STATE.completed && !truthy(row.frozen_ind) },
  /**
   * Not on a frozen submission, which the server refuses to delete: its `frozen_ind` is read where
   * the list asks for it (the submissions list does, for its Freeze button); elsewhere it shows.
   */
  deleteRecord: { fields: ['updatectr'], shows: (row) => !truthy(row.frozen_ind) },
  activateUser: inState(STATE.pendingReview),
  rejectUser: inState(STATE.pendingReview),
  resendVerification: inState(STATE.pendingEmail),
  resetPassword: inState(STATE.active),
  resetMFA: inState(STATE.active),
  /** A primary RE user's sub-users (RE_User rows): only between 33 and 4, never the primary's own row. */
  setSubUserStatus: {
    fields: ['state', 'link_fk_user', 'isprimary'],
    shows: (row, args) => (stateOf(row) === STATE.active || stateOf(row) === STATE.inactive) && stateOf(row) !== Number(args[0]) && !truthy(row.isprimary),
  },
  /** A submission's forms as a .zip (the server leaves out what the caller may not download). */
  exportBatchExcel: { fields: ['id'], shows: () => true },
  /** Seed 002 §4: the due date and its day of grace have passed and the batch was not completed on time. */
  lateNotify: { fields: ['duedate', 'state', 'submitteddate'], shows: (row) => lateNoticeProblem(row, today()) === null },
  /** Seed 001 §4.2: a BCAF not yet submitted (56) nor void. */
  submitBcaf: { fields: ['state', 'updatectr'], shows: (row) => stateOf(row) === STATE.active || stateOf(row) === STATE.inactive },
  /** The regulator's entity actions (docs/re-admin-actions.md): every entity row. */
  entityProfile: { fields: ['id'], shows: () => true },
  setCountryOrigin: { fields: ['name', 'updatectr', 'countryorigin', 'comporigindate'], shows: () => true },
  setFYE: { fields: ['name', 'updatectr', 'fye'], shows: () => true },
  /** Seed 001 §4.2: due date passed and not submitted, or submitted after it. */
  lateSubmission: { fields: ['name', 'duedate', 'submitteddate'], shows: (row) => isLateSubmission(row, today()) },
  /** A parent/child link (RE_RE) of a relation list. */
  unlink: { fields: ['name', 'link_id', 'link_updatectr'], shows: () => true },
};
