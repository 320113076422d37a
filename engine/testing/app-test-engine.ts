// A real engine serving any app (EngineApp) on a fresh database of one dialect: migrated with the
// engine's and the app's migrations, seeded by the app (its demo data unless told otherwise),
// built and ready. Calls go through Fastify's inject with a JSON body and answer XML, as any
// client's would; every XML answer is checked against the published XSD when the engine closes.
// Knows nothing of any app.
import { pino } from 'pino';
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.js';
import { loadConfig, type EngineConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../server/app.js';
import type { EngineApp } from '../app/engine-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { decodeXml, type EnvelopeValue } from '../protocol/envelope.js';
import { collectXmlAnswers } from './envelope-validation.js';

export interface AppTestEngine {
  engine: Engine;
  database: TestDatabase;
  config: EngineConfig;
  /** POST /process with a JSON body, answering decoded values; `cookie` is a session cookie. */
  call(action: string, args: unknown[], cookie?: string, extra?: Record<string, unknown>): Promise<EnvelopeValue[]>;
  /** Signs in through User.login as a seeded user: the session cookie, or an error naming the answer. */
  signIn(userid: string, password: string): Promise<string>;
  /** Serves on a free port of 127.0.0.1 (for a browser): the base address. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** `seed`: how the database is filled (default: the app's own seed with its demo data). */
export async function startAppTestEngine(app: EngineApp, dialect: Dialect, env: Record<string, string> = {}, seed?: (db: Knex) => Promise<unknown>): Promise<AppTestEngine> {
  const database = await createTestDatabase(dialect, { app });
  await (seed ? seed(database.db) : app.seed?.(database.db, { demo: true }));
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', CLOCK_WORK: 'off', PAGE_CACHE_VERIFY: 'on', ...env });
  const engine = await buildEngine({ app, config, db: database.db, logger: pino({ level: env.LOG_LEVEL ?? 'silent' }) });
  const xmlAnswers = collectXmlAnswers(engine.app);
  await engine.app.ready();

  const post = (action: string, args: unknown[], cookie?: string, extra: Record<string, unknown> = {}) =>
    engine.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ action, args, ...extra }),
    });

  return {
    engine,
    database,
    config,
    async call(action, args, cookie, extra) {
      return decodeXml((await post(action, args, cookie, extra)).body);
    },
    async signIn(userid, password) {
      const res = await post('User.login', [{ userid, password }]);
      const cookie = res.cookies.find((c) => c.value && c.name !== undefined);
      if (!cookie) throw new Error(`User.login as ${userid} set no session: ${res.body.slice(0, 300)}`);
      return `${cookie.name}=${cookie.value}`;
    },
    async listen() {
      return engine.app.listen({ host: '127.0.0.1', port: 0 });
    },
    async close() {
      await engine.close();
      await database.destroy();
      await xmlAnswers.check();
    },
  };
}
