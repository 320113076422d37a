// Reports as files and back (`npm run metadata -- export-reports DIR | import-reports DIR`), like
// the screens' export and import: the export writes every stored report (report-files.ts); the
// import checks every file first, then adds and updates in one transaction with the versions and
// change versions of a normal save, and leaves alone what is already stored as filed.
import type { Knex } from 'knex';
import { stableJson } from '../protocol/stable-json.js';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import { keepScreenVersion } from '../metadata/screen-history.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { reportRecordOf, type ReportRecord } from './report-definition.js';
import { readReportFiles, writeReportFiles } from './report-files.js';
import { REPORT_TABLE } from './report-store.js';

export async function storedReports(db: Knex | Knex.Transaction): Promise<ReportRecord[]> {
  const rows = await db(REPORT_TABLE).orderBy('name').select('name', 'module', 'title', 'template', 'properties');
  return rows.map((r: Record<string, unknown>) => reportRecordOf(r));
}

export async function exportReports(db: Knex, dir: string): Promise<number> {
  const records = await storedReports(db);
  writeReportFiles(records, dir);
  return records.length;
}

export interface ReportImport {
  added: string[];
  changed: string[];
  unchanged: string[];
}

export async function importReports(db: Knex, dir: string, modules: ModuleRegistry, who: number | null = null): Promise<ReportImport> {
  const files = readReportFiles(modules, dir);
  const out: ReportImport = { added: [], changed: [], unchanged: [] };
  await db.transaction(async (trx) => {
    for (const r of files) {
      const stored = await trx(REPORT_TABLE).where({ name: r.name }).first('id', 'name', 'module', 'title', 'template', 'properties', 'updatectr');
      const wanted = { name: r.name, module: r.module, title: r.title, template: r.template, properties: JSON.stringify(r.properties) };
      const now = sqlDateTime();
      if (!stored || stored.name !== r.name) {
        await trx(REPORT_TABLE).insert({ ...wanted, updatectr: 1, createon: now, createby: who, updateon: now, updateby: who });
        const row = await trx(REPORT_TABLE).where({ name: r.name }).first('id');
        await keepScreenVersion(trx, 'WebReport', Number(row.id), 1, 'create', who);
        out.added.push(r.name);
        continue;
      }
      if (stableJson(reportRecordOf(stored)) === stableJson(r)) {
        out.unchanged.push(r.name);
        continue;
      }
      const version = Number(stored.updatectr) + 1;
      await trx(REPORT_TABLE).where({ id: stored.id }).update({ ...wanted, updatectr: version, updateon: now, updateby: who });
      await keepScreenVersion(trx, 'WebReport', Number(stored.id), version, 'update', who);
      out.changed.push(r.name);
    }
    await bumpVersions(trx, [REPORT_TABLE]);
  });
  return out;
}
