// Bulletins (seed 002 §2 Bulletins, §3): the bulletin, its sectors (link rows) and its attachments.
// Written out column by column, as every migration is: later metadata edits never rewrite it.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('bulletin', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.text('message').notNullable();
    // Start of its first day and end (23:59:59) of its last, UTC like every stored date-time.
    t.datetime('startdate').notNullable().index();
    t.datetime('enddate').notNullable().index();
    t.integer('state').notNullable().defaultTo(33);
    // Kept by the record engine (Bulletin's counters): how many Bulletin_Sector rows it has.
    t.integer('sectorcount').nullable().defaultTo(0);
    // When Bulletin.emailCheck last queued its mail (null: never).
    t.datetime('emailedon').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
    // The IRU list filters by status in creation order.
    t.index(['state', 'createon']);
  });

  await knex.schema.createTable('bulletin_sector', (t) => {
    t.increments('link_id');
    t.integer('link_updatectr').notNullable().defaultTo(1);
    // Unsigned to match the referenced increments columns, which MySQL insists on for a foreign key.
    t.integer('link_fk_bulletin').unsigned().notNullable().references('id').inTable('bulletin').onDelete('CASCADE');
    t.integer('link_fk_sector').unsigned().notNullable().references('id').inTable('sector').onDelete('CASCADE');
    t.unique(['link_fk_bulletin', 'link_fk_sector']);
    t.index(['link_fk_bulletin']);
    // RE users' scope and the sector filter look bulletins up by sector.
    t.index(['link_fk_sector', 'link_fk_bulletin']);
  });

  await knex.schema.createTable('bulletin_reference', (t) => {
    t.increments('id');
    t.integer('fk_bulletin').unsigned().notNullable().index().references('id').inTable('bulletin').onDelete('CASCADE');
    t.string('name', 255).nullable();
    t.string('contenttype', 100).nullable();
    t.string('url', 500).nullable();
    t.integer('referencetype').nullable().defaultTo(11);
    t.string('description', 500).nullable();
    t.string('file', 128).nullable();
    t.integer('size').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
  });
}

async function down(knex: Knex) {
  for (const table of ['bulletin_reference', 'bulletin_sector', 'bulletin']) await knex.schema.dropTableIfExists(table);
}

export const bulletins: Migration = { name: '0013_bulletins', up, down };
