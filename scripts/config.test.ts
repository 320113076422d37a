import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../fastify.config.js';
import { PROJECT_ROOT } from '../engine/paths.js';

const run = promisify(execFile);
const tsx = join(PROJECT_ROOT, 'node_modules/.bin/tsx');

describe('configuration from the environment', () => {
  it('has safe defaults for the embedded database', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, defaultPageSize: 20, maxPageSize: 1000 });
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x@y/z' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@127.0.0.1:3306' }, 'DATABASE_URL'],
    [{ MAX_PAGE_SIZE: '0' }, 'MAX_PAGE_SIZE'],
    [{ DEFAULT_PAGE_SIZE: '50', MAX_PAGE_SIZE: '10' }, 'DEFAULT_PAGE_SIZE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('stops a script with a message naming the bad variable, and no stack trace', async () => {
    const err = await run(tsx, ['scripts/migrate.ts'], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: 'abc' } }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toContain('Configuration error: PORT must be a whole number');
    expect(err.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('migrates and seeds the embedded database under DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-cfg-'));
    try {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
      const seeded = await run(tsx, ['scripts/seed.ts'], { cwd: PROJECT_ROOT, env });
      expect(seeded.stdout).toContain('Seeded:');
      expect(existsSync(join(dir, 'portal.sqlite'))).toBe(true);
      const again = await run(tsx, ['scripts/migrate.ts'], { cwd: PROJECT_ROOT, env });
      expect(again.stdout).toContain('The database is up to date.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
