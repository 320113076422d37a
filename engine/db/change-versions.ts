// Per-table change versions (table `change_version`). Every write the engine makes bumps the
// written table's version inside its transaction; readers compare versions to know whether
// something they derived and kept in memory is still current, across every engine process.
//
// A table's version is the sum of its rows, one per writer slot: a writer bumps the row of the
// database node it writes through (on MariaDB the node's `auto_increment_offset`, which a Galera
// cluster makes distinct per node; 1 on a single server and on SQLite). Writers through different
// nodes of a cluster so never update one row, which would fail one of them at certification; the
// sum still moves with every write and never goes back.
import type { Knex } from 'knex';
import { noteBump, outermost } from './insert-journal.js';
import { dialectOf, sqliteDataVersion } from './connect.js';
import { compile, selectCompiled, sentinel, TemplateCache, type CompiledStatement } from './compiled-statement.js';

type Db = Knex | Knex.Transaction;

/**
 * Every table's version. `spread` names the tables written through more than one slot: their
 * versions are sums, so a version no longer names one write (insert-journal.ts then stands aside).
 */
export class VersionMap extends Map<string, number> {
  readonly spread = new Set<string>();
}

export async function bumpVersions(db: Db, tables: string[]): Promise<void> {
  for (const name of [...new Set(tables)].sort()) await bumpVersion(db, name);
}

/**
 * Bumps one table's version in the writer's slot and answers the slot's version it made, in the
 * same statement: SQLite answers it by RETURNING; MySQL by LAST_INSERT_ID(expr), which sets the
 * statement's insert id when the row existed (a first insert has no auto-increment id to report:
 * 0, version 1). While the table has one slot, that is the table's version.
 */
export async function bumpVersion(db: Db, name: string): Promise<number> {
  const mysql = dialectOf(db as Knex) === 'mysql';
  const build = (table: Knex.Value) => {
    const bumped = mysql ? db.raw('LAST_INSERT_ID(?? + 1)', ['change_version.version']) : db.raw('?? + 1', ['change_version.version']);
    // The node's slot is read by the statement itself: after a failover, the next write lands in the new node's row.
    const slot = mysql ? db.raw('@@global.auto_increment_offset') : 1;
    const insert = db('change_version').insert({ name: table, slot, version: 1 }).onConflict(['name', 'slot']).merge({ version: bumped });
    return mysql ? insert : insert.returning('version');
  };
  // Every write runs one: compiled once per dialect, the table's name a binding.
  const statement = bumps.statement(db, 'bump', [name], () => build(sentinel(0)), () => build(name));
  noteBump(db, name);
  movingVersions(db);
  try {
    const result = await db.raw(statement.sql, statement.bindings as Knex.Value[]);
    if (mysql) return Number((result as [{ insertId: number }])[0].insertId) || 1;
    return Number((result as { version: number | string }[])[0].version);
  } finally {
    movedVersions(db);
  }
}
const bumps = new TemplateCache(4);

/**
 * What this process knows of a database's versions without reading them (SQLite): the versions
 * it last read, valid while this process has not bumped any since (`generation`) and no other
 * connection has committed (SQLite's `data_version` on the pooled connection is unchanged).
 * A version read then costs one pragma instead of a statement through the pool. MySQL has no
 * such signal across processes and always reads.
 */
interface LocalVersions {
  /** Moves when a bump starts, when an outside-transaction bump ends, and when a transaction that bumped ends. */
  generation: number;
  known?: { map: VersionMap; generation: number; connection: object; dataVersion: number };
  endWatched: WeakSet<Knex.Transaction>;
}
const localVersions = new WeakMap<object, LocalVersions>();

function localOf(db: Db): LocalVersions {
  const key = db.client.config as object;
  let local = localVersions.get(key);
  if (!local) localVersions.set(key, (local = { generation: 0, endWatched: new WeakSet() }));
  return local;
}

function movingVersions(db: Db): void {
  const local = localOf(db);
  local.generation++;
  if (!db.isTransaction) return;
  // Seen by others only at commit: the generation moves again then (or at rollback), after the
  // writer's rows are visible, so a read taken while it ran is never kept.
  const trx = outermost(db as Knex.Transaction);
  if (local.endWatched.has(trx)) return;
  local.endWatched.add(trx);
  const ended = () => {
    local.generation++;
  };
  trx.executionPromise.then(ended, ended);
}

function movedVersions(db: Db): void {
  if (!db.isTransaction) localOf(db).generation++;
}

const readStatements = new WeakMap<object, CompiledStatement>();

/** Every table's version: one small read (a row per table ever written by the engine and slot it was written through). */
export async function readVersions(db: Db): Promise<VersionMap> {
  let statement = readStatements.get(db.client.config as object);
  if (!statement) readStatements.set(db.client.config as object, (statement = compile(versionsOf(db))));
  const rows = (await selectCompiled(db, statement)) as { name: string; version: number | string; slots: number | string }[];
  const map = new VersionMap();
  for (const r of rows) {
    map.set(r.name, Number(r.version));
    if (Number(r.slots) > 1) map.spread.add(r.name);
  }
  return map;
}

function versionsOf(db: Db): Knex.QueryBuilder {
  return db('change_version').select('name').sum({ version: 'version' }).count({ slots: 'slot' }).groupBy('name');
}

/** The version of `table` as a scalar subquery, for statements that read versions with their data (count-cache.ts). */
export function versionOf(db: Db, table: string): Knex.Raw {
  return db.raw('(select sum(??) from ?? where ?? = ?)', ['version', 'change_version', 'name', table]);
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
  const local = localOf(db);
  const data = sqliteDataVersion(db);
  const known = local.known;
  if (data && known && known.generation === local.generation && known.connection === data.connection && known.dataVersion === data.version) return Promise.resolve(known.map);
  let reads = sharedReads.get(db as Knex);
  if (!reads) {
    reads = new SharedReads(() => readVersions(db));
    sharedReads.set(db as Knex, reads);
  }
  const generation = local.generation;
  return reads.read().then((map) => {
    // Kept only if nothing moved since this request asked: the read is then at least as new as
    // every commit this process made and every other connection's commit before `data`.
    if (data && local.generation === generation) local.known = { map, generation, connection: data.connection, dataVersion: data.version };
    return map;
  });
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
