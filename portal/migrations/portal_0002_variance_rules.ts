// The variance check's thresholds (docs/filing-periods.md "Variance check"): per template, one
// cell or every numeric cell (no code), a change in percent and/or in amount that a form's value
// may move from the same entity's previous period before the check lists it; the cell's tab and
// label kept beside its code, so the list of thresholds reads in words.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';
import { moduleColumns } from '../../engine/db/module-columns.js';

async function up(knex: Knex) {
  await knex.schema.createTable('variancerule', (t) => {
    t.increments('id').primary();
    t.integer('formtemplate').notNullable();
    t.string('code', 30).nullable();
    t.string('celllabel', 400).nullable();
    t.decimal('percent', 9, 2).nullable();
    t.decimal('amount', 20, 2).nullable();
    t.boolean('active').nullable().defaultTo(true);
    t.string('note', 255).nullable();
    moduleColumns(t);
    t.index(['formtemplate', 'code']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('variancerule');
}

export const varianceRules: Migration = { name: 'portal_0002_variance_rules', up, down };
