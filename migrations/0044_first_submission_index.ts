// A form's first submission (completeness: on time or late, portal/filing/completeness.ts) is the
// earliest of its revisions in Submitted. Through the (form, revision) key each of a form's
// revisions was a read of its row, whose `changes` make revision rows large and spread over many
// pages (a period of 600 forms: 3,600 rows). This index answers the lookup from the index alone.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('formrevision', (t) => {
    t.index(['form', 'state', 'createon'], 'formrevision_form_state_createon_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('formrevision', (t) => {
    t.dropIndex([], 'formrevision_form_state_createon_index');
  });
}

export const firstSubmissionIndex: Migration = { name: '0044_first_submission_index', up, down };
