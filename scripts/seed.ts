// npm run seed: reference data and (unless SEED_DEMO=0) demo data, into an empty database.
import { loadConfig } from '../fastify.config.js';
import { connect } from '../engine/db/connect.js';
import { portal } from '../portal/app.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { newTasksNotice } from '../portal/seeds/index.js';
import { seedPortal } from './portal-seed.js';
import { runCli } from './cli.js';

await runCli(async () => {
  const config = loadConfig();
  const db = connect(config);
  try {
    await migrateLatest(db, portal);
    const report = await seedPortal(db, { demo: process.env.SEED_DEMO !== '0', formulaLicenseKey: config.formulaLicenseKey });
    console.log(report.skipped ? 'The database already holds data; seeds left it alone.' : `Seeded: ${JSON.stringify(report.counts)}`);
    if (report.skipped && report.counts.permissiontasks) console.log(newTasksNotice(report.counts.permissiontasks));
  } finally {
    await db.destroy();
  }
});
