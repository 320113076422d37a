// Excel imports (seed 003 §2.4, §3 "ExcelImport", §4.3): an entity uploads workbooks of its
// returns; a background job (Job.ImportFromExcel) writes their cells into the forms. The row
// says what was asked (title, import type, optional form) and how it went (state, description,
// the job). Attachments are the uploaded workbooks. docs/excel.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('excelimport', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.integer('owner').nullable();
    // 50 Not Started, 38 In Progress, 71 Completed, 2 Failed (status list ids).
    t.integer('state').notNullable().defaultTo(50);
    t.integer('reportingentity').unsigned().notNullable().references('id').inTable('re');
    t.integer('importtype').notNullable();
    // The form a workbook without the hidden `_regportal` map is written into.
    t.integer('form').unsigned().nullable().references('id').inTable('form');
    t.text('description').nullable();
    t.integer('job').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
    t.index(['reportingentity', 'createon']);
    t.index(['state', 'createon']);
  });
  await knex.schema.createTable('excelimport_reference', (t) => {
    t.increments('id');
    t.integer('fk_excelimport').unsigned().notNullable().index().references('id').inTable('excelimport').onDelete('CASCADE');
    t.string('name', 255).nullable();
    t.string('contenttype', 100).nullable();
    t.string('url', 500).nullable();
    t.integer('referencetype').nullable().defaultTo(11);
    t.string('description', 500).nullable();
    t.string('file', 128).nullable();
    t.integer('size').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('excelimport_reference');
  await knex.schema.dropTableIfExists('excelimport');
}

export const excelImport: Migration = { name: '0023_excel_import', up, down };
