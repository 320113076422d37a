// The one way a hand-built page loads the record it is about: loading, then the
// record, or `missing` (no such id, not a number, or out of the caller's scope: the server
// answers no row or E_NOTFOUND), `not-allowed` (E_NOPERMISSION) or `error` — never `Loading...`
// for good. `reload` reads again without going back to `loading` (polling, after a save).
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';

export type RecordLoadState<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'not-allowed' }
  | { status: 'error'; message: string }
  | { status: 'ready'; value: T };

export type RecordLoad<T> = RecordLoadState<T> & { reload: () => Promise<void> };

/** A route's id parameter as a record id, or null when it cannot be one. */
export function recordIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return param !== undefined && /^\d+$/.test(param) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function outcomeOf<T>(error: unknown): RecordLoadState<T> {
  if (error instanceof RpcError && error.code === 'E_NOTFOUND') return { status: 'missing' };
  if (error instanceof RpcError && error.code === 'E_NOPERMISSION') return { status: 'not-allowed' };
  return { status: 'error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * `load` answers the record (or what the page builds from it), or null when there is none;
 * it runs again when `deps` change. Errors other than not found / not allowed also go to the
 * error presenter (a session that ended is handled there).
 */
export function useRecordLoad<T>(load: () => Promise<T | null | undefined>, deps: DependencyList): RecordLoad<T> {
  const [state, setState] = useState<RecordLoadState<T>>({ status: 'loading' });
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  const run = useCallback(async (quiet: boolean) => {
    const mine = ++generation.current;
    if (!quiet) setState({ status: 'loading' });
    try {
      const value = await loader.current();
      if (mine !== generation.current) return;
      setState(value === null || value === undefined ? { status: 'missing' } : { status: 'ready', value });
    } catch (e) {
      if (mine !== generation.current) return;
      const outcome = outcomeOf<T>(e);
      if (outcome.status === 'error') void presentError(e);
      setState(outcome);
    }
  }, []);

  useEffect(() => {
    void run(false);
    return () => {
      generation.current++;
    };
    // The caller names what the load depends on.
  }, deps);

  const reload = useCallback(() => run(true), [run]);
  return { ...state, reload };
}
