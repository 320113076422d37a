// Indexes for the default orders and filters of shipped lists: list groups by name (lists 43
// and 48) and users by login type then name (lists 148, 149, 150).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('listgroup', (t) => t.index(['name'], 'listgroup_name_index'));
  await knex.schema.alterTable('user', (t) => t.index(['logintype', 'name'], 'user_logintype_name_index'));
}

async function down(knex: Knex) {
  await knex.schema.alterTable('user', (t) => t.dropIndex(['logintype', 'name'], 'user_logintype_name_index'));
  await knex.schema.alterTable('listgroup', (t) => t.dropIndex(['name'], 'listgroup_name_index'));
}

export const listIndexes: Migration = { name: '0011_list_indexes', up, down };
