// Tables the engine itself needs beyond the modules: server-side sessions (so any number of
// stateless processes can serve a user) and the audit trail of state changes.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('session', (t) => {
    // The sha256 hex of the session token: a stolen database copy yields no usable token.
    t.string('id', 64).primary();
    t.integer('user_id').notNullable().index();
    t.integer('current_re').nullable();
    t.datetime('created_at').notNullable();
    t.datetime('last_seen_at').notNullable();
    t.datetime('expires_at').notNullable().index();
    t.text('data').nullable();
  });

  await knex.schema.createTable('state_history', (t) => {
    t.increments('id');
    t.string('module', 100).notNullable();
    t.integer('record_id').notNullable();
    t.integer('from_state').nullable();
    t.integer('to_state').notNullable();
    t.string('reason', 1000).nullable();
    t.integer('createby').nullable();
    t.datetime('createon').notNullable();
    t.index(['module', 'record_id']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('state_history');
  await knex.schema.dropTableIfExists('session');
}

export const engine: Migration = { name: '0002_engine', up, down };
