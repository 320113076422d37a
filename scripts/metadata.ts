// npm run metadata -- export DIR   writes every screen definition as one JSON file per record
// npm run metadata -- import DIR   checks every file, then applies them all in one transaction
// npm run metadata -- export-reports DIR | import-reports DIR   the same for the PDF reports
//   (WebReport records, the report designer's; the project's own are portal/metadata/reports)
// Reads the same environment as npm start (DATABASE_URL, DATA_DIR).
import { resolve } from 'node:path';
import { loadConfig } from '../fastify.config.js';
import { connect } from '../engine/db/connect.js';
import { migrateLatest } from '../engine/db/migrate.js';
import { exportScreens, importScreens } from '../engine/metadata/screen-transfer.js';
import { exportReports, importReports } from '../engine/reports/report-transfer.js';
import { portal } from '../portal/app.js';
import { ModuleRegistry } from '../engine/metadata/module-registry.js';
import { runCli } from './cli.js';
import { MODULES_DIR } from '../portal/paths.js';
import { appModules } from '../engine/app/app-modules.js';

const USAGE = 'usage: npm run metadata -- export DIR | import DIR | export-reports DIR | import-reports DIR';
const COMMANDS = ['export', 'import', 'export-reports', 'import-reports'];

await runCli(async () => {
  const [command, target] = process.argv.slice(2);
  if (!target || !COMMANDS.includes(command)) throw new Error(USAGE);
  const dir = resolve(target);
  const config = loadConfig();
  const db = connect(config);
  try {
    await migrateLatest(db, portal);
    if (command === 'export-reports') {
      console.log(`Exported ${await exportReports(db, dir)} report(s) to ${dir}`);
    } else if (command === 'import-reports') {
      const report = await importReports(db, dir, appModules(portal));
      console.log(`Imported reports from ${dir}: ${report.added.length} added, ${report.changed.length} changed, ${report.unchanged.length} left alone`);
      for (const name of report.added) console.log(`  added    ${name}`);
      for (const name of report.changed) console.log(`  changed  ${name}`);
    } else if (command === 'export') {
      const counts = await exportScreens(db, dir);
      console.log(`Exported to ${dir}: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
    } else {
      const report = await importScreens(db, dir, ModuleRegistry.fromDirectory(MODULES_DIR));
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
