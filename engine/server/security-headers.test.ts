// The headers every answer carries (nosniff, the referrer policy) and the page policy of the
// client's pages, over every kind of answer the engine makes. The client is a small stand-in
// build, so the test does not depend on client/dist.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { PAGE_POLICY, REFERRER_POLICY } from './security-headers.js';

function standInClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'document.title = "portal";');
  writeFileSync(join(dir, 'privacy-policy.pdf'), '%PDF-1.4\n%%EOF\n');
  return dir;
}

function expectAnswerHeaders(res: Response) {
  expect(res.headers['x-content-type-options'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe(REFERRER_POLICY);
}

function expectPageHeaders(res: Response) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toBe(PAGE_POLICY);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expectAnswerHeaders(res);
}

describe('security headers (sqlite: answered before any database work that differs by dialect)', () => {
  let t: TestEngine;
  let clientDir: string;
  const inject = (opts: InjectOptions | string) => t.engine.app.inject(opts);

  beforeAll(async () => {
    clientDir = standInClient();
    t = await startTestEngine('sqlite', { CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the client page with a policy that allows only its own scripts, styles and frames none', async () => {
    for (const url of ['/', '/re/reportingentity?where=x', '/index.html', '/no/such/page']) expectPageHeaders(await inject(url));
    const policy = Object.fromEntries(PAGE_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(policy['default-src']).toEqual(["'self'"]);
    // Own files only: no inline script, no eval, no other origin.
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('marks the client’s scripts and files nosniff, with the referrer policy', async () => {
    const script = await inject('/assets/app.js');
    expect(script.statusCode).toBe(200);
    expectAnswerHeaders(script);
    expectAnswerHeaders(await inject('/privacy-policy.pdf'));
    expectAnswerHeaders(await inject('/assets/missing.js'));
  });

  it('puts nosniff and the referrer policy on envelopes, text answers, files, /out, the contract and /health', async () => {
    const json = { 'content-type': 'application/json' };
    const answers = [
      await inject({ method: 'POST', url: '/process', headers: json, payload: JSON.stringify({ action: 'System.catalogue', args: [] }) }),
      await inject({ method: 'POST', url: '/process', headers: { ...json, accept: 'application/json' }, payload: '{"action":' }),
      await inject({ method: 'POST', url: '/process/string', headers: json, payload: JSON.stringify({ action: 'No.such', args: [] }) }),
      await inject({ method: 'POST', url: '/process', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      await inject({ method: 'GET', url: '/process' }),
      await inject('/file/RE_Reference/1'),
      await inject('/out/1.xlsx'),
      await inject('/contract/catalogue.json'),
      await inject('/contract/envelope.xsd'),
      await inject('/health'),
      await inject('/process%'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 415, 404, 401, 401, 200, 200, 200, 400]);
    for (const res of answers) {
      expectAnswerHeaders(res);
      // Only pages carry the page policy; an envelope is no page.
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });
});
