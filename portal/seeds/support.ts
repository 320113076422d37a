// Chunked inserts, shared by every seed file.
import type { Knex } from 'knex';

/** Inserts in chunks, keeping each statement far below SQLite's bound-variable limit. */
export async function insertRows(db: Knex, table: string, rows: Record<string, unknown>[], chunk = 100): Promise<number> {
  for (let i = 0; i < rows.length; i += chunk) await db(table).insert(rows.slice(i, i + chunk));
  return rows.length;
}
