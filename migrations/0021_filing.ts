// Periodic filing (docs/filing.md): which calendar, sector and category a template is filed for,
// the template version each form is filed on, the form's cell values, and every saved revision
// of them (the form's history). Forms now start Open (13), as PROTOCOL.md §7 has them: rows of
// earlier releases in Not Started (50) or In Progress (38) become Open.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('formtemplate', (t) => {
    // Calendar (list group 80; 282 = ad hoc), and the entities that file it: a sector and a
    // category (null = every one). Forms are due `duedays` after the period end.
    t.integer('calendar').nullable();
    t.integer('sector').nullable();
    t.integer('category').nullable();
    t.integer('duedays').nullable().defaultTo(15);
    // Seed 003 §2.1: downloads hidden unless IRU or role 27.
    t.boolean('approverviewonly').nullable().defaultTo(false);
    t.index(['calendar', 'state']);
  });

  await knex.schema.alterTable('form', (t) => {
    t.integer('formtemplate').unsigned().nullable().references('id').inTable('formtemplate');
    // The template version the form was created on; it keeps that shape for good.
    t.integer('templateversion').nullable();
    // Who last moved the form to Pending Verification: the four-eyes rule keeps them from approving.
    t.integer('preparedby').nullable();
    t.index(['formtemplate', 'endon']);
  });

  // The current value of every filled cell of a form. Codes are the template's stable cell codes
  // (null for rows added on add-new-rows tabs past the template's own).
  await knex.schema.createTable('formcell', (t) => {
    t.integer('form').unsigned().notNullable().references('id').inTable('form');
    t.string('tab', 10).notNullable();
    t.string('address', 16).notNullable();
    t.string('code', 64).nullable();
    t.text('value').nullable();
    t.primary(['form', 'tab', 'address']);
    t.index(['form', 'code']);
  });

  // One row per save of a form's cells or move of its state: the cells it changed as JSON
  // {"01!C7": [before, after]}; the form's history and the diff of any two revisions come from here.
  await knex.schema.createTable('formrevision', (t) => {
    t.increments('id');
    t.integer('form').unsigned().notNullable().references('id').inTable('form');
    t.integer('revision').notNullable();
    t.integer('state').notNullable();
    t.integer('createby').nullable();
    t.datetime('createon').notNullable();
    t.text('changes', 'mediumtext').nullable();
    t.unique(['form', 'revision']);
  });

  await knex('form').whereIn('state', [50, 38]).update({ state: 13 });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('formrevision');
  await knex.schema.dropTableIfExists('formcell');
  // The foreign key leans on the index on MySQL: it goes first.
  await knex.schema.alterTable('form', (t) => t.dropForeign(['formtemplate']));
  await knex.schema.alterTable('form', (t) => {
    t.dropIndex(['formtemplate', 'endon']);
    t.dropColumn('formtemplate');
    t.dropColumn('templateversion');
    t.dropColumn('preparedby');
  });
  await knex.schema.alterTable('formtemplate', (t) => {
    t.dropIndex(['calendar', 'state']);
    t.dropColumn('calendar');
    t.dropColumn('sector');
    t.dropColumn('category');
    t.dropColumn('duedays');
    t.dropColumn('approverviewonly');
  });
}

export const filing: Migration = { name: '0021_filing', up, down };
