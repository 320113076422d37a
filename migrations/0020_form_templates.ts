// Spreadsheet form templates (seed 001 §3; docs/form-templates.md): the regulator's templates,
// every published version of each (a form is filed on one version and keeps it, whatever later
// saves change), and per-template property overrides. Written out column by column, as every
// migration is.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

/** JSON documents are stored as text; mediumtext on MySQL since templates outgrow 64 KB. */
function jsonColumn(t: Knex.CreateTableBuilder, name: string) {
  t.text(name, 'mediumtext').nullable();
}

function stamps(t: Knex.CreateTableBuilder) {
  t.integer('updatectr').notNullable().defaultTo(1);
  t.datetime('createon').nullable().index();
  t.integer('createby').nullable();
  t.datetime('updateon').nullable();
  t.integer('updateby').nullable();
}

async function up(knex: Knex) {
  await knex.schema.createTable('formtemplate', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().unique();
    t.string('name', 255).notNullable().index();
    jsonColumn(t, 'properties');
    jsonColumn(t, 'etlproperties');
    // The prefix of the template's cell codes (seed 001 §9: item code + tab id + counter).
    t.string('itemcode', 20).nullable();
    // The latest published version (formtemplate_version.version); 0 before the first save of properties.
    t.integer('version').nullable().defaultTo(0);
    t.integer('state').notNullable().defaultTo(33);
    stamps(t);
  });

  await knex.schema.createTable('formtemplate_version', (t) => {
    t.increments('id');
    t.integer('template').unsigned().notNullable().references('id').inTable('formtemplate');
    t.integer('version').notNullable();
    jsonColumn(t, 'properties');
    jsonColumn(t, 'etlproperties');
    t.integer('createby').nullable();
    t.datetime('createon').notNullable();
    t.unique(['template', 'version']);
  });

  await knex.schema.createTable('formpropertiesoverride', (t) => {
    t.increments('id');
    t.integer('template').unsigned().notNullable().references('id').inTable('formtemplate');
    // An override for one entity, or for every entity when empty.
    t.integer('re').unsigned().nullable().references('id').inTable('re');
    t.string('name', 255).nullable();
    jsonColumn(t, 'properties');
    jsonColumn(t, 'etlproperties');
    stamps(t);
    t.index(['template', 're']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('formpropertiesoverride');
  await knex.schema.dropTableIfExists('formtemplate_version');
  await knex.schema.dropTableIfExists('formtemplate');
}

export const formTemplates: Migration = { name: '0020_form_templates', up, down };
