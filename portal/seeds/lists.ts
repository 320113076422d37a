// Reference lists every installation needs: the status enumeration (seed 000 §4.1, ids fixed
// because code and stored rows refer to them), reporting calendars (group 80), positions (group
// 295) and parameter types (group 280).
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { SUBMIT_TYPE_RESUBMISSION } from '../requests/resubmission-states.js';

export const LIST_GROUPS = { status: 1, calendar: 80, resubmissionReason: 99, extensionReason: 101, paymentType: 114, helpdeskCategory: 248, peoiReason: 587, peoiOfficerReason: 617, parameterType: 280, position: 295, formStatus: 618, submissionStatus: 619, submitType: 1105 } as const;

/** [id, code, label]. Labels are the codes in title case with spaces (seed 000 §4.1, §4.2). */
export const STATUSES: [number, string, string][] = [
  [54, 'NEW', 'New'],
  [13, 'OPEN', 'Open'],
  [33, 'ACTIVE', 'Active'],
  [58, 'RESPONDED', 'Responded'],
  [44, 'ONHOLD', 'On Hold'],
  [8, 'CLOSED', 'Closed'],
  [45, 'ACCEPTED', 'Accepted'],
  [4, 'INACTIVE', 'Inactive'],
  [61, 'PENDING', 'Pending'],
  [25, 'PENDING_PAYMENT', 'Pending Payment'],
  [63, 'APPLICATION_REJECTED', 'Application Rejected'],
  [31, 'PAID', 'Paid'],
  [64, 'PAYMENT_REJECTED', 'Payment Rejected'],
  [65, 'RECOMMENDED', 'Recommended'],
  [23, 'REJECTED', 'Rejected'],
  [66, 'APPROVED', 'Approved'],
  [56, 'SUBMITTED', 'Submitted'],
  [70, 'RECOMMEND_TO_REJECT', 'Recommend to Reject'],
  [55, 'READY', 'Ready'],
  [71, 'COMPLETED', 'Completed'],
  [38, 'INPROGRESS', 'In Progress'],
  [74, 'AMENDMENT_REQUIRED', 'Amendment Required'],
  [78, 'PENDING_VERIFICATION', 'Pending Verification'],
  [79, 'PENDING_RECOMMENDATION', 'Pending Recommendation'],
  [80, 'CLOSED_WITH_RESUBMISSION', 'Closed With Resubmission'],
  [50, 'NOT_STARTED', 'Not Started'],
  [75, 'INCOMPLETE', 'Incomplete'],
  [81, 'IRU_EXCLUDE', 'IRU Exclude'],
  [82, 'IRU_RECOMMEND', 'IRU Recommend'],
  [83, 'HOU_EXCLUDE', 'HOU Exclude'],
  [84, 'HOU_RECOMMEND', 'HOU Recommend'],
  [85, 'EXCLUDED', 'Excluded'],
  [42, 'ISSUED', 'Issued'],
  [32, 'CANCELLED', 'Cancelled'],
  [103, 'PUBLISHED', 'Published'],
  // Ids other screens use (seed 001 §4.2): account verification, void, listing, failed jobs.
  [62, 'PENDING_EMAIL_VERIFICATION', 'Pending Email Verification'],
  [35, 'VOID', 'Void'],
  [76, 'LISTED', 'Listed'],
  [77, 'DELISTED', 'Delisted'],
  [2, 'FAILED', 'Failed'],
];

/** Positions (group 295). 312 Chairman is fixed by the designation rule of seed 000 §5. */
export const POSITIONS: [number, string][] = [
  [300, 'Chief Executive Officer'],
  [301, 'Chief Operating Officer'],
  [302, 'Chief Financial Officer'],
  [303, 'Compliance Officer'],
  [304, 'Designated Compliance Officer'],
  [305, 'Director'],
  [306, 'Executive Director'],
  [307, 'Non-Executive Director'],
  [308, 'Independent Director'],
  [309, 'Company Secretary'],
  [310, 'Head of Risk Management'],
  [311, 'Internal Auditor'],
  [312, 'Chairman'],
  [313, 'Principal Officer'],
  [314, 'Manager'],
  [315, 'Officer'],
];

/**
 * Position values of the senior positions (seed 002 §6: 10000-19999 with role 27 may create ad
 * hoc forms and sees App I/II; 19000-19999 would be limited to App I/II). The others have none.
 */
export const SENIOR_POSITION_VALUES: Record<number, string> = { 300: '10000', 301: '10001', 302: '10002', 304: '10004' };

/**
 * Reporting calendars of form batches and forms (group 80, seed 003 §3); value0 is the number of
 * months a period spans. Seed 003 fixes only that 277 and 278 exist; their names are ours.
 */
export const CALENDARS: [number, string, string][] = [
  [277, 'Monthly', '1'],
  [278, 'Quarterly', '3'],
  [279, 'Semi-Annual', '6'],
  [281, 'Annual', '12'],
  [282, 'Ad Hoc', ''],
];

/**
 * The status filters of the forms (group 618) and submissions (group 619) lists (seed 002 §4,
 * §9): value0 holds the `id|name` pair the seed stores, the entry id is the group then the state.
 */
export const FORM_STATUSES: [number, string][] = [[13, 'Open'], [78, 'Pending Verification'], [55, 'Ready'], [56, 'Submitted'], [45, 'Accepted'], [74, 'Amendment Required']];
export const SUBMISSION_STATUSES: [number, string][] = [[13, 'Open'], [75, 'Incomplete'], [55, 'Ready'], [56, 'Submitted'], [45, 'Accepted'], [74, 'Amendment Required'], [71, 'Completed']];
const statusPairs = (group: number, states: [number, string][]) =>
  states.map(([state, name], i) => ({ id: group * 1000 + state, name, value0: `${state}|${name}`, listgroup: group, displayorder: i + 1 }));

/** Parameter field types (group 280, seed 003 §3); value0 is the editor kind. */
export const PARAMETER_TYPES: [number, string, string][] = [
  [1648, 'Text', 'text'],
  [1649, 'Number', 'integer'],
  [1650, 'Date', 'date'],
  [1651, 'True/False', 'boolean'],
  [1840, 'Number', 'decimal'],
  [7631, 'Plain Multi-line Text', 'textarea'],
  [7632, 'Rich Text', 'richtext'],
];

/**
 * Help desk categories (group 248, seed 002 §9): 1408 links a user with a role, 1409 carries
 * subscription requests, 1101164 pre-fills a contact e-mail text; the other names are ours.
 */
export const HELPDESK_CATEGORIES: [number, string][] = [
  [1410, 'General Enquiry'],
  [1411, 'Technical Issue'],
  [1412, 'Submission'],
  [1408, 'Link User Request'],
  [1409, 'Email Subscription'],
  [1101164, 'Update Contact Email'],
];

/**
 * Extension reasons (group 101, seed 003 §3): the recommender's classification of a request
 * (Extension.reason). Ids are the group then a number; the names are ours.
 */
export const EXTENSION_REASONS: [number, string][] = [
  [101001, 'System or technical issue'],
  [101002, 'Data not yet available'],
  [101003, 'Change of auditor or accounts not finalised'],
  [101004, 'Staff or operational constraint'],
  [101005, 'Other'],
];

/**
 * Resubmission reasons (group 99, seed 003 §3): the recommender's classification of a request
 * (Resubmission.reasonclass). Ids are the group then a number; the names are ours.
 */
export const RESUBMISSION_REASONS: [number, string][] = [
  [99001, 'Error in submitted data'],
  [99002, 'Restatement of accounts'],
  [99003, 'Change requested by the regulator'],
  [99004, 'Late adjustment after audit'],
  [99005, 'Other'],
];

/** Payment types (group 114, seed 003 §9): 1100483 is paid by reference number, the others need PDF proof. */
export const PAYMENT_REFERENCE = 1100483;
export const PAYMENT_TYPES: [number, string][] = [
  [1100481, 'Cheque'],
  [1100482, 'Bank Draft'],
  [PAYMENT_REFERENCE, 'Online Transfer (Reference Number)'],
  [1100484, 'Telegraphic Transfer'],
];

/** Submit types of a submission (seed 003 §3): 1100526 marks one reopened by an approved resubmission; an ordinary one has none. */
export const SUBMIT_TYPES: [number, string][] = [[SUBMIT_TYPE_RESUBMISSION, 'Resubmission']];

/**
 * PEOI reasons (seed 003 §6, §9): group 587 for the IRU and head-of-unit stages, 617 for the PEOI
 * officer (role 36). 10086 is the one reason that permits issuing the show-cause letter, 10093 the
 * reason a retract records. The other ids are the group then a number; every name is ours.
 */
export const PEOI_ISSUE_REASON = 10086;
export const PEOI_RETRACT_REASON = 10093;
export const PEOI_REASONS: [number, string][] = [
  [587001, 'Late submission without a valid reason'],
  [587002, 'Repeated late submission'],
  [587003, 'Late because of a system or technical issue'],
  [587004, 'Extension granted after the due date'],
  [587005, 'Other'],
];
export const PEOI_OFFICER_REASONS: [number, string][] = [
  [PEOI_ISSUE_REASON, 'Issue show-cause letter'],
  [617001, 'Valid reason given: exclude'],
  [617002, 'Exclude: other'],
  [PEOI_RETRACT_REASON, 'Show-cause letter retracted'],
];

export async function seedLists(db: Knex, createon: string): Promise<Record<string, number>> {
  const groups = [
    { id: LIST_GROUPS.status, name: 'Status' },
    { id: LIST_GROUPS.calendar, name: 'Calendar' },
    { id: LIST_GROUPS.parameterType, name: 'Parameter type' },
    { id: LIST_GROUPS.position, name: 'Position' },
    { id: LIST_GROUPS.helpdeskCategory, name: 'Helpdesk category' },
    { id: LIST_GROUPS.resubmissionReason, name: 'Resubmission reason' },
    { id: LIST_GROUPS.extensionReason, name: 'Extension reason' },
    { id: LIST_GROUPS.paymentType, name: 'Payment type' },
    { id: LIST_GROUPS.peoiReason, name: 'PEOI reason' },
    { id: LIST_GROUPS.peoiOfficerReason, name: 'PEOI officer reason' },
    { id: LIST_GROUPS.formStatus, name: 'Form status' },
    { id: LIST_GROUPS.submissionStatus, name: 'Submission status' },
    { id: LIST_GROUPS.submitType, name: 'Submit type' },
  ].map((g) => ({ ...g, state: 33, createon }));

  const entries = [
    ...STATUSES.map(([id, code, name], i) => ({ id, name, value0: code, listgroup: LIST_GROUPS.status, displayorder: i + 1 })),
    ...POSITIONS.map(([id, name], i) => ({ id, name, value0: SENIOR_POSITION_VALUES[id] ?? null, listgroup: LIST_GROUPS.position, displayorder: i + 1 })),
    ...CALENDARS.map(([id, name, months], i) => ({ id, name, value0: months || null, listgroup: LIST_GROUPS.calendar, displayorder: i + 1 })),
    ...PARAMETER_TYPES.map(([id, name, kind], i) => ({ id, name, value0: kind, listgroup: LIST_GROUPS.parameterType, displayorder: i + 1 })),
    ...HELPDESK_CATEGORIES.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.helpdeskCategory, displayorder: i + 1 })),
    ...RESUBMISSION_REASONS.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.resubmissionReason, displayorder: i + 1 })),
    ...EXTENSION_REASONS.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.extensionReason, displayorder: i + 1 })),
    ...PAYMENT_TYPES.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.paymentType, displayorder: i + 1 })),
    ...PEOI_REASONS.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.peoiReason, displayorder: i + 1 })),
    ...PEOI_OFFICER_REASONS.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.peoiOfficerReason, displayorder: i + 1 })),
    ...statusPairs(LIST_GROUPS.formStatus, FORM_STATUSES),
    ...statusPairs(LIST_GROUPS.submissionStatus, SUBMISSION_STATUSES),
    ...SUBMIT_TYPES.map(([id, name], i) => ({ id, name, value0: null, listgroup: LIST_GROUPS.submitType, displayorder: i + 1 })),
  ].map((e) => ({ ...e, state: 33, createon }));

  return {
    listgroup: await insertRows(db, 'listgroup', groups),
    list: await insertRows(db, 'list', entries),
  };
}
