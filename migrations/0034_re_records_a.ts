// Entity record types, first half (issue 21, seed 001 §3, §4.2, §5.2; docs/re-records.md, Record
// types A): key officers, board composition and members, board committees, instruments,
// debentures and sukuk, trading profile and platforms, each an entity's rows with a status; and
// the details of office (re_office, migration 0028) gain their type, officer in charge, contacts,
// dates and status. Written out column by column, as every migration is.
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

const OFFICE_COLUMNS = ['officetype', 'nameoffcharge', 'telno', 'faxno', 'email', 'dateopened', 'dateclosed', 'state'];

async function up(knex: Knex) {
  await knex.schema.alterTable('re_office', (t) => {
    t.integer('officetype').nullable();
    t.string('nameoffcharge', 255).nullable();
    t.string('telno', 30).nullable();
    t.string('faxno', 30).nullable();
    t.string('email', 255).nullable();
    t.date('dateopened').nullable();
    t.date('dateclosed').nullable();
    t.integer('state').notNullable().defaultTo(33);
  });

  // Key officer (REKeyOfficer, RE-REKeyOfficer).
  await knex.schema.createTable('re_keyofficer', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.string('name', 255).notNullable();
    t.integer('keyofficeer').notNullable();
    t.string('designation', 255).nullable();
    t.string('idno', 50).nullable();
    t.string('nationality', 100).nullable();
    t.string('qualification', 255).nullable();
    t.string('courseattended', 500).nullable();
    t.string('email', 255).nullable();
    t.string('telno', 30).nullable();
    t.date('dateappointed').notNullable();
    t.date('dateresign').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Board composition (REBoardComposition, RE-REBoardComposition).
  await knex.schema.createTable('re_boardcomp', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.string('name', 255).notNullable();
    t.date('asatdate').notNullable();
    t.integer('totaldirectors').nullable();
    t.integer('executive').nullable();
    t.integer('nonexecutive').nullable();
    t.integer('independent').nullable();
    t.integer('female').nullable();
    t.date('effectivefrom').notNullable();
    t.date('effectiveto').nullable();
    t.text('remarks').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Board member (REBoardMember, RE-REBoardMember).
  await knex.schema.createTable('re_boardmember', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('boardcomposition').unsigned().nullable().index().references('id').inTable('re_boardcomp');
    t.string('name', 255).notNullable();
    t.string('idno', 50).nullable();
    t.string('nationality', 100).nullable();
    t.integer('designation').notNullable();
    t.integer('boardposition').notNullable();
    t.date('dateappointed').notNullable();
    t.date('dateresign').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Board committee (REBoardCommittee, RE-REBoardCommittee).
  await knex.schema.createTable('re_boardcommittee', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('committeetype').notNullable();
    t.string('name', 255).notNullable();
    t.string('chairperson', 255).nullable();
    t.integer('noofmembers').nullable();
    t.integer('noofindependent').nullable();
    t.integer('meetingsperyear').nullable();
    t.date('datestablished').notNullable();
    t.date('datedissolved').nullable();
    t.text('termsofref').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Instrument (REInstrument, RE-REInstrument).
  await knex.schema.createTable('re_instrument', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.string('name', 255).notNullable();
    t.integer('instrumenttype').notNullable();
    t.string('code', 50).nullable();
    t.string('market', 100).nullable();
    t.string('currency', 3).nullable();
    t.decimal('nominalvalue', 19, 2).nullable();
    t.decimal('issuedamount', 19, 2).nullable();
    t.decimal('interestrate', 9, 2).nullable();
    t.date('datelisting').notNullable();
    t.date('datematurity').nullable();
    t.date('datedelist').nullable();
    t.integer('state').notNullable().defaultTo(76);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Debenture / sukuk (REDebentureSukuk, RE-REDebentureSukuk).
  await knex.schema.createTable('re_debsukuk', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('debenturesukuk').notNullable();
    t.string('name', 255).notNullable();
    t.string('programme', 255).nullable();
    t.string('currency', 3).nullable();
    t.decimal('nominalvalue', 19, 2).nullable();
    t.date('issuancedate').notNullable();
    t.date('maturitydate').nullable();
    t.string('tenure', 60).nullable();
    t.string('rating', 50).nullable();
    t.string('trustee', 255).nullable();
    t.decimal('couponrate', 9, 2).nullable();
    t.string('securitytype', 20).nullable();
    t.string('shariahprinciple', 100).nullable();
    t.string('shariahadviser', 255).nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Type of trading profile (RETradingProfile, RE-RETradingProfile).
  await knex.schema.createTable('re_tradingprofile', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.integer('profiletype').notNullable();
    t.text('description').nullable();
    t.string('markets', 255).nullable();
    t.string('products', 255).nullable();
    t.date('effectivedate').notNullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });

  // Trading platform (RETradingPlatform, RE-RETradingPlatform).
  await knex.schema.createTable('re_tradingplatform', (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    t.string('platformname', 255).notNullable();
    t.integer('platformtype').notNullable();
    t.string('operator', 255).nullable();
    t.string('country', 100).nullable();
    t.string('url', 255).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
    t.integer('state').notNullable().defaultTo(33);
    systemColumns(t);
    t.index(['re', 'createon']);
  });
}

const TABLES = ['re_tradingplatform', 're_tradingprofile', 're_debsukuk', 're_instrument', 're_boardcommittee', 're_boardmember', 're_boardcomp', 're_keyofficer'];

async function down(knex: Knex) {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('re_office', (t) => {
    for (const column of OFFICE_COLUMNS) t.dropColumn(column);
  });
}

export const reRecordsA: Migration = { name: '0034_re_records_a', up, down };
