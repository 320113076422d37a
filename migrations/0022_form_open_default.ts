// Forms start Open (13) since migration 0021 (docs/filing.md): the column's default follows, so
// a row written without a state is Open, as the record engine's state map has it.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * One statement through knex's schema builder on both databases (MySQL: MODIFY COLUMN; SQLite,
 * which cannot change a default in place: a rebuild of the table keeping its rows, indexes and keys).
 */
async function setDefault(knex: Knex, state: number) {
  await knex.schema.alterTable('form', (t) => t.integer('state').notNullable().defaultTo(state).alter());
}

export const formOpenDefault: Migration = {
  name: '0022_form_open_default',
  up: (knex) => setDefault(knex, 13),
  down: (knex) => setDefault(knex, 50),
};
