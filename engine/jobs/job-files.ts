// Where job files live (JOBS_DIR): `{id}-{claim}.{ext}` once done, written first as
// `….part` and renamed, so a download never sees half a file and a run that lost its claim never
// overwrites the file of the run that took over. Files are kept JOB_KEEP_HOURS, then removed.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';
import { JOB_STATE, JOB_TABLE } from './job-table.js';

const NAME = /^[1-9][0-9]{0,14}-[0-9a-f]{24}\.[a-z]{3,4}$/;
export const EXPIRED = 'The file has expired; please export again';

export function jobFileName(id: number, token: string, ext: string): string {
  return `${id}-${token}.${ext}`;
}

/** The path of a stored job file; undefined for a name this engine would never have written. */
export function jobFilePath(dir: string, name: string): string | undefined {
  return NAME.test(name) ? join(dir, name) : undefined;
}

export async function partPath(dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `${name}.part`);
}

/**
 * Removes the files of jobs finished more than `keepHours` ago (the row stays, saying so) and
 * `.part` files nobody has written for a day (their process died). Any process may sweep.
 */
export async function sweepJobFiles(db: Knex, dir: string, keepHours: number, now: Date, log: Logger): Promise<void> {
  const cutoff = sqlDateTime(new Date(now.getTime() - keepHours * 3_600_000));
  const expired: { id: number; file: string }[] = await db(JOB_TABLE).where({ state: JOB_STATE.done }).whereNotNull('file').andWhere('finishedon', '<', cutoff).limit(500).select('id', 'file');
  for (const job of expired) {
    const path = jobFilePath(dir, String(job.file));
    if (path) await rm(path, { force: true });
    await db.transaction(async (trx) => {
      await trx(JOB_TABLE).where({ id: job.id, file: job.file }).update({ file: null, result: EXPIRED });
      await bumpVersions(trx, [JOB_TABLE]);
    });
  }
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
