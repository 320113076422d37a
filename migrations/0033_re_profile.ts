// The reporting entity profile (seed 001 §2.4, §2.5, §3, §6; docs/re-profile.md): the entity's
// licence type and insurance type (the profile's tab rules read them: insurers' funds for
// licence type 9500), and the MIDA staff counts (StaffClass: one row per entity, Malaysian and
// foreign staff per class with totals the engine computes).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

type Table = Knex.CreateTableBuilder;

/** Engine-maintained columns of every ordinary module: concurrency counter and stamps. */
function systemColumns(t: Table) {
  t.integer('updatectr').notNullable().defaultTo(1);
  t.datetime('createon').nullable().index();
  t.integer('createby').nullable();
  t.datetime('updateon').nullable();
  t.integer('updateby').nullable();
}

export const STAFF_CLASSES = ['management', 'techsv', 'skilled', 'unskilled', 'general'] as const;

async function up(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.integer('licensetype').nullable();
    t.integer('insurancetype').nullable();
  });
  await knex.schema.createTable('staffclass', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().unique().references('id').inTable('re');
    for (const c of STAFF_CLASSES) {
      t.integer(`my_${c}`).nullable();
      t.integer(`fo_${c}`).nullable();
      t.integer(`${c}_total`).nullable();
    }
    t.integer('my_total').nullable();
    t.integer('fo_total').nullable();
    systemColumns(t);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('staffclass');
  await knex.schema.alterTable('re', (t) => {
    t.dropColumn('insurancetype');
    t.dropColumn('licensetype');
  });
}

export const reProfile: Migration = { name: '0033_re_profile', up, down };
