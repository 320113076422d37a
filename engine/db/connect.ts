// One place that turns configuration into a knex instance, for either dialect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { BoundedCache } from '../cache/bounded-cache.js';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './wal-checkpointer.js';
import { HostChoice, parseMysqlUrl, type MysqlHost } from './mysql-hosts.js';

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
  if (target.databaseUrl) return connectMysql(target.databaseUrl, pool);
  mkdirSync(target.dataDir, { recursive: true });
  return connectSqliteFile(join(target.dataDir, 'portal.sqlite'));
}

interface MysqlConnection {
  query(sql: string, cb: (err: Error | null, rows?: { Value?: unknown }[]) => void): void;
}

/**
 * MariaDB or MySQL, on one host or on the hosts of a Galera cluster (docs/deploy.md): new
 * connections go to the chosen host; when one cannot be made there, or the host is a Galera
 * node that is not synced (joining, donor, cut off), the next host is chosen and the pool's
 * connections move to it as they are next checked. A cluster connection waits for the node to
 * have applied every write committed anywhere before it reads (`wsrep_sync_wait = 1`): a read
 * after a write through another node sees it.
 */
function connectMysql(databaseUrl: string, pool?: { min: number; max: number }): Knex {
  const target = parseMysqlUrl(databaseUrl);
  const choice = new HostChoice(target.hosts);
  let inUse: MysqlHost = choice.host;
  const db = knexFactory({
    client: 'mysql2',
    connection: () => {
      inUse = choice.host;
      const used = inUse;
      return {
        host: used.host,
        port: used.port,
        user: target.user,
        password: target.password,
        database: target.database,
        charset: 'utf8mb4',
        // Dates as strings so both dialects hand the record codec the same shape.
        dateStrings: true,
        supportBigNumbers: true,
        timezone: 'Z',
        // Read again (and the pool's connections renewed) once another host is chosen.
        expirationChecker: () => choice.host !== used,
      };
    },
    pool: {
      ...(pool ?? { min: 0, max: 10 }),
      afterCreate(conn: MysqlConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.query("SHOW STATUS LIKE 'wsrep_local_state'", (err, rows) => {
          if (err) return done(err, conn);
          const state = rows?.[0]?.Value;
          if (state === undefined || state === null || state === '') return done(null, conn);
          // 4: Synced. Any other state serves stale data or none.
          if (String(state) !== '4') return done(new Error(`database node ${inUse.host}:${inUse.port} is not synced (wsrep_local_state ${String(state)})`), conn);
          conn.query('SET SESSION wsrep_sync_wait = 1', (e) => done(e ?? null, conn));
        });
      },
    },
  });
  (db.client.pool as { on?(event: string, listener: () => void): void } | undefined)?.on?.('createFail', () => choice.failed(inUse));
  return db;
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
