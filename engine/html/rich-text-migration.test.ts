// Migration 0019_rich_text on every dialect: rich text stored by an earlier release (which did not
// sanitise on write) is cleaned once by the same allow-list; plain-text parameters are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { richText } from '../../migrations/0019_rich_text.js';
import { readVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';

const DIRTY = '<p>Due <b>Friday</b></p><img src=x onerror=alert(1)><script>alert(2)</script>';
const CLEAN = '<p>Due <b>Friday</b></p>';

describe.each(await testDialects())('migration 0019_rich_text on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.destroy());

  it('cleans stored bulletin and public messages and rich-text parameters, and bumps their change versions', async () => {
    const db = database.db;
    const now = sqlDateTime();
    const [bulletin] = await db('bulletin').insert({ name: 'Old', message: DIRTY, startdate: now, enddate: now, state: 33, createon: now, updatectr: 1 });
    const [notice] = await db('publicmessage').insert({ message: DIRTY, state: 33, createon: now });
    const [rich] = await db('parameters').insert({ name: 'rich', code: 'm.rich', fieldtype: 7632, value0: DIRTY, state: 33, createon: now });
    const [plain] = await db('parameters').insert({ name: 'plain', code: 'm.plain', fieldtype: 1648, value0: DIRTY, state: 33, createon: now });
    const before = (await readVersions(db)).get('bulletin') ?? 0;

    await richText.up(db);
    expect((await db('bulletin').where({ id: bulletin }).first('message')).message).toBe(CLEAN);
    expect((await db('publicmessage').where({ id: notice }).first('message')).message).toBe(CLEAN);
    expect((await db('parameters').where({ id: rich }).first('value0')).value0).toBe(CLEAN);
    expect((await db('parameters').where({ id: plain }).first('value0')).value0).toBe(DIRTY);
    expect((await readVersions(db)).get('bulletin')).toBeGreaterThan(before);
  });
});
