// One mechanism for the tab title `{screen or record} | {portal name}` (docs/client.md, "Where am I"):
// every route names its screen in `handle.title` and `RouteTitle` (in the router's root) sets it
// before any page effect runs; a page that knows better (a list's title, a record's name) says
// so with `usePageTitle`, which wins because it runs after.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { PORTAL_NAME } from '../shells/footer';

export interface RouteHandle {
  /** The screen's name while its page has not named it better (or for good). */
  title?: string;
}

export function tabTitle(screen: string | null | undefined): string {
  const s = screen?.trim();
  return s ? `${s} | ${PORTAL_NAME}` : PORTAL_NAME;
}

/** The page's own name for the tab; nothing while it is not known yet (the route's stays). */
export function usePageTitle(screen: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (screen?.trim()) document.title = tabTitle(screen);
  }, [screen, pathname]);
}

/** The deepest matched route's `handle.title`, set as soon as the address changes. */
export function RouteTitle(): null {
  const matches = useMatches();
  const { pathname } = useLocation();
  let title: string | undefined;
  for (const m of matches) {
    const t = (m.handle as RouteHandle | undefined)?.title;
    if (t) title = t;
  }
  useLayoutEffect(() => {
    document.title = tabTitle(title);
  }, [title, pathname]);
  return null;
}
