// When and by whom an entity's primary user confirmed its business profile and its office
// details (seed 000 §2.2, seed 001 §7 RE.verifyBizInfo / RE.verifyOffice). Empty: not yet.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.datetime('verifybizinfo').nullable();
    t.integer('verifybizinfoby').nullable();
    t.datetime('verifyoffice').nullable();
    t.integer('verifyofficeby').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.dropColumn('verifyofficeby');
    t.dropColumn('verifyoffice');
    t.dropColumn('verifybizinfoby');
    t.dropColumn('verifybizinfo');
  });
}

export const profileVerification: Migration = { name: '0015_profile_verification', up, down };
