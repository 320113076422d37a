// `npm start` runs the engine compiled into one module (scripts/engine-build.ts): that bundle,
// started on a fresh embedded database, migrates, seeds the demo, finds its metadata files and
// serves the portal: a demo user signs in and reads a list through the process endpoint.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../engine/paths.js';
import { decodeXml, recordsetObjects, type RecordsetValue } from '../engine/protocol/envelope.js';
import { DEMO_PASSWORD } from '../portal/seeds/index.js';
import { ENGINE_ENTRY, buildEngineBundle } from './engine-build.js';

/** A port nothing listens on now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("npm start's compiled engine", () => {
  const bundleDir = join(PROJECT_ROOT, 'dist', `engine-test-${process.pid}`);
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let origin = '';
  let bundle = '';

  beforeAll(async () => {
    bundle = await buildEngineBundle(ENGINE_ENTRY, join(bundleDir, 'start.mjs'));
    dataDir = await mkdtemp(join(tmpdir(), 'engine-bundle-'));
    // Production needs the address users open (PUBLIC_URL): a free port, known before the start.
    const port = await freePort();
    child = spawn(process.execPath, ['--expose-gc', bundle], {
      cwd: tmpdir(), // not the project: the bundle finds its files from where it lies
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '', SMTP_URL: '', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    origin = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening on (http:\/\/[\d.:]+)/.exec(output);
        if (m && output.includes('Demo users')) {
          clearInterval(timer);
          resolve(m[1]);
        }
      }, 100);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`the engine stopped (${code}): ${output.slice(-2000)}`));
      });
    });
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(bundleDir, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is one module that loads no TypeScript compiler', async () => {
    const text = await readFile(bundle, 'utf8');
    expect(text).not.toMatch(/from ["']tsx/);
    expect(text).toContain('Portal engine listening on');
  });

  it('seeds the demo on a fresh database and prints the demo users', () => {
    expect(output).toContain('(freshly seeded)');
    expect(output).toMatch(/\n\s+iru\s+regulator staff/);
  });

  it('signs a demo user in and answers a list from the metadata it found beside itself', async () => {
    const post = (body: unknown, cookie?: string) =>
      fetch(`${origin}/process`, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const login = await post({ action: 'User.login', args: [{ userid: 'iru', password: DEMO_PASSWORD }] });
    expect(decodeXml(await login.text())[0]?.type).not.toBe('exception');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/=/);
    const res = await post({ action: 'Record.select', args: [{ module: 'RE', fields: ['id', 'name'], order: [['id', 'asc']], max: 5 }] }, cookie);
    const [set] = decodeXml(await res.text());
    expect(set?.type).toBe('recordset');
    const rows = recordsetObjects(set as RecordsetValue);
    expect(rows.length).toBeGreaterThan(0);
    expect(String(rows[0].name)).not.toBe('');
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(0);
  });
});
