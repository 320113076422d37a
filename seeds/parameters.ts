// Business and system parameters the engine reads by code, with their starting values.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

const TEXT = 1648;
const NUMBER = 1649;

/** [code, name, field type (list group 280), value]. */
export const PARAMETERS: [string, string, number, string][] = [
  ['MFA_POLICY', 'Who must use MFA: everyone, staff, optional', TEXT, 'optional'],
  ['PASSWORD_EXPIRY_DAYS', 'Days before a password expires (0 = never)', NUMBER, '90'],
  ['MAX_FAILED_LOGINS', 'Failed sign-ins before the account is locked', NUMBER, '5'],
  ['LOCKOUT_MINUTES', 'Minutes an account stays locked', NUMBER, '15'],
  ['SESSION_IDLE_MINUTES', 'Minutes of inactivity before a session expires', NUMBER, '30'],
  ['SUPPORT_EMAIL', 'Support mailbox shown to users', TEXT, 'support@regportal.example'],
];

export async function seedParameters(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = PARAMETERS.map(([code, name, fieldtype, value0]) => ({ code, name, fieldtype, value0, state: 33, createon }));
  return { parameters: await insertRows(db, 'parameters', rows) };
}
