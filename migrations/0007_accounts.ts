// Account tables of registration and password recovery: one-time tokens (e-mail verification,
// password reset), security questions, and recovery attempts (the attempt limit must hold across
// engine processes, so it lives here rather than in memory).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

/** Unsigned to match user.id (MySQL insists for a foreign key); a deleted user takes these along. */
function userColumn(t: Knex.CreateTableBuilder) {
  t.integer('user_id').unsigned().notNullable().references('id').inTable('user').onDelete('CASCADE');
}

async function up(knex: Knex) {
  await knex.schema.createTable('account_token', (t) => {
    t.increments('id');
    userColumn(t);
    t.string('purpose', 10).notNullable();
    // The SHA-256 hex of the token; the token itself exists only in the mail.
    t.string('token_hash', 64).notNullable().unique();
    t.datetime('expires_at').notNullable();
    t.datetime('usedon').nullable();
    t.datetime('createon').notNullable();
    // A user's open tokens of one purpose (replaced on resend) and the resend limit.
    t.index(['user_id', 'purpose', 'createon']);
  });

  await knex.schema.createTable('user_security_question', (t) => {
    t.increments('id');
    userColumn(t);
    t.string('question', 255).notNullable();
    t.string('answer_hash', 255).notNullable();
    t.integer('sortorder').notNullable();
    t.index(['user_id', 'sortorder']);
  });

  await knex.schema.createTable('recovery_attempt', (t) => {
    t.increments('id');
    // The user name as typed, lower-cased: unknown names are counted too, so the limit does not
    // tell who exists.
    t.string('name', 100).notNullable();
    t.boolean('succeeded').notNullable();
    t.datetime('createon').notNullable();
    t.index(['name', 'createon']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('recovery_attempt');
  await knex.schema.dropTableIfExists('user_security_question');
  await knex.schema.dropTableIfExists('account_token');
}

export const accounts: Migration = { name: '0007_accounts', up, down };
