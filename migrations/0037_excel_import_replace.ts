// "Replace the whole form" on an Excel import (docs/excel.md, "What an import writes"): off by
// default, an import writes only the cells a workbook changes and clears nothing; on, every input
// cell a workbook leaves empty is cleared and each add-new-rows tab keeps only the workbook's lines.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('excelimport', (t) => {
    t.boolean('replaceall').nullable().defaultTo(false);
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('excelimport', (t) => {
    t.dropColumn('replaceall');
  });
}

export const excelImportReplace: Migration = { name: '0037_excel_import_replace', up, down };
