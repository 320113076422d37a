// A CPU profile of one list case (page 1 of the help desk list, `createon desc`, as the
// administrator) served through HTTP, for finding where the engine's fixed cost per request goes:
//   tsx scripts/bench/list-profile.ts [sqlite|mysql] [seconds] [read|create]
// writes .prof/list-<dialect>-<kind>.cpuprofile of the load alone (the server's thread; the load
// generator runs in a worker), then `tsx scripts/bench/profile-summary.ts <that file>` prints
// self time by function.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pino } from 'pino';
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine } from '../../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/session/session-store.js';
import { prepareHelpdesk, LIST_PAGE } from './list-cases.js';
import { runLoad } from './load.js';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const seconds = Number(process.argv[3] ?? 10);
const kind = process.argv[4] === 'create' ? 'create' : 'read';
const database = await createTestDatabase(dialect);
try {
  const { db } = database;
  await runSeeds(db, { demo: true });
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent' });
  const engine = await buildEngine({ config, db, logger: pino({ level: 'silent' }) });
  const values = await prepareHelpdesk(db, engine, 100_000);
  await engine.app.listen({ host: '127.0.0.1', port: 0 });
  const admin = await db('user').where({ userid: 'admin' }).first('id');
  const cookie = `${SESSION_COOKIE}=${await createSession(db, Number(admin.id), null, config)}`;
  const address = engine.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const fields = ['id', 'category_name_ind_field', 'name', 'createby_firstname', 'createby_email2', 're_name_ind_field', 'createon', 'state'];
  const body =
    kind === 'read'
      ? JSON.stringify({ action: 'Record.select', args: [{ module: 'Helpdesk', fields, where: [], order: 'createon desc', max: LIST_PAGE, pageIndex: 1 }] })
      : JSON.stringify({ action: 'Record.create', args: [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [values.category, 'Profiled ticket', 'Written by the profile', values.re] }] });
  const load = { url, path: '/process', headers: { 'content-type': 'application/json', cookie }, bodies: [body], connections: 20, workers: 1 };
  await runLoad({ ...load, seconds: 2 });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const r = await runLoad({ ...load, seconds });
  const { profile } = await session.post('Profiler.stop');
  mkdirSync('.prof', { recursive: true });
  writeFileSync(`.prof/list-${dialect}-${kind}.cpuprofile`, JSON.stringify(profile));
  console.log(`${r.rps} req/s, p99 ${r.p99} ms, ${r.requests} requests, ${r.errors} errors`);
  await engine.close();
} finally {
  await database.destroy();
}
