// Dropdown value requests (seed 003 §2.5, §3 "Dropdown request", §4.4): an RE asks for a new item
// of a form's dropdown; the regulator approves (approved item, approver, date) or rejects (remark).
// Written out column by column, as every migration is. docs/requests.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('smsdropdown', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('formid').unsigned().notNullable().references('id').inTable('form');
    t.integer('dropdown').unsigned().notNullable().references('id').inTable('listgroup');
    t.string('value', 255).notNullable();
    t.integer('state').notNullable().defaultTo(54);
    t.integer('requester').nullable();
    t.text('description').notNullable();
    t.string('approvevalue', 255).nullable();
    t.text('remark').nullable();
    t.integer('approver').nullable();
    t.datetime('approveddate').nullable().index();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
    // The lists' default order (newest first) within each of their filters.
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
    t.index(['formid', 'createon']);
    t.index(['dropdown', 'createon']);
    t.index(['requester', 'createon']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTable('smsdropdown');
}

export const dropdownRequests: Migration = { name: '0016_dropdown_requests', up, down };
