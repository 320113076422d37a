// Migration 0018_privilege on every dialect: a database seeded by an earlier release, which had no
// Parameters.updateSystem, gets the task granted to the system administrator role only, so its
// IRU staff lose system parameters at once; a fresh database gets it from the seeds alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database.js';
import { runSeeds } from '../../../portal/seeds/index.js';
import { portal } from '../../../portal/app.js';
import { privilege } from '../../../migrations/0018_privilege.js';
import { readVersions } from '../../db/change-versions.js';

const TASK = 'Parameters.updateSystem';
// seeds/access.ts: 2 IRU, 10 System Administrator; seeds/demo-admin.ts: 11 Access Administrator.
const SYSADMIN = 10;

describe.each(await testDialects())('migration 0018_privilege on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { app: portal });
    await runSeeds(database.db, { demo: true });
  });
  afterAll(async () => database?.destroy());

  const db = () => database.db;
  const holders = async () =>
    (await db()({ rp: 'role_permissiontasks' }).join({ p: 'permissiontasks' }, 'p.id', 'rp.link_fk_permissiontasks').where('p.name', TASK).pluck('rp.link_fk_role')).map(Number).sort((a, b) => a - b);

  it('finds the task already seeded, granted to the system administrator role and the system parameters role 24, on a fresh database', async () => {
    // Role 24 keeps the system parameters (seed 003 §2.10, docs/row-rules.md); the migration below grants the administrator only.
    expect(await holders()).toEqual([SYSADMIN, 24]);
  });

  it('adds the task an earlier release lacked and grants it to the system administrator role only, once', async () => {
    await db()('permissiontasks').where({ name: TASK }).delete();
    expect(await holders()).toEqual([]);
    const before = (await readVersions(db())).get('role_permissiontasks') ?? 0;

    await privilege.up(db());
    expect(await holders()).toEqual([SYSADMIN]);
    expect(await db()('permissiontasks').where({ name: TASK }).first('code', 'module', 'state')).toEqual({ code: 'updateSystem', module: 'Parameters', state: 33 });
    // Running engines keep callers' permissions per change version of the access tables.
    expect((await readVersions(db())).get('role_permissiontasks')).toBeGreaterThan(before);

    await privilege.up(db());
    expect(await holders()).toEqual([SYSADMIN]);
    expect(Number((await db()('permissiontasks').where({ name: TASK }).count({ n: '*' }))[0].n)).toBe(1);
  });
});

describe.each(await testDialects())('migration 0018_privilege before the seeds on %s', (dialect) => {
  it('writes nothing on a database not seeded yet, so the seeds can write every task', async () => {
    const database = await createTestDatabase(dialect);
    try {
      await privilege.up(database.db);
      expect(await database.db('permissiontasks').first('id')).toBeUndefined();
    } finally {
      await database.destroy();
    }
  });
});
