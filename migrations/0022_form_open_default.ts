// Forms start Open (13) since migration 0021 (docs/filing.md): the column's default follows, so
// a row written without a state is Open, as the record engine's state map has it.
import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { dialectOf } from '../engine/db/connect.js';

async function setDefault(knex: Knex, state: number) {
  if (dialectOf(knex) === 'mysql') {
    // MySQL changes a default in place; the state is a fixed number, never data.
    await knex.raw(`ALTER TABLE ?? ALTER COLUMN ?? SET DEFAULT ${Number(state)}`, ['form', 'state']);
    return;
  }
  // SQLite cannot change a default in place: knex rebuilds the table (its rows, indexes and keys kept).
  await knex.schema.alterTable('form', (t) => t.integer('state').notNullable().defaultTo(state).alter());
}

export const formOpenDefault: Migration = {
  name: '0022_form_open_default',
  up: (knex) => setDefault(knex, 13),
  down: (knex) => setDefault(knex, 50),
};
