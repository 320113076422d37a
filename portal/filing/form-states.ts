// The state ids of forms and submission batches (seed 000 §4.1) the filing layer reasons about.

export const FORM_STATE = { open: 13, pendingVerification: 78, ready: 55, submitted: 56, accepted: 45, amendment: 74 } as const;

export const BATCH_STATE = { open: 13, incomplete: 75, ready: 55, submitted: 56, accepted: 45, amendment: 74, completed: 71 } as const;

/** States in which the entity may write cells (Amendment Required: the first save reopens the form). */
export const WRITABLE_STATES = new Set<number>([FORM_STATE.open, FORM_STATE.amendment]);

/** Each form state in words, as every screen and mail names it. */
export const FORM_STATE_NAMES: Readonly<Record<number, string>> = {
  [FORM_STATE.open]: 'Open', [FORM_STATE.pendingVerification]: 'Pending Verification', [FORM_STATE.ready]: 'Ready',
  [FORM_STATE.submitted]: 'Submitted', [FORM_STATE.accepted]: 'Accepted', [FORM_STATE.amendment]: 'Amendment Required',
};

/** A move that sends a form back, whose reason is required and mailed: the checker's and the approver's steps back, the regulator's return. */
export function isReturn(from: number | null, to: number): boolean {
  return (from === FORM_STATE.pendingVerification && to === FORM_STATE.open)
    || (from === FORM_STATE.ready && to === FORM_STATE.pendingVerification)
    || ((from === FORM_STATE.submitted || from === FORM_STATE.accepted) && to === FORM_STATE.amendment);
}
