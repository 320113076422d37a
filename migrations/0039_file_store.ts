// The database file store (FILE_STORE=database, engine/files/blob-store.ts): every engine process
// on the database reads the files any of them wrote. A file is one `file_blob` row naming its key,
// size and body, and the body's `file_chunk` rows, 1 MB each, so that no statement carries more
// than a chunk (MariaDB's max_allowed_packet) and nothing holds a whole file in memory. The
// chunks are written under a fresh body id before the key row points at them: a reader sees the
// whole file or none, and chunks no key names (a writer that died) are swept after a day.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const isMysql = (knex: Knex) => ['mysql', 'mysql2'].includes(String(knex.client.config.client));

async function up(knex: Knex) {
  await knex.schema.createTable('file_blob', (t) => {
    // `files/{sha-256}` (an upload) or `jobs/{id}-{claim}.{ext}` (a job's file).
    t.string('filekey', 200).primary();
    t.string('body', 32).notNullable().unique();
    t.bigInteger('size').notNullable();
    t.dateTime('storedon').notNullable();
  });
  await knex.schema.createTable('file_chunk', (t) => {
    t.string('body', 32).notNullable();
    t.integer('seq').notNullable();
    // MEDIUMBLOB on MariaDB (a chunk is at most 1 MB; BLOB stops at 64 KB).
    t.specificType('data', isMysql(knex) ? 'mediumblob' : 'blob').notNullable();
    t.dateTime('writtenon').notNullable();
    t.primary(['body', 'seq']);
    // The sweep looks for first chunks older than a day that no key names.
    t.index(['seq', 'writtenon'], 'file_chunk_seq_writtenon_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('file_chunk');
  await knex.schema.dropTableIfExists('file_blob');
}

export const fileStore: Migration = { name: '0039_file_store', up, down };
