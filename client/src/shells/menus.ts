// The sidebars of the three shells as data: label, target, and the rule that shows an entry
// (a `.select` permission, the primary-user rule, a role). Entries whose module does not exist
// have no permission anywhere and so never show.
import type { LoginInfo } from '../session/session-store';
import { signOffBadge, waitingForMe, RE_QUEUE_TITLE, IRU_QUEUE_TITLE } from './sign-off-badge';
import { overdueReportBadge } from './overdue-report-badge';
import { bulletinBadge } from './bulletin-badge';

export interface MenuItem {
  label: string;
  to?: string;
  /** Shown only with this permission. */
  permission?: string;
  /** Further rule on the signed-in user. */
  when?: (user: LoginInfo) => boolean;
  /** Hidden for users holding any of these roles (seed 003 §2.10). */
  hideForRoles?: number[];
  children?: MenuItem[];
  /** A count shown beside the entry (module and where of Record.select). */
  badge?: { module: string; where: unknown[] };
  /** A count that depends on the user (their roles) and the day; resolved by visibleMenu. */
  badgeFor?: (user: LoginInfo, now: Date) => MenuItem['badge'];
}

const isPrimaryUser = (u: LoginInfo) => u.REPrimaryUser !== null && u.REPrimaryUser === u.currentRE;
const hasRole = (role: number) => (u: LoginInfo) => Boolean(u.roles[String(role)]);

/** Seed 000 §2.12. */
export const RE_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/re/dashboard' },
  // Seed 003 §4.7: Active bulletins of the entity's sector started within 14 days, not yet ended.
  { label: 'Bulletin', to: '/re/bulletin', permission: 'RE-Bulletin.select', badgeFor: bulletinBadge },
  { label: 'Reporting Entity Profile', to: '/re/reprofile', permission: 'RE-RE.select' },
  { label: 'Submission', to: '/re/batches', permission: 'REFormBatch.select' },
  { label: 'Excel Import', to: '/re/excelimport', permission: 'RE-ExcelImport.select' },
  // The forms waiting for the user's sign-off step, of any period, counted (sign-off-badge.ts).
  { label: RE_QUEUE_TITLE, to: '/re/waiting', permission: 'REForm.select', when: (u) => Boolean(waitingForMe(u)), badgeFor: signOffBadge },
  { label: 'Forms', to: '/re/formview', permission: 'REForm.select' },
  { label: 'Sub User Registration', to: '/re/registersubusers', permission: 'RE_User.select', when: isPrimaryUser },
  { label: 'External Users', to: '/re/userre', permission: 'User.select', when: isPrimaryUser },
  { label: 'RE Dropdown Group', to: '/re/redropdowngroup', permission: 'ListGroup.select' },
  { label: 'List Group', to: '/re/listgroup', permission: 'ListGroup.select' },
  { label: 'Helpdesk', to: '/re/helpdesk', permission: 'RE-Helpdesk.select' },
  { label: 'Query', to: '/re/query', permission: 'RE-Query.select' },
  { label: 'Resubmission', to: '/re/resubmission', permission: 'RE-Resubmission.select' },
  { label: 'Extension', to: '/re/extension', permission: 'RE-Extension.select' },
  { label: 'Request Value', to: '/re/requestvalue', permission: 'RE-SMSDropdown.select' },
  // Seed 002 §2 (route email of seed 000 §2.12): the user's own e-mail subscriptions.
  { label: 'Email Subscriptions', to: '/re/email', permission: 'User_EmailTemplate.select' },
  // Seed 000 §2.12 ends the sidebar with profile/edit/{userid}; the view page offers Edit.
  { label: 'My Profile', to: '/re/profile/view', permission: 'My-User.select' },
];

/** Seed 003 §2.10: each item only with the matching select permission. */
export const IRU_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/iru/dashboard', hideForRoles: [24, 43, 44] },
  { label: 'System Parameters', to: '/iru/sparameters', permission: 'Parameters.select', when: hasRole(24) },
  { label: 'Bulletin', to: '/iru/bulletin', permission: 'Bulletin.select' },
  { label: 'Routine Report', to: '/iru/RoutineReport', permission: 'RoutineRpt.select', badgeFor: overdueReportBadge },
  {
    label: 'Manage Submission',
    hideForRoles: [36],
    children: [
      { label: 'RE Submissions', to: '/iru/batches', permission: 'FormBatch.select' },
      { label: 'Open Period', to: '/iru/openperiod', permission: 'FormBatch.action.openPeriod' },
      { label: 'Completeness', to: '/iru/completeness', permission: 'FormBatch.action.completeness' },
      { label: 'Excel Import', to: '/iru/excelimport', permission: 'ExcelImport.select' },
    ],
  },
  // Submitted forms waiting for the regulator's review, of any period, counted (sign-off-badge.ts).
  { label: IRU_QUEUE_TITLE, to: '/iru/waiting', permission: 'Form.action.review', hideForRoles: [36], badgeFor: signOffBadge },
  { label: 'Form', to: '/iru/form', permission: 'Form.select', hideForRoles: [36] },
  { label: 'Form Template', to: '/iru/formtemplate', permission: 'FormTemplate.select' },
  { label: 'Import Allow', to: '/iru/importallow', permission: 'ImportAllow.select' },
  {
    label: 'Users',
    children: [
      { label: 'Role & Permission', to: '/iru/permission/role', permission: 'Role.select', hideForRoles: [43, 44] },
      { label: 'Internal Users', to: '/iru/internalusers', permission: 'User.select', hideForRoles: [43, 44] },
      { label: 'RE Users', to: '/iru/reusers', permission: 'RE_User.select' },
      { label: 'Web Registered Users', to: '/iru/webusers', permission: 'User.select', hideForRoles: [43, 44], badge: { module: 'User', where: [['state', '=', 61], ['logintype', '=', 2]] } },
    ],
  },
  {
    label: 'Reporting Entity',
    children: [
      { label: 'RE List', to: '/iru/reportingentity', permission: 'RE.select' },
      { label: 'RE Dropdown Group', to: '/iru/redropdowngroup', permission: 'ListGroup.select' },
    ],
  },
  {
    label: 'Administration',
    hideForRoles: [24],
    children: [
      { label: 'Business Parameters', to: '/iru/parameters', permission: 'Parameters.select', hideForRoles: [24] },
      { label: 'Master List Dropdown', to: '/iru/listgroup', permission: 'ListGroup.select' },
      { label: 'Variance Check', to: '/iru/variancecheck', permission: 'VarianceCheck.select' },
      { label: 'Freeze Period', to: '/iru/freezeperiod', permission: 'FreezePeriod.select' },
    ],
  },
  {
    label: 'Helpdesk',
    children: [
      // Seed 003 §4.7: the counts beside helpdesk (Open), query (New or Open) and resubmission (New, Pending Payment, Amendment Required).
      { label: 'General Helpdesk', to: '/iru/helpdesk', permission: 'Helpdesk.select', badge: { module: 'Helpdesk', where: [['state', '=', 13]] } },
      { label: 'Query', to: '/iru/query', permission: 'Query.select', badge: { module: 'Query', where: [['state', 'in', [54, 13]]] } },
      { label: 'Resubmission', to: '/iru/resubmission', permission: 'Resubmission.select', badge: { module: 'Resubmission', where: [['state', 'in', [54, 25, 74]]] } },
      // Extension requests waiting for the regulator: paid (to recommend), recommended either way (to decide).
      { label: 'Extension', to: '/iru/extension', permission: 'Extension.select', badge: { module: 'Extension', where: [['state', 'in', [31, 65, 70]]] } },
      { label: 'Dropdown Req.', to: '/iru/requestvalue', permission: 'SMSDropdown.select', badge: { module: 'SMSDropdown', where: [['state', '=', 54]] } },
      { label: 'Audit Log', to: '/iru/auditlog', permission: 'AuditLog.select' },
      // Cases still open (not Issued or Excluded), seed 003 §4.7 (PEOI.select).
      { label: 'Non-Compliance RE', to: '/iru/peoi', permission: 'PEOI.select', badge: { module: 'PEOI', where: [['state', 'in', [61, 74, 81, 82, 83, 84]]] } },
    ],
  },
  // Seed 002 §2: the staff member's own e-mail subscriptions (workflow and bulletin notices).
  { label: 'Email Subscriptions', to: '/iru/email', permission: 'User_EmailTemplate.select' },
];

/** Seed 000 §2.11. */
export const ADMIN_MENU: MenuItem[] = [
  { label: 'WebList View', to: '/list/weblist_view' },
  { label: 'WebList', to: '/list/weblist' },
  { label: 'WebForm', to: '/list/webform' },
  { label: 'Report Editor', to: '/report/editor', permission: 'WebReport.select' },
  { label: 'Report List', to: '/reportlist', permission: 'WebReport.select' },
  { label: 'Main dash', to: '/mdash' },
  { label: 'Dashgroup list', to: '/dashgroup' },
  // The Reporting Entity Profile's tabs and per-sector business information rules (docs/re-profile.md).
  { label: 'Profile Tabs', to: '/profiletabs', permission: 'ProfileTab.select' },
  { label: 'Business Info Rules', to: '/businessinfofields', permission: 'BusinessInfoField.select' },
  { label: 'Log Out', to: '/user/logout' },
];

/** The entries this user sees: permission, rule and role checks; groups without entries go. */
export function visibleMenu(items: MenuItem[], user: LoginInfo, routeExists: (to: string) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.permission && !user.permissions[item.permission]) continue;
    if (item.when && !item.when(user)) continue;
    if (item.hideForRoles?.some((r) => user.roles[String(r)])) continue;
    if (item.children) {
      const children = visibleMenu(item.children, user, routeExists);
      if (children.length) out.push({ ...item, children });
      continue;
    }
    if (item.to && !routeExists(item.to)) continue;
    out.push(item.badgeFor ? { ...item, badge: item.badgeFor(user, new Date()) ?? item.badge } : item);
  }
  return out;
}
