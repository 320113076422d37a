// Screen metadata as files and back (`npm run metadata -- export DIR | import DIR`): one stable,
// diff-friendly JSON file per record (sorted keys) in DIR/{WebList,WebListview,WebForms}/{id}.json,
// the same form as the project's own metadata/screens. Import checks every file first and then
// applies them all in one transaction, with the versions and change versions of a normal save.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { stableJson } from '../contract/stable-json.js';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import { readScreenFiles, SCREEN_MODULES, type ScreenRecord } from './screen-files.js';
import { definitionOf, keepScreenVersion, SCREEN_TABLES } from './screen-history.js';
import type { ScreenModule } from './screen-schemas.js';
import { screenReferenceProblems } from './screen-references.js';
import { ModuleRegistry } from './module-registry.js';
import { MODULES_DIR } from './paths.js';

/** A stored row in the file form: `{id, name, module | weblist, properties}`. */
function fileRecord(kind: ScreenModule, row: Record<string, unknown>): ScreenRecord {
  return { id: Number(row.id), ...definitionOf(kind, row) } as ScreenRecord;
}

export async function exportScreens(db: Knex, dir: string): Promise<Record<ScreenModule, number>> {
  const counts = {} as Record<ScreenModule, number>;
  for (const kind of SCREEN_MODULES) {
    const { table, owner } = SCREEN_TABLES[kind];
    const folder = join(dir, kind);
    // The folder is the export: files of records that no longer exist must not linger.
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const rows = await db(table).orderBy('id').select('id', 'name', owner, 'properties');
    for (const row of rows) writeFileSync(join(folder, `${row.id}.json`), stableJson(fileRecord(kind, row)));
    counts[kind] = rows.length;
  }
  return counts;
}

export interface ImportReport {
  added: string[];
  changed: string[];
  unchanged: string[];
}

/** Reads and checks every file of DIR before anything is written; throws naming the first bad file. */
export function readScreenDir(dir: string): Record<ScreenModule, ScreenRecord[]> {
  const out = {} as Record<ScreenModule, ScreenRecord[]>;
  for (const kind of SCREEN_MODULES) out[kind] = readScreenFiles(kind, dir);
  return out;
}

export async function importScreens(db: Knex, dir: string, who: number | null = null, modules: ModuleRegistry = ModuleRegistry.fromDirectory(MODULES_DIR)): Promise<ImportReport> {
  const files = readScreenDir(dir);
  const report: ImportReport = { added: [], changed: [], unchanged: [] };
  await db.transaction(async (trx) => {
    for (const kind of SCREEN_MODULES) {
      const { table, owner } = SCREEN_TABLES[kind];
      for (const record of files[kind]) {
        const label = `${kind}/${record.id}`;
        const stored = await trx(table).where({ id: record.id }).first('id', 'name', owner, 'properties', 'updatectr');
        const wanted = { name: record.name, [owner]: owner === 'module' ? (record.module ?? null) : (record.weblist ?? null), properties: JSON.stringify(record.properties) };
        const now = sqlDateTime();
        if (!stored) {
          await trx(table).insert({ id: record.id, ...wanted, updatectr: 1, createon: now, createby: who, updateon: now, updateby: who });
          await keepScreenVersion(trx, kind, record.id, 1, 'create', who);
          report.added.push(label);
          continue;
        }
        if (stableJson(fileRecord(kind, stored)) === stableJson(fileRecord(kind, { id: record.id, ...wanted }))) {
          report.unchanged.push(label);
          continue;
        }
        const version = Number(stored.updatectr) + 1;
        await trx(table).where({ id: record.id }).update({ ...wanted, updatectr: version, updateon: now, updateby: who });
        await keepScreenVersion(trx, kind, record.id, version, 'update', who);
        report.changed.push(label);
      }
      await bumpVersions(trx, [table]);
    }
    // What the definitions name may come in the same import: checked once all are in place,
    // and a problem rolls the whole import back.
    for (const kind of SCREEN_MODULES) {
      for (const record of files[kind]) {
        const [problem] = await screenReferenceProblems(trx, modules, kind, record.properties, record.module ?? null);
        if (problem) throw new Error(`${kind}/${record.id}.json: ${problem}`);
      }
    }
  });
  return report;
}

/** The file names of one kind in DIR (for reports and tests). */
export function screenFileNames(dir: string, kind: ScreenModule): string[] {
  try {
    return readdirSync(join(dir, kind)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
}
