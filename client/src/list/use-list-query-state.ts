// Where the list's query lives: in the address (`view`, `where`, `pageIndex`, `order`; seed 001
// §2.6), so a reload, a shared link or the back button shows the same rows; or, for a list
// embedded in another page, in component state.
//
// A list page's query is also kept for the browser tab in sessionStorage, under the signed-in
// user and the list's address (`storageKey`): going to the list again without a query by a link
// within the portal (a sidebar click, a dashboard's link) brings back the user's last filters,
// order and page. The address the browser tab was opened with shows what it says (the default
// filters when it says nothing). The list's own changes (a search, a page, "Reset the search")
// and an address that carries a query (a shared link, back and forward) write the kept one, so
// Reset stays reset; a link that arrives without a query only reads it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

export const QUERY_KEYS = ['view', 'where', 'pageIndex', 'order'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];
export type QueryPatch = Partial<Record<QueryKey, string | null>>;

export interface QueryState {
  get(key: QueryKey): string | null;
  /** Sets (or, with null, removes) keys; a new history entry in the address. */
  update(patch: QueryPatch): void;
}

/** The query keys of `params` alone, as a search string ('' when none). */
function queryOf(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const k of QUERY_KEYS) {
    const v = params.get(k);
    if (v !== null) out.set(k, v);
  }
  return out.toString();
}

function readKept(key: string | undefined): URLSearchParams | null {
  if (!key) return null;
  try {
    const text = sessionStorage.getItem(key);
    return text ? new URLSearchParams(text) : null;
  } catch {
    return null;
  }
}

function keep(key: string | undefined, query: string): void {
  if (!key) return;
  try {
    if (query) sessionStorage.setItem(key, query);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or refused: the address still holds the query.
  }
}

export function useListQueryState(embedded: boolean, storageKey?: string): QueryState {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<QueryPatch>({});
  const key = embedded ? undefined : storageKey;
  const inAddress = queryOf(params);
  // The address the document was opened with has the key 'default'; a link within the portal gives a new one.
  const opened = useLocation().key === 'default';
  /** The last address change was the list's own (a search, a page, "Reset the search"). */
  const own = useRef(false);

  useEffect(() => {
    if (!key) return;
    const mine = own.current;
    own.current = false;
    if (inAddress || mine) {
      keep(key, inAddress);
      return;
    }
    const kept = opened ? null : readKept(key);
    if (kept) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          kept.forEach((v, k) => next.set(k, v));
          return next;
        },
        { replace: true },
      );
    }
    // Only the address decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, inAddress]);

  const get = useCallback((k: QueryKey) => (embedded ? (local[k] ?? null) : params.get(k)), [embedded, local, params]);

  const update = useCallback(
    (patch: QueryPatch) => {
      if (embedded) {
        setLocal((l) => ({ ...l, ...patch }));
        return;
      }
      own.current = true;
      setParams((p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      });
    },
    [embedded, setParams],
  );

  return { get, update };
}
