// Resubmission requests (seed 003 §3 "Resubmission", §4.1): the minimal row of 0012 that closing
// a query creates gets every field of the request workflow (who moved it and when at each stage,
// payment and waiver, recommendation, approval, refund), the day its forms were reopened, and
// the request's attachments (payment proofs). docs/resubmission-extension.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('resubmission', (t) => {
    t.date('apprextdate').nullable();
    t.date('recommextdate').nullable();
    t.integer('reasonclass').nullable();
    t.integer('category').nullable();
    t.integer('paymenttype').nullable();
    t.string('receiptno', 100).nullable();
    t.datetime('paymentdate').nullable();
    t.integer('paywaived').nullable();
    t.integer('refund').nullable();
    t.decimal('refundamount', 15, 2).nullable();
    t.integer('refundapprv').nullable();
    t.decimal('refundamtapprv', 15, 2).nullable();
    t.integer('refundcomplete').nullable();
    t.text('remark').nullable();
    t.text('amendremark').nullable();
    t.integer('recommend').nullable();
    t.integer('recommendby').nullable();
    t.integer('actionby').nullable();
    t.integer('proceedby').nullable();
    t.datetime('proceedactiondate').nullable();
    t.datetime('processdate').nullable();
    t.datetime('approvaldate').nullable();
    t.datetime('cancelactiondate').nullable();
    t.datetime('amendmentreqdate').nullable();
    t.integer('admendreqby').nullable();
    t.datetime('paywaivactiondate').nullable();
    t.datetime('paywaivappractiondate').nullable();
    t.integer('paywaivreqby').nullable();
    t.integer('paywaivapprby').nullable();
    // The forms and tabs asked for, as the request was last saved (seed 003 §7 `_forms`); the
    // resubmissionform rows are written from it.
    t.text('forms', 'mediumtext').nullable();
    // When the approved request's forms were reopened for amendment (null: not yet).
    t.datetime('reopenedon').nullable();
    // When every reopened form had been submitted again (null: not yet; the overdue view).
    t.datetime('resubmittedon').nullable();
    // The overdue view and the reopening sweep look for approved dates.
    t.index(['apprextdate']);
  });
  await knex.schema.createTable('resubmission_reference', (t) => {
    t.increments('id');
    t.integer('fk_resubmission').unsigned().notNullable().index().references('id').inTable('resubmission');
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

const ADDED = ['apprextdate', 'recommextdate', 'reasonclass', 'category', 'paymenttype', 'receiptno', 'paymentdate', 'paywaived', 'refund', 'refundamount', 'refundapprv', 'refundamtapprv', 'refundcomplete', 'remark', 'amendremark', 'recommend', 'recommendby', 'actionby', 'proceedby', 'proceedactiondate', 'processdate', 'approvaldate', 'cancelactiondate', 'amendmentreqdate', 'admendreqby', 'paywaivactiondate', 'paywaivappractiondate', 'paywaivreqby', 'paywaivapprby', 'forms', 'reopenedon', 'resubmittedon'];

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('resubmission_reference');
  await knex.schema.alterTable('resubmission', (t) => {
    t.dropIndex(['apprextdate']);
    t.dropColumns(...ADDED);
  });
}

export const resubmission: Migration = { name: '0024_resubmission', up, down };
