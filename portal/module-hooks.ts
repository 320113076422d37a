// The portal's modules and the behaviour the record engine runs on every write of their tables,
// whichever module, variant or action the write comes through (an integrator's Record.update
// included). One entry per module, by the name of its metadata file (portal/metadata/modules/{name}.json);
// its variants (RE-Extension of Extension) share it. The rules themselves sit in the module's
// folder, named beside each entry.
import type { ModuleHooks } from '../engine/metadata/module-hooks.js';
import { extensionHooks, extensionProofHooks } from './requests/extension-rules.js';
import { formResubmissionHooks, resubmissionHooks, resubmissionProofHooks } from './requests/resubmission-writes.js';
import { staffClassHooks } from './profile/staff-class.js';
import { parameterHooks } from './parameters/parameter-rules.js';
import { RECORDS_B_HOOKS } from './re-records/re-records-b-rules.js';
import { RECORDS_A_HOOKS } from './re-records/records-a-rules.js';
import { reHooks, reLinkHooks } from './re/re-write-hooks.js';
import { queryLinkHooks } from './threads/query-link-rules.js';
import { excelImportHooks } from './jobs/form-import/import-type-hooks.js';
import { prepareTemplateWrite } from './filing/template-save.js';
import { publishTemplateVersion } from './filing/template-versions.js';
import { afterFormStateChange } from './filing/form-state-effects.js';
import { beforeFilingDelete } from './filing/period-delete.js';

/** Templates and overrides are checked and normalised on every write (docs/form-templates.md). */
const templateHooks: ModuleHooks = {
  prepare: prepareTemplateWrite,
  // A change of a template's shape publishes a version (portal/filing/template-versions.ts).
  afterAudit: async (db, _module, id, _action, changed, who) => publishTemplateVersion(db, id, changed, who),
};

export const PORTAL_MODULE_HOOKS: Record<string, ModuleHooks> = {
  // The extension workflow's eligibility, payment, recommendation and approval (docs/resubmission-extension.md).
  Extension: extensionHooks,
  Extension_Reference: extensionProofHooks,
  Resubmission: resubmissionHooks,
  Resubmission_Reference: resubmissionProofHooks,
  // A form's sign-off, submission and review moves carry their own rules and stamps (docs/filing.md);
  // a move may complete a resubmission; a form goes with its cells, revisions and extract rows.
  Form: { ...formResubmissionHooks, afterStateChange: (ctx, _module, id, from, to, reason) => afterFormStateChange(ctx, id, from, to, reason), beforeDelete: beforeFilingDelete },
  // A submission goes with its forms (docs/filing-periods.md).
  FormBatch: { beforeDelete: beforeFilingDelete },
  FormTemplate: templateHooks,
  FormPropertiesOverride: { prepare: prepareTemplateWrite },
  StaffClass: staffClassHooks,
  // Business and system parameters: required fields and date values (docs/audit-log.md, Parameters).
  Parameters: parameterHooks,
  // The entity record types (docs/re-records.md).
  ...RECORDS_A_HOOKS,
  ...RECORDS_B_HOOKS,
  RE: reHooks,
  RE_RE: reLinkHooks,
  // A query's entity, submission and form belong together (seed 002 §3).
  Query: queryLinkHooks,
  // An Excel import's Form Type is one the caller may import (docs/excel.md).
  ExcelImport: excelImportHooks,
};
