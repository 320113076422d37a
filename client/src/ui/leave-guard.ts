// An editor with unsaved changes asks before it is left: a link or Back inside the portal opens
// a confirm dialog (Leave / Stay), and closing or reloading the tab gets the browser's own
// question. Shared by the admin editors, the generic form and the hand-built create pages.
// The editor's own move after a save (new → its id) is let through with `allowNext`.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { dialogs } from './dialogs';

export const LEAVE_TITLE = 'Unsaved changes';
export const LEAVE_MESSAGE = 'This definition has changes that are not saved. Leave the page and lose them?';
/** The question of pages that edit a record or a message rather than a definition. */
export const LEAVE_PAGE_MESSAGE = 'This page has changes that are not saved. Leave the page and lose them?';
/** The question of a return being filled in or reviewed. */
export const LEAVE_FORM_MESSAGE = 'This form has values that are not saved. Leave the page and lose them?';

export function useLeaveGuard(dirty: boolean, message: string = LEAVE_MESSAGE): { allowNext: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  });

  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialogs.confirm(LEAVE_TITLE, message, { yes: 'Leave', no: 'Stay' }).then((leave) => {
      const b = current.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return { allowNext: useCallback(() => void (allowed.current = true), []) };
}

/** Whether `values` differ from what they were at the page's first render (a create page's "dirty"). */
export function useChanged(values: unknown): boolean {
  const initial = useRef<string | null>(null);
  const now = JSON.stringify(values);
  if (initial.current === null) initial.current = now;
  return now !== initial.current;
}
