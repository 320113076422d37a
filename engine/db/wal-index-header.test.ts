// The wal-index header tells a request whether any connection committed since it last looked:
// it moves with every commit of any connection and process, stays put without one (a checkpoint
// is none), and answers nothing while a commit is writing it. SQLite only: MariaDB has no such file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { connectSqliteFile, sqliteDataVersion } from './connect.js';
import { WalIndexHeader } from './wal-index-header.js';

describe('the wal-index header of a SQLite database', () => {
  let dir: string;
  let db: Knex;
  let other: Knex;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-index-'));
    db = connectSqliteFile(join(dir, 'portal.sqlite'));
    await db.schema.createTable('note', (t) => {
      t.increments('id');
      t.string('body');
    });
    // Another process's connection: its own knex, its own pool.
    other = connectSqliteFile(join(dir, 'portal.sqlite'));
  });
  afterAll(async () => {
    await other?.destroy();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves with every commit of any connection and stays put without one', async () => {
    await db('note').insert({ body: 'first' });
    const first = sqliteDataVersion(db)!.version;
    expect(typeof first, 'read from the -shm file, not by the data_version pragma').toBe('string');
    await db('note').select('id');
    expect(sqliteDataVersion(db)!.version).toBe(first);
    await other('note').insert({ body: 'from another connection' });
    const second = sqliteDataVersion(db)!.version;
    expect(second).not.toBe(first);
    await other.transaction(async (trx) => {
      await trx('note').insert({ body: 'in a transaction' });
      // Not committed yet: nothing moved for the other connection.
      expect(sqliteDataVersion(db)!.version).toBe(second);
    });
    expect(sqliteDataVersion(db)!.version).not.toBe(second);
  });

  it('answers nothing for a header not yet written or caught between its two copies', () => {
    const header = Buffer.alloc(96);
    header[12] = 1;
    header.writeUInt32LE(7, 16);
    header.copy(header, 48, 0, 48);
    const shm = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, `${name}-shm`), bytes);
      const h = WalIndexHeader.open(join(dir, name))!;
      try {
        return h.token();
      } finally {
        h.close();
      }
    };
    expect(shm('alike', header)).toBe('7.0.0.0.0');
    const torn = Buffer.from(header);
    torn.writeUInt32LE(8, 16);
    expect(shm('torn', torn)).toBeUndefined();
    const fresh = Buffer.from(header);
    fresh[12] = 0;
    fresh[60] = 0;
    expect(shm('fresh', fresh)).toBeUndefined();
    expect(shm('short', header.subarray(0, 50))).toBeUndefined();
    expect(WalIndexHeader.open(join(dir, 'none'))).toBeUndefined();
  });
});
