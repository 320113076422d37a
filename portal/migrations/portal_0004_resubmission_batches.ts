// Resubmission batches (seed 003 §3 "Form batch additions"): a submission reopened by an approved
// resubmission carries submit type 1100526 and keeps the due date it had before in `duedateorg`,
// `duedate` becoming the resubmission's. docs/resubmission-extension.md "Reopening the forms".
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('formbatch', (t) => {
    t.integer('submittype').nullable();
    t.date('duedateorg').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('formbatch', (t) => {
    t.dropColumn('duedateorg');
    t.dropColumn('submittype');
  });
}

export const resubmissionBatches: Migration = { name: 'portal_0004_resubmission_batches', up, down };
