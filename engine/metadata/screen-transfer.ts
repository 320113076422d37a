// Screen metadata as files and back (`npm run metadata -- export DIR | import DIR`): one stable,
// diff-friendly JSON file per record (sorted keys) in DIR/{WebList,WebListview,WebForms}/{id}.json,
// the same form as the project's own portal/metadata/screens. Import checks every file first and then
// applies them all in one transaction, with the versions and change versions of a normal save.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { stableJson } from '../protocol/stable-json.js';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import { readScreenFiles, SCREEN_MODULES, type ScreenRecord } from './screen-files.js';
import { definitionOf, keepScreenVersion, SCREEN_TABLES } from './screen-history.js';
import type { ScreenModule } from './screen-schemas.js';
import { screenReferenceProblems } from './screen-references.js';
import { ModuleRegistry } from './module-registry.js';

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
  /** Stored records of ids the directory retires (`retired.json`) and holds no file for. */
  removed: string[];
  /** Users' personal views dropped: laid over a list view that was removed or now reads another module. */
  personalViews: number;
}

/** The file of DIR naming the ids of earlier releases that this one no longer ships. */
export const RETIRED_FILE = 'retired.json';

/** Ids per kind that `DIR/retired.json` retires (none when the file is absent). */
export function readRetired(dir: string): Record<ScreenModule, number[]> {
  const out = Object.fromEntries(SCREEN_MODULES.map((k) => [k, [] as number[]])) as Record<ScreenModule, number[]>;
  const file = join(dir, RETIRED_FILE);
  if (!existsSync(file)) return out;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const kind of SCREEN_MODULES) {
    const ids = raw[kind] ?? [];
    if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id > 0)) throw new Error(`${RETIRED_FILE}: ${kind} must be a list of ids`);
    out[kind] = ids as number[];
  }
  return out;
}

/** The module a stored or filed list view reads (properties.controller.module). */
function viewModule(properties: unknown): string | null {
  const p = (typeof properties === 'string' ? JSON.parse(properties) : properties) as { controller?: { module?: string } } | null;
  return p?.controller?.module ?? null;
}

/** Reads and checks every file of DIR before anything is written; throws naming the first bad file. */
export function readScreenDir(dir: string): Record<ScreenModule, ScreenRecord[]> {
  const out = {} as Record<ScreenModule, ScreenRecord[]>;
  for (const kind of SCREEN_MODULES) out[kind] = readScreenFiles(kind, dir);
  return out;
}

export async function importScreens(db: Knex, dir: string, modules: ModuleRegistry, who: number | null = null): Promise<ImportReport> {
  const files = readScreenDir(dir);
  const retired = readRetired(dir);
  const report: ImportReport = { added: [], changed: [], unchanged: [], removed: [], personalViews: 0 };
  await db.transaction(async (trx) => {
    // Personal views are laid over a list view's columns: a view whose id now means another screen
    // (a renumbering) or is gone takes them with it.
    const staleViews: number[] = [];
    for (const kind of SCREEN_MODULES) {
      const { table, owner } = SCREEN_TABLES[kind];
      const filed = new Set(files[kind].map((r) => r.id));
      for (const id of retired[kind].filter((i) => !filed.has(i))) {
        const stored = await trx(table).where({ id }).first('updatectr');
        if (!stored) continue;
        await trx(table).where({ id }).delete();
        await keepScreenVersion(trx, kind, id, Number(stored.updatectr) + 1, 'delete', who);
        if (kind === 'WebListview') staleViews.push(id);
        report.removed.push(`${kind}/${id}`);
      }
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
        if (kind === 'WebListview' && viewModule(stored.properties) !== viewModule(record.properties)) staleViews.push(record.id);
        const version = Number(stored.updatectr) + 1;
        await trx(table).where({ id: record.id }).update({ ...wanted, updatectr: version, updateon: now, updateby: who });
        await keepScreenVersion(trx, kind, record.id, version, 'update', who);
        report.changed.push(label);
      }
      await bumpVersions(trx, [table]);
    }
    if (staleViews.length) {
      report.personalViews = await trx('user_view').whereIn('weblistview', staleViews).delete();
      await bumpVersions(trx, ['user_view']);
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
