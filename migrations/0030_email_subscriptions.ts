// E-mail subscriptions (seed 002 §2, §3, §7; docs/email-subscriptions.md): a template's group and
// whether its mails follow subscriptions, the users' subscriptions (User_EmailTemplate), the mark
// of a user who has chosen (until then every subscription-governed template is theirs), and the
// single-use unsubscribe links put in governed mails. Written out column by column: frozen.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

/** Templates of earlier releases: their group and whether they follow subscriptions (1). */
const GROUPS: [number, string, boolean][] = [
  [1003, 'Account and security', false],
  [1005, 'Account and security', false],
  [1006, 'Account and security', false],
  [1007, 'Account and security', false],
  [1101157, 'Account and security', false],
  [1008, 'Submissions', true],
  [1101178, 'Requests', true],
  [1101179, 'Requests', true],
  [1101180, 'Requests', true],
  [1101181, 'Requests', true],
];

async function up(knex: Knex) {
  await knex.schema.alterTable('email_template', (t) => {
    t.string('groupname', 100).nullable();
    // 1: a user who unsubscribed does not get this template's mails; 0: always sent (security).
    t.boolean('subscription').notNullable().defaultTo(false);
  });
  for (const [type, groupname, subscription] of GROUPS) await knex('email_template').where({ type }).update({ groupname, subscription });

  await knex.schema.createTable('user_emailtemplate', (t) => {
    t.increments('link_id');
    t.integer('link_updatectr').notNullable().defaultTo(1);
    t.integer('link_fk_user').unsigned().notNullable().references('id').inTable('user').onDelete('CASCADE');
    t.integer('link_fk_email_template').unsigned().notNullable().references('id').inTable('email_template').onDelete('CASCADE');
    t.unique(['link_fk_user', 'link_fk_email_template']);
    t.index(['link_fk_user']);
    t.index(['link_fk_email_template']);
  });

  // A user with a row here has chosen: their subscriptions are exactly their User_EmailTemplate rows.
  await knex.schema.createTable('user_mail_choice', (t) => {
    t.integer('user_id').unsigned().notNullable().primary().references('id').inTable('user').onDelete('CASCADE');
    t.datetime('createon').notNullable();
  });

  // One row per unsubscribe link mailed: the token's SHA-256, whose subscription it ends, when used.
  await knex.schema.createTable('mail_unsubscribe', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().index().references('id').inTable('user').onDelete('CASCADE');
    t.integer('emailtemplate').unsigned().notNullable().references('id').inTable('email_template').onDelete('CASCADE');
    t.datetime('createon').notNullable();
    t.datetime('usedon').nullable();
  });
}

async function down(knex: Knex) {
  for (const table of ['mail_unsubscribe', 'user_mail_choice', 'user_emailtemplate']) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('email_template', (t) => {
    t.dropColumn('subscription');
    t.dropColumn('groupname');
  });
}

export const emailSubscriptions: Migration = { name: '0030_email_subscriptions', up, down };
