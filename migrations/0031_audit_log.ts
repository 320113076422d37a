// The audit log (issue 22): every write's values before and after it, beside the field names
// record_audit already kept, and the columns that make record_audit a (read-only) module,
// AuditLog, searchable by module, record, user and date (docs/audit-log.md).
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('record_audit', (t) => {
    // JSON objects field → value of the fields the write changed; secrets are never stored.
    t.text('before_values', 'mediumtext').nullable();
    t.text('after_values', 'mediumtext').nullable();
    t.integer('updatectr').notNullable().defaultTo(1);
    t.datetime('updateon').nullable();
    t.integer('updateby').nullable();
  });
  // Every module's stamps are nullable columns; the engine still always writes createon.
  await knex.schema.alterTable('record_audit', (t) => {
    t.datetime('createon').nullable().alter();
  });
  await knex.schema.alterTable('record_audit', (t) => {
    t.index(['createon'], 'record_audit_createon_index');
    t.index(['module', 'createon'], 'record_audit_module_createon_index');
    t.index(['createby', 'createon'], 'record_audit_createby_createon_index');
    t.index(['record_id', 'createon'], 'record_audit_record_id_createon_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('record_audit', (t) => {
    t.dropIndex([], 'record_audit_record_id_createon_index');
    t.dropIndex([], 'record_audit_createby_createon_index');
    t.dropIndex([], 'record_audit_module_createon_index');
    t.dropIndex([], 'record_audit_createon_index');
  });
  await knex.schema.alterTable('record_audit', (t) => {
    t.datetime('createon').notNullable().alter();
  });
  await knex.schema.alterTable('record_audit', (t) => {
    t.dropColumn('updateby');
    t.dropColumn('updateon');
    t.dropColumn('updatectr');
    t.dropColumn('after_values');
    t.dropColumn('before_values');
  });
}

export const auditLog: Migration = { name: '0031_audit_log', up, down };
