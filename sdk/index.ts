// The typed SDK for POST /process (PROTOCOL.md): one call per action, answers decoded into
// objects, exceptions thrown as RpcError. Used by the React client, by scripts/rpc.ts and by
// integrators' Node programs, so it stays isomorphic: fetch only, no Node APIs. Engine files are
// imported for types only (erased at compile time), except the isomorphic envelope decoder.
import type { Static } from '@sinclair/typebox';
import {
  decodeXml,
  recordsetObjects,
  type Column,
  type EnvelopeValue,
  type JsonValue,
  type RecordsetValue,
} from '../engine/protocol/envelope.js';
import type { ErrorCode } from '../engine/errors/catalogue.js';
import type { CreateArgs, DeleteArgs, SelectArgs, UpdateArgs } from '../engine/records/record-schemas.js';
import type { login as loginAction } from '../engine/actions/user/actions.js';
import type { getStateHistory, getStateMap } from '../engine/actions/state/actions.js';
import type { systemActions } from '../engine/actions/system/actions.js';
import type { TSchema } from '@sinclair/typebox';

/** The static argument tuple of an action definition, from its TypeBox schemas. */
type ArgsOf<D> = D extends { args: infer A extends readonly TSchema[] } ? { -readonly [K in keyof A]: A[K] extends TSchema ? Static<A[K]> : never } : never;
type SystemDefs = ReturnType<typeof systemActions>;

export type SelectInput = Static<typeof SelectArgs>;
export type CreateInput = Static<typeof CreateArgs>;
export type UpdateInput = Static<typeof UpdateArgs>;
export type DeleteInput = Static<typeof DeleteArgs>;

/** Action name → argument tuple; derived from the same schemas the engine validates with. */
export interface ActionArgs {
  'Record.select': [SelectInput];
  'Record.create': [CreateInput];
  'Record.update': [UpdateInput];
  'Record.delete': [DeleteInput];
  'Record2.select': [SelectInput];
  'Record2.create': [CreateInput];
  'Record2.update': [UpdateInput];
  'Record2.delete': [DeleteInput];
  'StateManagement.getStateMap': ArgsOf<typeof getStateMap>;
  'StateManagement.getHistory': ArgsOf<typeof getStateHistory>;
  'User.login': ArgsOf<typeof loginAction>;
  // minArgs 0: the optional argument is never needed.
  'User.logout': [] | [unknown];
  'User.current': [];
  'System.catalogue': ArgsOf<SystemDefs[0]>;
  // minArgs 1: the inner action's argument may be left out.
  'System.execute': [string] | [string, unknown];
}
export type ActionName = keyof ActionArgs;
// One signature rather than an overload: with a string fallback overload, a known action called
// with wrong arguments would silently match the fallback.
export type ArgsFor<A extends string> = A extends ActionName ? ActionArgs[A] : unknown[];

export type Row = Record<string, unknown>;
/** A decoded value: recordset rows are objects keyed by column, typed by column type. */
export type Value = { type: 'recordset'; columns: Column[]; rows: Row[] } | { type: 'text'; text: string };

/** An exception answer (or a transport failure) as a typed error. */
export class RpcError extends Error {
  /** A PROTOCOL.md §5 code; `E_HTTP` when the answer was not an envelope at all (e.g. a proxy's 502). */
  readonly code: ErrorCode | (string & {});
  /** The JSON details following the exception (E_VALIDATION field map, E_CONCURRENT {record, changed}). */
  readonly details: unknown;
  readonly status: number;

  constructor(code: string, message: string, details: unknown, status: number) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.details = details;
    this.status = status;
  }
}

export interface ClientOptions {
  /** Where the engine is, e.g. `https://portal.example`; '' (the default) = same origin, for the browser. */
  baseUrl?: string;
  /** An API token: sent as `Authorization: Bearer`, no session needed. */
  token?: string;
  fetch?: typeof fetch;
  /** Answer format asked for; both decode to the same values. */
  format?: 'xml' | 'json';
}

export interface Client {
  /** Typed for the actions of ActionArgs; any other action name takes unknown arguments. */
  call<A extends string>(action: A, ...args: ArgsFor<A>): Promise<Value[]>;
  select<T extends Row = Row>(args: SelectInput, action?: 'Record.select' | 'Record2.select'): Promise<{ rows: T[]; total: number }>;
  /** Answers the `read` fields of the new record (default id, updatectr). */
  create<T extends Row = Row>(args: CreateInput): Promise<T>;
  update<T extends Row = Row>(args: UpdateInput): Promise<T>;
  /** Answers the number of records deleted (1). */
  remove(args: DeleteInput): Promise<number>;
  /** Signs in; answers the user record. The session cookie is kept by the client (Node) or the browser. */
  login(userid: string, password: string, otp?: string): Promise<Row>;
  logout(): Promise<void>;
  /** The current entity and sector, sent with every call when set (PROTOCOL.md §1, `re`/`sector`). */
  setScope(scope: { re?: number | null; sector?: number | null }): void;
}

const SESSION_COOKIE = 'portal_sid';

export function createClient(options: ClientOptions = {}): Client {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const accept = options.format === 'json' ? 'application/json' : 'application/xml';
  // Only set when running outside a browser: a browser hides Set-Cookie and keeps the jar itself.
  let cookie: string | undefined;
  let scope: { re?: number | null; sector?: number | null } = {};

  async function call(action: string, ...args: unknown[]): Promise<Value[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (cookie) headers.cookie = cookie;
    const body: Record<string, unknown> = { action, args };
    if (scope.re != null) body.re = scope.re;
    if (scope.sector != null) body.sector = scope.sector;
    const res = await doFetch(`${base}/process`, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
    keepCookie(res);
    const values = decodeBody(await res.text(), res);
    if (values[0]?.type === 'exception') {
      const next = values[1];
      const details = next?.type === 'text' ? parseDetails(next.text) : undefined;
      throw new RpcError(values[0].code, values[0].message, details, res.status);
    }
    return values.map((v): Value => (v.type === 'recordset' ? { type: 'recordset', columns: v.columns, rows: recordsetObjects(v) } : (v as Value)));
  }

  function keepCookie(res: Response): void {
    const all = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
    const sid = all.map((c) => c.split(';')[0].trim()).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (sid === undefined) return;
    // The server clears the cookie on logout with an empty value.
    cookie = sid === `${SESSION_COOKIE}=` ? undefined : sid;
  }

  const firstRow = <T>(values: Value[]): T => {
    const v = values[0];
    if (v?.type !== 'recordset') throw new RpcError('E_HTTP', 'Expected a recordset answer', undefined, 200);
    return v.rows[0] as T;
  };
  const textOf = (values: Value[], i: number): string => {
    const v = values[i];
    return v?.type === 'text' ? v.text : '';
  };

  const client: Client = {
    call: call as Client['call'],
    async select<T extends Row = Row>(args: SelectInput, action: 'Record.select' | 'Record2.select' = 'Record.select') {
      const values = await call(action, args);
      const rs = values[0];
      return { rows: (rs?.type === 'recordset' ? rs.rows : []) as T[], total: Number(textOf(values, 1)) };
    },
    async create<T extends Row = Row>(args: CreateInput) {
      return firstRow<T>(await call('Record.create', args));
    },
    async update<T extends Row = Row>(args: UpdateInput) {
      return firstRow<T>(await call('Record.update', args));
    },
    async remove(args) {
      return Number(textOf(await call('Record.delete', args), 0));
    },
    async login(userid, password, otp) {
      try {
        const values = await call('User.login', { userid, password, ...(otp ? { otp } : {}) });
        return parseDetails(textOf(values, 0)) as Row;
      } catch (e) {
        // PROTOCOL.md §5: a login on a live session is treated as success.
        if (e instanceof RpcError && e.code === 'E_ALREADYLOGGEDIN') return parseDetails(textOf(await call('User.current'), 0)) as Row;
        throw e;
      }
    },
    async logout() {
      await call('User.logout');
      cookie = undefined;
    },
    setScope(s) {
      scope = { ...s };
    },
  };
  return client;
}

function decodeBody(body: string, res: Response): EnvelopeValue[] {
  try {
    if ((res.headers.get('content-type') ?? '').includes('json')) return fromJson(JSON.parse(body) as { values: JsonValue[] });
    return decodeXml(body);
  } catch {
    throw new RpcError('E_HTTP', `HTTP ${res.status}: the answer is not an envelope`, body.slice(0, 500), res.status);
  }
}

/** The JSON form back to envelope values: its numeric cells become the XML text form again. */
function fromJson(doc: { values: JsonValue[] }): EnvelopeValue[] {
  return doc.values.map((v): EnvelopeValue => {
    if (v.type === 'exception') return { type: 'exception', code: v.code, message: v.message };
    if (v.type === 'text') return v;
    return { type: 'recordset', columns: v.columns, rows: v.rows.map((r) => r.map((c) => (c === null ? null : String(c)))) } satisfies RecordsetValue;
  });
}

function parseDetails(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
