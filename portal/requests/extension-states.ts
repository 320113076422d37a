// The extension request's states and constants (seed 000 §4.1 ids; seed 003 §4.2, §9).
export const EXTENSION_STATE = {
  pendingPayment: 25,
  paid: 31,
  recommended: 65,
  recommendReject: 70,
  approved: 66,
  rejected: 23,
} as const;

/** Requests that still hold their batch: no second request for it meanwhile. */
export const OPEN_EXTENSION_STATES: number[] = [EXTENSION_STATE.pendingPayment, EXTENSION_STATE.paid, EXTENSION_STATE.recommended, EXTENSION_STATE.recommendReject];

/** Batches that may be extended: Incomplete 75, Open 13, New 54 (seed 003 §4.2). */
export const ELIGIBLE_BATCH_STATES = [75, 13, 54];
/** ... and due at least this many days after today (seed 003 §9). */
export const MIN_DAYS_BEFORE_DUE = 3;

/** Payment type paid by reference number, no proof file (seed 003 §9). */
export const PAYMENT_BY_REFERENCE = 1100483;
export const PAYMENT_TYPE_GROUP = 114;
export const EXTENSION_REASON_GROUP = 101;
