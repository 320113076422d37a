// The regulator's row rules (seed 001 §6, 002 §6, 003 §6; docs/row-rules.md): an entity's
// primary and relief relationship managers (smd1, smd2: user ids of sector staff, roles 35/37).
// Roles 35 and 37 see only the sector 1 entities (and their batches) they manage through these
// two columns; both are indexed because every scoped list of those roles filters on them.
// The user's position (user.position2) already exists since 0001; the rules read it as it is.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.integer('smd1').nullable().index();
    t.integer('smd2').nullable().index();
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.dropIndex(['smd2']);
    t.dropIndex(['smd1']);
    t.dropColumn('smd2');
    t.dropColumn('smd1');
  });
}

export const rowRules: Migration = { name: '0029_row_rules', up, down };
