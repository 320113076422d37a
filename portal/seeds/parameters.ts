// Business and system parameters with their starting values. System parameters (`issystem`) are
// the engine's own settings, read by code (identity policy, support mailbox): /iru/sparameters,
// role 24. Business parameters are the regulator's reference values, read by id (seed 003 §3:
// 16 PEOI officers, 17 cc list, 19 sections): /iru/parameters. docs/roles.md.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

const TEXT = 1648;
const NUMBER = 1649;
const MULTILINE = 7631;

/** [code, name, field type (list group 280), value]: the system parameters. */
export const PARAMETERS: [string, string, number, string][] = [
  ['MFA_POLICY', 'Who must use MFA: everyone, staff, optional', TEXT, 'optional'],
  ['PASSWORD_EXPIRY_DAYS', 'Days before a password expires (0 = never)', NUMBER, '90'],
  ['MAX_FAILED_LOGINS', 'Failed sign-ins before the account is locked', NUMBER, '5'],
  ['LOCKOUT_MINUTES', 'Minutes an account stays locked', NUMBER, '15'],
  ['SESSION_IDLE_MINUTES', 'Minutes of inactivity before a session expires', NUMBER, '30'],
  ['SUPPORT_EMAIL', 'Support mailbox shown to users', TEXT, 'support@regportal.example'],
];

/** [id, code, name, field type, value]: business parameters the seeds name by id (JSON values). */
export const BUSINESS_PARAMETERS: [number, string, string, number, string][] = [
  [16, 'PEOI_OFFICERS', 'PEOI officers', MULTILINE, JSON.stringify([{ name: 'PEOI Officer', position: 'Manager', unit: 'Compliance', department: 'Supervision', email: 'peoi@regportal.example' }])],
  [17, 'PEOI_CC', 'Show-cause letter cc list', MULTILINE, JSON.stringify([{ no: 1, name: 'Head of Supervision', by: 'email' }])],
  [19, 'PEOI_SECTIONS', 'Show-cause letter sections', MULTILINE, JSON.stringify([{ section: 'Section 1' }])],
];

/** [code, name, value]: the visibility switches (seed 001 §6; docs/re-profile.md, docs/roles.md), '1' shows. */
export const PROFILE_SWITCHES: [string, string, string][] = [
  ['bank.bcaf.visible', 'Show the BCAF tab of bank profiles (1 shows it)', '1'],
  ['mida.visible', 'Show the MIDA tab of entity profiles to the regulator (1 shows it)', '1'],
  // Seed 001 §6, 002 §6: the AMLPU help desk category and Create New Forms; the unit is open.
  ['amlpu.visible', 'Open the AMLPU help desk category and Create New Forms to entities (1 opens them)', '1'],
];

export async function seedParameters(db: Knex, createon: string): Promise<Record<string, number>> {
  // Every id given: on a Galera cluster auto-increment ids step by the node count, and would meet
  // the business parameters' fixed ids (ids as on one server: 1–6, 16/17/19, 20–22).
  const system = PARAMETERS.map(([code, name, fieldtype, value0], i) => ({ id: i + 1, code, name, fieldtype, value0, state: 33, issystem: true, createon }));
  const business = BUSINESS_PARAMETERS.map(([id, code, name, fieldtype, value0]) => ({ id, code, name, fieldtype, value0, state: 33, issystem: false, createon }));
  const switches = PROFILE_SWITCHES.map(([code, name, value0], i) => ({ id: 20 + i, code, name, fieldtype: TEXT, value0, state: 33, issystem: false, createon }));
  return { parameters: (await insertRows(db, 'parameters', system)) + (await insertRows(db, 'parameters', business)) + (await insertRows(db, 'parameters', switches)) };
}
