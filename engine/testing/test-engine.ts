// The portal on a fresh, migrated and seeded database, for protocol tests (the engine's kit for
// any app, app-test-engine.ts, with the portal's demo of a fixed day and sessions made directly).
import type { Dialect } from '../db/connect.js';
import type { EngineConfig } from '../../fastify.config.js';
import type { Engine } from '../server/app.js';
import type { TestDatabase } from './test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { createSession, SESSION_COOKIE } from '../identity/session-store.js';
import type { EnvelopeValue } from '../protocol/envelope.js';
import { startAppTestEngine } from './app-test-engine.js';
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
  const t = await startAppTestEngine(portal, dialect, env, (db) => runSeeds(db, { demo: true, historyEnd: seed.historyEnd }));
  return {
    engine: t.engine,
    database: t.database,
    config: t.config,
    call: t.call,
    close: t.close,
    async sessionFor(userid, currentRe) {
      const user = await t.database.db('user').where({ userid }).first('id');
      if (!user) throw new Error(`No seeded user ${userid}`);
      let re = currentRe;
      if (re === undefined) {
        const link = await t.database.db('re_user').where({ link_fk_user: user.id }).orderBy('link_fk_re').first('link_fk_re');
        re = link ? Number(link.link_fk_re) : null;
      }
      const token = await createSession(t.database.db, Number(user.id), re, t.config);
      return `${SESSION_COOKIE}=${token}`;
    },
  };
}
