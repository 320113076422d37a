// A database seeded by an earlier release holds screens under the ids this release gave to other
// screens (seed 003 §2.8: 45 Parameters, 46 Public Messages, 153 Roles, ...). Importing
// portal/metadata/screens renumbers it: every shipped id ends up meaning what the seeds say, the ids of
// portal/metadata/screens/retired.json are removed (with a version kept), and personal views laid over a
// list view that now shows another screen are dropped; other personal views stay.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { portal } from '../../portal/app.js';
import { exportScreens, importScreens, readRetired, screenFileNames } from './screen-transfer.js';
import { SCREEN_MODULES } from './screen-files.js';
import { SCREENS_DIR } from '../../portal/paths.js';
import { SCREEN_TABLES } from './screen-history.js';
import { sqlDateTime } from '../db/clock.js';
import { MODULES_DIR } from '../../portal/paths.js';
import { ModuleRegistry } from './module-registry.js';

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of SCREEN_MODULES) for (const name of screenFileNames(dir, kind)) out[`${kind}/${name}`] = readFileSync(join(dir, kind, name), 'utf8');
  return out;
}

const shipped = (kind: string, id: number) => JSON.parse(readFileSync(join(SCREENS_DIR, kind, `${id}.json`), 'utf8'));

describe.each(await testDialects())('renumbering the screens of an earlier release on %s', (dialect) => {
  let database: TestDatabase;
  let out: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { app: portal });
    await runSeeds(database.db, { demo: true });
    const db = database.db;
    const now = sqlDateTime();
    // The earlier release: Parameters at 45 and Roles at 153 (lists, views, forms), and
    // Public Messages at 46, where this release has User Group Maintenance.
    const old = (id: number, from: number) => {
      const list = shipped('WebList', from);
      list.properties.form = id;
      list.properties.list_id = [{ id, name: list.name, default: true }];
      return {
        WebList: { id, name: list.name, module: list.module, properties: JSON.stringify(list.properties), createon: now },
        WebListview: { id, name: list.name, weblist: id, properties: JSON.stringify(shipped('WebListview', from).properties), createon: now },
        WebForms: { id, name: list.name, module: list.module, properties: JSON.stringify(shipped('WebForms', from).properties), createon: now },
      };
    };
    for (const [id, from] of [[45, 61], [153, 50]] as const) {
      const rows = old(id, from);
      for (const kind of SCREEN_MODULES) await db(SCREEN_TABLES[kind].table).insert(rows[kind]);
    }
    const messages = old(46, 154);
    for (const kind of SCREEN_MODULES) await db(SCREEN_TABLES[kind].table).where({ id: 46 }).update({ name: messages[kind].name, properties: messages[kind].properties });
    // Personal views of the demo IRU user (id 2): on old 46 (Public Messages) and on 58 (unchanged).
    await db('user_view').insert([
      { user_id: 2, weblistview: 46, settings: JSON.stringify({ columns: [{ name: 'message' }] }), updatectr: 1, updateon: now },
      { user_id: 2, weblistview: 58, settings: JSON.stringify({ columns: [{ name: 'name' }] }), updatectr: 1, updateon: now },
    ]);
    out = mkdtempSync(join(tmpdir(), 'renumber-'));
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(out, { recursive: true, force: true });
  });

  it('removes the retired ids, replaces the reused ones and leaves the rest alone', async () => {
    const report = await importScreens(database.db, SCREENS_DIR, ModuleRegistry.fromDirectory(MODULES_DIR));
    expect(report.removed.sort()).toEqual(['WebForms/153', 'WebForms/45', 'WebList/153', 'WebList/45', 'WebListview/153', 'WebListview/45']);
    expect(report.changed.sort()).toEqual(['WebForms/46', 'WebList/46', 'WebListview/46']);
    expect(report.added).toEqual([]);
    const versions = await database.db('screen_version').where({ module: 'WebList', record_id: 45 }).orderBy('version').pluck('action');
    expect(versions).toEqual(['delete']);
  });

  it('leaves exactly the shipped definitions, so the ids mean what the seeds say', async () => {
    await exportScreens(database.db, out);
    expect(snapshot(out)).toEqual(snapshot(SCREENS_DIR));
    const names = Object.fromEntries((await database.db('weblist').whereIn('id', [46, 50, 61, 149]).select('id', 'name')).map((r) => [Number(r.id), r.name]));
    expect(names).toEqual({ 46: 'User Group Maintenance', 50: 'Role & Permission', 61: 'Business Parameters', 149: 'System Parameters' });
  });

  it('drops the personal view laid over a list view that now shows another screen, and keeps the others', async () => {
    const kept = await database.db('user_view').where({ user_id: 2 }).orderBy('weblistview').pluck('weblistview');
    expect(kept.map(Number)).toEqual([58]);
  });

  it('leaves everything alone on a second import', async () => {
    const again = await importScreens(database.db, SCREENS_DIR, ModuleRegistry.fromDirectory(MODULES_DIR));
    expect([again.added, again.changed, again.removed, again.personalViews]).toEqual([[], [], [], 0]);
  });

  it('keeps a retired id that the directory ships again as a file', () => {
    expect(readRetired(SCREENS_DIR).WebList).toContain(151);
    expect(readRetired(join(SCREENS_DIR, 'nowhere')).WebList).toEqual([]);
  });
});
