// Screen.modules: the editors' module catalogue, as the record engine resolves the modules,
// without secret columns, for callers holding WebListview.select only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { bumpVersions } from '../../db/change-versions.js';
import { ACCESS_TABLES } from '../../identity/session-store.js';
import type { EnvelopeValue } from '../../protocol/envelope.js';
import type { CatalogueModule } from '../../metadata/module-catalogue.js';

const json = (values: EnvelopeValue[]) => (values[0]?.type === 'text' ? JSON.parse(values[0].text) : values[0]);

describe.each(await testDialects())('the module catalogue on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every module sorted by name with its fields, types, titles and lookups', async () => {
    const modules = json(await t.call('Screen.modules', [], admin)) as CatalogueModule[];
    const names = modules.map((m) => m.name);
    expect(names).toEqual([...t.engine.services.modules.all().map((m) => m.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const re = modules.find((m) => m.name === 'RE')!;
    expect(re.hasStateMap).toBe(true);
    expect(re.fields.find((f) => f.name === 'name')).toMatchObject({ type: 'string' });
    expect(re.fields.find((f) => f.name === 'sector')).toMatchObject({ type: 'integer', lookup: 'Sector' });
    expect(re.fields.find((f) => f.name === 'sector_name_ind_field')).toMatchObject({ type: 'string', lookupOf: 'sector', system: true });
    expect(re.fields.find((f) => f.name === 'id')).toMatchObject({ type: 'integer', system: true });
    expect(modules.find((m) => m.name === 'RE-RE')).toMatchObject({ variantOf: 'RE' });
  });

  it('never lists secret columns', async () => {
    const user = (json(await t.call('Screen.modules', [], admin)) as CatalogueModule[]).find((m) => m.name === 'User')!;
    const secret = [...t.engine.services.modules.get('User')!.secretFields.keys()];
    expect(secret.length).toBeGreaterThan(0);
    for (const s of secret) expect(user.fields.map((f) => f.name)).not.toContain(s);
  });

  it('needs WebListview.select and a session', async () => {
    expect((await t.call('Screen.modules', []))[0]).toMatchObject({ type: 'exception', code: 'E_ILLEGALACCESS' });
    const db = t.database.db;
    const task = await db('permissiontasks').where({ name: 'WebListview.select' }).first('id');
    await db('role_permissiontasks').where({ link_fk_role: 1, link_fk_permissiontasks: task.id }).delete();
    await bumpVersions(db, ACCESS_TABLES);
    const re = await t.sessionFor('re');
    expect((await t.call('Screen.modules', [], re))[0]).toMatchObject({ type: 'exception', code: 'E_NOPERMISSION' });
  });
});
