// Who may use Excel import (seed 003 §2.10 "Import Allow"; docs/excel.md "Who may import"): the
// regulator's rules allowing or refusing the import of a template's forms, or of all, for an
// entity, a sector or every entity, in force between two days. No rule: allowed.
import type { Knex } from 'knex';
import type { Migration } from '../../engine/db/migration.js';
import { moduleColumns } from '../../engine/db/module-columns.js';

async function up(knex: Knex) {
  await knex.schema.createTable('import_allow', (t) => {
    t.increments('id');
    // Neither: every entity. Never both (import-allow-hooks.ts).
    t.integer('re').unsigned().nullable().references('id').inTable('re').onDelete('CASCADE');
    t.integer('sector').nullable();
    // None: every template.
    t.integer('formtemplate').unsigned().nullable().references('id').inTable('formtemplate').onDelete('CASCADE');
    t.boolean('allowed').notNullable().defaultTo(false);
    t.date('validfrom').nullable();
    t.date('validto').nullable();
    t.string('reason', 500).notNullable();
    moduleColumns(t);
    t.index(['re', 'formtemplate']);
    t.index(['sector', 'formtemplate']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('import_allow');
}

export const importAllow: Migration = { name: 'portal_0003_import_allow', up, down };
