// Per-table change versions (table `change_version`). Every write the engine makes bumps the
// written table's version inside its transaction; readers compare versions to know whether
// something they derived and kept in memory is still current, across every engine process.
import type { Knex } from 'knex';
import { noteBump } from './insert-journal.js';
import { dialectOf } from './connect.js';

type Db = Knex | Knex.Transaction;
export type VersionMap = Map<string, number>;

export async function bumpVersions(db: Db, tables: string[]): Promise<void> {
  for (const name of [...new Set(tables)].sort()) {
    await db('change_version')
      .insert({ name, version: 1 })
      .onConflict('name')
      .merge({ version: db.raw('?? + 1', ['change_version.version']) });
    noteBump(db, name);
  }
}

/**
 * Bumps one table's version and answers the version it made, in the same statement: SQLite
 * answers it by RETURNING; MySQL by LAST_INSERT_ID(expr), which sets the statement's insert id
 * when the row existed (a first insert has no auto-increment id to report: 0, version 1).
 */
export async function bumpVersion(db: Db, name: string): Promise<number> {
  const dialect = dialectOf(db as Knex);
  const bumped = dialect === 'mysql' ? db.raw('LAST_INSERT_ID(?? + 1)', ['change_version.version']) : db.raw('?? + 1', ['change_version.version']);
  const insert = db('change_version').insert({ name, version: 1 }).onConflict('name').merge({ version: bumped });
  noteBump(db, name);
  if (dialect === 'mysql') {
    const [insertId] = (await insert) as unknown as number[];
    return Number(insertId) || 1;
  }
  const [row] = (await insert.returning('version')) as { version: number | string }[];
  return Number(row.version);
}

/** Every table's version: one small read (a row per table ever written by the engine). */
export async function readVersions(db: Db): Promise<VersionMap> {
  const rows: { name: string; version: number }[] = await db('change_version').select('name', 'version');
  return new Map(rows.map((r) => [r.name, Number(r.version)]));
}

/** The versions of the given tables as one key (tables never written count as 0). */
export function versionKeyOf(versions: VersionMap, tables: string[]): string {
  return tables.map((t) => versions.get(t) ?? 0).join('.');
}

/**
 * Concurrent requests share version reads, but only a read that began after they arrived: a
 * request that finds a read in flight (which may predate a write it must see) waits for the
 * next one, which starts when the current one ends and serves everyone who queued meanwhile.
 * Under load that is one read per round trip instead of one per request, and no request ever
 * sees versions older than its own arrival.
 */
export class SharedReads<T> {
  private current: Promise<T> | undefined;
  private queued: Promise<T> | undefined;

  constructor(private readonly readNow: () => Promise<T>) {}

  read(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.current) return this.start();
    const queued = this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  private start(): Promise<T> {
    const read: Promise<T> = this.readNow().finally(() => {
      if (this.current === read) this.current = undefined;
    });
    this.current = read;
    return read;
  }
}

const sharedReads = new WeakMap<Knex, SharedReads<VersionMap>>();

function versionsNow(db: Db): Promise<VersionMap> {
  // Inside a transaction the read belongs to it (its snapshot, its connection).
  if (db.isTransaction) return readVersions(db);
  let reads = sharedReads.get(db as Knex);
  if (!reads) {
    reads = new SharedReads(() => readVersions(db));
    sharedReads.set(db as Knex, reads);
  }
  return reads.read();
}

/**
 * The versions as one request first needs them, read at most once per request. Anything a
 * request derives after this read is keyed by these versions: a write that lands meanwhile
 * bumps them, so what was derived is never used by a later request.
 */
export class VersionSnapshot {
  private read: Promise<VersionMap> | undefined;

  constructor(private readonly db: Db) {}

  get(): Promise<VersionMap> {
    this.read ??= versionsNow(this.db);
    return this.read;
  }

  async key(tables: string[]): Promise<string> {
    return versionKeyOf(await this.get(), tables);
  }
}
