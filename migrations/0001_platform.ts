// The platform's module tables (users, roles, permissions, lists, entities, screens), written
// out column by column so that later metadata edits can never rewrite applied history.
// The helpers below belong to this migration alone, for the same reason.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

type Table = Knex.CreateTableBuilder;

/** The primary key every ordinary module starts with; unsigned on MySQL, as increments are. */
function idColumn(t: Table) {
  t.increments('id');
}

/** Engine-maintained columns of every ordinary module: concurrency counter and stamps. */
function systemColumns(t: Table) {
  t.integer('updatectr').notNullable().defaultTo(1);
  t.datetime('createon').nullable().index();
  t.integer('createby').nullable();
  t.datetime('updateon').nullable();
  t.integer('updateby').nullable();
}

/** JSON documents are stored as text; mediumtext on MySQL since screen definitions outgrow 64 KB. */
function jsonColumn(t: Table, name: string) {
  t.text(name, 'mediumtext').nullable();
}

/**
 * A link module's table: link_id, link_updatectr and the two foreign keys (cascading, so a
 * deleted parent or child takes its links along). Unsigned to match the referenced
 * increments columns, which MySQL insists on for a foreign key.
 */
async function createLinkTable(knex: Knex, table: string, parent: string, child: string, own?: (t: Table) => void) {
  const parentColumn = `link_fk_${parent}`;
  const childColumn = `link_fk_${child}`;
  await knex.schema.createTable(table, (t) => {
    t.increments('link_id');
    t.integer('link_updatectr').notNullable().defaultTo(1);
    t.integer(parentColumn).unsigned().notNullable().references('id').inTable(parent).onDelete('CASCADE');
    t.integer(childColumn).unsigned().notNullable().references('id').inTable(child).onDelete('CASCADE');
    own?.(t);
    t.unique([parentColumn, childColumn]);
    t.index([parentColumn]);
    t.index([childColumn]);
  });
}

async function up(knex: Knex) {
  await knex.schema.createTable('listgroup', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.integer('state').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('list', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.integer('listgroup').nullable().index();
    t.integer('displayorder').nullable().index();
    t.string('value0', 255).nullable();
    t.integer('state').nullable().defaultTo(33);
    systemColumns(t);
    t.index(['listgroup', 'displayorder']);
  });

  await knex.schema.createTable('user', (t) => {
    idColumn(t);
    t.string('userid', 100).notNullable().unique();
    t.string('name', 255).notNullable().index();
    t.string('email', 255).notNullable().index();
    t.string('password', 255).nullable();
    t.integer('logintype').notNullable();
    t.string('contactno', 30).nullable();
    t.integer('position2').nullable();
    t.integer('state').nullable().defaultTo(62).index();
    t.string('otpsecret', 255).nullable();
    t.integer('mfa').nullable().defaultTo(0);
    t.datetime('pwchangedon').nullable();
    t.integer('failedlogins').nullable().defaultTo(0);
    t.datetime('lockeduntil').nullable();
    t.boolean('firsttimelogin').nullable();
    t.boolean('emailverified').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('role', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable().index();
    t.boolean('issystem').nullable();
    systemColumns(t);
  });

  await createLinkTable(knex, 'user_role', 'user', 'role');

  await knex.schema.createTable('permissiontasks', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable().unique();
    t.string('code', 100).nullable();
    t.string('module', 100).nullable().index();
    t.string('module_name', 255).nullable();
    t.integer('state').nullable().defaultTo(33);
    systemColumns(t);
  });

  await createLinkTable(knex, 'role_permissiontasks', 'role', 'permissiontasks');

  await knex.schema.createTable('sector', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable().index();
    t.string('code', 20).nullable();
    t.integer('state').nullable();
    t.boolean('MainSector_Ind').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('recategory', (t) => {
    idColumn(t);
    t.string('name', 255).nullable();
    t.integer('sector').nullable();
    t.integer('state').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('re', (t) => {
    idColumn(t);
    t.string('companyno', 50).notNullable();
    t.string('otherno', 50).notNullable();
    t.string('name', 255).notNullable().index();
    t.string('email', 255).notNullable();
    t.string('owner', 255).nullable();
    t.integer('state').notNullable().defaultTo(33).index();
    t.date('dateincorporated').notNullable();
    t.string('branchtype', 1).notNullable();
    t.string('comporigin', 100).notNullable();
    t.string('trustcompany', 255).notNullable();
    t.decimal('authorizedcapital', 18, 2).notNullable();
    t.string('divisionofauthorized', 255).notNullable();
    t.string('bussnature', 500).notNullable();
    t.decimal('paupcapital', 18, 2).notNullable();
    t.decimal('isscapital', 18, 2).notNullable();
    t.string('divpaupcapital', 255).notNullable();
    t.string('divisscapital', 255).notNullable();
    t.string('fy', 20).notNullable();
    t.date('shaalldate').notNullable();
    t.integer('sector').notNullable().index();
    systemColumns(t);
  });

  await createLinkTable(knex, 're_user', 're', 'user', (t) => {
    t.boolean('isprimary').nullable();
    t.integer('role').nullable();
  });

  await createLinkTable(knex, 're_recategory', 're', 'recategory');

  await knex.schema.createTable('re_reference', (t) => {
    idColumn(t);
    // Attachment rows go with their entity, like link rows do.
    t.integer('fk_re').unsigned().notNullable().index().references('id').inTable('re').onDelete('CASCADE');
    t.string('name', 255).nullable();
    t.string('contenttype', 100).nullable();
    t.string('url', 500).nullable();
    t.integer('referencetype').nullable().defaultTo(11);
    t.string('description', 500).nullable();
    t.string('file', 128).nullable();
    t.integer('size').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('parameters', (t) => {
    idColumn(t);
    t.string('name', 255).nullable();
    t.string('code', 50).nullable().unique();
    t.integer('fieldtype').nullable();
    t.text('value0').nullable();
    t.integer('state').nullable().defaultTo(33);
    systemColumns(t);
  });

  await knex.schema.createTable('publicmessage', (t) => {
    idColumn(t);
    t.text('message').notNullable();
    t.integer('state').nullable();
    t.date('startdate').nullable();
    t.date('enddate').nullable();
    systemColumns(t);
  });

  await knex.schema.createTable('weblist', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.string('module', 100).nullable();
    jsonColumn(t, 'properties');
    systemColumns(t);
  });

  await knex.schema.createTable('weblistview', (t) => {
    idColumn(t);
    t.string('name', 255).nullable();
    t.integer('weblist').nullable().index();
    jsonColumn(t, 'properties');
    systemColumns(t);
  });

  await knex.schema.createTable('webforms', (t) => {
    idColumn(t);
    t.string('module', 100).nullable();
    t.string('name', 255).notNullable();
    jsonColumn(t, 'properties');
    jsonColumn(t, 'editorproperties');
    systemColumns(t);
  });

  await knex.schema.createTable('dashboardgroup', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    systemColumns(t);
  });

  await knex.schema.createTable('dashboardchart', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.integer('type').notNullable();
    t.integer('dashboardgroup').nullable().index();
    jsonColumn(t, 'data');
    t.integer('ordernumber').nullable();
    t.integer('state').nullable().defaultTo(4);
    systemColumns(t);
  });
}

/** Tables in creation order; dropped in reverse so no foreign key points at a missing table. */
const TABLES = [
  'listgroup', 'list', 'user', 'role', 'user_role', 'permissiontasks', 'role_permissiontasks',
  'sector', 'recategory', 're', 're_user', 're_recategory', 're_reference', 'parameters',
  'publicmessage', 'weblist', 'weblistview', 'webforms', 'dashboardgroup', 'dashboardchart',
];

async function down(knex: Knex) {
  for (const table of [...TABLES].reverse()) await knex.schema.dropTableIfExists(table);
}

export const platform: Migration = { name: '0001_platform', up, down };
