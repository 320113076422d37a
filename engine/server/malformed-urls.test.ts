// Addresses the router cannot take (bad percent-encoding, a part over the router's length limit,
// a path no route has) under the envelope endpoints: each answers an E_BADREQUEST envelope,
// never Fastify's JSON error and never the client's page. Found by the router before any
// database work, so one dialect is enough.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { decodeXml } from '../protocol/envelope.js';

const LONG = 'a'.repeat(5000);

/** The envelope's single E_BADREQUEST value; answers its message. */
function expectBadRequest(res: { statusCode?: number; headers: Record<string, unknown>; body: string }, status: number): string {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const values = decodeXml(res.body);
  expect(values).toHaveLength(1);
  expect(values[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
  return values[0]?.type === 'exception' ? values[0].message : '';
}

describe('malformed and unknown addresses (sqlite)', () => {
  let t: TestEngine;
  let clientDir: string;
  const get = (url: string, headers: Record<string, string> = {}): Promise<Response> => t.engine.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // A client page is there to be wrongly answered, as in a real deployment.
    clientDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>portal</title>');
    t = await startTestEngine('sqlite', { CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers bad percent-encoding under /process, /file and /out with a 400 envelope that says what is wrong', async () => {
    for (const url of ['/process%', '/process/%zz', '/process%E0%A4%A', '/file/%E0%A4%A', '/file/RE_Reference/%E0%A4%A', '/out/%E0.pdf']) {
      const message = expectBadRequest(await get(url), 400);
      expect(message).toMatch(/^The address is malformed: .*percent-encoded/);
    }
    const post = await t.engine.app.inject({ method: 'POST', url: '/process%', headers: { 'content-type': 'application/json' }, payload: '{"action":"System.catalogue","args":[]}' });
    expect(expectBadRequest(post, 400)).toMatch(/Use POST \/process/);
  });

  it('answers the JSON envelope when the caller accepts JSON', async () => {
    const res = await get('/process%', { accept: 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toMatchObject({ values: [{ type: 'exception', code: 'E_BADREQUEST' }] });
  });

  it('answers a part over 100 characters under /file or /out with a 400 envelope, not the page or a static-file error', async () => {
    for (const url of [`/file/X/${LONG}`, `/file/${LONG}/1`, `/file/RE_Reference/${'1'.repeat(150)}`, `/out/${'a'.repeat(300)}.pdf`]) {
      const message = expectBadRequest(await get(url), 400);
      expect(message).toMatch(/longer than 100 characters/);
      expect(message.length).toBeLessThan(300);
    }
  });

  it('answers paths no route has under /process, /file and /out with a 404 envelope saying what to use', async () => {
    const cases: [string, RegExp][] = [
      ['/process/nothing', /Use POST \/process/],
      ['/file', /Use GET \/file\/\{module\}\/\{id\}/],
      ['/file/', /Use GET \/file/],
      ['/file/RE_Reference', /Use GET \/file/],
      ['/file/RE_Reference/1/more', /Use GET \/file/],
      ['/out', /Use GET \/out/],
      ['/out/a/b', /Use GET \/out/],
    ];
    for (const [url, usage] of cases) expect(expectBadRequest(await get(url), 404)).toMatch(usage);
  });

  it('answers a malformed page address with a short text, and still serves pages whose names only begin like the API', async () => {
    const res = await get('/re%');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^The address is malformed/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const page of ['/processes', '/files', '/outbox']) expect((await get(page)).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers the same over a real socket, where the request line is taken as sent', async () => {
    const address = await t.engine.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    for (const path of ['/file/%E0%A4%A', `/file/X/${LONG}`]) {
      const res = await new Promise<{ statusCode?: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: 'GET' }, (r) => {
          let body = '';
          r.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ statusCode: r.statusCode, headers: r.headers, body }));
        });
        req.on('error', reject).end();
      });
      expectBadRequest(res, 400);
    }
  });
});
