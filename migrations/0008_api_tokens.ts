// Identity tables beyond the user row: API tokens for integrators (only the SHA-256 of a token
// is kept, so a copy of the table grants nothing) and each user's one-time-code state (the
// key being enrolled, and the last accepted time step, which makes every code usable once).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('api_token', (t) => {
    t.increments('id');
    // Unsigned to match user.id (an increments column), which MySQL insists on for a foreign key.
    t.integer('user_id').unsigned().notNullable().index().references('id').inTable('user').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.datetime('createon').notNullable();
    t.integer('createby').nullable();
    t.datetime('lastused').nullable();
    t.datetime('revokedon').nullable();
  });

  await knex.schema.createTable('user_otp', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('user').onDelete('CASCADE');
    // A key shown for enrolment (or a change of device) that becomes user.otpsecret only once a
    // code made with it has been accepted.
    t.string('pending_secret', 64).nullable();
    // The TOTP time step (Unix seconds / 30) of the last accepted code; codes of this step or
    // earlier are refused. Steps are about 6e7 today; a 32-bit integer holds them for millennia.
    t.integer('last_step').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('user_otp');
  await knex.schema.dropTableIfExists('api_token');
}

export const apiTokens: Migration = { name: '0008_api_tokens', up, down };
