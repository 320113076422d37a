// Every route of the portal (seed 000 §2.1, §2.11, §2.12; seed 003 §2.10) with its guard.
// Heavy screens (the generic list and form) load lazily: the sign-in route stays small.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { DialogHost } from '../ui/dialogs';
import { HomeDispatch, RedirectSignedIn, RequireLoginType, RequireSignIn } from '../session/guards';
import { ShellLayout } from '../shells/shell-layout';
import { EntityPanel } from '../shells/entity-panel';
import { ADMIN_MENU, IRU_MENU, RE_MENU, visibleMenu } from '../shells/menus';
import { LIST_SCREENS, PROFILE_FORM, shellPrefix, type ShellKind } from './screen-routes';
import { setNavigator } from './navigation';
import { sessionStore, useSession } from '../session/session-store';
import { SignInPage } from '../auth/sign-in-page';

const ListPage = lazy(() => import('../list/list-page'));
const FormPage = lazy(() => import('../form/form-page'));
const RegisterPage = lazy(() => import('../auth/register-page'));
const PasswordPage = lazy(() => import('../auth/password-page'));
const LockScreenPage = lazy(() => import('../auth/lock-screen-page'));
const VerifyEmailPage = lazy(() => import('../auth/verify-email-page'));
const LogoutPage = lazy(() => import('../auth/logout-page'));
const SecurityQuestionsPage = lazy(() => import('../auth/security-questions-page'));
const ReDashboard = lazy(() => import('../shells/re-dashboard'));

export function Loading() {
  return (
    <div className="loading" role="status">
      Loading...
    </div>
  );
}

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
  if (!m) return <Navigate to="/" replace />;
  return <FormPage formId={Number(formId ?? form_id)} mode={m} dataId={data_id} basePath={basePath} shell={shell} />;
}

function AnyList({ shell }: { shell: ShellKind }) {
  const { listId } = useParams();
  const id = Number(listId);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/" replace />;
  return <ListPage key={id} listId={id} basePath={`${shellPrefix(shell)}/list/${id}`} shell={shell} />;
}

/** The signed-in user's own profile (form 66). */
function OwnProfile({ mode, shell }: { mode: FormMode; shell: ShellKind }) {
  const { user } = useSession();
  const { data_id } = useParams();
  return <FormPage formId={PROFILE_FORM} mode={mode} dataId={data_id ?? String(user?.id ?? '')} basePath={`${shellPrefix(shell)}/profile`} shell={shell} />;
}

function screenRoutes(shell: ShellKind): RouteObject[] {
  const prefix = shellPrefix(shell);
  const routes: RouteObject[] = [];
  for (const s of LIST_SCREENS.filter((x) => x.shells.includes(shell))) {
    const basePath = `${prefix}/${s.path}`;
    routes.push(
      { path: s.path, element: <Lazy><ListPage key={basePath} listId={s.list} basePath={basePath} shell={shell} /></Lazy> },
      { path: `${s.path}/create`, element: <Lazy><NamedForm list={s.list} mode="create" basePath={basePath} shell={shell} /></Lazy> },
      { path: `${s.path}/edit/:data_id`, element: <Lazy><NamedForm list={s.list} mode="edit" basePath={basePath} shell={shell} /></Lazy> },
      { path: `${s.path}/view/:data_id`, element: <Lazy><NamedForm list={s.list} mode="view" basePath={basePath} shell={shell} /></Lazy> },
    );
  }
  routes.push(
    { path: 'list/:listId', element: <Lazy><AnyList shell={shell} /></Lazy> },
    // A route parameter starting with fk_ is a fixed filter (seed 001 §2.6).
    { path: 'list/:listId/:fk/:fkValue', element: <Lazy><AnyList shell={shell} /></Lazy> },
    { path: 'form/:formId/:mode/:data_id?', element: <Lazy><AnyForm shell={shell} basePath={`${prefix}/form`} /></Lazy> },
  );
  return routes;
}

const RE_ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="/re/dashboard" replace /> },
  { path: 'dashboard', element: <Lazy><ReDashboard /></Lazy> },
  { path: 'reprofile', element: <Lazy><ReProfile /></Lazy> },
  { path: 'profile/view', element: <Lazy><OwnProfile mode="view" shell="re" /></Lazy> },
  { path: 'profile/edit/:data_id', element: <Lazy><OwnProfile mode="edit" shell="re" /></Lazy> },
  { path: 'securityquestions/:data_id', element: <Lazy><SecurityQuestionsPage /></Lazy> },
  ...screenRoutes('re'),
];

const IRU_ROUTES: RouteObject[] = [
  { index: true, element: <FirstMenuEntry kind="iru" /> },
  { path: 'profile', element: <Lazy><OwnProfile mode="view" shell="iru" /></Lazy> },
  { path: 'profile/edit/:data_id', element: <Lazy><OwnProfile mode="edit" shell="iru" /></Lazy> },
  ...screenRoutes('iru'),
];

const ADMIN_ROUTES: RouteObject[] = [
  { path: 'admin', element: <FirstMenuEntry kind="admin" /> },
  { path: 'mainform/:form_id/:mode/:data_id?', element: <Lazy><AnyForm shell="admin" basePath="/mainform" /></Lazy> },
  ...screenRoutes('admin'),
];

/** The business profile of the current entity: the entity's form in view mode. */
function ReProfile() {
  const { re } = useSession();
  return <FormPage listId={58} mode="view" dataId={String(re ?? '')} basePath="/re/reportingentity" shell="re" />;
}

function routesOf(kind: ShellKind): RouteObject[] {
  return kind === 're' ? RE_ROUTES : kind === 'iru' ? IRU_ROUTES : ADMIN_ROUTES;
}

/** Whether `to` is a screen of this build, so the sidebar leaves out what is not built yet. */
export function routeExistsIn(kind: ShellKind): (to: string) => boolean {
  const prefix = shellPrefix(kind);
  const patterns = routesOf(kind)
    .filter((r) => r.path)
    .map((r) => `${prefix}/${r.path}`);
  // Screens outside the shells (sign-out, password) exist for everyone.
  return (to) => ['/user/logout', '/change-password', '/lockscreen'].includes(to) || patterns.some((p) => matchPath({ path: p, end: true }, to.split('?')[0]) !== null);
}

const MENUS = { re: RE_MENU, iru: IRU_MENU, admin: ADMIN_MENU };

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

function Root() {
  return (
    <>
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
        { path: '/', element: <RedirectSignedIn><SignInPage /></RedirectSignedIn> },
        { path: '/login', element: <RequireSignIn><SignInPage /></RequireSignIn> },
        { path: '/register', element: <RedirectSignedIn><Lazy><RegisterPage /></Lazy></RedirectSignedIn> },
        { path: '/lockscreen', element: <RequireSignIn><Lazy><LockScreenPage /></Lazy></RequireSignIn> },
        { path: '/home', element: <HomeDispatch /> },
        { path: '/change-password', element: <RequireSignIn><Lazy><PasswordPage mode="change-password" /></Lazy></RequireSignIn> },
        { path: '/first-time-login', element: <RequireSignIn><Lazy><PasswordPage mode="first-time-login" /></Lazy></RequireSignIn> },
        { path: '/password-expiry', element: <RequireSignIn><Lazy><PasswordPage mode="password-expiry" /></Lazy></RequireSignIn> },
        { path: '/reset-password', element: <Lazy><PasswordPage mode="reset-password" /></Lazy> },
        { path: '/verify-email', element: <Lazy><VerifyEmailPage /></Lazy> },
        { path: '/user/logout', element: <Lazy><LogoutPage /></Lazy> },
        {
          path: '/re',
          element: (
            <RequireLoginType types={['RE']}>
              <ShellLayout kind="re" menu={RE_MENU} routeExists={routeExistsIn('re')} rightPanel={<EntityPanel />} />
            </RequireLoginType>
          ),
          children: RE_ROUTES,
        },
        {
          path: '/iru',
          element: (
            <RequireLoginType types={['IRU']}>
              <ShellLayout kind="iru" menu={IRU_MENU} routeExists={routeExistsIn('iru')} />
            </RequireLoginType>
          ),
          children: IRU_ROUTES,
        },
        {
          // The internal administration screens (seed 000 §2.11) sit at the top level.
          element: (
            <RequireLoginType types={['ADMIN']} otherwise="/">
              <ShellLayout kind="admin" menu={ADMIN_MENU} routeExists={routeExistsIn('admin')} />
            </RequireLoginType>
          ),
          children: ADMIN_ROUTES,
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
  setNavigator((to) => void router.navigate(to));
  return router;
}

/** For code that must know without React whether someone is signed in. */
export const isSignedIn = () => sessionStore.user() !== null;
