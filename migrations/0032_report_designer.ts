// The report designer (issue 22, seed 000 §2.11): PDF reports become records an administrator
// edits at run time (WebReport: name, module, title, HTML template, properties with the field
// list and paper), seeded from portal/metadata/reports and versioned in screen_version like screens.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('webreport', (t) => {
    t.increments('id');
    // The name printed at /out/{name}.pdf and named by a form's report_name.
    t.string('name', 100).notNullable().unique();
    t.string('module', 100).notNullable();
    t.string('title', 255).nullable();
    // The HTML template (engine/reports/template-check.ts says what it may hold).
    t.text('template', 'mediumtext').nullable();
    // { fields, paper, landscape, values? } (engine/reports/report-definition.ts).
    t.text('properties').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('createon').nullable().index();
    t.integer('createby').nullable();
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('webreport');
}

export const reportDesigner: Migration = { name: '0032_report_designer', up, down };
