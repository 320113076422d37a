// Rules of a domain that the record engine runs on every write of that domain's tables, whichever
// module or action the write comes through (an integrator's Record.update included): the
// extension workflow's eligibility, payment, recommendation and approval rules and what follows
// them. Keyed by table, so a variant (RE-Extension) gets the rules of its base module.
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../actions/context.js';
import type { Row } from './write-values.js';
import { extensionHooks, extensionProofHooks } from '../../portal/requests/extension-rules.js';
import { formResubmissionHooks, resubmissionHooks, resubmissionProofHooks } from '../../portal/requests/resubmission-writes.js';
import { staffClassHooks } from '../../portal/profile/staff-class.js';
import { parameterHooks } from '../../portal/parameters/parameter-rules.js';
import { RECORDS_B_HOOKS } from '../../portal/re-records/re-records-b-rules.js';
import { RECORDS_A_HOOKS } from '../../portal/re-records/records-a-rules.js';
import { reHooks, reLinkHooks } from '../../portal/re/re-write-hooks.js';
import { queryLinkHooks } from '../../portal/threads/query-link-rules.js';
import { excelImportHooks } from '../../portal/jobs/form-import/import-type-hooks.js';

export interface WriteHooks {
  /**
   * After the values are checked and the state move allowed, before the row is written (`stored`
   * null on create). May refuse, or set columns on `row` (stamps, defaults); answers the fields it set.
   */
  beforeWrite?(ctx: ActionContext, module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]>;
  /** After the row is written, in the same transaction. */
  afterWrite?(ctx: ActionContext, module: ResolvedModule, id: number, stored: Row | null, row: Row): Promise<void>;
}

const HOOKS: Record<string, WriteHooks> = {
  extension: extensionHooks,
  extension_reference: extensionProofHooks,
  resubmission: resubmissionHooks,
  resubmission_reference: resubmissionProofHooks,
  form: formResubmissionHooks,
  staffclass: staffClassHooks,
  // Business and system parameters: required fields and date values (docs/audit-log.md, Parameters).
  parameters: parameterHooks,
  // The entity record types B (docs/re-records.md).
  ...RECORDS_B_HOOKS,
  // An entity's record types, first half (docs/re-records.md, Record types A).
  ...RECORDS_A_HOOKS,
  re: reHooks,
  re_re: reLinkHooks,
  // A query's entity, submission and form belong together (seed 002 §3).
  query: queryLinkHooks,
  // An Excel import's Form Type is one the caller may import (docs/excel.md).
  excelimport: excelImportHooks,
};

export function writeHooksOf(module: ResolvedModule): WriteHooks | undefined {
  return Object.hasOwn(HOOKS, module.table) ? HOOKS[module.table] : undefined;
}
