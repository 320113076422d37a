// A request's version read is free on SQLite while nothing moved (this process knows its own
// bumps; SQLite's data_version tells of every other connection's commits), and never stale: a
// bump here, a commit of another connection or process, a rollback, all show in the next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { connect } from './connect.js';
import { bumpVersion, bumpVersions, VersionSnapshot } from './change-versions.js';

describe.each(await testDialects())('version reads on %s', (dialect) => {
  let database: TestDatabase;
  let other: Knex;
  const reads: string[] = [];
  const onQuery = (q: { sql: string }) => {
    if (/from [`"]?change_version/i.test(q.sql)) reads.push(q.sql);
  };
  /** A request's first read of the versions, and how many statements it took. */
  const read = async (table: string) => {
    reads.length = 0;
    const version = (await new VersionSnapshot(database.db).get()).get(table) ?? 0;
    return { version, statements: reads.length };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    other = connect({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    database.db.on('query', onQuery);
  });
  afterAll(async () => {
    database?.db.off('query', onQuery);
    await other?.destroy();
    await database?.destroy();
  });

  it('reads the versions by a statement only when something may have moved', async () => {
    await bumpVersions(database.db, ['lv_a']);
    const first = await read('lv_a');
    expect(first.version).toBe(1);
    expect(first.statements).toBe(1);
    const again = await read('lv_a');
    expect(again.version).toBe(1);
    // SQLite knows nothing moved; MySQL has no such signal across processes and reads.
    expect(again.statements).toBe(dialect === 'sqlite' ? 0 : 1);
  });

  it("sees this process's bump outside a transaction at once", async () => {
    await read('lv_a');
    await bumpVersions(database.db, ['lv_a']);
    expect((await read('lv_a')).version).toBe(2);
    expect(await bumpVersion(database.db, 'lv_a')).toBe(3);
    expect((await read('lv_a')).version).toBe(3);
  });

  it("sees a transaction's bump once it commits, and nothing of one that rolled back", async () => {
    await read('lv_a');
    await database.db.transaction(async (trx) => {
      await bumpVersion(trx, 'lv_a');
      await bumpVersions(trx, ['lv_b']);
    });
    expect((await read('lv_a')).version).toBe(4);
    expect((await read('lv_b')).version).toBe(1);
    await database.db
      .transaction(async (trx) => {
        await bumpVersions(trx, ['lv_a']);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const after = await read('lv_a');
    expect(after.version).toBe(4);
    expect((await read('lv_a')).statements).toBe(dialect === 'sqlite' ? 0 : 1);
  });

  it('sees the commits of another connection to the same database (another process)', async () => {
    await read('lv_a');
    expect((await read('lv_a')).version).toBe(4);
    await bumpVersions(other, ['lv_a']);
    const seen = await read('lv_a');
    expect(seen.version).toBe(5);
    expect(seen.statements).toBe(1);
    await other.transaction((trx) => bumpVersions(trx, ['lv_a', 'lv_b']));
    expect((await read('lv_a')).version).toBe(6);
    expect((await read('lv_b')).version).toBe(2);
  });

  it('never keeps a read that a bump of this process overtook', async () => {
    await read('lv_a');
    // The read is asked for, then a bump commits before it is used: the next read is fresh.
    const pending = new VersionSnapshot(database.db).get();
    await bumpVersions(database.db, ['lv_a']);
    await pending;
    expect((await read('lv_a')).version).toBe(7);
  });
});
