// Change versions kept per writer: one row per table and database node (`slot`), the table's
// version being the sum of its rows. Writers through different nodes of a Galera cluster then
// never update the same row, so they no longer fail each other's certification at commit; on a
// single server every row stays in slot 1 and nothing changes. change-versions.ts says how a
// writer picks its slot. The table is made anew (SQLite cannot change a primary key in place).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('change_version_writers', (t) => {
    t.string('name', 100).notNullable();
    t.integer('slot').notNullable().defaultTo(1);
    t.bigInteger('version').notNullable().defaultTo(0);
    t.primary(['name', 'slot']);
  });
  await knex.raw('insert into ?? (??, ??, ??) select ??, 1, ?? from ??', ['change_version_writers', 'name', 'slot', 'version', 'name', 'version', 'change_version']);
  await knex.schema.dropTable('change_version');
  await knex.schema.renameTable('change_version_writers', 'change_version');
}

async function down(knex: Knex) {
  await knex.schema.createTable('change_version_single', (t) => {
    t.string('name', 100).primary();
    t.integer('version').notNullable().defaultTo(0);
  });
  await knex.raw('insert into ?? (??, ??) select ??, sum(??) from ?? group by ??', ['change_version_single', 'name', 'version', 'name', 'version', 'change_version', 'name']);
  await knex.schema.dropTable('change_version');
  await knex.schema.renameTable('change_version_single', 'change_version');
}

export const changeVersionWriters: Migration = { name: '0040_change_version_writers', up, down };
