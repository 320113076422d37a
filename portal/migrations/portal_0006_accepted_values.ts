// What the regulator's analysts take out of the portal (docs/integrators.md "Accepted data"):
// the values of each form as it was last accepted, kept apart from its working cells (a form
// returned for amendment keeps its accepted values until it is accepted again), and the feed of
// acceptances in commit order. `acceptancecounter` holds the feed's last number: the accepting
// transaction raises it and keeps its row lock until it commits, so numbers are taken in commit
// order and a rolled-back acceptance gives its number back.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';

async function up(knex: Knex) {
  // One row per form accepted at least once: its latest acceptance.
  await knex.schema.createTable('acceptedform', (t) => {
    t.integer('form').notNullable().primary();
    t.integer('re').notNullable();
    t.integer('formtemplate').notNullable();
    t.integer('templateversion').notNullable();
    t.date('endon').nullable();
    t.datetime('acceptedon').notNullable();
    t.bigInteger('seq').notNullable();
    t.index(['endon', 'formtemplate']);
    t.index(['re', 'endon']);
  });
  // The accepted value of every filled cell, in template order (`ord`); `rownum` is the data row
  // (from 1) on add-new-rows tabs, null elsewhere.
  await knex.schema.createTable('acceptedcell', (t) => {
    t.integer('form').notNullable();
    t.integer('ord').notNullable();
    t.string('code', 64).notNullable();
    t.integer('rownum').nullable();
    t.text('value').notNullable();
    t.primary(['form', 'ord']);
  });
  // One row per acceptance, numbered in commit order.
  await knex.schema.createTable('acceptancefeed', (t) => {
    t.bigInteger('seq').notNullable().primary();
    t.integer('form').notNullable();
    t.integer('re').notNullable();
    t.integer('formtemplate').notNullable();
    t.integer('templateversion').notNullable();
    t.date('endon').nullable();
    t.datetime('acceptedon').notNullable();
    t.index(['form']);
  });
  await knex.schema.createTable('acceptancecounter', (t) => {
    t.string('name', 30).notNullable().primary();
    t.bigInteger('value').notNullable();
  });
  await knex('acceptancecounter').insert({ name: 'acceptance', value: 0 });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('acceptancecounter');
  await knex.schema.dropTableIfExists('acceptancefeed');
  await knex.schema.dropTableIfExists('acceptedcell');
  await knex.schema.dropTableIfExists('acceptedform');
}

export const acceptedValues: Migration = { name: 'portal_0006_accepted_values', up, down };
