// What happens after a successful User.login (seed 000 §2.2): the login info is stored, the
// first entity remembered, and the user sent on: an expired password to /password-expiry, a
// first-time RE user to the security questions, everyone else to `next` or /home.
import { flushSync } from 'react-dom';
import { sessionStore, loginTypeOf, type LoginInfo } from '../session/session-store';

const AUTH_PATHS = ['/', '/login', '/register', '/lockscreen', '/user/logout', '/reset-password', '/verify-email'];

/** `next` only when it is a path of this portal (never another origin) and not a sign-in screen. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  const path = next.split(/[?#]/)[0];
  return AUTH_PATHS.includes(path) ? null : next;
}

/** Where a signed-in user belongs: the screens the server forces come before anything asked for. */
export function landingFor(user: LoginInfo, next: string | null): string {
  if (user.pwexpiry?.expired) return '/password-expiry';
  if (loginTypeOf(user) === 'RE' && user.firstTimeLogin) return `/re/securityquestions/${user.id}`;
  return safeNext(next) ?? '/home';
}

export function afterSignIn(user: LoginInfo, next: string | null): string {
  sessionStore.signedIn(user);
  return landingFor(user, next);
}

/**
 * Stores the user and goes to its landing. The store is updated synchronously first, so that a
 * guard reacting to the new user (RedirectSignedIn sends it to /home) navigates before this
 * navigation, which therefore is the one that stands.
 */
export function completeSignIn(user: LoginInfo, next: string | null, navigate: (to: string, options: { replace: boolean }) => unknown): void {
  let to = '/home';
  flushSync(() => {
    to = afterSignIn(user, next);
  });
  void navigate(to, { replace: true });
}
