// Every route of the portal (seed 000 §2.1, §2.11, §2.12; seed 003 §2.10) with its guard.
// Heavy screens (the generic list and form) load lazily: the sign-in route stays small.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { DialogHost } from '../ui/dialogs';
import { HomeDispatch, RedirectSignedIn, RequireLoginType, RequirePrimaryUser, RequireSignIn, signInPathFor } from '../session/guards';
import { closeDialogsOnUserChange } from '../session/user-change';
import { RouteTitle, type RouteHandle } from './page-title';
import { NotAllowedPage, NotFoundPage } from '../ui/dead-ends';
import { ShellLayout } from '../shells/shell-layout';
import { EntityPanel } from '../shells/entity-panel';
import { ADMIN_MENU, IRU_MENU, RE_MENU, visibleMenu } from '../shells/menus';
import { BUSINESS_INFO_LIST, LIST_SCREENS, PROFILE_FORM, PROFILE_TAB_LIST, shellPrefix, type ShellKind } from './screen-routes';
import { setNavigator } from './navigation';
import { loginTypeOf, sessionStore, useSession, type LoginInfo } from '../session/session-store';
import { rpc } from '../rpc/rpc';
import { SignInPage } from '../auth/sign-in-page';
import { Loading } from '../ui/loading';
import { ProfileGated } from '../auth/profile-gated';

const ListPage = lazy(() => import('../list/list-page'));
const FormPage = lazy(() => import('../form/form-page'));
const RegisterPage = lazy(() => import('../auth/register-page'));
const PasswordPage = lazy(() => import('../auth/password-page'));
const LockScreenPage = lazy(() => import('../auth/lock-screen-page'));
const VerifyEmailPage = lazy(() => import('../auth/verify-email-page'));
const LogoutPage = lazy(() => import('../auth/logout-page'));
const SecurityQuestionsPage = lazy(() => import('../auth/security-questions-page'));
const ReDashboard = lazy(() => import('../shells/re-dashboard'));
const IruDashboard = lazy(() => import('../shells/iru-dashboard'));
const IruDashboard2 = lazy(() => import('../shells/iru-dashboard2'));
const ReProfilePage = lazy(() => import('../shells/re-profile-page'));
// The regulator's MIDA screens (docs/re-profile.md).
const MidaPage = lazy(() => import('../profile/staff-class-pages').then((m) => ({ default: m.MidaPage })));
const StaffClassFormPage = lazy(() => import('../profile/staff-class-pages').then((m) => ({ default: m.StaffClassFormPage })));
const SubUserRegisterPage = lazy(() => import('../auth/sub-user-register-page'));
const HomeDemoPage = lazy(() => import('../home/home-page'));
const ListviewWizardPage = lazy(() => import('../admin/listview-wizard-page'));
const WebListEditorPage = lazy(() => import('../admin/weblist-editor-page'));
const FormEditorPage = lazy(() => import('../admin/form-editor-page'));
const VersionedRecordPage = lazy(() => import('../admin/versioned-record-page'));
const ChartEditorPage = lazy(() => import('../admin/chart-editor-page'));
const SampleDashPage = lazy(() => import('../admin/sample-dash-page'));
const ReportDesignerPage = lazy(() => import('../admin/report-designer-page'));
const ReportListPage = lazy(() => import('../admin/report-list-page'));
const BulletinFeedPage = lazy(() => import('../bulletins/bulletin-cards'));
const BulletinListPage = lazy(() => import('../bulletins/bulletin-list-page'));
const BulletinEditPage = lazy(() => import('../bulletins/bulletin-edit-page'));
const BulletinDetailPage = lazy(() => import('../bulletins/bulletin-detail-page'));
const RoleEditorPage = lazy(() => import('../roles/role-editor-page'));
const UserGroupPage = lazy(() => import('../roles/user-group-page'));
const ThreadPage = lazy(() => import('../threads/thread-page'));
const HelpdeskCreatePage = lazy(() => import('../threads/helpdesk-create-page'));
const QueryListPage = lazy(() => import('../threads/query-list-page'));
const QueryCreatePage = lazy(() => import('../threads/query-create-page'));
const DropdownRequestCreatePage = lazy(() => import('../requests/dropdown-request-create-page'));
const DropdownRequestPage = lazy(() => import('../requests/dropdown-request-page'));
const ExtensionCreatePage = lazy(() => import('../requests/extension-create-page'));
const ExtensionPage = lazy(() => import('../requests/extension-page'));
const ResubmissionEditPage = lazy(() => import('../requests/resubmission-edit-page'));
const ResubmissionPage = lazy(() => import('../requests/resubmission-page'));
const ExcelImportCreatePage = lazy(() => import('../excel-import/excel-import-create-page'));
const ExcelImportPage = lazy(() => import('../excel-import/excel-import-page'));
// The Form Viewer designer: handsontable and HyperFormula load only with this route.
const DesignerPage = lazy(() => import('../designer/designer-page'));
// Filing (docs/client.md "Filing screens"): the entry grid loads handsontable and HyperFormula.
const FormEntryPage = lazy(() => import('../filing/entry-page'));
const FormHistoryPage = lazy(() => import('../filing/history-page'));
const ConsolidatedTemplatePage = lazy(() => import('../filing/consolidated-template-page'));
const ConsolidatedFormPage = lazy(() => import('../filing/consolidated-form-page'));
// Period screens (docs/client.md "Period screens").
const OpenPeriodPage = lazy(() => import('../periods/open-period-page'));
const FreezePeriodPage = lazy(() => import('../periods/freeze-period-page'));
const CompletenessPage = lazy(() => import('../periods/completeness-page'));
const VarianceCheckPage = lazy(() => import('../variance/variance-check-page'));
const BatchesPage = lazy(() => import('../periods/batches-page'));
const BatchFormsPage = lazy(() => import('../periods/batch-forms-page'));
const PeoiCasePage = lazy(() => import('../peoi/peoi-case-page'));
const PeoiCreatePage = lazy(() => import('../peoi/peoi-create-page'));
const PeoiFormsPage = lazy(() => import('../peoi/peoi-forms-page'));
const RoutineReportPage = lazy(() => import('../routine-reports/routine-report-page'));
const RoutineReportEditPage = lazy(() => import('../routine-reports/routine-report-edit-page'));
const OverdueReportsPage = lazy(() => import('../routine-reports/overdue-reports-page'));
const WaitingPage = lazy(() => import('../shells/waiting-page'));
// E-mail subscriptions (docs/email-subscriptions.md).
const EmailSubscriptionsPage = lazy(() => import('../mail/email-subscriptions-page'));
const UnsubscribePage = lazy(() => import('../mail/unsubscribe-page'));


function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

type FormMode = 'view' | 'edit' | 'create';

/** `{path}/view/:data_id` and friends of a named list: the list's own form. */
function NamedForm({ list, mode, basePath, shell }: { list: number; mode: FormMode; basePath: string; shell: ShellKind }) {
  const { data_id } = useParams();
  return <FormPage listId={list} mode={mode} dataId={data_id} basePath={basePath} shell={shell} />;
}

/** `{shell}/form/:formId/:mode/:data_id?` and `/mainform/...`: any form in any mode. */
function AnyForm({ shell, basePath }: { shell: ShellKind; basePath: string }) {
  const { formId, form_id, mode, data_id } = useParams();
  const m = (['view', 'edit', 'create'] as const).find((x) => x === mode);
  if (!m) return <NotFoundPage />;
  return <FormPage formId={Number(formId ?? form_id)} mode={m} dataId={data_id} basePath={basePath} shell={shell} />;
}

function AnyList({ shell }: { shell: ShellKind }) {
  const { listId } = useParams();
  const id = Number(listId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <ListPage key={id} listId={id} basePath={`${shellPrefix(shell)}/list/${id}`} shell={shell} />;
}

/** The signed-in user's own profile (form 66). */
function OwnProfile({ mode, shell }: { mode: FormMode; shell: ShellKind }) {
  const { user } = useSession();
  const { data_id } = useParams();
  // The header shows the name of the login info: read it again when the profile shows (after a save).
  useEffect(() => {
    if (mode === 'view') rpc.json<LoginInfo>('User.current').then(sessionStore.refreshed, () => undefined);
  }, [mode]);
  return <FormPage formId={PROFILE_FORM} mode={mode} dataId={data_id ?? String(user?.id ?? '')} basePath={`${shellPrefix(shell)}/profile`} shell={shell} />;
}

/** Seed 000 §2.12 `list/view/{data_id}`: one entry of a list group (form 47, Dropdown Value). */
const LIST_ENTRY_FORM = 47;
function ListEntryView({ shell }: { shell: ShellKind }) {
  const { data_id } = useParams();
  return <FormPage formId={LIST_ENTRY_FORM} mode="view" dataId={data_id} basePath={`${shellPrefix(shell)}/form`} shell={shell} />;
}

/** Seed 000 §2.12 `user/profile` and `user/profile/edit`, a prototype there: the user's own profile screens. */
function OwnProfileAddress({ shell, edit }: { shell: ShellKind; edit: boolean }) {
  const { user } = useSession();
  const prefix = shellPrefix(shell);
  return <Navigate to={edit && user ? `${prefix}/profile/edit/${user.id}` : `${prefix}/profile/view`} replace />;
}

/** Seed 000 §2.2: opening a form or the sub-user creation page first asks for a confirmed profile. */
const PROFILE_GATED: Record<string, FormMode[]> = { formview: ['create', 'edit', 'view'] };

const titled = (title: string): RouteHandle => ({ title });

function PrimaryOnly({ children }: { children: ReactNode }) {
  return <RequirePrimaryUser denied={<NotAllowedPage />}>{children}</RequirePrimaryUser>;
}

/** Within a shell, an address that is no screen of it. */
const UNKNOWN_IN_SHELL: RouteObject = { path: '*', handle: titled('Page not found'), element: <NotFoundPage /> };

function screenRoutes(shell: ShellKind): RouteObject[] {
  const prefix = shellPrefix(shell);
  const routes: RouteObject[] = [];
  for (const s of LIST_SCREENS.filter((x) => x.shells.includes(shell))) {
    const basePath = `${prefix}/${s.path}`;
    // Primary-user-only screens refuse others by address, as the server refuses their calls.
    const guard = (page: ReactNode) => (s.primaryOnly ? <PrimaryOnly>{page}</PrimaryOnly> : page);
    const form = (mode: FormMode) => {
      const page = <NamedForm list={s.list} mode={mode} basePath={basePath} shell={shell} />;
      return guard(<Lazy>{shell === 're' && PROFILE_GATED[s.path]?.includes(mode) ? <ProfileGated>{page}</ProfileGated> : page}</Lazy>);
    };
    routes.push(
      // The list and the form name the tab themselves once their definition is loaded.
      { path: s.path, handle: titled('List'), element: guard(<Lazy><ListPage key={basePath} listId={s.list} basePath={basePath} shell={shell} /></Lazy>) },
      ...(s.ownCreate ? [] : [{ path: `${s.path}/create`, handle: titled('Create'), element: form('create') }]),
      { path: `${s.path}/edit/:data_id`, handle: titled('Edit'), element: form('edit') },
      { path: `${s.path}/view/:data_id`, handle: titled('View'), element: form('view') },
    );
  }
  routes.push(
    { path: 'list/view/:data_id', handle: titled('Dropdown Value'), element: <Lazy><ListEntryView shell={shell} /></Lazy> },
    // The own-profile screens are the entity's and the regulator's shells'.
    ...(shell === 'admin' ? [] : [
      { path: 'user/profile', handle: titled('My Profile'), element: <OwnProfileAddress shell={shell} edit={false} /> },
      { path: 'user/profile/edit', handle: titled('Edit My Profile'), element: <OwnProfileAddress shell={shell} edit /> },
    ]),
    { path: 'list/:listId', handle: titled('List'), element: <Lazy><AnyList shell={shell} /></Lazy> },
    // A route parameter starting with fk_ is a fixed filter (seed 001 §2.6).
    { path: 'list/:listId/:fk/:fkValue', handle: titled('List'), element: <Lazy><AnyList shell={shell} /></Lazy> },
    { path: 'form/:formId/:mode/:data_id?', handle: titled('Form'), element: <Lazy><AnyForm shell={shell} basePath={`${prefix}/form`} /></Lazy> },
  );
  return routes;
}

const RE_ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="/re/dashboard" replace /> },
  { path: 'dashboard', handle: titled('Dashboard'), element: <Lazy><ReDashboard /></Lazy> },
  // The forms waiting for the user's sign-off step (shells/sign-off-badge.ts).
  { path: 'waiting', handle: titled('Waiting for me'), element: <Lazy><WaitingPage key="re" shell="re" /></Lazy> },
  { path: 'reprofile', handle: titled('Reporting Entity Profile'), element: <Lazy><ReProfilePage key="re" side="re" /></Lazy> },
  // Seed 000 §2.12: regsubusers/create, and the create page of list 81 (registersubusers).
  { path: 'regsubusers/create', handle: titled('Register Sub User'), element: <PrimaryOnly><Lazy><ProfileGated><SubUserRegisterPage /></ProfileGated></Lazy></PrimaryOnly> },
  { path: 'registersubusers/create', handle: titled('Register Sub User'), element: <PrimaryOnly><Lazy><ProfileGated><SubUserRegisterPage /></ProfileGated></Lazy></PrimaryOnly> },
  { path: 'profile/view', handle: titled('My Profile'), element: <Lazy><OwnProfile mode="view" shell="re" /></Lazy> },
  { path: 'profile/edit/:data_id', handle: titled('Edit My Profile'), element: <Lazy><OwnProfile mode="edit" shell="re" /></Lazy> },
  { path: 'securityquestions/:data_id', handle: titled('Security Questions'), element: <Lazy><SecurityQuestionsPage /></Lazy> },
  // Bulletins (seed 002 §2, docs/bulletins.md).
  { path: 'bulletin', handle: titled('Bulletin'), element: <Lazy><BulletinFeedPage /></Lazy> },
  { path: 'bulletin/:id', handle: titled('Bulletin'), element: <Lazy><BulletinDetailPage key="re" shell="re" /></Lazy> },
  // Threads (seed 002 §2, docs/threads.md), before the named lists' generic create route.
  { path: 'helpdesk/create', handle: titled('Create New Question'), element: <Lazy><HelpdeskCreatePage /></Lazy> },
  { path: 'helpdesk/:id', handle: titled('Helpdesk'), element: <Lazy><ThreadPage key="helpdesk" kind="helpdesk" shell="re" /></Lazy> },
  { path: 'query', handle: titled('Query'), element: <Lazy><QueryListPage shell="re" /></Lazy> },
  { path: 'query/:id', handle: titled('Query'), element: <Lazy><ThreadPage key="query" kind="query" shell="re" /></Lazy> },
  // Dropdown value requests (seed 003 §2.5, docs/requests.md).
  { path: 'requestvalue/create', handle: titled('Create New Request'), element: <Lazy><DropdownRequestCreatePage /></Lazy> },
  { path: 'requestvalue/:id', handle: titled('Dropdown Request'), element: <Lazy><DropdownRequestPage key="re" shell="re" /></Lazy> },
  { path: 'extension/create', handle: titled('Request Extension'), element: <Lazy><ExtensionCreatePage /></Lazy> },
  { path: 'extension/:id', handle: titled('Extension'), element: <Lazy><ExtensionPage key="re" shell="re" /></Lazy> },
  // Resubmission requests (seed 003 §2.2, docs/resubmission-extension.md).
  { path: 'resubmission/create', handle: titled('Request Resubmission'), element: <Lazy><ResubmissionEditPage key="re-create" shell="re" /></Lazy> },
  { path: 'resubmission/:id/edit', handle: titled('Edit Resubmission'), element: <Lazy><ResubmissionEditPage key="re-edit" shell="re" /></Lazy> },
  { path: 'resubmission/:id', handle: titled('Resubmission'), element: <Lazy><ResubmissionPage key="re" shell="re" /></Lazy> },
  // Excel imports (seed 003 §2.4, docs/excel.md).
  // Seed 000 §2.2: an unconfirmed profile stops an Excel import and a form before anything is typed.
  { path: 'excelimport/create', handle: titled('Create Excel Import'), element: <Lazy><ProfileGated><ExcelImportCreatePage key="re" shell="re" /></ProfileGated></Lazy> },
  { path: 'excelimport/:id', handle: titled('Excel Import'), element: <Lazy><ExcelImportPage key="re" shell="re" /></Lazy> },
  { path: 'excelimport/view/:id', handle: titled('Excel Import'), element: <Lazy><ExcelImportPage key="re-view" shell="re" /></Lazy> },
  { path: 'form/:id', handle: titled('Form'), element: <Lazy><ProfileGated><FormEntryPage key="re" side="entity" /></ProfileGated></Lazy> },
  { path: 'formhistory/:id', handle: titled('Form history'), element: <Lazy><FormHistoryPage key="re" side="entity" /></Lazy> },
  { path: 'consolidated/:id', handle: titled('Form'), element: <Lazy><ConsolidatedFormPage key="re" side="entity" /></Lazy> },
  // The Submissions list with Create New Forms, before the named list's generic route.
  { path: 'batches', handle: titled('Submission'), element: <Lazy><BatchesPage key="re" shell="re" /></Lazy> },
  { path: 'batch/:id', handle: titled('Submission'), element: <Lazy><BatchFormsPage key="re" shell="re" /></Lazy> },
  { path: 'RoutineReport/:id', handle: titled('Routine Report'), element: <Lazy><RoutineReportPage key="re" shell="re" /></Lazy> },
  // Seed 000 §2.12 email and email_template, seed 002 §2: the user's own e-mail subscriptions.
  { path: 'email', handle: titled('Email Subscriptions'), element: <Lazy><EmailSubscriptionsPage key="re" shell="re" /></Lazy> },
  { path: 'email_template', element: <Navigate to="/re/email" replace /> },
  ...screenRoutes('re'),
  UNKNOWN_IN_SHELL,
];

const IRU_ROUTES: RouteObject[] = [
  { index: true, element: <IruLanding /> },
  { path: 'dashboard', handle: titled('Dashboard'), element: <Lazy><IruDashboard /></Lazy> },
  { path: 'dashboard2', handle: titled('Dashboard'), element: <Lazy><IruDashboard2 /></Lazy> },
  // Submitted forms waiting for the regulator's review (shells/sign-off-badge.ts).
  { path: 'waiting', handle: titled('Waiting for my review'), element: <Lazy><WaitingPage key="iru" shell="iru" /></Lazy> },
  { path: 'securityquestions/:data_id', handle: titled('Security Questions'), element: <Lazy><SecurityQuestionsPage key="iru" /></Lazy> },
  { path: 'profile', handle: titled('My Profile'), element: <Lazy><OwnProfile mode="view" shell="iru" /></Lazy> },
  { path: 'profile/view', handle: titled('My Profile'), element: <Lazy><OwnProfile mode="view" shell="iru" /></Lazy> },
  { path: 'profile/edit/:data_id', handle: titled('Edit My Profile'), element: <Lazy><OwnProfile mode="edit" shell="iru" /></Lazy> },
  // Seed 001 §2.5: an entity's profile for the regulator, /iru/reprofile?id={re}&tab_id={tab} (docs/re-profile.md).
  { path: 'reprofile', handle: titled('Reporting Entity Profile'), element: <Lazy><ReProfilePage key="iru" side="iru" /></Lazy> },
  { path: 'mida/:data_id', handle: titled('MIDA - Potential Employment'), element: <Lazy><MidaPage /></Lazy> },
  { path: 'staffclass/create', handle: titled('Create MIDA - Potential Employment'), element: <Lazy><StaffClassFormPage key="create" mode="create" /></Lazy> },
  { path: 'staffclass/:id/edit', handle: titled('Edit MIDA - Potential Employment'), element: <Lazy><StaffClassFormPage key="edit" mode="edit" /></Lazy> },
  { path: 'bulletin', handle: titled('Bulletin'), element: <Lazy><BulletinListPage /></Lazy> },
  { path: 'bulletin/create', handle: titled('Create Bulletin'), element: <Lazy><BulletinEditPage key="create" /></Lazy> },
  { path: 'bulletin/:id/edit', handle: titled('Edit Bulletin'), element: <Lazy><BulletinEditPage key="edit" /></Lazy> },
  { path: 'bulletin/:id', handle: titled('Bulletin'), element: <Lazy><BulletinDetailPage key="iru" shell="iru" /></Lazy> },
  { path: 'helpdesk/:id', handle: titled('Helpdesk'), element: <Lazy><ThreadPage key="helpdesk" kind="helpdesk" shell="iru" /></Lazy> },
  { path: 'query', handle: titled('Query'), element: <Lazy><QueryListPage shell="iru" /></Lazy> },
  { path: 'query/create', handle: titled('Create New Query'), element: <Lazy><QueryCreatePage /></Lazy> },
  { path: 'query/:id', handle: titled('Query'), element: <Lazy><ThreadPage key="query" kind="query" shell="iru" /></Lazy> },
  { path: 'requestvalue/:id', handle: titled('Dropdown Request'), element: <Lazy><DropdownRequestPage key="iru" shell="iru" /></Lazy> },
  { path: 'extension/:id', handle: titled('Extension'), element: <Lazy><ExtensionPage key="iru" shell="iru" /></Lazy> },
  { path: 'resubmission/:id/edit', handle: titled('Edit Resubmission'), element: <Lazy><ResubmissionEditPage key="iru-edit" shell="iru" /></Lazy> },
  { path: 'resubmission/:id', handle: titled('Resubmission'), element: <Lazy><ResubmissionPage key="iru" shell="iru" /></Lazy> },
  { path: 'excelimport/create', handle: titled('Create Excel Import'), element: <Lazy><ExcelImportCreatePage key="iru" shell="iru" /></Lazy> },
  { path: 'excelimport/:id', handle: titled('Excel Import'), element: <Lazy><ExcelImportPage key="iru" shell="iru" /></Lazy> },
  { path: 'excelimport/view/:id', handle: titled('Excel Import'), element: <Lazy><ExcelImportPage key="iru-view" shell="iru" /></Lazy> },
  // Seed 003 §2.8: the role editor (which also creates a role) and User Group Maintenance.
  { path: 'permission/role/create', handle: titled('New role'), element: <Lazy><RoleEditorPage /></Lazy> },
  { path: 'permission/role/:data_id', handle: titled('Role & Permission'), element: <Lazy><RoleEditorPage /></Lazy> },
  { path: 'user/group/:data_id', handle: titled('User Group Maintenance'), element: <Lazy><UserGroupPage /></Lazy> },
  // Seed 001 §2.2: the designer of a template, ?ovr= an override of it; a non-numeric id or, with
  // no id, ?form= opens a static JSON form.
  { path: 'formviewer/:id', handle: titled('Form Viewer'), element: <Lazy><DesignerPage /></Lazy> },
  { path: 'form/:id', handle: titled('Form'), element: <Lazy><FormEntryPage key="iru" side="regulator" /></Lazy> },
  { path: 'formhistory/:id', handle: titled('Form history'), element: <Lazy><FormHistoryPage key="iru" side="regulator" /></Lazy> },
  { path: 'consolidated/:id', handle: titled('Form'), element: <Lazy><ConsolidatedFormPage key="iru" side="regulator" /></Lazy> },
  { path: 'formviewer', handle: titled('Form Viewer'), element: <Lazy><DesignerPage /></Lazy> },
  { path: 'openperiod', handle: titled('Open a period'), element: <Lazy><OpenPeriodPage /></Lazy> },
  { path: 'freezeperiod', handle: titled('Freeze Period'), element: <Lazy><FreezePeriodPage /></Lazy> },
  { path: 'completeness', handle: titled('Completeness and timeliness'), element: <Lazy><CompletenessPage /></Lazy> },
  { path: 'variancecheck', handle: titled('Variance Check'), element: <Lazy><VarianceCheckPage /></Lazy> },
  // The Submissions list (titled RE Submissions) and the forms of a batch, before the named list's route.
  { path: 'batches', handle: titled('RE Submissions'), element: <Lazy><BatchesPage key="iru" shell="iru" /></Lazy> },
  { path: 'batch/:id', handle: titled('Submission'), element: <Lazy><BatchFormsPage key="iru" shell="iru" /></Lazy> },
  // Seed 003 §2.6, §2.7 (docs/routine-reports-peoi.md): routine reports and non-compliance cases.
  { path: 'RoutineReport/overdue', handle: titled('Overdue Routine Reports'), element: <Lazy><OverdueReportsPage /></Lazy> },
  { path: 'RoutineReport/create', handle: titled('Create Routine Report'), element: <Lazy><RoutineReportEditPage key="create" /></Lazy> },
  { path: 'RoutineReport/:id/edit', handle: titled('Edit Routine Report'), element: <Lazy><RoutineReportEditPage key="edit" /></Lazy> },
  { path: 'RoutineReport/:id', handle: titled('Routine Report'), element: <Lazy><RoutineReportPage key="iru" shell="iru" /></Lazy> },
  { path: 'peoi/create', handle: titled('Create Non-Compliance Case'), element: <Lazy><PeoiCreatePage /></Lazy> },
  { path: 'peoi/edit/:id', handle: titled('Non-Compliance Case'), element: <Lazy><PeoiCasePage /></Lazy> },
  { path: 'peoi_form/:id', handle: titled('Forms'), element: <Lazy><PeoiFormsPage /></Lazy> },
  // Seed 001 §2.1: a template's consolidated view; before the list's generic view route, which it replaces.
  { path: 'formtemplate/view/:id', handle: titled('Form'), element: <Lazy><ConsolidatedTemplatePage /></Lazy> },
  { path: 'email', handle: titled('Email Subscriptions'), element: <Lazy><EmailSubscriptionsPage key="iru" shell="iru" /></Lazy> },
  ...screenRoutes('iru'),
  UNKNOWN_IN_SHELL,
];

const ADMIN_ROUTES: RouteObject[] = [
  { path: 'admin', handle: titled('Administration'), element: <FirstMenuEntry kind="admin" /> },
  { path: 'mainform/:form_id/:mode/:data_id?', handle: titled('Form'), element: <Lazy><AnyForm shell="admin" basePath="/mainform" /></Lazy> },
  // The editors of screen metadata (docs/screens.md): structured, raw JSON beside it, live preview.
  { path: 'listview_wiz/:id?', handle: titled('WebList View'), element: <Lazy><ListviewWizardPage /></Lazy> },
  { path: 'weblists/:id?', handle: titled('WebList'), element: <Lazy><WebListEditorPage /></Lazy> },
  { path: 'moduleform/edit/v2/:data_id?', handle: titled('WebForm'), element: <Lazy><FormEditorPage /></Lazy> },
  { path: 'mdash/:id?', handle: titled('Dashboard charts'), element: <Lazy><ChartEditorPage /></Lazy> },
  { path: 'sample_dash/:group_id', handle: titled('Dashboard'), element: <Lazy><SampleDashPage /></Lazy> },
  // The report designer and list (docs/reports.md); /report/editor is list 82 (screen-routes.ts).
  { path: 'modulereport/:id?', handle: titled('Report Editor'), element: <Lazy><ReportDesignerPage /></Lazy> },
  { path: 'reportlist', handle: titled('Report List'), element: <Lazy><ReportListPage /></Lazy> },
  // The profile's definitions open in their list's form with their versions below; before the named lists' routes, which they replace.
  ...(['edit', 'view'] as const).flatMap((mode) => [
    { path: `profiletabs/${mode}/:data_id`, handle: titled('Profile Tab'), element: <Lazy><VersionedRecordPage key={`tab-${mode}`} module="ProfileTab" list={PROFILE_TAB_LIST} mode={mode} basePath="/profiletabs" shell="admin" /></Lazy> },
    { path: `businessinfofields/${mode}/:data_id`, handle: titled('Business Information Rule'), element: <Lazy><VersionedRecordPage key={`field-${mode}`} module="BusinessInfoField" list={BUSINESS_INFO_LIST} mode={mode} basePath="/businessinfofields" shell="admin" /></Lazy> },
  ]),
  ...screenRoutes('admin'),
  // Seed 000 §2.11 names a group's own address /dashgroup/{data_id} (form 129) beside /create.
  { path: 'dashgroup/:data_id', handle: titled('Dashboard group'), element: <Lazy><NamedForm list={152} mode="view" basePath="/dashgroup" shell="admin" /></Lazy> },
];

function routesOf(kind: ShellKind): RouteObject[] {
  return kind === 're' ? RE_ROUTES : kind === 'iru' ? IRU_ROUTES : ADMIN_ROUTES;
}

/** Whether `to` is a screen of this build, so the sidebar leaves out what is not built yet. */
export function routeExistsIn(kind: ShellKind): (to: string) => boolean {
  const prefix = shellPrefix(kind);
  const patterns = routesOf(kind)
    .filter((r) => r.path && r.path !== '*')
    .map((r) => `${prefix}/${r.path}`);
  // Screens outside the shells (sign-out, password) exist for everyone.
  return (to) => ['/user/logout', '/change-password', '/lockscreen'].includes(to) || patterns.some((p) => matchPath({ path: p, end: true }, to.split('?')[0]) !== null);
}

const MENUS = { re: RE_MENU, iru: IRU_MENU, admin: ADMIN_MENU };

/** Seed 003 §2.9: /iru opens the submissions (/iru/formbatch, list 49) for roles 43 and 44, else the dashboard (which sends role 24 on). */
function IruLanding() {
  const { user } = useSession();
  if (user?.roles['43'] || user?.roles['44']) return <Navigate to="/iru/formbatch" replace />;
  if (user?.roles['24']) return <Navigate to="/iru/sparameters" replace />;
  return <Navigate to="/iru/dashboard" replace />;
}

function FirstMenuEntry({ kind }: { kind: ShellKind }) {
  const { user } = useSession();
  const first = (items: ReturnType<typeof visibleMenu>): string | undefined => {
    for (const i of items) {
      if (i.to && i.to !== '/user/logout') return i.to;
      const inner = i.children && first(i.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const to = user ? first(visibleMenu(MENUS[kind], user, routeExistsIn(kind))) : undefined;
  return to ? <Navigate to={to} replace /> : <p className="empty">There is nothing here for your account yet.</p>;
}

/**
 * The shell of the signed-in user's own kind around `content`: where an address that is no
 * screen, or a shell the user may not open, says so (instead of a silent redirect).
 */
function OwnShell({ content }: { content: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  const type = loginTypeOf(user);
  const kind: ShellKind = type === 'RE' ? 're' : type === 'IRU' ? 'iru' : 'admin';
  return <ShellLayout kind={kind} menu={MENUS[kind]} routeExists={routeExistsIn(kind)} rightPanel={kind === 're' ? <EntityPanel /> : undefined} content={content} />;
}

const DENIED = <OwnShell content={<NotAllowedPage />} />;

function Root() {
  return (
    <>
      <RouteTitle />
      <Outlet />
      <DialogHost />
    </>
  );
}

export function createRouter() {
  const router = createBrowserRouter([
    {
      element: <Root />,
      children: [
        { path: '/', handle: titled('Sign in'), element: <RedirectSignedIn><SignInPage /></RedirectSignedIn> },
        { path: '/login', handle: titled('Sign in'), element: <RequireSignIn><SignInPage /></RequireSignIn> },
        { path: '/register', handle: titled('Register'), element: <RedirectSignedIn><Lazy><RegisterPage /></Lazy></RedirectSignedIn> },
        { path: '/lockscreen', handle: titled('Screen Locked'), element: <RequireSignIn><Lazy><LockScreenPage /></Lazy></RequireSignIn> },
        {
          // RE users to /re, IRU users to /iru (the demo with ?server=), administrators the demo page.
          path: '/home',
          handle: titled('Home'),
          element: <HomeDispatch shell={(kind) => <ShellLayout kind={kind} menu={MENUS[kind]} routeExists={routeExistsIn(kind)} />} />,
          children: [{ index: true, element: <Lazy><HomeDemoPage /></Lazy> }],
        },
        { path: '/change-password', handle: titled('Change Password'), element: <RequireSignIn><Lazy><PasswordPage mode="change-password" /></Lazy></RequireSignIn> },
        { path: '/first-time-login', handle: titled('Set Your Password'), element: <RequireSignIn><Lazy><PasswordPage mode="first-time-login" /></Lazy></RequireSignIn> },
        { path: '/password-expiry', handle: titled('Password Expired'), element: <RequireSignIn><Lazy><PasswordPage mode="password-expiry" /></Lazy></RequireSignIn> },
        { path: '/reset-password', handle: titled('Reset Password'), element: <Lazy><PasswordPage mode="reset-password" /></Lazy> },
        { path: '/verify-email', handle: titled('E-mail Verification'), element: <Lazy><VerifyEmailPage /></Lazy> },
        // A mail's unsubscribe link, signed in or not (docs/email-subscriptions.md).
        { path: '/unsubscribe', handle: titled('Unsubscribe'), element: <Lazy><UnsubscribePage /></Lazy> },
        { path: '/user/logout', handle: titled('Logged Out'), element: <Lazy><LogoutPage /></Lazy> },
        {
          path: '/re',
          element: (
            <RequireLoginType types={['RE']} denied={DENIED}>
              <ShellLayout kind="re" menu={RE_MENU} routeExists={routeExistsIn('re')} rightPanel={<EntityPanel />} />
            </RequireLoginType>
          ),
          children: RE_ROUTES,
        },
        {
          path: '/iru',
          element: (
            <RequireLoginType types={['IRU']} denied={DENIED}>
              <ShellLayout kind="iru" menu={IRU_MENU} routeExists={routeExistsIn('iru')} />
            </RequireLoginType>
          ),
          children: IRU_ROUTES,
        },
        {
          // The internal administration screens (seed 000 §2.11) sit at the top level.
          element: (
            <RequireLoginType types={['ADMIN']} denied={DENIED}>
              <ShellLayout kind="admin" menu={ADMIN_MENU} routeExists={routeExistsIn('admin')} />
            </RequireLoginType>
          ),
          children: ADMIN_ROUTES,
        },
        // Seed 000 §2.1 sends unknown paths to /; the portal says so instead (docs/client.md).
        { path: '*', handle: titled('Page not found'), element: <OwnShell content={<NotFoundPage />} /> },
      ],
    },
  ]);
  setNavigator((to) => void router.navigate(to));
  closeDialogsOnUserChange();
  return router;
}

/** For code that must know without React whether someone is signed in. */
export const isSignedIn = () => sessionStore.user() !== null;
