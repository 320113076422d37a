// A signed-in user of the load: one session (kept in the database, so valid on every engine) and
// calls to whichever engine the load picks. Every call is recorded with its outcome: success, an
// exception code, or a transport failure (E_CONNECT: nothing listening, E_TIMEOUT: no answer,
// E_HTTP: an answer that is not an envelope).
//
// In front of the engines stands what a deployment puts there (docs/deploy.md): a load balancer
// that sends a request whose connection an engine refuses to the other engine (`peer`), as
// HAProxy's `retries` with `option redispatch` does. A refused connection never reached an engine,
// so resending it is safe for writes too; a request cut off in flight is not resent.
import { decodeXml, recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';

export interface Outcome {
  /** Seconds since the load began. */
  at: number;
  op: string;
  engine: string;
  code: string;
  ms: number;
}

export type Row = Record<string, unknown>;

export class CallError extends Error {
  constructor(readonly code: string, message: string, readonly details?: unknown) {
    super(`${code}: ${message}`);
  }
}

export interface Target {
  name: string;
  base: string;
  /** Where the load balancer sends a request this engine refuses. */
  peer?: Target;
}

export class Recorder {
  readonly outcomes: Outcome[] = [];
  /** Requests an engine refused that the load balancer sent to the other one. */
  redispatched = 0;
  constructor(readonly started: number) {}
  add(op: string, engine: string, code: string, ms: number): void {
    this.outcomes.push({ at: (Date.now() - this.started) / 1000, op, engine, code, ms });
  }
}

const TIMEOUT_MS = 20_000;

export class PortalUser {
  private cookie = '';
  constructor(readonly userid: string, private readonly recorder: Recorder) {}

  async login(via: Target, password: string): Promise<void> {
    const res = await this.post(via, 'User.login', { action: 'User.login', args: [{ userid: this.userid, password }] }, 'login');
    const sid = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('portal_sid='));
    if (!sid) throw new CallError('E_LOGINFAILED', `no session cookie for ${this.userid}`);
    this.cookie = sid;
  }

  /** One action; answers the decoded values or throws CallError. `op` names it in the tallies. */
  async call(via: Target, op: string, action: string, ...args: unknown[]): Promise<{ rows: Row[]; texts: string[] }> {
    const res = await this.post(via, action, { action, args }, op);
    return decoded(res.body);
  }

  async upload(via: Target, op: string, a0: unknown, a1: unknown, name: string, body: Uint8Array): Promise<Row[]> {
    const form = new FormData();
    form.set('action', 'Record.uploadFile');
    form.set('a0', JSON.stringify(a0));
    form.set('a1', JSON.stringify(a1));
    form.set('file', new Blob([Buffer.from(body)], { type: 'text/plain' }), name);
    const res = await this.send(via, op, (t) => fetch(`${t.base}/process`, { method: 'POST', headers: this.headers(t), body: form, signal: AbortSignal.timeout(TIMEOUT_MS) }), true);
    return decoded(res.body).rows;
  }

  /** A GET of a file (an attachment, an export) with the session; answers its bytes. */
  async download(via: Target, op: string, path: string): Promise<Buffer> {
    const res = await this.send(via, op, (t) => fetch(`${t.base}${path}`, { headers: this.headers(t), signal: AbortSignal.timeout(TIMEOUT_MS) }), false);
    return res.bytes;
  }

  private headers(via: Target): Record<string, string> {
    return { origin: via.base, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  private post(via: Target, _action: string, body: unknown, op: string) {
    return this.send(
      via,
      op,
      (t) => fetch(`${t.base}/process`, { method: 'POST', headers: { ...this.headers(t), 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) }),
      true,
    );
  }

  /** Sends, records the outcome, throws CallError for anything but a success. */
  private async send(via: Target, op: string, go: (t: Target) => Promise<Response>, envelope: boolean): Promise<{ body: string; bytes: Buffer; headers: Headers }> {
    const t0 = Date.now();
    let res: Response;
    let bytes: Buffer;
    try {
      try {
        res = await go(via);
      } catch (e) {
        if (!via.peer || !refused(e)) throw e;
        this.recorder.redispatched++;
        via = via.peer;
        res = await go(via);
      }
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      const code = timeout ? 'E_TIMEOUT' : 'E_CONNECT';
      this.recorder.add(op, via.name, code, Date.now() - t0);
      throw new CallError(code, (e as Error).message);
    }
    const body = envelope || !res.ok ? bytes.toString('utf8') : '';
    let code = 'OK';
    let message = '';
    let details: unknown;
    if (envelope || !res.ok) {
      try {
        const values = decodeXml(body);
        if (values[0]?.type === 'exception') {
          code = values[0].code;
          message = values[0].message;
          const next = values[1];
          details = next?.type === 'text' ? next.text : undefined;
        } else if (!res.ok) code = `E_HTTP${res.status}`;
      } catch {
        code = `E_HTTP${res.status}`;
        message = body.slice(0, 200);
      }
    }
    this.recorder.add(op, via.name, code, Date.now() - t0);
    if (code !== 'OK') throw new CallError(code, message, details);
    return { body, bytes, headers: res.headers };
  }
}

/** Nothing listened: the request never reached an engine. */
function refused(e: unknown): boolean {
  return ((e as { cause?: { code?: string } }).cause?.code ?? '') === 'ECONNREFUSED';
}

function decoded(body: string): { rows: Row[]; texts: string[] } {
  const values = decodeXml(body);
  const rs = values.find((v) => v.type === 'recordset');
  return {
    rows: rs ? recordsetObjects(rs as RecordsetValue) : [],
    texts: values.flatMap((v) => (v.type === 'text' ? [v.text] : [])),
  };
}
