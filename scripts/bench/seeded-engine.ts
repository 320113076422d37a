// The engine the list tools (list-profile.ts, list-statements.ts) run: a test database with the
// demo seeds, and the list traffic's data of `npm run bench`.
import type { Knex } from 'knex';
import { pino } from 'pino';
import type { TestDatabase } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../../engine/server/app.js';
import { prepareHelpdesk } from './list-cases.js';
import { generateReRows } from './generate-rows.js';
import { portal } from '../../portal/app.js';

/**
 * A bench engine's settings: silent, over the bench's database, with kept list pages as the
 * environment's PAGE_CACHE_MB says (the default when unset; `PAGE_CACHE_MB=0` measures every
 * read's statements).
 */
export function benchConfig(database: TestDatabase) {
  const pageCache = process.env.PAGE_CACHE_MB === undefined ? {} : { PAGE_CACHE_MB: process.env.PAGE_CACHE_MB };
  return loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', ...pageCache });
}

export async function seededEngine(database: TestDatabase) {
  await runSeeds(database.db, { demo: true });
  const config = benchConfig(database);
  const engine = await buildEngine({ app: portal, config, db: database.db, logger: pino({ level: 'silent' }) });
  return { config, engine };
}

/** 100,000 entities, then 100,000 help desk rows that refer to them; answers the values the cases filter by. */
export async function listTrafficRows(db: Knex, engine: Engine) {
  await generateReRows(db, 100_000);
  return prepareHelpdesk(db, engine, 100_000);
}
