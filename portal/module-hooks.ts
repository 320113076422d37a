// The portal's modules and the behaviour the record engine runs on every write of their tables,
// whichever module, variant or action the write comes through (an integrator's Record.update
// included). One entry per module, by the name of its metadata file; its variants (RE-Extension
// of Extension) share it. Each module's metadata names the file that holds its rules
// (`behaviour`, relative to portal/), and the engine checks at start that the two agree.
import type { ModuleHooks } from '../engine/metadata/module-hooks.js';
import { extensionHooks, extensionProofHooks } from './requests/extension-rules.js';
import { formResubmissionHooks, resubmissionHooks, resubmissionProofHooks } from './requests/resubmission-writes.js';
import { formBatchHooks, formHooks, templateHooks, templateOverrideHooks } from './filing/form-hooks.js';
import { staffClassHooks } from './profile/staff-class.js';
import { businessInfoFieldHooks, profileTabHooks } from './profile/profile-definition-rules.js';
import { RECORDS_B_HOOKS } from './re-records/re-records-b-rules.js';
import { RECORDS_A_HOOKS } from './re-records/records-a-rules.js';
import { reHooks, reLinkHooks } from './re/re-write-hooks.js';
import { entityRoleLinkHooks } from './re/entity-role-links.js';
import { queryLinkHooks } from './threads/query-link-rules.js';
import { excelImportHooks } from './jobs/form-import/import-type-hooks.js';
import { importAllowHooks } from './jobs/form-import/import-allow-hooks.js';
import { varianceRuleHooks } from './variance/variance-rule-hooks.js';

export const PORTAL_MODULE_HOOKS: Record<string, ModuleHooks> = {
  // The extension and resubmission workflows (docs/resubmission-extension.md).
  Extension: extensionHooks,
  Extension_Reference: extensionProofHooks,
  Resubmission: resubmissionHooks,
  Resubmission_Reference: resubmissionProofHooks,
  // Filing (docs/filing.md, docs/filing-periods.md, docs/form-templates.md).
  // A form's move may also complete an approved resubmission (portal/requests/resubmission-writes.ts).
  Form: { ...formHooks, ...formResubmissionHooks },
  FormBatch: formBatchHooks,
  FormTemplate: templateHooks,
  FormPropertiesOverride: templateOverrideHooks,
  // An entity's profile and record types (docs/re-profile.md, docs/re-records.md).
  StaffClass: staffClassHooks,
  // The profile's tab definitions and per-sector business information rules (docs/re-profile.md).
  ProfileTab: profileTabHooks,
  BusinessInfoField: businessInfoFieldHooks,
  ...RECORDS_A_HOOKS,
  ...RECORDS_B_HOOKS,
  RE: reHooks,
  RE_RE: reLinkHooks,
  // An entity user's role on the link is a grant: nobody gives more than they hold (docs/roles.md).
  RE_User: entityRoleLinkHooks,
  // A query's entity, submission and form belong together (seed 002 §3).
  Query: queryLinkHooks,
  // An Excel import's Form Type is one the caller may import (docs/excel.md).
  ExcelImport: excelImportHooks,
  // An Import Allow rule names an entity, a sector or neither, and ends no earlier than it starts.
  ImportAllow: importAllowHooks,
  // A variance threshold names a number cell of its template, once (docs/filing-periods.md).
  VarianceRule: varianceRuleHooks,
};
