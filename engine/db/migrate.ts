// Runs the engine's migrations (migrations/index.ts) and then an app's own (EngineApp.migrations)
// through knex's migrator, so both dialects keep the usual knex_migrations bookkeeping.
import type { Knex } from 'knex';
import { migrations as engineMigrations } from '../../migrations/index.js';
import type { Migration } from './migration.js';
import type { EngineApp } from '../app/engine-app.js';

class ListSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly list: readonly Migration[]) {}
  async getMigrations() {
    return [...this.list];
  }
  getMigrationName(m: Migration) {
    return m.name;
  }
  async getMigration(m: Migration) {
    return { up: m.up, down: m.down };
  }
}

/** The engine's migrations, then the app's; a name used twice is refused before anything runs. */
function migrationsOf(app?: EngineApp): Migration[] {
  const list = [...engineMigrations, ...(app?.migrations ?? [])];
  const seen = new Set<string>();
  for (const m of list) {
    if (seen.has(m.name)) throw new Error(`Migration ${m.name} is listed twice (the engine's and an app's names must differ)`);
    seen.add(m.name);
  }
  return list;
}

export async function migrateLatest(db: Knex, app?: EngineApp): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: new ListSource(migrationsOf(app)) })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Knex, app?: EngineApp): Promise<void> {
  await db.migrate.rollback({ migrationSource: new ListSource(migrationsOf(app)) }, true);
}
