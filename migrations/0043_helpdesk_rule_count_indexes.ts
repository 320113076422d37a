// A help desk total filtered by state or by entity under a rule that hides a few categories
// (docs/row-rules.md "Rules that keep their index") is the filtered count less the hidden rows
// that match the filter. Through the category index each hidden row is a read of the table row
// for the filter's column; these indexes find the hidden rows of one state or one entity directly.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('helpdesk', (t) => {
    t.index(['state', 'category'], 'helpdesk_state_category_index');
    t.index(['re', 'category'], 'helpdesk_re_category_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('helpdesk', (t) => {
    t.dropIndex([], 'helpdesk_state_category_index');
    t.dropIndex([], 'helpdesk_re_category_index');
  });
}

export const helpdeskRuleCountIndexes: Migration = { name: '0043_helpdesk_rule_count_indexes', up, down };
