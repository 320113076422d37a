// The named list screens of the seeds as data: a path within a shell and the WebList id that
// drives it. Each yields `{path}` (the list), `{path}/create`, `{path}/edit/:data_id` and
// `{path}/view/:data_id` (the list's form, WebList.properties.form). Lists an admin adds later
// need no entry here: they open at `{shell}/list/{id}` and `{shell}/form/{form}/{mode}/{id}`.
export type ShellKind = 're' | 'iru' | 'admin';

export interface ListScreen {
  path: string;
  list: number;
  shells: ShellKind[];
  /** `{path}/create` is a hand-built page (router.tsx), not the list's form. */
  ownCreate?: boolean;
  /** Only the primary user of the current entity may open it (seed 000 §6), by address too. */
  primaryOnly?: boolean;
}

/** The lists of the profile's tab definitions and per-sector business information rules. */
export const PROFILE_TAB_LIST = 1560;
export const BUSINESS_INFO_LIST = 1561;

export const LIST_SCREENS: ListScreen[] = [
  // Seed 000 §2.12 (RE) and their regulator counterparts (seed 003 §2.10).
  { path: 'reportingentity', list: 58, shells: ['re', 'iru'] },
  // Its create page is the hand-built Register Sub User (REContact.registerSub), router.tsx.
  { path: 'registersubusers', list: 81, shells: ['re'], ownCreate: true, primaryOnly: true },
  { path: 'userre', list: 148, shells: ['re'], primaryOnly: true },
  { path: 'listgroup', list: 43, shells: ['re', 'iru'] },
  { path: 'redropdown', list: 47, shells: ['re'] },
  { path: 'redropdowngroup', list: 48, shells: ['re', 'iru'] },
  { path: 'formbatch', list: 49, shells: ['re', 'iru'] },
  { path: 'batches', list: 49, shells: ['re', 'iru'] },
  { path: 'email_template', list: 64, shells: ['iru'] },
  { path: 'formview', list: 155, shells: ['re'] },
  { path: 'form', list: 155, shells: ['iru'] },
  { path: 'publicmessage', list: 154, shells: ['iru'] },
  // Seed 003 §2.10: Form Template (docs/form-templates.md); the designer opens from the list later.
  { path: 'formtemplate', list: 240, shells: ['iru'] },
  // Seed 003 §2.10 Import Allow: who may use Excel import for which templates (docs/excel.md).
  { path: 'importallow', list: 421, shells: ['iru'] },
  // Administration > Variance Check's thresholds (docs/filing-periods.md "Variance check").
  { path: 'variancerule', list: 430, shells: ['iru'] },
  { path: 'internalusers', list: 156, shells: ['iru'] },
  { path: 'webusers', list: 150, shells: ['iru'] },
  { path: 'reusers', list: 158, shells: ['iru'] },
  // Seed 003 §2.8 (internal administration). The role and user group records open hand-built
  // editors ({path}/{data_id}, router.tsx); a role is also created there.
  { path: 'user/group', list: 46, shells: ['iru'] },
  { path: 'permission/role', list: 50, shells: ['iru'], ownCreate: true },
  { path: 'parameters', list: 61, shells: ['iru'] },
  { path: 'sparameters', list: 149, shells: ['iru'] },
  // Seed 002 §2 threads (docs/threads.md): one list a shell; thread and create screens are hand-built.
  { path: 'helpdesk', list: 201, shells: ['iru'] },
  { path: 'helpdesk', list: 202, shells: ['re'], ownCreate: true },
  // Seed 003 §2.5 dropdown value requests (docs/requests.md): create and detail are hand-built.
  { path: 'requestvalue', list: 231, shells: ['iru'] },
  { path: 'requestvalue', list: 232, shells: ['re'], ownCreate: true },
  // Seed 003 §2.2 resubmission requests (docs/resubmission-extension.md): create, edit and detail are hand-built.
  { path: 'resubmission', list: 233, shells: ['iru'] },
  { path: 'resubmission', list: 234, shells: ['re'], ownCreate: true },
  // Seed 003 §2.3 extension requests (docs/resubmission-extension.md): create and detail are hand-built.
  { path: 'extension', list: 236, shells: ['iru'] },
  { path: 'extension', list: 237, shells: ['re'], ownCreate: true },
  // Seed 003 §2.4 Excel imports (docs/excel.md): create and detail are hand-built.
  { path: 'excelimport', list: 151, shells: ['iru'], ownCreate: true },
  { path: 'excelimport', list: 131, shells: ['re'], ownCreate: true },
  // Seed 003 §2.6, §2.7 (docs/routine-reports-peoi.md): create, edit and detail pages are hand-built.
  { path: 'RoutineReport', list: 242, shells: ['iru'], ownCreate: true },
  { path: 'RoutineReport', list: 244, shells: ['re'] },
  { path: 'peoi', list: 132, shells: ['iru'], ownCreate: true },
  // Seed 000 §2.12 entity record types B (docs/re-records.md): list, create, edit and view in both shells.
  { path: 'funds', list: 330, shells: ['re', 'iru'] },
  { path: 'fund_manager', list: 331, shells: ['re', 'iru'] },
  { path: 'ins_fund', list: 182, shells: ['re', 'iru'] },
  { path: 'ins_fund_manager', list: 332, shells: ['re', 'iru'] },
  { path: 'moneybroker', list: 333, shells: ['re', 'iru'] },
  { path: 'outsourcing', list: 133, shells: ['re', 'iru'] },
  { path: 'bcaf', list: 180, shells: ['re', 'iru'] },
  { path: 'insurance', list: 334, shells: ['re', 'iru'] },
  { path: 'leasing', list: 335, shells: ['re', 'iru'] },
  { path: 'litc', list: 336, shells: ['re', 'iru'] },
  { path: 'fintech', list: 337, shells: ['re', 'iru'] },
  { path: 'fundext', list: 338, shells: ['re', 'iru'] },
  { path: 'trustcompany', list: 339, shells: ['re', 'iru'] },
  { path: 'dsh', list: 340, shells: ['re', 'iru'] },
  { path: 'puc', list: 341, shells: ['re', 'iru'] },
  // Seed 000 §2.12 entity record types A (docs/re-records.md): list, create, edit and view in both shells.
  { path: 'detailsofoffice', list: 300, shells: ['re', 'iru'] },
  { path: 'keyofficer', list: 301, shells: ['re', 'iru'] },
  { path: 'boardcomposition', list: 302, shells: ['re', 'iru'] },
  { path: 'boardmember', list: 303, shells: ['re', 'iru'] },
  { path: 'boardcommittee', list: 304, shells: ['re', 'iru'] },
  { path: 'instrument', list: 305, shells: ['re', 'iru'] },
  { path: 'sukuk', list: 306, shells: ['re', 'iru'] },
  { path: 'tradingprofile', list: 51, shells: ['re', 'iru'] },
  { path: 'tradingplatform', list: 130, shells: ['re', 'iru'] },
  // Seed 003 §2.10 helpdesk section: the audit log of every write (docs/audit-log.md), read-only.
  { path: 'auditlog', list: 395, shells: ['iru'] },
  // Seed 000 §2.11 (internal administration).
  { path: 'list/weblist', list: 17, shells: ['admin'] },
  { path: 'list/weblist_view', list: 18, shells: ['admin'] },
  { path: 'list/webform', list: 28, shells: ['admin'] },
  // The reports (WebReport), edited at /modulereport/{id} (docs/reports.md).
  { path: 'report/editor', list: 82, shells: ['admin'] },
  { path: 'dashgroup', list: 152, shells: ['admin'] },
  // The Reporting Entity Profile's definitions (docs/re-profile.md): edited with their history below (router.tsx).
  { path: 'profiletabs', list: PROFILE_TAB_LIST, shells: ['admin'] },
  { path: 'businessinfofields', list: BUSINESS_INFO_LIST, shells: ['admin'] },
];

/** Seed 000 §2.12: profile/view and profile/edit/{data_id} (form 66). */
export const PROFILE_FORM = 66;

export function shellPrefix(kind: ShellKind): string {
  return kind === 'admin' ? '' : `/${kind}`;
}
