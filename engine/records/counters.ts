// Counts that a module keeps of another table's rows (ModuleDef.counters: a submission's forms
// by state), recomputed from those rows in the transaction of every write that can change them,
// so they are never stale and never drift. A recount does not touch the counting row's updatectr:
// the counts are the engine's, and someone editing the submission meanwhile is not refused.
import type { Knex } from 'knex';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { bumpVersions } from '../db/change-versions.js';

type Db = Knex | Knex.Transaction;

/** Recounts, for every module counting rows of `table`, the counting rows these written rows point at (their old and new values). */
export async function recountFor(db: Db, modules: ModuleRegistry, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const set of modules.countersOf(table)) {
    const ids = [...new Set(rows.map((r) => r[set.by]).filter((v) => v !== null && v !== undefined && v !== '').map(Number))];
    if (!ids.length) continue;
    // Grouped by state only when a column counts states (the counted table may have none).
    const group = Object.values(set.columns).some(Boolean) ? [set.by, 'state'] : [set.by];
    const byState = (await db(table).whereIn(set.by, ids).groupBy(group).select(group).count({ n: '*' })) as Record<string, unknown>[];
    for (const id of ids) {
      const mine = byState.filter((r) => Number(r[set.by]) === id);
      const values: Record<string, number> = {};
      for (const [column, states] of Object.entries(set.columns)) {
        values[column] = mine.filter((r) => states === null || states.includes(Number(r.state))).reduce((sum, r) => sum + Number(r.n), 0);
      }
      await db(set.table).where('id', id).update(values);
    }
    await bumpVersions(db, [set.table]);
  }
}

/** Whether an update of `stored` with the new column values `row` can change a count (its state, or what it points at). */
export function countsMayChange(modules: ModuleRegistry, table: string, stored: Record<string, unknown>, row: Record<string, unknown>): boolean {
  const sets = modules.countersOf(table);
  const changed = (column: string) => column in row && String(row[column] ?? '') !== String(stored[column] ?? '');
  return sets.length > 0 && (changed('state') || sets.some((set) => changed(set.by)));
}
