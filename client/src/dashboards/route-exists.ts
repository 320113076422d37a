// Whether an address is a screen of this build, read from the router's own route tree, so a
// dashboard card links only to screens that exist (a screen built later gets its link then).
// A catch-all (`*`: the not-found page, the redirect home) does not count as a screen.
import { useContext } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext } from 'react-router-dom';

export function useRouteExists(): (to: string) => boolean {
  const ctx = useContext(UNSAFE_DataRouterContext);
  return (to) => {
    if (!ctx) return true;
    const matches = matchRoutes(ctx.router.routes, to.split('?')[0]);
    const last = matches?.[matches.length - 1]?.route;
    return !!last && !(last.path ?? '').endsWith('*');
  };
}
