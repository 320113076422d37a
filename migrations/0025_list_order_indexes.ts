// Indexes that give the shipped form lists their order straight from the index (issue 19),
// as engine/records/list-indexes.ts derives them: the forms list (155: `code asc, endon desc`,
// the previous month by default), for staff and for an entity, and the forms of a batch (241:
// `endon desc, code asc`, held to its batch). Their orders are mixed, so the indexes hold a
// descending column; the id tiebreaker (the last term's direction) is the key every index ends with.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const desc = (knex: Knex, column: string) => knex.raw('?? desc', [column]);

async function up(knex: Knex) {
  await knex.schema.alterTable('form', (t) => {
    t.index([desc(knex, 'code'), 'endon'] as unknown as string[], 'form_code_desc_endon_index');
    t.index(['re', desc(knex, 'code'), 'endon'] as unknown as string[], 'form_re_code_desc_endon_index');
    t.index(['formbatch', desc(knex, 'endon'), 'code'] as unknown as string[], 'form_formbatch_endon_desc_code_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.alterTable('form', (t) => {
    t.dropIndex([], 'form_formbatch_endon_desc_code_index');
    t.dropIndex([], 'form_re_code_desc_endon_index');
    t.dropIndex([], 'form_code_desc_endon_index');
  });
}

export const listOrderIndexes: Migration = { name: '0025_list_order_indexes', up, down };
