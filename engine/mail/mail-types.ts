// The e-mail types of the seeds (seed 001 §7, seed 003 §7) and the ones the account flows
// need: each is the `type` of one stored template (EmailTemplate module, seeds/mail-templates.ts).
export const MAIL_TYPES = {
  VERIFY_EMAIL: 1003,
  PASSWORD_RESET: 1005,
  ACCOUNT_ACTIVATED: 1006,
  NEW_REGISTRATION: 1007,
  /** FormBatch.lateNotify: the regulator tells an entity its submission is overdue. */
  LATE_SUBMISSION: 1008,
  MFA_RESET: 1101157,
  PENDING_RECOMMENDATION: 1101178,
  RECOMMENDED: 1101179,
  APPROVED: 1101180,
  AMENDMENT_REQUIRED: 1101181,
  /** A form sent back (checker's or approver's step back, regulator's return), mailed to who acts next. */
  FORM_RETURNED: 1101190,
  /** Bulletin.emailCheck: a bulletin mailed to its sectors' users (its text is the bulletin's own). */
  BULLETIN: 1101200,
  /** FormBatch.freezePeriod: an entity's submissions of a period frozen, or unfrozen, by the regulator. */
  PERIOD_FROZEN: 1101210,
  PERIOD_UNFROZEN: 1101211,
} as const;

export type MailType = (typeof MAIL_TYPES)[keyof typeof MAIL_TYPES];
