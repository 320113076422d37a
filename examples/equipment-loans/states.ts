// The states of a loan, stored as List entries (the engine's List module names them) in the
// app's own list group, so that lists, filters and the form's state control show their names.
export const LOAN_STATE = { requested: 501, approved: 502, declined: 503, returned: 504 } as const;

/** The list group holding the loan states; ids far from any other app's. */
export const LOAN_STATE_GROUP = 500;

/** The engine's "Active" state of users and reference rows (engine/identity checks it at sign-in). */
export const ACTIVE = 33;

export const STATE_NAMES: [number, string][] = [
  [LOAN_STATE.requested, 'Requested'],
  [LOAN_STATE.approved, 'Approved'],
  [LOAN_STATE.declined, 'Declined'],
  [LOAN_STATE.returned, 'Returned'],
];
