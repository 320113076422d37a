// User ids are one user id whatever their case, on both databases: look-ups find `re2` by `RE2`,
// the database itself refuses `RE2` beside `re2` (so a race past the registration check cannot
// make two), SQLite's look-up is served by an index, and migration 0017 puts a case-sensitive
// MariaDB column right and refuses to guess between SQLite rows that clash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { useridNocase } from '../../migrations/0017_userid_nocase.js';
import { isUniqueViolation } from '../records/write-values.js';
import { userByUserid } from './userid-match.js';
import { findUserByUserid } from './users.js';

const user = (userid: string) => ({ userid, name: `Test ${userid}`, email: `${userid}@test.example`, logintype: 2, state: 33 });

describe.each(await testDialects())('user ids without case (%s)', (dialect) => {
  let d: TestDatabase;
  const db = () => d.db;
  beforeAll(async () => {
    d = await createTestDatabase(dialect);
    await db()('user').insert(user('re2'));
  });
  afterAll(async () => d?.destroy());

  it('finds a user by its user id in any case', async () => {
    for (const typed of ['re2', 'RE2', 'Re2', '  rE2 ']) expect((await findUserByUserid(db(), typed))?.userid).toBe('re2');
    expect(await findUserByUserid(db(), 're3')).toBeUndefined();
  });

  it('has the database refuse a second user whose user id differs only in case', async () => {
    const second = await db()('user').insert(user('RE2')).then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(second)).toBe(true);
    expect(await db()('user').whereRaw('lower(??) = ?', ['userid', 're2']).pluck('userid')).toEqual(['re2']);
  });

  it('looks user ids up through an index, not by reading every user', async () => {
    if (dialect === 'sqlite') {
      const { sql, bindings } = userByUserid(db(), 'RE2').select('id').toSQL();
      const plan: { detail: string }[] = await db().raw(`explain query plan ${sql}`, bindings as string[]);
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX user_userid_nocase_unique/);
    } else {
      const [rows] = await db().raw("select collation_name as c from information_schema.columns where table_schema = database() and table_name = 'user' and column_name = 'userid'");
      expect(rows[0].c).toMatch(/_ci$/);
    }
  });

  it('migration 0017 makes it so also from a database that compared case (MariaDB) or refuses clashing rows by number (SQLite)', async () => {
    if (dialect === 'mysql') {
      await db().raw('alter table ?? modify ?? varchar(100) character set utf8mb4 collate utf8mb4_bin not null', ['user', 'userid']);
      expect((await findUserByUserid(db(), 'RE2'))?.userid).toBeUndefined();
      await useridNocase.up(db());
      expect((await findUserByUserid(db(), 'RE2'))?.userid).toBe('re2');
    } else {
      await useridNocase.down(db());
      const [clash] = await db()('user').insert(user('RE2'));
      const original = await db()('user').where({ userid: 're2' }).first('id');
      await expect(useridNocase.up(db())).rejects.toThrow(new RegExp(`user rows (${original.id},${clash}|${clash},${original.id})`));
      await db()('user').where({ id: clash }).delete();
      await useridNocase.up(db());
      expect(isUniqueViolation(await db()('user').insert(user('RE2')).then(() => null, (e: unknown) => e))).toBe(true);
    }
  });
});
