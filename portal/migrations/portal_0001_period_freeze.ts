// Freezing a period (docs/filing-periods.md "Freezing a period"): every freeze and unfreeze of a
// period's submissions is kept (module FreezePeriod, read-only), with the submissions it touched
// one row each, so that a frozen form can say since when, by whom and why it is frozen.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';
import { moduleColumns } from '../../engine/db/module-columns.js';

async function up(knex: Knex) {
  await knex.schema.createTable('periodfreeze', (t) => {
    t.increments('id').primary();
    t.string('action', 10).notNullable();
    t.date('endon').notNullable();
    t.integer('calendar').nullable();
    t.integer('sector').nullable();
    t.string('reason', 1000).notNullable();
    t.integer('batches').notNullable().defaultTo(0);
    t.integer('forms').notNullable().defaultTo(0);
    t.integer('entities').notNullable().defaultTo(0);
    moduleColumns(t);
    t.index(['endon', 'createon']);
  });
  await knex.schema.createTable('periodfreeze_batch', (t) => {
    t.increments('id').primary();
    t.integer('periodfreeze').notNullable();
    t.integer('formbatch').notNullable();
    t.index(['formbatch', 'periodfreeze']);
    t.index(['periodfreeze']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('periodfreeze_batch');
  await knex.schema.dropTableIfExists('periodfreeze');
}

export const periodFreeze: Migration = { name: 'portal_0001_period_freeze', up, down };
