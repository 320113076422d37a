// The hot writes' INSERT runs from a template per table and column set: it answers the new row's
// id on both databases, leaves an undefined value to the column's default, fills each value into
// its own column whatever order the row names them in, and an array (which knex's raw bindings
// would spread into a list) is refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { insertCompiled } from './compiled-statement.js';

const TABLE = 'compiled_insert_probe';

describe.each(await testDialects())('compiled inserts on %s', (dialect) => {
  let database: TestDatabase;
  const statements: string[] = [];
  const onQuery = (q: { sql: string }) => {
    if (q.sql.includes(TABLE)) statements.push(q.sql);
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db.schema.createTable(TABLE, (t) => {
      t.increments('id');
      t.string('name', 50).notNullable();
      t.integer('n');
      t.string('note', 50).notNullable().defaultTo('none');
    });
    database.db.on('query', onQuery);
  });
  afterAll(async () => {
    database?.db.off('query', onQuery);
    await database?.destroy();
  });

  const count = async (where: Record<string, unknown>) => Number((await database.db(TABLE).where(where).count({ c: '*' }))[0].c);
  const stored = (id: number) => database.db(TABLE).where({ id }).first('name', 'n', 'note');

  it('answers each new id and stores every value in its own column', async () => {
    const first = await insertCompiled(database.db, TABLE, { name: 'first', n: 1, note: 'a' }, 'id');
    const second = await insertCompiled(database.db, TABLE, { note: 'b', n: 2, name: 'second' }, 'id');
    const third = await insertCompiled(database.db, TABLE, { name: 'third', n: 3, note: 'c' }, 'id');
    // Ids ascend; a Galera cluster steps them by its node count, so no gap is assumed.
    expect(second).toBeGreaterThan(first!);
    expect(third).toBeGreaterThan(second!);
    expect(await stored(first!)).toEqual({ name: 'first', n: 1, note: 'a' });
    expect(await stored(second!)).toEqual({ name: 'second', n: 2, note: 'b' });
    expect(await stored(third!)).toEqual({ name: 'third', n: 3, note: 'c' });
    // The same column set ran the same statement text, its values bound.
    expect(statements[0]).toBe(statements[2]);
    expect(statements.join(' ')).not.toContain('first');
  });

  it('leaves an undefined value to its default and a null stored as null, inside a transaction too', async () => {
    const id = await database.db.transaction((trx) => insertCompiled(trx, TABLE, { name: 'defaults', n: null, note: undefined }, 'id'));
    expect(await stored(id!)).toEqual({ name: 'defaults', n: null, note: 'none' });
    expect(await insertCompiled(database.db, TABLE, { name: 'no id asked' })).toBeUndefined();
    expect(await count({ name: 'no id asked' })).toBe(1);
  });

  it('refuses an array value and writes nothing', async () => {
    await expect(insertCompiled(database.db, TABLE, { name: ['x', 'y'], n: 5 }, 'id')).rejects.toThrow();
    expect(await count({ n: 5 })).toBe(0);
  });
});
