// The engine on a real port, driven with fetch as a browser or an integrator's program would:
// cookies, origins, every request encoding, the text endpoint and /health.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { decodeXml, recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../protocol/envelope.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';

const SECTOR_SELECT = { module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 2 };

describe.each(await testDialects())('the engine on a real socket (%s)', (dialect) => {
  let t: TestEngine;
  let base: string;

  async function post(body: BodyInit, headers: Record<string, string> = {}, path = '/process') {
    return fetch(`${base}${path}`, { method: 'POST', body, headers });
  }

  async function postJson(action: string, args: unknown[], headers: Record<string, string> = {}, path = '/process') {
    return post(JSON.stringify({ action, args }), { 'content-type': 'application/json', ...headers }, path);
  }

  async function envelope(res: globalThis.Response): Promise<EnvelopeValue[]> {
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    return decodeXml(await res.text());
  }

  /** Signs `iru` in through User.login; answers the cookie header to send back and the raw Set-Cookie. */
  async function login(): Promise<{ cookie: string; setCookie: string }> {
    const res = await postJson('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]);
    expect(res.status).toBe(200);
    const [v] = await envelope(res);
    expect(v).toMatchObject({ type: 'text' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='));
    expect(setCookie).toBeDefined();
    return { cookie: setCookie!.split(';')[0], setCookie: setCookie! };
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('signs in with User.login and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await postJson('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]);
    const [v] = await envelope(res);
    expect(v?.type).toBe('text');
    expect(JSON.parse(v?.type === 'text' ? v.text : '{}')).toMatchObject({ userid: 'iru' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='))!;
    const attributes = setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^portal_sid=[A-Za-z0-9_-]{40,}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    // Plain HTTP here; behind HTTPS the cookie is Secure as well.
    expect(attributes).not.toContain('secure');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a wrong password with E_LOGINFAILED and sets no cookie', async () => {
    const res = await postJson('User.login', [{ userid: 'iru', password: 'wrong' }]);
    expect(await envelope(res)).toEqual([{ type: 'exception', code: 'E_LOGINFAILED', message: 'Invalid user id or password' }]);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('portal_sid='))).toEqual([]);
  });

  it('answers a Record.select with the session cookie', async () => {
    const { cookie } = await login();
    const res = await postJson('Record.select', [SECTOR_SELECT], { cookie });
    expect(res.status).toBe(200);
    const [rows, count] = await envelope(res);
    expect(recordsetObjects(rows as RecordsetValue)).toEqual([
      { id: 1, name: 'Banking' },
      { id: 2, name: 'Insurance' },
    ]);
    expect(count).toEqual({ type: 'text', text: '6' });
  });

  it('accepts the cookie from the portal’s own origin', async () => {
    const { cookie } = await login();
    const [rows] = await envelope(await postJson('Record.select', [SECTOR_SELECT], { cookie, origin: base }));
    expect(rows?.type).toBe('recordset');
  });

  it('refuses a call with the cookie from a foreign origin, and does nothing', async () => {
    const { cookie } = await login();
    const count = async () => Number((await t.database.db('publicmessage').count({ n: '*' }))[0].n);
    const before = await count();
    for (const origin of ['http://evil.example', 'null', `${base}.evil.example`, base.replace('127.0.0.1', 'localhost')]) {
      const create = await postJson('Record.create', [{ module: 'PublicMessage', fields: ['message'], values: ['forged'] }], { cookie, origin });
      expect((await envelope(create))[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
      const logout = await postJson('User.logout', [], { cookie, origin });
      expect((await envelope(logout))[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
    }
    expect(await count()).toBe(before);
    // The forged logouts did not end the session.
    const [rows] = await envelope(await postJson('Record.select', [SECTOR_SELECT], { cookie }));
    expect(rows?.type).toBe('recordset');
  });

  it('ends the session with User.logout: the cookie is cleared and no longer works', async () => {
    const { cookie } = await login();
    const res = await postJson('User.logout', [], { cookie, origin: base });
    expect(await envelope(res)).toEqual([{ type: 'text', text: 'OK' }]);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='));
    expect(cleared).toMatch(/^portal_sid=;/);
    expect(cleared).toMatch(/expires=thu, 01 jan 1970/i);
    const after = await postJson('Record.select', [SECTOR_SELECT], { cookie });
    expect(await envelope(after)).toEqual([{ type: 'exception', code: 'E_ILLEGALACCESS', message: 'Session Expired / Not Logged In, Please Login' }]);
  });

  it('answers GET /health with the status of the engine and its database', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  describe('request encodings', () => {
    let cookie: string;
    beforeAll(async () => {
      ({ cookie } = await login());
    });

    it('accepts a form-encoded call', async () => {
      const body = new URLSearchParams({ action: 'Record.select', a0: JSON.stringify(SECTOR_SELECT) });
      const res = await post(body, { cookie });
      expect(res.status).toBe(200);
      const [rows] = await envelope(res);
      expect((rows as RecordsetValue).rows).toEqual([
        ['1', 'Banking'],
        ['2', 'Insurance'],
      ]);
    });

    it('accepts a JSON call and answers JSON when asked', async () => {
      const res = await postJson('Record.select', [SECTOR_SELECT], { cookie, accept: 'application/json' });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        values: [
          { type: 'recordset', columns: [{ name: 'id', type: 'integer' }, { name: 'name', type: 'string' }], rows: [[1, 'Banking'], [2, 'Insurance']] },
          { type: 'text', text: '6' },
        ],
      });
    });

    it('accepts a multipart call with action and a0 fields', async () => {
      const form = new FormData();
      form.set('action', 'Record.select');
      form.set('a0', JSON.stringify(SECTOR_SELECT));
      const res = await post(form, { cookie });
      expect(res.status).toBe(200);
      const [rows] = await envelope(res);
      expect((rows as RecordsetValue).rows).toEqual([
        ['1', 'Banking'],
        ['2', 'Insurance'],
      ]);
    });

    it('writes through a multipart call, as uploads will', async () => {
      const form = new FormData();
      form.set('action', 'Record.create');
      form.set('a0', JSON.stringify({ module: 'PublicMessage', fields: ['message'], values: ['Sent as multipart 😀'], read: ['message'] }));
      const [rows] = await envelope(await post(form, { cookie }));
      expect((rows as RecordsetValue).rows).toEqual([['Sent as multipart 😀']]);
    });

    it('answers a body over the limit with 413 and E_TOOLARGE, in every encoding', async () => {
      // JSON and form calls are held to PROCESS_BODY_LIMIT, multipart fields to BODY_LIMIT.
      const huge = 'x'.repeat(t.config.processBodyLimit + 1024);
      const form = new FormData();
      form.set('action', 'Record.select');
      form.set('a0', 'x'.repeat(t.config.bodyLimit + 1024));
      for (const res of [
        await postJson('Record.select', [{ module: huge }], { cookie }),
        await post(new URLSearchParams({ action: 'Record.select', a0: huge }), { cookie }),
        await post(form, { cookie }),
      ]) {
        expect(res.status).toBe(413);
        expect((await envelope(res))[0]).toMatchObject({ type: 'exception', code: 'E_TOOLARGE' });
      }
    });
  });

  describe('the text endpoint', () => {
    it('answers text/plain OK for an action without a text result', async () => {
      const { cookie } = await login();
      const res = await postJson('Record.select', [SECTOR_SELECT], { cookie }, '/process/string');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('OK');
    });

    it('answers the text result of an action', async () => {
      const res = await post(new URLSearchParams({ action: 'User.logout' }), {}, '/process/string');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('OK');
    });

    it('answers exception:text:CODE:message, split on colons into four parts', async () => {
      const res = await postJson('Record.select', [SECTOR_SELECT], {}, '/process/string');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect((await res.text()).split(':')).toEqual(['exception', 'text', 'E_ILLEGALACCESS', 'Session Expired / Not Logged In, Please Login']);
    });

    it('answers in text when the request itself is malformed', async () => {
      const res = await post('{"action":', { 'content-type': 'application/json' }, '/process/string');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect((await res.text()).split(':').slice(0, 3)).toEqual(['exception', 'text', 'E_BADREQUEST']);
    });
  });
});
