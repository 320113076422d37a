// The record audit: every write through the record engine, with the fields it changed. It is
// what lets E_CONCURRENT tell a caller which fields moved since the version it read.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('record_audit', (t) => {
    t.increments('id');
    t.string('module', 100).notNullable();
    t.integer('record_id').notNullable();
    t.integer('version').notNullable();
    t.string('action', 10).notNullable();
    t.text('fields').notNullable();
    t.integer('createby').nullable();
    t.datetime('createon').notNullable();
    t.index(['module', 'record_id', 'version']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('record_audit');
}

export const recordAudit: Migration = { name: '0003_record_audit', up, down };
