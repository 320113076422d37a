// Small helpers every seed file shares: one timestamp format and chunked inserts.
import type { Knex } from 'knex';

/**
 * "YYYY-MM-DD HH:MM:SS" in UTC: the shape MySQL (dateStrings) hands back, and a string on
 * SQLite too, where knex would otherwise bind a Date as epoch milliseconds.
 */
export function stamp(at: Date = new Date()): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** Inserts in chunks, keeping each statement far below SQLite's bound-variable limit. */
export async function insertRows(db: Knex, table: string, rows: Record<string, unknown>[], chunk = 100): Promise<number> {
  for (let i = 0; i < rows.length; i += chunk) await db(table).insert(rows.slice(i, i + chunk));
  return rows.length;
}
