// Stores workbooks as an Excel import's uploaded files, as the upload route stores them (content
// address in the file store, an `excelimport_reference` row each): for the import tests and the
// import benchmark, which build their imports without a browser.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { EngineConfig } from '../../../fastify.config.js';
import { sqlDateTime } from '../../db/clock.js';
import { blobStoreOf, uploadKey } from '../../files/blob-store.js';

export async function attachUploads(db: Knex, config: EngineConfig, importId: number, files: { name: string; bytes: Buffer }[]): Promise<void> {
  const store = blobStoreOf(config, db);
  for (const f of files) {
    const hash = createHash('sha256').update(f.bytes).digest('hex');
    await store.put(uploadKey(hash), f.bytes);
    await db('excelimport_reference').insert({ fk_excelimport: importId, name: f.name, file: hash, size: f.bytes.length, referencetype: 11, createon: sqlDateTime() });
  }
}
