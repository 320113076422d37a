// The client's one way to the engine: the typed SDK (sdk/index.ts, also used by integrators)
// with the current entity and sector added to every call, Record.* sent as Record2.* for RE
// and IRU users (seed 000 §6), and failures turned into RpcError for the error presenter.
import { createClient, RpcError, type ActionName, type ArgsFor, type Row, type SelectInput, type CreateInput, type UpdateInput, type DeleteInput, type Value } from '../../../sdk/index.js';
import { loginTypeOf, sessionStore } from '../session/session-store';
import { changesRecords, notifyDataChanged } from './data-changed';

export { RpcError };
export type { Row, SelectInput, CreateInput, UpdateInput, DeleteInput, Value };

// JSON answers (PROTOCOL.md §2 allows them for every call): the browser parses them natively,
// where decoding the XML envelope of a large template's 2.3 MB properties text cost about 0.5 s
// of script and much of the load's garbage. Both forms decode to the same values.
const sdk = createClient({ format: 'json' });

/** A transport failure (no answer at all) as the code the presenter maps to "Technical Error". */
export const NETWORK_ERROR = 'E_NETWORK';

function scoped() {
  sdk.setScope({ re: sessionStore.currentRe(), sector: sessionStore.currentSector() });
}

/** Record.* → Record2.* for RE and IRU users; everyone else calls Record.* itself. */
export function recordAction(action: string): string {
  const type = loginTypeOf(sessionStore.user());
  return (type === 'RE' || type === 'IRU') && action.startsWith('Record.') ? action.replace('Record.', 'Record2.') : action;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  scoped();
  try {
    return await run();
  } catch (e) {
    if (e instanceof RpcError) throw e;
    // fetch rejects with a TypeError when the server cannot be reached at all.
    throw new RpcError(NETWORK_ERROR, e instanceof Error ? e.message : String(e), undefined, 0);
  }
}

export const rpc = {
  async call<A extends string>(action: A, ...args: ArgsFor<A>): Promise<Value[]> {
    const values = await guarded(() => sdk.call(recordAction(action) as A, ...args));
    if (changesRecords(action)) notifyDataChanged();
    return values;
  },
  select<T extends Row = Row>(args: SelectInput): Promise<{ rows: T[]; total: number }> {
    return guarded(() => sdk.select<T>(args, recordAction('Record.select') as 'Record.select'));
  },
  async create<T extends Row = Row>(args: CreateInput): Promise<T> {
    const values = await rpc.call(recordAction('Record.create') as 'Record.create', args);
    return firstRow<T>(values);
  },
  async update<T extends Row = Row>(args: UpdateInput): Promise<T> {
    const values = await rpc.call(recordAction('Record.update') as 'Record.update', args);
    return firstRow<T>(values);
  },
  async remove(args: DeleteInput): Promise<number> {
    const values = await rpc.call(recordAction('Record.delete') as 'Record.delete', args);
    return Number(textAt(values, 0));
  },
  /** The JSON text an action answers first (User.login, User.current, Job.*.status, …). */
  async json<T = unknown>(action: string, ...args: unknown[]): Promise<T> {
    const values = await rpc.call(action, ...(args as ArgsFor<string>));
    return JSON.parse(textAt(values, 0) || 'null') as T;
  },
  async text(action: string, ...args: unknown[]): Promise<string> {
    return textAt(await rpc.call(action, ...(args as ArgsFor<string>)), 0);
  },
};

export type KnownAction = ActionName;

export function textAt(values: Value[], i: number): string {
  const v = values[i];
  return v?.type === 'text' ? v.text : '';
}

function firstRow<T>(values: Value[]): T {
  const v = values[0];
  if (v?.type !== 'recordset') throw new RpcError('E_HTTP', 'Expected a recordset answer', undefined, 200);
  return v.rows[0] as T;
}
