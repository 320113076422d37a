// Per-table change versions (table `change_version`). Every write the engine makes bumps the
// written table's version inside its transaction; readers compare versions to know whether
// something they derived and kept in memory is still current, across every engine process.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export async function bumpVersions(db: Db, tables: string[]): Promise<void> {
  for (const name of [...new Set(tables)].sort()) {
    await db('change_version')
      .insert({ name, version: 1 })
      .onConflict('name')
      .merge({ version: db.raw('?? + 1', ['change_version.version']) });
  }
}

/** The versions of the given tables, as one key (tables never written yet count as 0). */
export async function versionKey(db: Db, tables: string[]): Promise<string> {
  const rows: { name: string; version: number }[] = await db('change_version').whereIn('name', tables).select('name', 'version');
  const byName = new Map(rows.map((r) => [r.name, Number(r.version)]));
  return tables.map((t) => byName.get(t) ?? 0).join('.');
}
