// Behind a TLS proxy the engine is reached over plain HTTP: an https PUBLIC_URL still makes the
// session cookie Secure, on sign-in and when it is cleared, so the browser never sends it over
// plain HTTP. Without PUBLIC_URL the request's protocol decides (X-Forwarded-Proto only from
// a TRUST_PROXY address).
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { SESSION_COOKIE } from '../identity/session-store.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';

/** The attributes of the session cookie an answer set, lower-cased; [] when it set none. */
function sessionCookieAttributes(setCookie: string | string[] | undefined): string[] {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const ours = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return ours ? ours.split(';').slice(1).map((a) => a.trim().toLowerCase()) : [];
}

describe.each(await testDialects())('the Secure attribute of cookies (%s)', (dialect) => {
  let t: TestEngine | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function signInAndOut(env: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
    t = await startTestEngine(dialect, env);
    const post = (action: string, args: unknown[], cookie?: string): InjectOptions => ({
      method: 'POST',
      url: '/process',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ action, args }),
    });
    const signedIn = await t.engine.app.inject(post('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]));
    const set = sessionCookieAttributes(signedIn.headers['set-cookie']);
    expect(set, signedIn.body).toContain('httponly');
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    const signedOut = await t.engine.app.inject(post('User.logout', [], cookie));
    const cleared = sessionCookieAttributes(signedOut.headers['set-cookie']);
    expect(cleared.some((a) => a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
    return { set, cleared };
  }

  it('is set on sign-in and on sign-out over plain HTTP when PUBLIC_URL is https', async () => {
    const { set, cleared } = await signInAndOut({ PUBLIC_URL: 'https://portal.example.org' });
    expect(set).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    expect(cleared).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
  });

  it('is set when a trusted proxy says the request came over HTTPS', async () => {
    const { set, cleared } = await signInAndOut({ TRUST_PROXY: '10.0.0.1' }, { 'x-forwarded-proto': 'https' }, '10.0.0.1');
    expect(set).toContain('secure');
    expect(cleared).toContain('secure');
  });

  it('is not set over plain HTTP with an http PUBLIC_URL, even on the word of an untrusted proxy', async () => {
    const { set, cleared } = await signInAndOut({ PUBLIC_URL: 'http://portal.example.org' }, { 'x-forwarded-proto': 'https' }, '10.0.0.9');
    expect(set).not.toContain('secure');
    expect(cleared).not.toContain('secure');
  });
});
