// A real engine on a fresh, migrated and seeded database, for protocol tests: calls go
// through Fastify's inject (or a real socket), as any client's would.
import { pino } from 'pino';
import type { Dialect } from '../db/connect.js';
import { loadConfig, type EngineConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../server/app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { createSession, SESSION_COOKIE } from '../identity/session-store.js';
import { decodeXml, type EnvelopeValue } from '../protocol/envelope.js';
import { collectXmlAnswers } from './envelope-validation.js';
import { portal } from '../../portal/app.js';

/**
 * The demo's year of submissions ends before November 2025 in tests (its latest four monthly
 * periods June–September 2025), so that the periods tests open on fixed dates never meet it.
 */
export const TEST_HISTORY_END = new Date('2025-11-15T00:00:00Z');

export interface TestEngine {
  engine: Engine;
  database: TestDatabase;
  config: EngineConfig;
  /** A session cookie for a seeded user (by userid), made directly in the session table. */
  sessionFor(userid: string, currentRe?: number | null): Promise<string>;
  /** POST /process as JSON body, answering decoded values. */
  call(action: string, args: unknown[], cookie?: string, extra?: Record<string, unknown>): Promise<EnvelopeValue[]>;
  close(): Promise<void>;
}

/** `seed.historyEnd`: the demo's as of another day (undefined: today, as `npm start` seeds it). */
export async function startTestEngine(dialect: Dialect, env: Record<string, string> = {}, seed: { historyEnd?: Date } = { historyEnd: TEST_HISTORY_END }): Promise<TestEngine> {
  const database = await createTestDatabase(dialect);
  await runSeeds(database.db, { demo: true, historyEnd: seed.historyEnd });
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', ...env });
  const engine = await buildEngine({ app: portal, config, db: database.db, logger: pino({ level: env.LOG_LEVEL ?? 'silent' }) });
  // Every XML answer of the test suite is checked against the published XSD when the engine closes.
  const xmlAnswers = collectXmlAnswers(engine.app);
  await engine.app.ready();
  return {
    engine,
    database,
    config,
    async sessionFor(userid, currentRe) {
      const user = await database.db('user').where({ userid }).first('id');
      if (!user) throw new Error(`No seeded user ${userid}`);
      let re = currentRe;
      if (re === undefined) {
        const link = await database.db('re_user').where({ link_fk_user: user.id }).orderBy('link_fk_re').first('link_fk_re');
        re = link ? Number(link.link_fk_re) : null;
      }
      const token = await createSession(database.db, Number(user.id), re, config);
      return `${SESSION_COOKIE}=${token}`;
    },
    async call(action, args, cookie, extra = {}) {
      const res = await engine.app.inject({
        method: 'POST',
        url: '/process',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify({ action, args, ...extra }),
      });
      return decodeXml(res.body);
    },
    async close() {
      await engine.close();
      await database.destroy();
      await xmlAnswers.check();
    },
  };
}
