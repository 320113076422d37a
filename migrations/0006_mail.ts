// Mail: the outbox every message is written to first (delivered later by the mail worker, so
// a rolled-back action sends nothing and a crash loses nothing), and the e-mail templates
// admins edit as the EmailTemplate module. Written out column by column like 0001.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('email_outbox', (t) => {
    t.increments('id');
    t.integer('type').nullable();
    t.string('recipient', 255).notNullable();
    t.string('cc', 1000).nullable();
    t.string('subject', 500).notNullable();
    // mediumtext on MySQL: an HTML part with a long list can outgrow 64 KB.
    t.text('body_text', 'mediumtext').notNullable();
    t.text('body_html', 'mediumtext').nullable();
    t.string('state', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('last_error', 1000).nullable();
    t.datetime('next_attempt_at').notNullable();
    t.datetime('lease_until').nullable();
    t.datetime('createon').notNullable();
    t.datetime('senton').nullable();
    // The worker's claim walks this index in order (named: the claim query names it).
    t.index(['state', 'next_attempt_at'], 'email_outbox_due_index');
  });

  await knex.schema.createTable('email_template', (t) => {
    t.increments('id');
    t.integer('type').notNullable().unique();
    t.integer('alerttype').nullable();
    t.string('name', 255).nullable();
    t.string('subject', 500).notNullable();
    t.text('body').notNullable();
    t.integer('state').nullable().defaultTo(33);
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('email_template');
  await knex.schema.dropTableIfExists('email_outbox');
}

export const mail: Migration = { name: '0006_mail', up, down };
