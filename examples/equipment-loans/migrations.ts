// The equipment-loans app's own tables, run after the engine's migrations. Names start with
// `loans_` so that they never meet the engine's; frozen once applied, as every migration is.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';
import { moduleColumns } from '../../engine/db/module-columns.js';

async function up(knex: Knex) {
  await knex.schema.createTable('lab_equipment', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable().index();
    t.string('serialno', 100).notNullable().unique();
    t.string('location', 255).nullable();
    t.boolean('onloan').notNullable().defaultTo(false);
    moduleColumns(t);
  });
  await knex.schema.createTable('lab_loan', (t) => {
    t.increments('id');
    t.integer('equipment').unsigned().notNullable().references('id').inTable('lab_equipment').index();
    t.string('borrower', 255).notNullable();
    t.text('purpose').nullable();
    t.date('dueon').notNullable();
    t.integer('state').notNullable().defaultTo(501);
    t.integer('requester').nullable();
    t.integer('approvedby').nullable();
    t.datetime('approvedon').nullable();
    t.datetime('returnedon').nullable();
    moduleColumns(t);
    t.index(['state', 'dueon']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTable('lab_loan');
  await knex.schema.dropTable('lab_equipment');
}

export const LOANS_MIGRATIONS: readonly Migration[] = [{ name: 'loans_0001_tables', up, down }];
