// Screen metadata as files: export → import into an empty database → export again gives the
// same bytes; an import reports what it added, changed and left alone, and a bad file stops it
// before anything is written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { portal } from '../../portal/app.js';
import { exportScreens, importScreens, screenFileNames } from './screen-transfer.js';
import { SCREEN_MODULES } from './screen-files.js';
import { SCREENS_DIR } from '../../portal/paths.js';
import { MODULES_DIR } from '../../portal/paths.js';
import { ModuleRegistry } from './module-registry.js';

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of SCREEN_MODULES) for (const name of screenFileNames(dir, kind)) out[`${kind}/${name}`] = readFileSync(join(dir, kind, name), 'utf8');
  return out;
}

describe.each(await testDialects())('screen metadata files on %s', (dialect) => {
  let seeded: TestDatabase;
  let empty: TestDatabase;
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'screens-'));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    seeded = await createTestDatabase(dialect, { app: portal });
    await runSeeds(seeded.db, { demo: false });
    empty = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await seeded?.destroy();
    await empty?.destroy();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('exports, imports into an empty database and exports again to identical files', async () => {
    const first = tempDir();
    const counts = await exportScreens(seeded.db, first);
    expect(counts.WebList).toBeGreaterThan(0);
    const report = await importScreens(empty.db, first, ModuleRegistry.fromDirectory(MODULES_DIR));
    expect(report.changed).toEqual([]);
    expect(report.added.length).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    const second = tempDir();
    await exportScreens(empty.db, second);
    expect(snapshot(second)).toEqual(snapshot(first));
  });

  it('writes the project metadata in the same form as it is kept in the repository', async () => {
    const out = tempDir();
    await exportScreens(seeded.db, out);
    expect(snapshot(out)).toEqual(snapshot(SCREENS_DIR));
  });

  it('reports a second import as all left alone, and a changed file as changed with a new version', async () => {
    const dir = tempDir();
    await exportScreens(empty.db, dir);
    const again = await importScreens(empty.db, dir, ModuleRegistry.fromDirectory(MODULES_DIR));
    expect(again.added).toEqual([]);
    expect(again.changed).toEqual([]);
    const [name] = screenFileNames(dir, 'WebList');
    const file = join(dir, 'WebList', name);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.properties.title = 'Renamed by import';
    writeFileSync(file, JSON.stringify(record));
    const report = await importScreens(empty.db, dir, ModuleRegistry.fromDirectory(MODULES_DIR));
    expect(report.changed).toEqual([`WebList/${record.id}`]);
    const versions = await empty.db('screen_version').where({ module: 'WebList', record_id: record.id }).orderBy('version').pluck('action');
    expect(versions).toEqual(['create', 'update']);
  });

  it('rolls the whole import back when a definition names a module that does not exist', async () => {
    const dir = tempDir();
    await exportScreens(empty.db, dir);
    const [name] = screenFileNames(dir, 'WebListview');
    const view = JSON.parse(readFileSync(join(dir, 'WebListview', name), 'utf8'));
    view.properties.controller.module = 'Nowhere';
    writeFileSync(join(dir, 'WebListview', name), JSON.stringify(view));
    const [listName] = screenFileNames(dir, 'WebList');
    const list = JSON.parse(readFileSync(join(dir, 'WebList', listName), 'utf8'));
    list.properties.title = 'Must not be applied';
    writeFileSync(join(dir, 'WebList', listName), JSON.stringify(list));
    await expect(importScreens(empty.db, dir, ModuleRegistry.fromDirectory(MODULES_DIR))).rejects.toThrow(`WebListview/${name}: properties/controller/module: no module named Nowhere`);
    const stored = await empty.db('weblist').where({ id: list.id }).first('properties');
    expect(JSON.parse(stored.properties).title).not.toBe('Must not be applied');
  });

  it('stops at a file that breaks its schema before writing anything', async () => {
    const dir = tempDir();
    await exportScreens(empty.db, dir);
    const before = snapshot(dir);
    const names = screenFileNames(dir, 'WebListview');
    const good = JSON.parse(readFileSync(join(dir, 'WebList', screenFileNames(dir, 'WebList')[0]), 'utf8'));
    good.properties.title = 'Must not be applied';
    writeFileSync(join(dir, 'WebList', `${good.id}.json`), JSON.stringify(good));
    const bad = JSON.parse(readFileSync(join(dir, 'WebListview', names[0]), 'utf8'));
    bad.properties.fields = [];
    writeFileSync(join(dir, 'WebListview', names[0]), JSON.stringify(bad));
    await expect(importScreens(empty.db, dir, ModuleRegistry.fromDirectory(MODULES_DIR))).rejects.toThrow(`WebListview/${names[0]}: properties/fields must NOT have fewer than 1 items`);
    const after = tempDir();
    await exportScreens(empty.db, after);
    expect(snapshot(after)[`WebList/${good.id}.json`]).toBe(before[`WebList/${good.id}.json`]);
  });
});
