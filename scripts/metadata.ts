// npm run metadata -- export DIR   writes every screen definition as one JSON file per record
// npm run metadata -- import DIR   checks every file, then applies them all in one transaction
// Reads the same environment as npm start (DATABASE_URL, DATA_DIR).
import { resolve } from 'node:path';
import { loadConfig } from '../fastify.config.js';
import { connect } from '../engine/db/connect.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { exportScreens, importScreens } from '../engine/metadata/screen-transfer.js';
import { runCli } from './cli.js';

const USAGE = 'usage: npm run metadata -- export DIR | import DIR';

await runCli(async () => {
  const [command, target] = process.argv.slice(2);
  if (!target || (command !== 'export' && command !== 'import')) throw new Error(USAGE);
  const dir = resolve(target);
  const config = loadConfig();
  const db = connect(config);
  try {
    await migrateLatest(db);
    if (command === 'export') {
      const counts = await exportScreens(db, dir);
      console.log(`Exported to ${dir}: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
    } else {
      const report = await importScreens(db, dir);
      console.log(`Imported from ${dir}: ${report.added.length} added, ${report.changed.length} changed, ${report.removed.length} removed, ${report.unchanged.length} left alone`);
      for (const label of report.added) console.log(`  added    ${label}`);
      for (const label of report.changed) console.log(`  changed  ${label}`);
      for (const label of report.removed) console.log(`  removed  ${label} (retired by ${dir}/retired.json)`);
      if (report.personalViews) console.log(`  ${report.personalViews} personal list view(s) dropped: their list view was removed or now shows another screen`);
    }
  } finally {
    await db.destroy();
  }
});
