// Runs the project's migrations (migrations/index.ts lists them in order) through knex's
// migrator, so both dialects keep the usual knex_migrations bookkeeping.
import type { Knex } from 'knex';
import { migrations, type Migration } from '../../migrations/index.js';

class ListSource implements Knex.MigrationSource<Migration> {
  async getMigrations() {
    return migrations;
  }
  getMigrationName(m: Migration) {
    return m.name;
  }
  async getMigration(m: Migration) {
    return { up: m.up, down: m.down };
  }
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: new ListSource() })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: new ListSource() }, true);
}
