// Threads (seed 002 §2 Help desk and Queries, §3): help desk questions and queries, their
// messages, the attachments of both, and the minimal resubmission a query closes with. Written out column by column, as every migration is:
// later metadata edits never rewrite it. docs/threads.md.
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

/** The owning entity; no cascade, as for submissions: nothing disappears behind the record engine. */
function entityColumn(t: Table) {
  t.integer('re').unsigned().notNullable().references('id').inTable('re');
}

/** A message of a thread: the thread (no cascade), its text, its author's kind (1001 IRU, 1002 RE), the thread's entity. */
function messageTable(knex: Knex, table: string, parent: string) {
  return knex.schema.createTable(table, (t) => {
    t.increments('id');
    t.integer(parent).unsigned().notNullable().references('id').inTable(parent);
    t.text('description').notNullable();
    t.integer('createbyrole').nullable();
    entityColumn(t);
    systemColumns(t);
    // A thread's messages in order; an entity's messages.
    t.index([parent, 'createon']);
    t.index(['re', 'createon']);
  });
}

/** Attachment rows go with their parent, like RE_Reference rows go with their entity. */
function referenceTable(knex: Knex, table: string, parent: string) {
  return knex.schema.createTable(table, (t) => {
    t.increments('id');
    t.integer(`fk_${parent}`).unsigned().notNullable().index().references('id').inTable(parent).onDelete('CASCADE');
    t.string('name', 255).nullable();
    t.string('contenttype', 100).nullable();
    t.string('url', 500).nullable();
    t.integer('referencetype').nullable().defaultTo(11);
    t.string('description', 500).nullable();
    t.string('file', 128).nullable();
    t.integer('size').nullable();
    systemColumns(t);
  });
}

async function up(knex: Knex) {
  await knex.schema.createTable('helpdesk', (t) => {
    t.increments('id');
    t.integer('category').notNullable();
    t.string('name', 255).notNullable();
    t.text('description').notNullable();
    t.integer('state').notNullable().defaultTo(54);
    entityColumn(t);
    // Category 1408 (link a user with a role): the user id and its role as '1'/'0' flags.
    t.string('userid', 50).nullable();
    t.string('approver', 1).nullable();
    t.string('preparer', 1).nullable();
    t.string('checker', 1).nullable();
    systemColumns(t);
    // Newest first: an RE user's list (scope re), the status and category filters.
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
    t.index(['category', 'createon']);
  });
  await messageTable(knex, 'helpdeskmessage', 'helpdesk');
  await referenceTable(knex, 'helpdesk_reference', 'helpdesk');
  await referenceTable(knex, 'helpdeskmessage_reference', 'helpdeskmessage');

  await knex.schema.createTable('query', (t) => {
    t.increments('id');
    entityColumn(t);
    t.integer('formbatch').unsigned().notNullable().references('id').inTable('formbatch');
    t.integer('form').unsigned().notNullable().references('id').inTable('form');
    t.string('formtab', 100).notNullable();
    t.string('dataitem', 255).notNullable();
    t.string('name', 255).notNullable();
    t.text('description').notNullable();
    t.integer('confidential').notNullable().defaultTo(0);
    t.integer('state').notNullable().defaultTo(54);
    t.datetime('replyon').nullable();
    t.datetime('closeon').nullable();
    t.integer('duration').nullable();
    t.text('conclusion').nullable();
    t.integer('conclusionconfirm').nullable().defaultTo(0);
    // The resubmission a query was closed with (state 80); no foreign key: the two point at each other.
    t.integer('resubmission').nullable();
    systemColumns(t);
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
    t.index(['formbatch', 'createon']);
  });
  await messageTable(knex, 'querymessage', 'query');

  // A minimal resubmission request (seed 003 §3), as closing a query with resubmission creates it
  // (seed 002 §4); the request workflow of seed 003 §4.1 adds to it later.
  await knex.schema.createTable('resubmission', (t) => {
    t.increments('id');
    entityColumn(t);
    t.integer('state').notNullable().defaultTo(54);
    t.date('requestextdate').notNullable();
    t.text('reason').notNullable();
    t.integer('formcategory').nullable();
    t.integer('initiateby').nullable();
    t.integer('query').nullable();
    systemColumns(t);
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
  });
  await knex.schema.createTable('resubmissionform', (t) => {
    t.increments('id');
    t.integer('resubmission').unsigned().notNullable().index().references('id').inTable('resubmission');
    t.integer('form').unsigned().notNullable().references('id').inTable('form');
    t.text('properties', 'mediumtext').nullable();
    entityColumn(t);
    systemColumns(t);
  });
  await referenceTable(knex, 'query_reference', 'query');
  await referenceTable(knex, 'querymessage_reference', 'querymessage');
}

const TABLES = ['helpdeskmessage_reference', 'helpdesk_reference', 'helpdeskmessage', 'helpdesk', 'resubmissionform', 'resubmission', 'querymessage_reference', 'query_reference', 'querymessage', 'query'];

async function down(knex: Knex) {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}

export const threads: Migration = { name: '0012_threads', up, down };
