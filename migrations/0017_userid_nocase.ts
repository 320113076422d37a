// User ids are unique without case, on both databases. MariaDB compares them with the column's
// collation, case-insensitive by default (…_ci); a database made with a case-sensitive one
// (…_bin, …_cs) has the column moved to utf8mb4_unicode_ci. SQLite's own unique index is
// case-sensitive, so a second one with NOCASE refuses `RE2` beside `re2` and serves the
// look-ups that compare with NOCASE (engine/identity/userid-match.ts).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const INDEX = 'user_userid_nocase_unique';

const isMysql = (knex: Knex) => ['mysql', 'mysql2'].includes(String(knex.client.config.client));

async function up(knex: Knex) {
  if (isMysql(knex)) {
    const [rows] = await knex.raw(
      "select collation_name as c from information_schema.columns where table_schema = database() and table_name = 'user' and column_name = 'userid'",
    );
    if (!/_ci$/i.test(String(rows[0]?.c ?? ''))) {
      await knex.raw('alter table ?? modify ?? varchar(100) character set utf8mb4 collate utf8mb4_unicode_ci not null', ['user', 'userid']);
    }
    return;
  }
  // Users that differ only in case would make the index fail; say which, rather than pick one.
  const clashes: { ids: string }[] = await knex.raw('select group_concat(id) as ids from ?? group by ?? collate nocase having count(*) > 1', ['user', 'userid']);
  if (clashes.length) {
    throw new Error(`0017_userid_nocase: user ids that differ only in case (user rows ${clashes.map((c) => c.ids).join('; ')}); rename all but one of each before migrating`);
  }
  await knex.raw('create unique index ?? on ?? (?? collate nocase)', [INDEX, 'user', 'userid']);
}

async function down(knex: Knex) {
  // MariaDB: the collation stays; the one before is not recorded, and a _ci one is the default.
  if (!isMysql(knex)) await knex.raw('drop index if exists ??', [INDEX]);
}

export const useridNocase: Migration = { name: '0017_userid_nocase', up, down };
