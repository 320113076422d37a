// Job files: `{id}-{claim}.{ext}` in the file store (FILE_STORE: JOBS_DIR, or the database) once
// done. A job writes its file first as `….part` in JOBS_DIR (this process's scratch space) and
// then stores it whole, so a download never sees half a file and a run that lost its claim never
// overwrites the file of the run that took over. Files are kept JOB_KEEP_HOURS, then removed.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../fastify.config.js';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { blobStoreOf, jobKey, type BlobStore } from '../files/blob-store.js';
import { JOB_STATE, JOB_TABLE } from './job-table.js';

const NAME = /^[1-9][0-9]{0,14}-[0-9a-f]{24}\.[a-z]{3,7}$/;
export const EXPIRED = 'The file has expired; please export again';

export function jobFileName(id: number, token: string, ext: string): string {
  return `${id}-${token}.${ext}`;
}

/** The store key of a job file; undefined for a name this engine would never have written. */
export function jobFileKey(name: string): string | undefined {
  return NAME.test(name) ? jobKey(name) : undefined;
}

/** The store job files are kept in (FILE_STORE). */
export function jobFileStore(services: { config: EngineConfig; db: Knex }): BlobStore {
  return blobStoreOf(services.config, services.db);
}

/** Stores the finished `part` file as the job file `name`; the part file is gone afterwards. */
export async function storeJobFile(services: { config: EngineConfig; db: Knex }, name: string, part: string): Promise<void> {
  const key = jobFileKey(name);
  if (!key) throw new Error(`Not a job file name: ${name}`);
  await jobFileStore(services).putFile(key, part);
}

export async function partPath(dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `${name}.part`);
}

/**
 * Removes the files of jobs finished more than `keepHours` ago (the row stays, saying so) and
 * `.part` files nobody has written for a day (their process died). Any process may sweep.
 */
export async function sweepJobFiles(db: Knex, config: EngineConfig, keepHours: number, now: Date, log: Logger): Promise<void> {
  const dir = config.jobsDir;
  const store = blobStoreOf(config, db);
  const cutoff = sqlDateTime(new Date(now.getTime() - keepHours * 3_600_000));
  const expired: { id: number; file: string }[] = await db(JOB_TABLE).where({ state: JOB_STATE.done }).whereNotNull('file').andWhere('finishedon', '<', cutoff).limit(500).select('id', 'file');
  for (const job of expired) {
    const key = jobFileKey(String(job.file));
    if (key) await store.delete(key);
    await db.transaction(async (trx) => {
      await trx(JOB_TABLE).where({ id: job.id, file: job.file }).update({ file: null, result: EXPIRED });
      await bumpVersions(trx, [JOB_TABLE]);
    });
  }
  // What writers that died left half-stored in the database store.
  await store.sweep(now);
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > 86_400_000) await rm(path, { force: true });
  }
  if (expired.length) log.info({ files: expired.length }, 'expired job files removed');
}
