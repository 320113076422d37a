// The resubmission request's states (seed 000 §4.1 ids, seed 003 §4.1) and its constants.
export const RESUBMISSION_STATE = {
  new: 54,
  pending: 61,
  pendingPayment: 25,
  pendingVerification: 78,
  amendment: 74,
  pendingRecommendation: 79,
  recommended: 65,
  recommendToReject: 70,
  approved: 66,
  rejected: 23,
  cancelled: 32,
} as const;

/** Seed 003 §9: paid by reference number, no proof file; every other type needs a PDF proof. */
export const PAYMENT_BY_REFERENCE = 1100483;
/** List groups: payment types (active only) and the recommender's reasons. */
export const PAYMENT_TYPE_GROUP = 114;
export const RESUBMISSION_REASON_GROUP = 99;
/** Seed 003 §9: the effective resubmission date is three days after approval unless approved otherwise. */
export const EFFECTIVE_AFTER_DAYS = 3;
/** Seed 003 §4.1: only accepted forms (45) of completed submissions (71) may be asked for. */
export const RESUBMITTABLE_FORM_STATE = 45;
export const RESUBMITTABLE_BATCH_STATE = 71;
/** Seed 003 §4.1 (overdue view): a named form in one of these has been dealt with. */
export const FORM_DONE_STATES = [23, 45, 56];
/** The description an attachment carries when it is a payment proof (the upload names it). */
export const PAYMENT_PROOF = 'payment';

/** Seed 003 §5, §8, verbatim. */
export const RESUBMISSION_MESSAGES = {
  required: 'Please fill in all the required fields',
  reason: 'Please select your reason',
  proof: 'Please upload at least one payment proof',
  method: 'Please select your payment method',
  reference: 'Please enter your Payment Reference Number',
  pdfOnly: 'Only PDF file is allowed',
  noFile: 'Please select a file to upload',
} as const;
/** Seed 003 §3: the submit type of a submission reopened by an approved resubmission (list group 1105). */
export const SUBMIT_TYPE_RESUBMISSION = 1100526;
