// Per-table change versions (table `change_version`). Every write the engine makes bumps the
// written table's version inside its transaction; readers compare versions to know whether
// something they derived and kept in memory is still current, across every engine process.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;
export type VersionMap = Map<string, number>;

export async function bumpVersions(db: Db, tables: string[]): Promise<void> {
  for (const name of [...new Set(tables)].sort()) {
    await db('change_version')
      .insert({ name, version: 1 })
      .onConflict('name')
      .merge({ version: db.raw('?? + 1', ['change_version.version']) });
  }
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
 * The versions as one request first needs them, read at most once per request. Anything a
 * request derives after this read is keyed by these versions: a write that lands meanwhile
 * bumps them, so what was derived is never used by a later request.
 */
export class VersionSnapshot {
  private read: Promise<VersionMap> | undefined;

  constructor(private readonly db: Db) {}

  get(): Promise<VersionMap> {
    this.read ??= readVersions(this.db);
    return this.read;
  }

  async key(tables: string[]): Promise<string> {
    return versionKeyOf(await this.get(), tables);
  }
}
