// The entity record types of the profile's second half (seed 001 §3, §4.2, §5.2, §6; seed 000
// §2.12; docs/re-records.md "Record types B"): funds and fund managers (standard and insurer
// kinds), money brokers, outsourcing contracts, BCAF, insurance, leasing, LITC, fintech, fund
// extensions (with their import period), trust companies, directors and shareholders (DSH) and
// protected cells (PUC). Each row belongs to one reporting entity (`re`). Written out column by
// column, as every migration is.
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

/** The owning entity, the status and the indexes every entity list filters and orders by. */
function entityTable(knex: Knex, table: string, defaultState: number, columns: (t: Table) => void) {
  return knex.schema.createTable(table, (t) => {
    t.increments('id');
    t.integer('re').unsigned().notNullable().references('id').inTable('re');
    columns(t);
    t.integer('state').notNullable().defaultTo(defaultState);
    t.text('remarks').nullable();
    systemColumns(t);
    t.index(['re', 'createon']);
    t.index(['state', 'createon']);
  });
}

async function up(knex: Knex) {
  // Fund managers before funds: a fund names its manager. fundkind 1 standard, 2 insurer (licence type 9500).
  await entityTable(knex, 're_fundmanager', 33, (t) => {
    t.integer('fundkind').notNullable().defaultTo(1);
    t.string('name', 255).notNullable();
    t.string('licenceno', 100).nullable();
    t.string('country', 100).nullable();
    t.string('address', 500).nullable();
    t.string('contactperson', 255).nullable();
    t.string('email', 255).nullable();
    t.string('phone', 50).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
    t.index(['re', 'fundkind']);
  });
  await entityTable(knex, 're_fund', 76, (t) => {
    t.integer('fundkind').notNullable().defaultTo(1);
    t.string('name', 255).notNullable();
    t.integer('fundtype').nullable();
    t.integer('fundmanager').unsigned().nullable().references('id').inTable('re_fundmanager');
    t.string('currency', 10).nullable();
    t.decimal('fundsize', 19, 2).nullable();
    t.date('datelaunch').notNullable();
    t.date('datedelist').nullable();
    t.index(['re', 'fundkind']);
  });
  await entityTable(knex, 're_moneybroker', 33, (t) => {
    t.string('name', 255).notNullable();
    t.string('licenceno', 100).nullable();
    t.integer('brokertype').nullable();
    t.string('country', 100).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_outsource', 33, (t) => {
    t.string('serviceprovider', 255).notNullable();
    t.text('servicedesc').notNullable();
    t.integer('outsourcetype').nullable();
    t.string('location', 255).nullable();
    t.integer('material').nullable().defaultTo(0);
    t.date('contractsd').notNullable();
    t.date('contracted').notNullable();
  });
  await entityTable(knex, 're_bcaf', 33, (t) => {
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    for (const area of ['governance', 'identification', 'mitigation', 'monitoring']) {
      t.text(`risk_${area}`).nullable();
      t.text(`assess_${area}`).nullable();
    }
    t.date('submitted_date').nullable();
  });
  await entityTable(knex, 're_insurance', 33, (t) => {
    t.integer('classofbusiness').nullable();
    t.string('productname', 255).notNullable();
    t.date('approvaldate').nullable();
    t.decimal('premium', 19, 2).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_leasing', 33, (t) => {
    t.string('lessee', 255).notNullable();
    t.integer('assettype').nullable();
    t.integer('leasetype').nullable();
    t.string('currency', 10).nullable();
    t.decimal('amount', 19, 2).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_litc', 33, (t) => {
    t.integer('commodity').nullable();
    t.string('counterparty', 255).nullable();
    t.string('currency', 10).nullable();
    t.decimal('tradingvolume', 19, 2).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_fintech', 33, (t) => {
    t.string('name', 255).notNullable();
    t.integer('category').nullable();
    t.text('description').nullable();
    t.integer('sandbox').nullable().defaultTo(0);
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_fundext', 33, (t) => {
    t.integer('fund').unsigned().notNullable().references('id').inTable('re_fund');
    t.date('startperiod').notNullable();
    t.date('endperiod').notNullable();
    t.text('reason').nullable();
  });
  await entityTable(knex, 're_trustcompany', 33, (t) => {
    t.string('trustname', 255).notNullable();
    t.integer('trusttype').nullable();
    t.string('settlor', 255).nullable();
    t.string('beneficiary', 255).nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
  await entityTable(knex, 're_dsh', 33, (t) => {
    t.string('name', 255).notNullable();
    t.integer('dshrole').nullable();
    t.string('idno', 100).nullable();
    t.string('nationality', 100).nullable();
    t.decimal('shareholding', 7, 4).nullable();
    t.date('dateappointed').notNullable();
    t.date('dateresign').nullable();
  });
  await entityTable(knex, 're_puc', 33, (t) => {
    t.string('cellname', 255).notNullable();
    t.string('cellno', 100).nullable();
    t.integer('business').nullable();
    t.date('startdate').notNullable();
    t.date('enddate').nullable();
  });
}

const TABLES = ['re_puc', 're_dsh', 're_trustcompany', 're_fundext', 're_fintech', 're_litc', 're_leasing', 're_insurance', 're_bcaf', 're_outsource', 're_moneybroker', 're_fund', 're_fundmanager'];

async function down(knex: Knex) {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}

export const reRecordsB: Migration = { name: '0035_re_records_b', up, down };
