// One engine process of the cluster test: what `npm start` runs (scripts/start.ts) without the
// client build, so that a test run never rebuilds client/dist. Migrates and seeds like a start does
// (nothing to do on a database another engine has already prepared), then serves until SIGTERM.
import { loadConfig } from '../../fastify.config.js';
import { connect } from '../../engine/db/connect.js';
import { migrateLatest } from '../../engine/db/migrate.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { buildEngine } from '../../engine/server/app.js';
import { runCli } from '../cli.js';
import { portal } from '../../portal/app.js';

await runCli(async () => {
  const config = loadConfig();
  const db = connect(config);
  await migrateLatest(db, portal);
  const report = await runSeeds(db, { demo: true });
  const engine = await buildEngine({ app: portal, config, db });
  const address = await engine.app.listen({ port: config.port, host: config.host });
  console.log(`cluster engine listening on ${address}${report.skipped ? '' : ' (freshly seeded)'}`);
  const stop = async () => {
    await engine.app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
