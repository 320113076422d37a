// Extension requests (seed 003 §2.3, §3 "Extension", §4.2): an entity asks for a later due date
// of one submission and pays for it; the regulator recommends, then approves or rejects. Who moved
// it and when at each stage, the refund the regulator grants, and the request's payment proofs.
// An approved extension moves the batch's due date: `originalduedate` keeps the one it had before
// its first extension. docs/resubmission-extension.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('extension', (t) => {
    t.increments('id');
    t.integer('formbatch').unsigned().notNullable().references('id').inTable('formbatch');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('state').notNullable().defaultTo(25);
    // The entity's reason (free text), the dates asked for, recommended and approved.
    t.text('description').notNullable();
    t.date('extenddate').notNullable();
    t.date('extenddaterecommend').nullable();
    t.date('extenddateapprv').nullable();
    // The batch's due date when the request was made (the list's "current due date" is the batch's own).
    t.date('duedate').nullable();
    t.integer('paymenttype').notNullable();
    t.string('receiptno', 100).nullable();
    t.datetime('paymentdate').nullable();
    // The recommender's reason (list group 101) and the approver's remark.
    t.integer('reason').nullable();
    t.text('description2').nullable();
    t.integer('refund').nullable();
    t.decimal('refundamount', 15, 2).nullable();
    t.integer('refundapprv').nullable();
    t.decimal('refundamtapprv', 15, 2).nullable();
    t.integer('refundcomplete').nullable();
    t.integer('recommend').nullable();
    t.integer('recommendby').nullable();
    t.datetime('recommenddate').nullable();
    t.integer('actionby').nullable();
    t.datetime('approvaldate').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
    // The lists' default order (newest first) within each of their filters; a batch's requests.
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
    t.index(['formbatch', 'state']);
  });
  await knex.schema.createTable('extension_reference', (t) => {
    t.increments('id');
    t.integer('fk_extension').unsigned().notNullable().index().references('id').inTable('extension');
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
  await knex.schema.alterTable('formbatch', (t) => {
    t.date('originalduedate').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('formbatch', (t) => t.dropColumn('originalduedate'));
  await knex.schema.dropTableIfExists('extension_reference');
  await knex.schema.dropTableIfExists('extension');
}

export const extension: Migration = { name: '0027_extension', up, down };
