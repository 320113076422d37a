// A real engine serving any app (EngineApp) on a fresh database of one dialect: migrated with the
// engine's and the app's migrations, seeded by the app with its demo data, built and ready. Calls
// go through Fastify's inject as JSON, as any client's would. Knows nothing of any app.
import { pino } from 'pino';
import type { Dialect } from '../db/connect.js';
import { loadConfig, type EngineConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../server/app.js';
import type { EngineApp } from '../app/engine-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { exception, recordset, text, type EnvelopeValue, type JsonValue } from '../protocol/envelope.js';

/** The JSON answer read back into envelope values (cells as the XML form's strings). */
function decodeJsonAnswer(body: string): EnvelopeValue[] {
  const { values } = JSON.parse(body) as { values: JsonValue[] };
  return values.map((v) => {
    if (v.type === 'text') return text(v.text);
    if (v.type === 'exception') return exception(v.code, v.message);
    return recordset(v.columns, v.rows.map((row) => row.map((cell) => (cell === null ? null : String(cell)))));
  });
}

export interface AppTestEngine {
  engine: Engine;
  database: TestDatabase;
  config: EngineConfig;
  /** POST /process with a JSON body and JSON answer, decoded; `cookie` is a session cookie. */
  call(action: string, args: unknown[], cookie?: string): Promise<EnvelopeValue[]>;
  /** Signs in through User.login as a seeded user: the session cookie, or an error naming the answer. */
  signIn(userid: string, password: string): Promise<string>;
  /** Serves on a free port of 127.0.0.1 (for a browser): the base address. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startAppTestEngine(app: EngineApp, dialect: Dialect, env: Record<string, string> = {}): Promise<AppTestEngine> {
  const database = await createTestDatabase(dialect, { app });
  await app.seed?.(database.db, { demo: true });
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', ...env });
  const engine = await buildEngine({ app, config, db: database.db, logger: pino({ level: env.LOG_LEVEL ?? 'silent' }) });
  await engine.app.ready();

  async function post(action: string, args: unknown[], cookie?: string) {
    const res = await engine.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ action, args }),
    });
    return res;
  }

  return {
    engine,
    database,
    config,
    async call(action, args, cookie) {
      return decodeJsonAnswer((await post(action, args, cookie)).body);
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
    },
  };
}
