// A fresh, migrated database per test file, on either dialect. MariaDB suites run when the
// server answers; in CI (or with REQUIRE_MARIADB=1) an unreachable server fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { connect, type Dialect } from '../db/connect.js';
import { migrateLatest } from '../db/migrate.js';
import type { EngineApp } from '../app/engine-app.js';

export const MARIADB_ADMIN_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const mariadbRequired = Boolean(process.env.CI) || process.env.REQUIRE_MARIADB === '1';

let reachable: Promise<boolean> | undefined;
export function mariadbReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const db = connect({ databaseUrl: MARIADB_ADMIN_URL, dataDir: '' }, { min: 0, max: 1 });
    try {
      await db.raw('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await db.destroy();
    }
  })();
  return reachable;
}

/** The dialects this run covers: SQLite always; MariaDB when reachable or required. */
export async function testDialects(): Promise<Dialect[]> {
  const only = process.env.TEST_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined;
  if (only?.length) return only;
  if (mariadbRequired || (await mariadbReachable())) return ['sqlite', 'mysql'];
  return ['sqlite'];
}

export interface TestDatabase {
  dialect: Dialect;
  db: Knex;
  /** What fastify.config.ts would need to reach the same database. */
  databaseUrl: string | undefined;
  dataDir: string;
  destroy(): Promise<void>;
}

/** `app`: whose migrations run after the engine's (EngineApp.migrations); none when omitted. */
export async function createTestDatabase(dialect: Dialect, opts: { migrate?: boolean; app?: EngineApp } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dialect === 'mysql') {
    const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = connect({ databaseUrl: MARIADB_ADMIN_URL, dataDir }, { min: 0, max: 1 });
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    await admin.destroy();
    const url = new URL(MARIADB_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const a = connect({ databaseUrl: MARIADB_ADMIN_URL, dataDir }, { min: 0, max: 1 });
      await a.raw('DROP DATABASE IF EXISTS ??', [name]);
      await a.destroy();
    };
  }
  const db = connect({ databaseUrl, dataDir });
  if (opts.migrate !== false) await migrateLatest(db, opts.app);
  return {
    dialect,
    db,
    databaseUrl,
    dataDir,
    async destroy() {
      await db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { knexFactory };
