// What this process inserted, by table and change version: lets a kept count follow inserts by
// counting only the new rows (count-cache.ts) instead of recounting a large table after each.
//
// A version is journalled only when it is known to stand for inserts alone: the committed
// transaction bumped the table exactly once, through the create that names its new row (a
// transaction that also updated or deleted rows of the table bumps it again). Versions made by
// other processes, or by any other write, are not in the journal, and a reader that meets them
// recounts. Every write bumps its table's version (change-versions.ts), so a write no journal
// entry names cannot be missed.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Entries kept per table: versions older than these are recounted, never guessed. */
const KEPT_PER_TABLE = 2_048;
/** Past this many new rows a delta is no cheaper than a recount. */
export const MAX_DELTA_ROWS = 500;

/**
 * One journal per database: a transaction's client shares its root's `config` object. An entry
 * is pending (`settled` set) from the bump until its transaction ends, then kept or dropped.
 */
interface Entry {
  ids: number[];
  settled?: Promise<void>;
}
const journals = new WeakMap<object, Map<string, Map<number, Entry>>>();
const bumpsByTransaction = new WeakMap<Knex.Transaction, Map<string, number>>();

const databaseOf = (db: Db): object => db.client.config as object;

export function outermost(trx: Knex.Transaction): Knex.Transaction {
  let t = trx;
  while (t.parentTransaction) t = t.parentTransaction;
  return t;
}

/** Called by every version bump made inside a transaction (change-versions.ts). */
export function noteBump(db: Db, table: string): void {
  if (!db.isTransaction) return;
  const trx = outermost(db as Knex.Transaction);
  let bumps = bumpsByTransaction.get(trx);
  if (!bumps) bumpsByTransaction.set(trx, (bumps = new Map()));
  bumps.set(table, (bumps.get(table) ?? 0) + 1);
}

/**
 * After the create of row `id` made `version` of `table` (bumpVersion, in the create's
 * transaction: the writer holds the version row until it commits, so the version is its own),
 * journals it at once as pending: kept when the outermost transaction commits, if that bump was
 * its only one of the table, dropped otherwise. Outside a transaction nothing is journalled.
 *
 * Pending, because a reader can meet the committed version before this process has seen the
 * commit's answer (under load, one turn of the event loop or more); without the entry it would
 * recount a large table where it only had to wait for that answer.
 */
export function journalInsert(db: Db, table: string, version: number, id: number): void {
  if (!db.isTransaction) return;
  const trx = outermost(db as Knex.Transaction);
  const versions = versionsOf(databaseOf(db), table);
  const entry: Entry = { ids: [id] };
  const drop = () => {
    if (versions.get(version) === entry) versions.delete(version);
  };
  entry.settled = trx.executionPromise.then(
    () => {
      if (bumpsByTransaction.get(trx)?.get(table) === 1) entry.settled = undefined;
      else drop();
    },
    drop,
  );
  versions.set(version, entry);
  if (versions.size > KEPT_PER_TABLE) versions.delete(versions.keys().next().value as number);
}

function versionsOf(database: object, table: string): Map<number, Entry> {
  let tables = journals.get(database);
  if (!tables) journals.set(database, (tables = new Map()));
  let versions = tables.get(table);
  if (!versions) tables.set(table, (versions = new Map()));
  return versions;
}

/**
 * The rows inserted by versions `from`+1 … `to` of `table`, when every one of those versions is
 * journalled as inserts; null when any is not (another process, another kind of write, or too
 * many to be worth it). The caller has read `to` as committed, so an entry still pending
 * belongs to a transaction that has ended in the database: this waits for this process to see
 * how (a rolled-back writer's version may since have been made again by another write).
 */
export async function insertsBetween(db: Db, table: string, from: number, to: number): Promise<number[] | null> {
  if (to <= from || to - from > MAX_DELTA_ROWS) return null;
  const versions = journals.get(databaseOf(db))?.get(table);
  if (!versions) return null;
  const pending: Promise<void>[] = [];
  for (let v = from + 1; v <= to; v++) {
    const entry = versions.get(v);
    if (!entry) return null;
    if (entry.settled) pending.push(entry.settled);
  }
  if (pending.length) await Promise.all(pending);
  const ids: number[] = [];
  for (let v = from + 1; v <= to; v++) {
    const entry = versions.get(v);
    if (!entry || entry.settled) return null;
    ids.push(...entry.ids);
  }
  return ids;
}
