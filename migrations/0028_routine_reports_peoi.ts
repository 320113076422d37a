// Routine reports (regular data dissemination) and non-compliance (PEOI) cases (seed 003 §2.6,
// §2.7, §3, §4.5, §4.6): a report with its sectors, its message thread and the two files of a
// reply, the bulletin templates a report publishes through; a case against an entity's late
// batch with its attachments; and the entity's office addresses the show-cause letter is sent
// to. Written out column by column, as every migration is. docs/routine-reports-peoi.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

type Table = Knex.CreateTableBuilder;

/** Engine-maintained columns of every ordinary module: concurrency counter and stamps. */
function systemColumns(t: Table) {
  t.integer('updatectr').notNullable().defaultTo(1);
  t.datetime('createon').nullable().index();
  t.integer('createby').nullable();
  t.datetime('updateon').nullable();
  t.integer('updateby').nullable();
}

/** Attachment rows: the engine's file columns under their parent. */
function referenceTable(knex: Knex, table: string, parent: string) {
  return knex.schema.createTable(table, (t) => {
    t.increments('id');
    t.integer(`fk_${parent}`).unsigned().notNullable().index().references('id').inTable(parent);
    t.string('name', 255).nullable();
    t.string('contenttype', 100).nullable();
    t.string('url', 500).nullable();
    t.integer('referencetype').nullable().defaultTo(11);
    t.string('description', 500).nullable();
    t.string('file', 128).nullable();
    t.integer('size').nullable();
    systemColumns(t);
  });
}

async function up(knex: Knex) {
  await knex.schema.createTable('bulletintmpl', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.string('stakeholders', 20).nullable();
    t.string('publication', 3).nullable();
    t.string('periodicity', 20).nullable();
    // The opening text of the bulletins made from the template (rich text).
    t.text('message').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['name']);
  });

  await knex.schema.createTable('routinerpt', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.integer('state').notNullable().defaultTo(61);
    t.string('subjectarea', 255).nullable();
    t.string('stakeholders', 20).nullable();
    t.string('publication', 3).nullable();
    t.string('periodicity', 20).nullable();
    t.integer('noofre').notNullable();
    t.datetime('submissiondue').notNullable();
    t.string('preceedingamt', 255).notNullable();
    t.decimal('submissionlevel', 10, 2).notNullable();
    t.text('majorcontribute').notNullable();
    t.text('trend').notNullable();
    t.string('accuracylevel', 255).notNullable();
    t.text('insight').notNullable();
    t.integer('bulletintmpl').unsigned().notNullable().references('id').inTable('bulletintmpl');
    t.datetime('disseminationdeadline').notNullable();
    t.string('typeofre', 255).notNullable();
    t.text('houremark').nullable();
    t.datetime('houdate').nullable();
    t.integer('houstatus').nullable();
    t.integer('recommendby').nullable();
    t.text('hodremark').nullable();
    t.datetime('hoddate').nullable();
    t.integer('hodstatus').nullable();
    t.integer('actionby').nullable();
    // The bulletin RoutineReport.publish made (View Bulletin).
    t.integer('bulletin').unsigned().nullable().references('id').inTable('bulletin');
    t.datetime('publishdate').nullable();
    // When the thread last became Responded (the overdue statistic: two days Responded).
    t.datetime('respondedon').nullable();
    systemColumns(t);
    t.index(['state', 'createon']);
    t.index(['submissiondue', 'state']);
  });

  await knex.schema.createTable('routinerpt_sector', (t) => {
    t.increments('link_id');
    t.integer('link_updatectr').notNullable().defaultTo(1);
    t.integer('link_fk_routinerpt').unsigned().notNullable().references('id').inTable('routinerpt').onDelete('CASCADE');
    t.integer('link_fk_sector').unsigned().notNullable().references('id').inTable('sector').onDelete('CASCADE');
    t.unique(['link_fk_routinerpt', 'link_fk_sector']);
    t.index(['link_fk_routinerpt']);
    t.index(['link_fk_sector', 'link_fk_routinerpt']);
  });

  await knex.schema.createTable('routinerptmsg', (t) => {
    t.increments('id');
    t.integer('routinerpt').unsigned().notNullable().references('id').inTable('routinerpt');
    t.text('message').notNullable();
    t.integer('hasattachment').nullable().defaultTo(0);
    systemColumns(t);
    t.index(['routinerpt', 'createon']);
  });
  await referenceTable(knex, 'routinerptmsg_reference', 'routinerptmsg');

  await knex.schema.createTable('peoi', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    // One case per batch: the period's cases are created once.
    t.integer('formbatch').unsigned().notNullable().unique().references('id').inTable('formbatch');
    t.integer('state').notNullable().defaultTo(61);
    t.text('latereason').nullable();
    t.integer('iru_reasonclass').nullable();
    t.text('iru_reasondesc').nullable();
    t.integer('irushowc_excl').nullable();
    t.integer('iruofifcer').nullable();
    t.integer('hou_reasonclass').nullable();
    t.text('houreasondesc').nullable();
    t.integer('houshowc_excl').nullable();
    t.integer('houofficer').nullable();
    t.integer('reasonclass').nullable();
    t.text('peoiremarks').nullable();
    t.integer('peoishowc').nullable();
    t.integer('peoiofficer').nullable();
    t.string('refletter', 100).nullable();
    t.integer('generateLetter').nullable().defaultTo(0);
    systemColumns(t);
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
  });
  await referenceTable(knex, 'peoi_reference', 'peoi');

  // An entity's office addresses (seed 003 §3 "RE office details"), the show-cause letter's addressees.
  await knex.schema.createTable('re_office', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.string('typeoffice', 100).nullable();
    t.string('address', 500).notNullable();
    t.string('city', 100).nullable();
    t.string('postcode', 20).nullable();
    t.string('statename', 100).nullable();
    t.string('country', 100).nullable();
    systemColumns(t);
    t.index(['re', 'createon']);
  });
}

const TABLES = ['re_office', 'peoi_reference', 'peoi', 'routinerptmsg_reference', 'routinerptmsg', 'routinerpt_sector', 'routinerpt', 'bulletintmpl'];

async function down(knex: Knex) {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}

export const routineReportsPeoi: Migration = { name: '0028_routine_reports_peoi', up, down };
