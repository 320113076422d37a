// The regulator's admin actions on reporting entities (seed 001 §2.6, §2.7, §5.2, §7, §9):
// the entity's financial year end month (list entries 284-295, January to December), its country
// of origin (an entry of country list group 90, and the date it holds from; `comporigin` keeps
// the country's name as text, as before) and the parent/child links between entities (a link
// module on one table: link_fk_parent, link_fk_child). docs/re-admin-actions.md.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.alterTable('re', (t) => {
    t.integer('fye').nullable();
    t.integer('countryorigin').nullable();
    t.date('comporigindate').nullable();
  });
  await knex.schema.createTable('re_re', (t) => {
    t.increments('link_id');
    t.integer('link_updatectr').notNullable().defaultTo(1);
    // Unsigned to match the referenced increments column, which MySQL insists on for a foreign key.
    t.integer('link_fk_parent').unsigned().notNullable().references('id').inTable('re').onDelete('CASCADE');
    t.integer('link_fk_child').unsigned().notNullable().references('id').inTable('re').onDelete('CASCADE');
    t.unique(['link_fk_parent', 'link_fk_child']);
    t.index(['link_fk_child']);
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('re_re');
  await knex.schema.alterTable('re', (t) => {
    t.dropColumn('comporigindate');
    t.dropColumn('countryorigin');
    t.dropColumn('fye');
  });
}

export const reAdminActions: Migration = { name: '0036_re_admin_actions', up, down };
