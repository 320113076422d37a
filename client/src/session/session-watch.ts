// The checks of seed 000 §4.6 and §6, every 10 seconds while the page is visible: a different
// user signed in elsewhere (or none) sends this tab to /login; an entity switched in another
// tab reloads this one, so it never shows one entity's data under another's name.
import { useEffect } from 'react';
import { sessionStore } from './session-store';
import { navigateTo } from '../app/navigation';

export const SESSION_CHECK_MS = 10_000;

/** What this tab was showing when the check started; compared with what is stored now. */
export function checkSession(shown: { userId: number | null; re: number | null }): 'ok' | 'signed-out' | 're-switched' {
  const now = sessionStore.peek();
  if ((now.user?.id ?? null) !== shown.userId) return 'signed-out';
  if (now.re !== shown.re) return 're-switched';
  return 'ok';
}

export function useSessionWatch(): void {
  useEffect(() => {
    const start = sessionStore.get();
    const shown = { userId: start.user?.id ?? null, re: start.re };
    if (shown.userId === null) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const outcome = checkSession(shown);
      if (outcome === 'signed-out') {
        stop();
        navigateTo('/login');
      } else if (outcome === 're-switched') {
        stop();
        window.location.reload();
      }
    };
    const run = () => {
      if (!timer) timer = setInterval(tick, SESSION_CHECK_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    };
    // Paused while the page is hidden; checked at once when it shows again.
    const onVisibility = () => {
      if (document.hidden) stop();
      else {
        tick();
        run();
      }
    };
    if (!document.hidden) run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
