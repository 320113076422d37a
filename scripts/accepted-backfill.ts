// npm run accepted:backfill: keeps the accepted values of forms accepted before the portal kept
// them, so that the extract and the change feed hold them too (portal/filing/accepted-backfill.ts).
import { loadConfig } from '../fastify.config.js';
import { connect, dialectOf } from '../engine/db/connect.js';
import { portal } from '../portal/app.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { backfillAcceptances } from '../portal/filing/accepted-backfill.js';
import { runCli } from './cli.js';

await runCli(async () => {
  const config = loadConfig();
  const db = connect(config);
  try {
    await migrateLatest(db, portal);
    const n = await backfillAcceptances(db, dialectOf(db), config.formulaLicenseKey ?? undefined);
    console.log(n ? `Kept the accepted values of ${n} form${n === 1 ? '' : 's'}.` : 'Every accepted form already has its values kept.');
  } finally {
    await db.destroy();
  }
});
