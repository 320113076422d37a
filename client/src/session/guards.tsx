// Route guards of seed 000 §6: unauthenticated users go to `/` with the full path in `next`;
// RE users never see /iru/…, IRU users never /re/…; the internal admin screens only for users
// who are neither. The server enforces the same through permissions on every call.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { landingFor } from '../auth/sign-in-flow';
import { loginTypeOf, useSession } from './session-store';

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

/** Only the given login types; anyone else goes home (or to `/` for the admin screens). */
export function RequireLoginType({ types, otherwise = '/home', children }: { types: ('RE' | 'IRU' | 'ADMIN')[]; otherwise?: string; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  const type = loginTypeOf(user);
  if (!type || !types.includes(type)) return <Navigate to={otherwise} replace />;
  return <>{children}</>;
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
