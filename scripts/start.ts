// npm start: migrate, seed (demo data on a fresh database), and serve the portal. Prints the
// address and the demo users.
import { loadConfig } from '../fastify.config.js';
import { connect } from '../engine/db/connect.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { newTasksNotice, DEMO_PASSWORD, DEMO_USERS } from '../portal/seeds/index.js';
import { seedPortal } from './portal-seed.js';
import { buildEngine } from '../engine/server/app.js';
import { runCli } from './cli.js';
import { ensureClientBuilt } from './client-build.js';
import { portal } from '../portal/app.js';

await runCli(async () => {
  const config = loadConfig();
  await ensureClientBuilt();
  const db = connect(config);
  await migrateLatest(db, portal);
  const report = await seedPortal(db, { demo: process.env.SEED_DEMO !== '0', formulaLicenseKey: config.formulaLicenseKey });
  const engine = await buildEngine({ app: portal, config, db });
  const address = await engine.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? `MySQL/MariaDB (${new URL(config.databaseUrl).host})` : `embedded SQLite in ${config.dataDir}`;
  console.log(`\nPortal engine listening on ${address}  —  database: ${where}${report.skipped ? '' : ' (freshly seeded)'}`);
  if (report.skipped && report.counts.permissiontasks) console.log(newTasksNotice(report.counts.permissiontasks));
  console.log(`Demo users (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) console.log(`  ${u.userid.padEnd(10)} ${u.description}`);
  console.log('');
  const stop = async () => {
    await engine.app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
