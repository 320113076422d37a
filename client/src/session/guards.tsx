// Route guards of seed 000 §6: unauthenticated users go to `/` with the full path in `next`;
// RE users never see /iru/…, IRU users never /re/…; the internal admin screens only for users
// who are neither. The server enforces the same through permissions on every call. A signed-in
// user at an address they may not open sees `denied` (a page that says so), not a
// silent redirect.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { landingFor } from '../auth/sign-in-flow';
import { loginTypeOf, useSession, type LoginInfo } from './session-store';

/** Where an unauthenticated user is sent: `/` with `next` holding the full path. */
export function signInPathFor(pathWithQuery: string): string {
  return `/?next=${encodeURIComponent(pathWithQuery)}`;
}

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <>{children}</>;
}

/** Only the given login types; anyone else signed in sees `denied`. */
export function RequireLoginType({ types, denied, children }: { types: ('RE' | 'IRU' | 'ADMIN')[]; denied: ReactNode; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  const type = loginTypeOf(user);
  if (!type || !types.includes(type)) return <>{denied}</>;
  return <>{children}</>;
}

/** The primary user of the session's current entity (seed 000 §6: sub-users and external users). */
export function isPrimaryUser(user: LoginInfo | null, currentRe: number | null): boolean {
  return Boolean(user && user.REPrimaryUser !== null && user.REPrimaryUser === (currentRe ?? user.currentRE));
}

/** Primary-user-only screens; anyone else sees `denied`, as the server refuses their calls. */
export function RequirePrimaryUser({ denied, children }: { denied: ReactNode; children: ReactNode }) {
  const { user, re } = useSession();
  return <>{isPrimaryUser(user, re) ? children : denied}</>;
}

/** `/`, `/register`: a signed-in user goes where they belong (a forced screen, `next`, or home). */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  if (user) return <Navigate to={landingFor(user, params.get('next'))} replace />;
  return <>{children}</>;
}

/**
 * /home (seed 000 §2.1 and §2.7): RE users go to /re; IRU users to /iru unless the address names a
 * `server` tab (`/home?server=app`); IRU users with it and internal administrators see the demo
 * page, inside the shell that `shell` builds for their kind.
 */
export function HomeDispatch({ shell }: { shell: (kind: 'iru' | 'admin') => ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  // An expired password or a first-time RE user's questions come first, even after a reload.
  const forced = landingFor(user, null);
  if (forced !== '/home') return <Navigate to={forced} replace />;
  const type = loginTypeOf(user);
  if (type === 'RE') return <Navigate to="/re" replace />;
  if (type === 'IRU' && !params.has('server')) return <Navigate to="/iru" replace />;
  return <>{shell(type === 'IRU' ? 'iru' : 'admin')}</>;
}
