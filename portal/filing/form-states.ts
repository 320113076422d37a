// The state ids of forms and submission batches (seed 000 §4.1) the filing layer reasons about.

export const FORM_STATE = { open: 13, pendingVerification: 78, ready: 55, submitted: 56, accepted: 45, amendment: 74 } as const;

export const BATCH_STATE = { open: 13, incomplete: 75, ready: 55, submitted: 56, accepted: 45, amendment: 74, completed: 71 } as const;

/** States in which the entity may write cells (Amendment Required: the first save reopens the form). */
export const WRITABLE_STATES = new Set<number>([FORM_STATE.open, FORM_STATE.amendment]);
