// The portal's PDF reports as WebReport records (the report designer, docs/reports.md), from
// portal/metadata/reports. A database seeded by an earlier release gets the reports it lacks (by name);
// a report already stored is the administrators' and is left alone. Each starts its history at
// version 1, as the shipped screens do.
import type { Knex } from 'knex';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { keepScreenVersion } from '../../engine/metadata/screen-history.js';
import { appModuleDefs, ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { MODULES_DIR, REPORTS_DIR } from '../paths.js';
import { readReportFiles } from '../../engine/reports/report-files.js';
import { REPORT_TABLE } from '../../engine/reports/report-store.js';
import { PORTAL_PRINT_VALUES } from '../print-values.js';

export async function seedReports(db: Knex, createon: string): Promise<Record<string, number>> {
  // The reports are checked against the portal's modules and the print values it computes.
  const records = readReportFiles(new ModuleRegistry(appModuleDefs(MODULES_DIR), { name: 'regportal', modulesDir: MODULES_DIR, printValues: PORTAL_PRINT_VALUES }), REPORTS_DIR);
  const stored = new Set((await db(REPORT_TABLE).pluck('name')).map(String));
  let added = 0;
  for (const r of records.filter((x) => !stored.has(x.name))) {
    await db(REPORT_TABLE).insert({ name: r.name, module: r.module, title: r.title, template: r.template, properties: JSON.stringify(r.properties), updatectr: 1, createon, updateon: createon });
    const row = await db(REPORT_TABLE).where({ name: r.name }).first('id');
    await keepScreenVersion(db, 'WebReport', Number(row.id), 1, 'create', null);
    added++;
  }
  if (added) await bumpVersions(db, [REPORT_TABLE]);
  return added ? { [REPORT_TABLE]: added } : {};
}
