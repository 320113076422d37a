// The field rules of self-registration and sub-user registration (seed 000 §5), as a pure
// function from the payload to a field → message map. Messages the seed gives are used verbatim;
// the others are ours. Rules that need the database (position list, entity, e-mail, user id)
// are checked by registration.ts after these.
import { AppError } from '../errors/catalogue.js';
import { passwordProblem } from './password-policy.js';

export const MESSAGES = {
  companyno: 'Please enter the Company Number (LL)',
  otherno: 'Please enter the Business Registration Number(BR).',
  roleSelf: 'Please check at least one of the Roles.',
  roleSub: 'Role selection error: Please select Role of the Sub User.',
  form: 'Please correct errors in the form to continue.',
  regtype: 'Please choose the registration type (LL or BR).',
  name: 'Please enter your full name.',
  contactno: 'Please enter a contact number of 6 to 20 digits.',
  email: 'Please enter a valid e-mail address.',
  userid: 'Please enter a User ID of 3 to 100 characters: letters, digits or . _ @ + -',
  useridIsEmail: 'The User ID of a sub user is the e-mail address.',
  emailAsUserid: 'An e-mail address used as User ID can have at most 100 characters.',
  position: 'Please select a position.',
} as const;

export type Flag = boolean | number | string | undefined;

/** A checkbox value as clients send it: true, 1, "true", "Y", "on". */
export function isChecked(v: Flag): boolean {
  if (v === true || v === 1) return true;
  return typeof v === 'string' && ['true', 'y', 'yes', '1', 'on'].includes(v.trim().toLowerCase());
}

export interface RegistrationInput {
  regtype?: string;
  companyno?: string;
  otherno?: string;
  name?: string;
  contactno?: string;
  email?: string;
  password?: string;
  position2?: number | string;
  userid?: string;
  role_preparer?: Flag;
  role_checker?: Flag;
  role_approver?: Flag;
}

const EMAIL = /^[^\s@"<>()[\],;:\\]+@[^\s@"<>()[\],;:\\]+\.[^\s@"<>()[\],;:\\]+$/;
const USERID = /^[A-Za-z0-9._@+-]{3,100}$/;
const CONTACT = /^[0-9]{6,20}$/;

const trim = (s: string | undefined) => (s ?? '').trim();

export function isEmail(s: string): boolean {
  return s.length <= 255 && EMAIL.test(s);
}

/**
 * LL or BR. Self-registration must say which; a sub user's type defaults to LL unless only the
 * BR number is given (seed 000 §5: the other number is not enforced when the company number is).
 */
export function registrationType(input: RegistrationInput, kind: 'self' | 'sub'): 'LL' | 'BR' | null {
  const t = trim(input.regtype).toUpperCase();
  if (t === 'LL' || t === 'BR') return t;
  if (t || kind === 'self') return null;
  return !trim(input.companyno) && trim(input.otherno) ? 'BR' : 'LL';
}

/** Field → message for every rule the payload breaks on its own; empty when it keeps them all. */
export function registrationProblems(input: RegistrationInput, kind: 'self' | 'sub'): Record<string, string> {
  const problems: Record<string, string> = {};
  const type = registrationType(input, kind);
  if (type === null) problems.regtype = MESSAGES.regtype;
  if (type === 'LL' && !trim(input.companyno)) problems.companyno = MESSAGES.companyno;
  if (type === 'BR' && !trim(input.otherno)) problems.otherno = MESSAGES.otherno;
  if (!trim(input.name)) problems.name = MESSAGES.name;
  if (!CONTACT.test(trim(input.contactno))) problems.contactno = MESSAGES.contactno;
  const email = trim(input.email);
  if (!isEmail(email)) problems.email = MESSAGES.email;
  const pw = passwordProblem(input.password ?? '');
  if (pw) problems.password = pw;
  if (input.position2 === undefined || input.position2 === '') problems.position2 = MESSAGES.position;
  if (kind === 'self') {
    if (!USERID.test(trim(input.userid))) problems.userid = MESSAGES.userid;
    if (!isChecked(input.role_approver)) problems.role_approver = MESSAGES.roleSelf;
  } else {
    // The sub user's id is the e-mail; a different one sent along is a mistake worth telling.
    if (trim(input.userid) && trim(input.userid).toLowerCase() !== email.toLowerCase()) problems.userid = MESSAGES.useridIsEmail;
    if (!problems.email && email.length > 100) problems.email = MESSAGES.emailAsUserid;
    const roles = [input.role_preparer, input.role_checker, input.role_approver].filter(isChecked).length;
    if (roles !== 1) problems.role = MESSAGES.roleSub;
  }
  return problems;
}

/** The E_VALIDATION answer for a form: one problem's message as it is, several under the seed's general message. */
export function formError(problems: Record<string, string>): AppError {
  const names = Object.keys(problems);
  return new AppError('E_VALIDATION', names.length === 1 ? problems[names[0]] : MESSAGES.form, problems);
}
