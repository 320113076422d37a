// Internal administration (seed 003 §2.8): business and system parameters share the parameters
// table and are told apart by `issystem` (docs/roles.md). The engine's own settings, read by code
// (identity policy, support mailbox, session idle time), are the system parameters of this release.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const SYSTEM_CODES = ['MFA_POLICY', 'PASSWORD_EXPIRY_DAYS', 'MAX_FAILED_LOGINS', 'LOCKOUT_MINUTES', 'SESSION_IDLE_MINUTES', 'SUPPORT_EMAIL'];

async function up(knex: Knex) {
  await knex.schema.alterTable('parameters', (t) => {
    t.boolean('issystem').nullable().defaultTo(false);
    t.index(['issystem', 'name'], 'parameters_issystem_name_index');
  });
  await knex('parameters').update({ issystem: false });
  await knex('parameters').whereIn('code', SYSTEM_CODES).update({ issystem: true });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('parameters', (t) => {
    t.dropIndex(['issystem', 'name'], 'parameters_issystem_name_index');
    t.dropColumn('issystem');
  });
}

export const admin: Migration = { name: '0014_admin', up, down };
