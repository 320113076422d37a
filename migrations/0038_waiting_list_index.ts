// The index that gives an entity's "Waiting for me" list (1550: its forms in the states the user
// acts on, oldest period end first, `endon asc, code asc`) its order straight from the index, as
// engine/records/list-indexes.ts derives it; the regulator's list reads `form_endon_code_index`.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('form', (t) => {
    t.index(['re', 'endon', 'code'], 'form_re_endon_code_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('form', (t) => {
    t.dropIndex([], 'form_re_endon_code_index');
  });
}

export const waitingListIndex: Migration = { name: '0038_waiting_list_index', up, down };
