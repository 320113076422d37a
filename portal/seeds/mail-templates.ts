// The e-mail templates the portal starts with (EmailTemplate module; admins edit them through
// Record.*). Bodies are plain text with {placeholder}s; the outbox renders the HTML part.
import type { Knex } from 'knex';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { insertRows } from './support.js';

/** The seeds' alert type for e-mail (seed 001 §7, seed 003 §7). */
const EMAIL_ALERT = 1004;

const SIGNATURE = '\n\nRegards,\nRegulator Portal\n\nThis is an automated message; please do not reply to it.';

/** [type, name, subject, body]. */
export const MAIL_TEMPLATES: [number, string, string, string][] = [
  [
    MAIL_TYPES.VERIFY_EMAIL,
    'Verify e-mail address',
    'Please verify your e-mail address',
    'Dear {name},\n\nThank you for registering with the Regulator Portal. Please confirm your e-mail address by opening the link below:\n\n{link}\n\nAfter verification your registration will be reviewed, and you will receive an e-mail when your account is activated. If you did not register, you can ignore this message.',
  ],
  [
    MAIL_TYPES.PASSWORD_RESET,
    'Password reset',
    'Reset your Regulator Portal password',
    'Dear {name},\n\nA password reset was requested for your Regulator Portal account. To choose a new password, open the link below:\n\n{link}\n\nThe link can be used once and expires after a short time. If you did not ask for a reset, you can ignore this message; your password stays unchanged.',
  ],
  [
    MAIL_TYPES.ACCOUNT_ACTIVATED,
    'Account activated',
    'Your Regulator Portal account is active',
    'Dear {name},\n\nYour Regulator Portal account has been reviewed and activated. You can now sign in with your user id and password.',
  ],
  [
    MAIL_TYPES.NEW_REGISTRATION,
    'New registration for review',
    'New registration waiting for review: {userid}',
    'A new user has registered on the Regulator Portal and verified the e-mail address.\n\nName: {name}\nUser id: {userid}\n\nPlease review the registration and activate the account when it is in order.',
  ],
  [
    MAIL_TYPES.LATE_SUBMISSION,
    'Late submission notice',
    'Late submission: {batch} of {entity}',
    'Dear {name},\n\nThe submission {batch} of {entity} for the period ending {period} was due on {duedate} and has not been completed.\n\nForms outstanding:\n{forms}\n\nPlease sign in to the Regulator Portal and complete the submission as soon as possible.',
  ],
  [
    MAIL_TYPES.MFA_RESET,
    'MFA reset',
    'Your multi-factor authentication has been reset',
    'Dear {name},\n\nThe multi-factor authentication (MFA) of your Regulator Portal account has been reset by an administrator. At your next sign-in you will be asked to scan a new QR code with your authenticator app.\n\nIf you did not ask for this, please contact the support mailbox at once.',
  ],
  [
    MAIL_TYPES.PENDING_RECOMMENDATION,
    'Request pending recommendation',
    'Request {id} is pending your recommendation',
    'Dear Sir/Madam,\n\nRequest {id} has been submitted and is waiting for your recommendation. Please sign in to the Regulator Portal to review it.',
  ],
  [
    MAIL_TYPES.RECOMMENDED,
    'Request recommended',
    'Request {id} has been recommended',
    'Dear Sir/Madam,\n\nRequest {id} has been recommended and is waiting for approval. Please sign in to the Regulator Portal to review it.',
  ],
  [
    MAIL_TYPES.APPROVED,
    'Request approved',
    'Request {id} has been approved',
    'Dear Sir/Madam,\n\nRequest {id} has been approved. You can see the details in the Regulator Portal.',
  ],
  [
    MAIL_TYPES.AMENDMENT_REQUIRED,
    'Request amendment required',
    'Request {id} requires amendment',
    'Dear Sir/Madam,\n\nRequest {id} has been returned for amendment by {rejected_by}.\n\nRemark: {remark}\n\nPlease sign in to the Regulator Portal, amend the request and submit it again.',
  ],
  [
    MAIL_TYPES.FORM_RETURNED,
    'Form returned',
    'Form {form} of {entity} returned: {state}',
    'Dear Sir/Madam,\n\nThe form {form} - {formname} of {entity} for the period ending {period} was returned by {returned_by} on {date}. It is now {state}.\n\nReason: {reason}\n\nPlease sign in to the Regulator Portal, open the form and act on it.',
  ],
  [
    MAIL_TYPES.PERIOD_FROZEN,
    'Period frozen',
    'Period ending {period} frozen for {entity}',
    'Dear {name},\n\nOn {date} {by} of the regulator froze the period ending {period}. The forms of these submissions of {entity} can be viewed but no longer changed, signed off or imported into:\n{batches}\n\nReason: {reason}\n\nYou will receive another e-mail if the period is unfrozen.',
  ],
  [
    MAIL_TYPES.PERIOD_UNFROZEN,
    'Period unfrozen',
    'Period ending {period} unfrozen for {entity}',
    'Dear {name},\n\nOn {date} {by} of the regulator unfroze the period ending {period}. The forms of these submissions of {entity} can be worked on again as their status allows:\n{batches}\n\nReason: {reason}',
  ],
  [
    MAIL_TYPES.BULLETIN,
    'New bulletin',
    'Bulletin: {name}',
    // Bulletin.emailCheck writes the bulletin's own text; this row names the mail for subscriptions.
    '{message}\n\nRead it in the portal: {link}',
  ],
];

/**
 * Each template's group on the E-mail Subscriptions screen and whether its mails follow
 * subscriptions (docs/email-subscriptions.md): notices do, account and security mails never.
 */
export const TEMPLATE_GROUPS: Record<number, [string, boolean]> = {
  [MAIL_TYPES.VERIFY_EMAIL]: ['Account and security', false],
  [MAIL_TYPES.PASSWORD_RESET]: ['Account and security', false],
  [MAIL_TYPES.ACCOUNT_ACTIVATED]: ['Account and security', false],
  [MAIL_TYPES.NEW_REGISTRATION]: ['Account and security', false],
  [MAIL_TYPES.MFA_RESET]: ['Account and security', false],
  [MAIL_TYPES.LATE_SUBMISSION]: ['Submissions', true],
  [MAIL_TYPES.FORM_RETURNED]: ['Submissions', true],
  [MAIL_TYPES.PERIOD_FROZEN]: ['Submissions', true],
  [MAIL_TYPES.PERIOD_UNFROZEN]: ['Submissions', true],
  [MAIL_TYPES.PENDING_RECOMMENDATION]: ['Requests', true],
  [MAIL_TYPES.RECOMMENDED]: ['Requests', true],
  [MAIL_TYPES.APPROVED]: ['Requests', true],
  [MAIL_TYPES.AMENDMENT_REQUIRED]: ['Requests', true],
  [MAIL_TYPES.BULLETIN]: ['Bulletins', true],
};

const templateRow = ([type, name, subject, body]: [number, string, string, string], createon: string) => {
  const [groupname, subscription] = TEMPLATE_GROUPS[type] ?? [null, false];
  return { type, alerttype: EMAIL_ALERT, name, subject, body: body + SIGNATURE, groupname, subscription, state: 33, createon };
};

export async function seedMailTemplates(db: Knex, createon: string): Promise<Record<string, number>> {
  return { email_template: await insertRows(db, 'email_template', MAIL_TEMPLATES.map((t) => templateRow(t, createon))) };
}

/**
 * On a database seeded by an earlier release: the templates of this release's mail types that it
 * lacks (the late submission notice and the period freeze notices came after the first releases). Existing templates, edited by
 * administrators or not, are left as they are. Answers how many were added.
 */
export async function addMissingMailTemplates(db: Knex, createon: string): Promise<number> {
  const present = new Set((await db('email_template').pluck('type')).map(Number));
  const missing = MAIL_TEMPLATES.filter(([type]) => !present.has(type));
  return missing.length ? insertRows(db, 'email_template', missing.map((t) => templateRow(t, createon))) : 0;
}
