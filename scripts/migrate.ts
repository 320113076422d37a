// npm run migrate: brings the configured database (DATABASE_URL or the embedded SQLite under
// DATA_DIR) to the latest schema.
import { loadConfig } from '../fastify.config.js';
import { connect } from '../engine/db/connect.js';
import { portal } from '../portal/app.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { runCli } from './cli.js';

await runCli(async () => {
  const config = loadConfig();
  const db = connect(config);
  try {
    const applied = await migrateLatest(db, portal);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.destroy();
  }
});
