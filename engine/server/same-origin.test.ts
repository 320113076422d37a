// The portal's origin, as the CSRF check of browser calls compares it: exactly PUBLIC_URL's
// (scheme, host without case, port with defaults), the Referer standing in for a missing Origin
// on calls that can change something; and production refuses to start without PUBLIC_URL.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../fastify.config.js';
import { PROJECT_ROOT } from '../paths.js';
import { fromPortalOrigin } from './same-origin.js';

const PUBLIC_URL = 'https://portal.example.org';

function request(headers: Record<string, string>, method = 'POST'): FastifyRequest {
  return { method, headers } as unknown as FastifyRequest;
}

const fromOrigin = (origin: string, publicUrl: string | undefined = PUBLIC_URL) => fromPortalOrigin(request({ origin }), publicUrl);

describe('the portal origin with PUBLIC_URL', () => {
  it('accepts PUBLIC_URL’s own origin, its default port written out, and its host in capitals', () => {
    expect(fromOrigin('https://portal.example.org')).toBe(true);
    expect(fromOrigin('https://portal.example.org:443')).toBe(true);
    expect(fromOrigin('https://PORTAL.Example.ORG')).toBe(true);
    expect(fromOrigin('http://portal.example.org:80', 'http://portal.example.org/')).toBe(true);
    expect(fromOrigin('https://portal.example.org', 'https://Portal.Example.org/reports/')).toBe(true);
  });

  it.each([
    ['another scheme', 'http://portal.example.org'],
    ['another port', 'https://portal.example.org:8443'],
    ['the other scheme’s default port', 'https://portal.example.org:80'],
    ['another host', 'https://evil.example'],
    ['a host that ends like it', 'https://evilportal.example.org'],
    ['a subdomain', 'https://x.portal.example.org'],
    ['a host that starts like it', 'https://portal.example.org.evil.example'],
    ['the host with a trailing dot', 'https://portal.example.org.'],
    ['an origin with a path', 'https://portal.example.org/x'],
    ['an origin with credentials', 'https://user@portal.example.org'],
    ['null', 'null'],
    ['no origin at all', 'portal.example.org'],
  ])('refuses %s', (_what, origin) => {
    expect(fromOrigin(origin)).toBe(false);
  });

  it('takes the Referer when a call that may change something carries no Origin', () => {
    const post = (referer: string) => fromPortalOrigin(request({ referer }), PUBLIC_URL);
    expect(post('https://portal.example.org/#/bulletins?id=3')).toBe(true);
    expect(post('https://PORTAL.example.org:443/')).toBe(true);
    expect(post('https://evil.example/portal.example.org')).toBe(false);
    expect(post('http://portal.example.org/')).toBe(false);
    expect(post('https://portal.example.org:444/')).toBe(false);
    expect(post('not an address')).toBe(false);
  });

  it('lets a program that names no page through, and a link (GET) whatever its Referer', () => {
    expect(fromPortalOrigin(request({}), PUBLIC_URL)).toBe(true);
    expect(fromPortalOrigin(request({ origin: '' }), PUBLIC_URL)).toBe(true);
    expect(fromPortalOrigin(request({ referer: 'https://mail.example/inbox' }, 'GET'), PUBLIC_URL)).toBe(true);
    expect(fromPortalOrigin(request({ origin: 'https://evil.example' }, 'GET'), PUBLIC_URL)).toBe(false);
  });
});

describe('the portal origin without PUBLIC_URL (development)', () => {
  const dev = (headers: Record<string, string>) => fromPortalOrigin(request({ host: 'localhost:3000', ...headers }), undefined);

  it('compares the page’s host and port with the Host header', () => {
    expect(dev({ origin: 'http://localhost:3000' })).toBe(true);
    expect(dev({ origin: 'http://LOCALHOST:3000' })).toBe(true);
    expect(dev({ referer: 'http://localhost:3000/#/home' })).toBe(true);
    expect(dev({ origin: 'http://localhost:3001' })).toBe(false);
    expect(dev({ origin: 'http://evil.example:3000' })).toBe(false);
    expect(dev({ referer: 'http://evil.example/' })).toBe(false);
    expect(dev({ origin: 'null' })).toBe(false);
  });
});

describe('PUBLIC_URL in production', () => {
  it('is required when NODE_ENV is production, and named in the refusal', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^PUBLIC_URL must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).publicUrl).toBe(PUBLIC_URL);
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it('must be a web address', () => {
    for (const bad of ['portal.example.org', 'ftp://portal.example.org', 'https://portal example.org', 'https://:443']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow('PUBLIC_URL must look like https://portal.example.org');
    }
  });

  it('stops npm start with a message naming it, and no stack trace', async () => {
    const env = { ...process.env, NODE_ENV: 'production', PUBLIC_URL: '', DATA_DIR: join(PROJECT_ROOT, 'data', 'never-created') };
    const err = await promisify(execFile)(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], { cwd: PROJECT_ROOT, env }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toContain('Configuration error: PUBLIC_URL must be set in production (NODE_ENV=production)');
    expect(err.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);
});
