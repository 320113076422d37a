// Change versions: a counter per table, bumped in the same transaction as every write the
// engine makes. Any engine process can then keep derived data (a caller's permissions, a
// list's total count) in memory and know, with one indexed read, whether it is still current.
// Also the composite indexes that the entity list's common filters need for their order.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('change_version', (t) => {
    t.string('name', 100).primary();
    t.integer('version').notNullable().defaultTo(0);
  });
  // The composites lead with state and sector, so they replace the single-column indexes; left
  // beside them, SQLite's planner picks the single one and sorts every match by name.
  await knex.schema.alterTable('re', (t) => {
    t.index(['state', 'name'], 're_state_name_index');
    t.index(['sector', 'name'], 're_sector_name_index');
  });
  await knex.schema.alterTable('re', (t) => {
    t.dropIndex(['state'], 're_state_index');
    t.dropIndex(['sector'], 're_sector_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.index(['state'], 're_state_index');
    t.index(['sector'], 're_sector_index');
  });
  await knex.schema.alterTable('re', (t) => {
    t.dropIndex(['state', 'name'], 're_state_name_index');
    t.dropIndex(['sector', 'name'], 're_sector_name_index');
  });
  await knex.schema.dropTableIfExists('change_version');
}

export const changeVersions: Migration = { name: '0004_change_versions', up, down };
