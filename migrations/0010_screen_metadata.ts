// Screen metadata beyond the definitions themselves: every saved version of a definition
// (WebList, WebListview, WebForms: who saved it, when, the whole definition), so an admin can see
// a definition's history, compare two versions and restore one; and each user's personal list
// views (columns, widths, order, filters) on top of the admin's, kept on the server so they
// follow the user across browsers.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('screen_version', (t) => {
    t.increments('id');
    t.string('module', 30).notNullable();
    t.integer('record_id').notNullable();
    // The record's updatectr after the save: versions number as the record's counter does.
    t.integer('version').notNullable();
    t.string('action', 10).notNullable();
    // { name, module | weblist, properties } as saved; null for a deletion.
    t.text('definition').nullable();
    t.integer('createby').nullable();
    t.datetime('createon').notNullable();
    t.unique(['module', 'record_id', 'version']);
  });

  await knex.schema.createTable('user_view', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('user').onDelete('CASCADE');
    // The admin's list view (a WebListview id) this personal view is laid over.
    t.integer('weblistview').notNullable();
    t.text('settings').notNullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('updateon').notNullable();
    t.unique(['user_id', 'weblistview']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('user_view');
  await knex.schema.dropTableIfExists('screen_version');
}

export const screenMetadata: Migration = { name: '0010_screen_metadata', up, down };
