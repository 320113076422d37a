// The help desk list under its row rules (docs/row-rules.md "Rules that keep their index"):
// nearly every caller reads help desk rows under `category is null or category not in (…)`
// (the AMLPU switch, the teams' hidden categories). Read through the createon index alone, each
// row a deep page skips is a read of the table row for its category; this index holds the
// list's order (`createon desc, id desc`, read backwards) and then the category, so a page's
// keys are found from the index alone, rule and all.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('helpdesk', (t) => {
    t.index(['createon', 'id', 'category'], 'helpdesk_createon_id_category_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('helpdesk', (t) => {
    t.dropIndex([], 'helpdesk_createon_id_category_index');
  });
}

export const helpdeskRuleIndex: Migration = { name: '0041_helpdesk_rule_index', up, down };
