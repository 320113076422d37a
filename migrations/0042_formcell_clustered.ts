// A form's cells kept together on disk on SQLite too (docs/benchmarks.md "Cell storage layout").
// A form is filled over many saves interleaved with other forms' saves. On MariaDB, InnoDB
// already clusters formcell by its primary key (form, tab, address), so a form's cells share a
// few pages whatever the order they were saved in: nothing changes there. On SQLite the table was
// an ordinary rowid table, its rows in the order they were saved, and the primary key a separate
// index: reading a form went through that index to rows spread over every save's pages. As a
// WITHOUT ROWID table the rows themselves are ordered by (form, tab, address): a form read cold
// from the disk took a third of the time, and the table is a quarter smaller. Nothing reads
// formcell's rowid. The rows are copied in key order, so the new table's pages are full.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const isMysql = (knex: Knex) => ['mysql', 'mysql2'].includes(String(knex.client.config.client));
const COLUMNS = 'form, tab, address, code, value';
const DEFINITION =
  '(`form` integer not null, `tab` varchar(10) not null, `address` varchar(16) not null, `code` varchar(64) null, `value` text null, ' +
  'foreign key(`form`) references `form`(`id`), primary key (`form`, `tab`, `address`))';

/** Rebuilds SQLite's formcell as `options` says (WITHOUT ROWID or not), every row copied in key order. */
async function rebuild(knex: Knex, options: string) {
  await knex.raw(`CREATE TABLE formcell_rebuilt ${DEFINITION}${options}`);
  await knex.raw(`INSERT INTO formcell_rebuilt (${COLUMNS}) SELECT ${COLUMNS} FROM formcell ORDER BY form, tab, address`);
  await knex.raw('DROP TABLE formcell');
  await knex.raw('ALTER TABLE formcell_rebuilt RENAME TO formcell');
  await knex.raw('CREATE INDEX formcell_form_code_index on formcell (form, code)');
}

async function up(knex: Knex) {
  if (!isMysql(knex)) await rebuild(knex, ' WITHOUT ROWID');
}

async function down(knex: Knex) {
  if (!isMysql(knex)) await rebuild(knex, '');
}

export const formcellClustered: Migration = { name: '0042_formcell_clustered', up, down };
