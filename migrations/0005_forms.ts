// Submissions: form batches (one reporting entity, one period) and the forms in them. Written
// out column by column like 0001, so later metadata edits can never rewrite applied history;
// the helpers below belong to this migration alone.
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

/** JSON documents are stored as text; mediumtext on MySQL since form properties outgrow 64 KB. */
function jsonColumn(t: Table, name: string) {
  t.text(name, 'mediumtext').nullable();
}

/**
 * The owning entity. Unsigned to match re.id (MySQL insists for a foreign key). No cascade: an
 * entity that has submissions cannot be deleted (E_VALIDATION), and nothing disappears behind
 * the record engine's back (a cascade would bypass its audit and change versions).
 */
function entityColumn(t: Table) {
  t.integer('re').unsigned().notNullable().references('id').inTable('re');
}

async function up(knex: Knex) {
  await knex.schema.createTable('formbatch', (t) => {
    t.increments('id');
    entityColumn(t);
    t.string('name', 255).notNullable();
    t.integer('calendar').nullable();
    t.integer('category').nullable();
    t.date('endon').notNullable();
    t.date('duedate').notNullable().index();
    t.datetime('submitteddate').nullable();
    t.boolean('frozen_ind').nullable().defaultTo(false);
    t.integer('re_sector').nullable();
    t.integer('total0').nullable().defaultTo(0);
    t.integer('open').nullable().defaultTo(0);
    t.integer('pendingverify').nullable().defaultTo(0);
    t.integer('ready').nullable().defaultTo(0);
    t.integer('submitted').nullable().defaultTo(0);
    t.integer('accepted').nullable().defaultTo(0);
    t.integer('state').notNullable().defaultTo(13);
    systemColumns(t);
    // An RE user's list (scope re, newest due date first) and the IRU status filters.
    t.index(['re', 'duedate']);
    t.index(['state', 'duedate']);
  });

  await knex.schema.createTable('form', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().index();
    t.string('name', 255).notNullable();
    jsonColumn(t, 'properties');
    // A batch with forms cannot be deleted until its forms are (same reason as the entity).
    t.integer('formbatch').unsigned().nullable().references('id').inTable('formbatch');
    entityColumn(t);
    t.integer('calendar').nullable();
    t.integer('category').nullable();
    t.date('endon').nullable();
    t.string('reportingperiod', 50).nullable();
    t.string('scheduletype', 50).nullable();
    t.string('datedesc', 100).nullable();
    t.datetime('lastsubmiton').nullable();
    t.integer('submitby').nullable();
    t.integer('state').notNullable().defaultTo(50);
    systemColumns(t);
    // Default order (end date desc, code), an RE user's list, the forms of one batch, status filters.
    t.index(['endon', 'code']);
    t.index(['re', 'endon']);
    t.index(['formbatch', 'endon', 'code']);
    t.index(['state', 'endon']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('form');
  await knex.schema.dropTableIfExists('formbatch');
}

export const forms: Migration = { name: '0005_forms', up, down };
