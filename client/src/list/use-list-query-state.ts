// Where the list's query lives: in the address (`view`, `where`, `pageIndex`, `order`; seed 001
// §2.6), so a reload, a shared link or the back button shows the same rows; or, for a list
// embedded in another page, in component state.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const QUERY_KEYS = ['view', 'where', 'pageIndex', 'order'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];
export type QueryPatch = Partial<Record<QueryKey, string | null>>;

export interface QueryState {
  get(key: QueryKey): string | null;
  /** Sets (or, with null, removes) keys; a new history entry in the address. */
  update(patch: QueryPatch): void;
}

export function useListQueryState(embedded: boolean): QueryState {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<QueryPatch>({});

  const get = useCallback((key: QueryKey) => (embedded ? (local[key] ?? null) : params.get(key)), [embedded, local, params]);

  const update = useCallback(
    (patch: QueryPatch) => {
      if (embedded) {
        setLocal((l) => ({ ...l, ...patch }));
        return;
      }
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
