// The Reporting Entity Profile's definitions as metadata an administrator edits (docs/re-profile.md,
// docs/re-admin-actions.md): one row per profile tab (modules ProfileTab) and one per governed
// business information field with the sectors that may change it (BusinessInfoField). Both are
// versioned like the screens (screen_version); the seeds fill them from the shipped files.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';
import { moduleColumns } from '../../engine/db/module-columns.js';

async function up(knex: Knex) {
  await knex.schema.createTable('profiletab', (t) => {
    t.increments('id').primary();
    t.string('title', 100).notNullable();
    t.integer('kind').notNullable();
    t.string('audience', 10).notNullable();
    t.integer('re_list').nullable();
    t.integer('re_form').nullable();
    t.integer('iru_list').nullable();
    t.integer('iru_form').nullable();
    t.text('show').nullable();
    t.integer('sortorder').notNullable().defaultTo(0);
    moduleColumns(t);
    t.index(['sortorder']);
  });
  await knex.schema.createTable('businessinfofield', (t) => {
    t.increments('id').primary();
    t.string('field', 64).notNullable().unique();
    t.boolean('everysector').notNullable().defaultTo(false);
    t.string('sectors', 500).nullable();
    moduleColumns(t);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('businessinfofield');
  await knex.schema.dropTableIfExists('profiletab');
}

export const profileDefinitions: Migration = { name: 'portal_0005_profile_definitions', up, down };
