// One place that turns configuration into a knex instance, for either dialect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { BoundedCache } from '../cache/bounded-cache.js';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './wal-checkpointer.js';

export type Dialect = 'sqlite' | 'mysql';

export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export function dialectOf(db: Knex): Dialect {
  const client = String(db.client.config.client);
  return client === 'mysql2' || client === 'mysql' ? 'mysql' : 'sqlite';
}

export function connect(target: DatabaseTarget, pool?: { min: number; max: number }): Knex {
  if (target.databaseUrl) {
    const url = new URL(target.databaseUrl);
    return knexFactory({
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: url.port ? Number(url.port) : 3306,
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: decodeURIComponent(url.pathname.slice(1)),
        charset: 'utf8mb4',
        // Dates as strings so both dialects hand the record codec the same shape.
        dateStrings: true,
        supportBigNumbers: true,
        timezone: 'Z',
      },
      pool: pool ?? { min: 0, max: 10 },
    });
  }
  mkdirSync(target.dataDir, { recursive: true });
  return connectSqliteFile(join(target.dataDir, 'portal.sqlite'));
}

export function connectSqliteFile(filename: string): Knex {
  const holder: SqliteHolder = {};
  const db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers run beside a writer; foreign keys hold as on MySQL.
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        // Commits are not synced on the event loop (WAL: the database stays consistent); the
        // checkpointer syncs the WAL and the file every CHECKPOINT_EVERY_MS off it.
        conn.pragma('synchronous = NORMAL');
        conn.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
        holder.checkpointer ??= startCheckpointer(filename);
        const close = conn.close.bind(conn);
        conn.close = () => {
          void holder.checkpointer?.stop();
          holder.checkpointer = undefined;
          return close();
        };
        // SQLite's own default page cache is 2 MB: a list read beside writes (an audit row, a
        // history row, their indexes) then re-reads its pages from the file on every request.
        conn.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
        // Prepared once: better-sqlite3's pragma() prepares its statement on every call.
        holder.dataVersion = (conn.prepare('PRAGMA data_version') as { pluck(): { get(): unknown } }).pluck();
        cachePreparedStatements(conn);
        holder.connection = conn;
        done(null, conn);
      },
    },
  });
  sqliteConnections.set(db.client.config as object, holder);
  return db;
}

/** The pooled connection's page cache: filled only as pages are read, at most this much. */
const PAGE_CACHE_KIB = 64 * 1024;

interface SqliteConnection {
  pragma(s: string): unknown;
  prepare(sql: string): unknown;
  close(): unknown;
}

/** The one pooled connection of each SQLite database this process opened (pool max 1). */
interface SqliteHolder {
  connection?: SqliteConnection;
  dataVersion?: { get(): unknown };
  checkpointer?: Checkpointer;
}
const sqliteConnections = new WeakMap<object, SqliteHolder>();

/**
 * SQLite's `data_version` of the database's pooled connection, with the connection it was read
 * on: it moves when another connection (another process, another knex) commits, never for this
 * connection's own commits. Undefined when the database was not opened by connectSqliteFile or
 * its connection is closed. Read synchronously: the driver runs one statement at a time on this
 * thread, and the pragma reads no table, so it may run while a transaction holds the connection.
 */
export function sqliteDataVersion(db: Knex | Knex.Transaction): { connection: object; version: number } | undefined {
  const holder = sqliteConnections.get(db.client.config as object);
  if (!holder?.connection || !holder.dataVersion) return undefined;
  try {
    return { connection: holder.connection, version: Number(holder.dataVersion.get()) };
  } catch {
    return undefined;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * knex prepares every statement afresh; on SQLite that costs as much as running a list query.
 * The engine's statements repeat (identifiers from metadata, values bound), so a small
 * per-connection cache of prepared statements keyed by SQL text removes the cost. SQLite
 * re-prepares a cached statement by itself if the schema changed.
 */
function cachePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new BoundedCache<unknown>(STATEMENT_CACHE_SIZE);
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
