// SQLite only: MariaDB has no WAL of ours to checkpoint. The engine's connection leaves its WAL
// checkpoints to a worker, so its WAL is copied back and reused between bursts of writes instead
// of growing up to the backstop, and a checkpoint by that other connection never looks like
// another process's write (the versions stay known without a read).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { connectSqliteFile, sqliteDataVersion } from './connect.js';
import { CHECKPOINT_EVERY_MS } from './wal-checkpointer.js';

describe('WAL checkpoints off the event loop (SQLite)', () => {
  let dir: string;
  let db: Knex;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-'));
    db = connectSqliteFile(join(dir, 'portal.sqlite'));
    await db.schema.createTable('burst', (t) => {
      t.increments('id');
      t.text('body');
    });
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const burst = async () => {
    for (let i = 0; i < 300; i++) await db('burst').insert({ body: 'x'.repeat(2_000) });
  };
  const walBytes = () => statSync(join(dir, 'portal.sqlite-wal')).size;
  const settle = () => new Promise((r) => setTimeout(r, CHECKPOINT_EVERY_MS * 4));

  it('commits without syncing on the connection and reuses the WAL once the worker has checkpointed it', async () => {
    expect((await db.raw('pragma synchronous'))[0].synchronous).toBe(1);
    await burst();
    const afterOne = walBytes();
    // 300 rows of 2 KB: far more than a page each, far fewer pages than the backstop.
    expect(afterOne).toBeGreaterThan(600_000);
    const version = sqliteDataVersion(db)!.version;
    await settle();
    await burst();
    // Copied into the file and started again from its head: the second burst took the same room.
    expect(walBytes()).toBeLessThan(afterOne * 1.2);
    expect(Number((await db('burst').count({ n: '*' }))[0].n)).toBe(600);
    expect(sqliteDataVersion(db)!.version).toBe(version);
  });
});
