// The built client's scripts and styles go out compressed to a browser that accepts it, from the
// twins the build wrote (scripts/precompress-assets.ts), and unchanged to one that does not.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../scripts/precompress-assets.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;

describe('compressed client assets (sqlite: no database work differs by dialect)', () => {
  let t: TestEngine;
  let dir: string;
  const get = (url: string, encoding?: string) => t.engine.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(join(dir, 'assets', 'app.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'body{margin:0}');
    expect(precompressAssets(dir)).toBe(1);
    t = await startTestEngine('sqlite', { CLIENT_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip twins of text assets worth compressing, not of tiny ones', () => {
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.css']);
  });

  it('sends brotli to a browser that accepts it, smaller and decoding to the same script', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to one that accepts only gzip, and the script itself to one that accepts neither', async () => {
    const gz = await get('/assets/app.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const tiny = await get('/assets/tiny.css', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('body{margin:0}');
  });
});
