// The SDK against the engine on a real port, on every database: sessions and tokens, decoded
// rows, and exceptions as RpcError with their JSON details.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../engine/testing/test-engine.js';
import { testDialects } from '../engine/testing/test-database.js';
import { DEMO_PASSWORD } from '../portal/seeds/demo-users.js';
import { createClient, RpcError } from './index.js';

const SECTORS = { module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 2 };

async function rejection(p: Promise<unknown>): Promise<RpcError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RpcError);
  return e as RpcError;
}

describe.each(await testDialects())('the SDK (%s)', (dialect) => {
  let t: TestEngine;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('signs in, decodes rows as typed objects with the total, and signs out', async () => {
    const client = createClient({ baseUrl });
    const user = await client.login('iru', DEMO_PASSWORD);
    expect(user).toMatchObject({ userid: 'iru' });
    const page = await client.select<{ id: number; name: string }>(SECTORS);
    expect(page).toEqual({ rows: [{ id: 1, name: 'Banking' }, { id: 2, name: 'Insurance' }], total: 6 });
    await client.logout();
    const e = await rejection(client.select(SECTORS));
    expect(e).toMatchObject({ code: 'E_ILLEGALACCESS', status: 200 });
  });

  it('decodes the JSON form to the same values as the XML form', async () => {
    const xml = createClient({ baseUrl });
    const json = createClient({ baseUrl, format: 'json' });
    await xml.login('admin', DEMO_PASSWORD);
    await json.login('admin', DEMO_PASSWORD);
    const args = { module: 'Sector', fields: ['id', 'name', 'MainSector_Ind', 'updatectr'], order: 'id asc', max: 3 };
    const fromJson = await json.call('Record.select', args);
    expect(fromJson).toEqual(await xml.call('Record.select', args));
    expect(fromJson[0]).toMatchObject({ type: 'recordset', rows: [{ id: 1, name: 'Banking' }, { id: 2 }, { id: 3 }] });
  });

  it('throws E_VALIDATION as an RpcError carrying the field map', async () => {
    const client = createClient({ baseUrl });
    await client.login('admin', DEMO_PASSWORD);
    const e = await rejection(client.create({ module: 'RE', fields: ['name'], values: ['Only A Name Ltd'] }));
    expect(e.code).toBe('E_VALIDATION');
    expect(e.message).toContain('companyno (is required)');
    expect(e.details).toMatchObject({ companyno: 'is required' });
  });

  it('throws E_CONCURRENT with the stored record and the changed fields, after a real concurrent change', async () => {
    const a = createClient({ baseUrl });
    const b = createClient({ baseUrl });
    await a.login('admin', DEMO_PASSWORD);
    await b.login('admin', DEMO_PASSWORD);
    const { rows } = await a.select<{ id: number; updatectr: number; name: string }>({ module: 'RE', fields: ['id', 'updatectr', 'name'], where: [['id', '=', 4]] });
    const read = rows[0];
    const written = await b.update<{ updatectr: number; name: string }>({ module: 'RE', fields: ['id', 'updatectr', 'name'], values: [4, read.updatectr, 'Changed by B Ltd'], read: ['updatectr', 'name'] });
    expect(written).toEqual({ updatectr: read.updatectr + 1, name: 'Changed by B Ltd' });
    const e = await rejection(a.update({ module: 'RE', fields: ['id', 'updatectr', 'name'], values: [4, read.updatectr, 'Changed by A Ltd'] }));
    expect(e.code).toBe('E_CONCURRENT');
    expect(e.details).toMatchObject({ record: { id: '4', name: 'Changed by B Ltd' }, changed: expect.arrayContaining(['name']) });
  });

  it('authenticates with an API token as Bearer, without a session', async () => {
    const admin = createClient({ baseUrl });
    await admin.login('admin', DEMO_PASSWORD);
    const [token] = await admin.call('ApiToken.create', { userid: 'iru', name: `sdk test ${dialect}` });
    expect(token?.type).toBe('text');
    const service = createClient({ baseUrl, token: token?.type === 'text' ? token.text : '' });
    expect((await service.select(SECTORS)).total).toBe(6);
    const me = await service.call('User.current');
    expect(JSON.parse(me[0]?.type === 'text' ? me[0].text : '{}')).toMatchObject({ userid: 'iru' });
    const bad = createClient({ baseUrl, token: 'not-a-token' });
    expect((await rejection(bad.select(SECTORS))).code).toBe('E_ILLEGALACCESS');
  });

  it('answers a failed login and an unknown action as RpcError', async () => {
    const client = createClient({ baseUrl });
    expect(await rejection(client.login('iru', 'wrong'))).toMatchObject({ code: 'E_LOGINFAILED', message: 'Invalid user id or password' });
    expect((await rejection(client.call('No.suchAction', {}))).code).toBe('E_UNKNOWNACTION');
  });

  it('types the arguments from the engine schemas', () => {
    const client = createClient({ baseUrl });
    // Compile-time only: these lines must fail to typecheck, so nothing is sent.
    const never = () => {
      // @ts-expect-error -- module is required by SelectArgs
      void client.call('Record.select', { max: 5 });
      // @ts-expect-error -- additionalProperties: false
      void client.select({ module: 'RE', maxx: 5 });
      // @ts-expect-error -- StateManagement.getHistory needs {module, id}
      void client.call('StateManagement.getHistory', { module: 'RE' });
    };
    expect(typeof never).toBe('function');
  });
});

describe('the SDK in a browser bundle', () => {
  it('imports nothing at run time but the isomorphic envelope decoder', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('./index.ts', import.meta.url), 'utf8');
    const runtime = [...source.matchAll(/^import\s+(?!type\b)[\s\S]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(runtime).toEqual(['../engine/protocol/envelope.js']);
    const envelope = await readFile(new URL('../engine/protocol/envelope.ts', import.meta.url), 'utf8');
    expect([...envelope.matchAll(/^import\s+(?!type\b)[\s\S]*?from\s+'([^']+)'/gm)].map((m) => m[1])).toEqual(['fast-xml-parser']);
  });
});

describe('the SDK and the login rate limit', () => {
  it('throws E_RATELIMIT with HTTP status 429 once the per-address limit is passed', async () => {
    const t = await startTestEngine('sqlite', { LOGIN_RATE_LIMIT: '2' });
    try {
      await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
      const client = createClient({ baseUrl: `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}` });
      for (let i = 0; i < 2; i++) expect((await rejection(client.login('iru', 'wrong'))).code).toBe('E_LOGINFAILED');
      expect(await rejection(client.login('iru', DEMO_PASSWORD))).toMatchObject({ code: 'E_RATELIMIT', status: 429 });
    } finally {
      await t.close();
    }
  });
});
