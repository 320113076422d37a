// One page of a list's rows from Record.select (Record2.select for RE and IRU users, by rpc),
// with the total and the columns' wire types. An answer that arrives after a newer request is
// dropped. Errors a user can act on in the list (no permission, a search the server refuses)
// are kept for the page to show; the rest go to the error presenter.
import { useEffect, useState } from 'react';
import { presentError } from '../rpc/error-presenter';
import { rpc, RpcError, textAt, type Row } from '../rpc/rpc';
import { NAME_SUFFIX } from './list-columns';
import type { ColumnType } from './list-query';
import { loadListNames } from './option-sources';

export interface RowsRequest {
  module: string;
  fields: string[];
  where: unknown[];
  order?: string;
  max: number;
  pageIndex: number;
}

export interface RowsError {
  code: string;
  message: string;
}

export interface RowsState {
  rows: Row[];
  total: number;
  types: ReadonlyMap<string, ColumnType>;
  loading: boolean;
  error: RowsError | null;
  /** Counts finished loads: tests and the bench wait on it. */
  seq: number;
}

/** Refusals shown in place of the grid (with a way to reset the search) rather than in a dialog. */
const SHOWN_IN_LIST = new Set(['E_NOPERMISSION', 'E_INVALIDFIELD', 'E_INVALIDOPERATOR', 'E_BADREQUEST', 'E_VALIDATION']);

async function fetchPage(req: RowsRequest) {
  const values = await rpc.call('Record.select', { module: req.module, fields: req.fields, where: req.where, ...(req.order ? { order: req.order } : {}), max: req.max, pageIndex: req.pageIndex });
  const rs = values[0];
  if (rs?.type !== 'recordset') throw new RpcError('E_HTTP', 'Expected a recordset answer', undefined, 200);
  return { rows: rs.rows, columns: rs.columns, total: Number(textAt(values, 1) || 0) };
}

/** States of modules that do not answer their names (link modules) are named from List. */
async function addStateNames(rows: Row[], stateColumns: { name: string; nameField: string }[]): Promise<void> {
  const missing = stateColumns.filter((c) => rows.some((r) => !(c.nameField in r)));
  if (!missing.length) return;
  const ids = rows.flatMap((r) => missing.map((c) => Number(r[c.name]))).filter((n) => Number.isInteger(n));
  const names = await loadListNames(ids);
  for (const r of rows) for (const c of missing) if (!(c.nameField in r)) r[c.nameField] = names.get(Number(r[c.name])) ?? null;
}

/**
 * `request` null: nothing to load (definitions loading, no permission). A new `reloadKey` asks
 * again for the same request (refresh, another entity). `onNoNames` is told when
 * the module refuses the `_name_ind_field` columns the list added, so it can ask again without.
 */
export function useListRows(request: RowsRequest | null, stateColumns: { name: string; nameField: string }[], reloadKey: string, onNoNames: () => void): RowsState {
  const [state, setState] = useState<RowsState>({ rows: [], total: 0, types: new Map(), loading: true, error: null, seq: 0 });
  const key = request ? JSON.stringify(request) : null;
  const names = JSON.stringify(stateColumns);

  useEffect(() => {
    if (!request) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    (async () => {
      try {
        const page = await fetchPage(request);
        await addStateNames(page.rows, stateColumns);
        if (!live) return;
        setState((s) => {
          const types = new Map(s.types);
          for (const c of page.columns) types.set(c.name, c.type as ColumnType);
          return { rows: page.rows, total: page.total, types, loading: false, error: null, seq: s.seq + 1 };
        });
      } catch (e) {
        if (!live) return;
        if (e instanceof RpcError && e.code === 'E_INVALIDFIELD' && e.message.includes(NAME_SUFFIX) && request.fields.some((f) => f.endsWith(NAME_SUFFIX) && e.message.includes(`"${f}"`))) {
          onNoNames();
          return;
        }
        const error = e instanceof RpcError ? { code: String(e.code), message: e.message } : { code: 'E_FAIL', message: String(e) };
        setState((s) => ({ ...s, rows: [], total: 0, loading: false, error, seq: s.seq + 1 }));
        if (!SHOWN_IN_LIST.has(error.code)) void presentError(e);
      }
    })();
    return () => {
      live = false;
    };
    // `key` and `names` stand for the request and the state columns.
  }, [key, names, reloadKey]);

  return state;
}
