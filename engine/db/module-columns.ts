// The columns the record engine keeps on every ordinary module's table (its `updatectr` and who
// and when stamps), for an app's migrations. The engine's own migrations keep their copies: an
// applied migration is frozen, and must not change when this helper does.
import type { Knex } from 'knex';

export function moduleColumns(t: Knex.CreateTableBuilder): void {
  t.integer('updatectr').notNullable().defaultTo(1);
  t.datetime('createon').nullable().index();
  t.integer('createby').nullable();
  t.datetime('updateon').nullable();
  t.integer('updateby').nullable();
}
