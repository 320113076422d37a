// Screen.indexAdvice names the index a list view's opening selects need when no index of the
// table serves them, from the indexes the database really has, so an admin's new list view
// cannot be slow without the editor saying so.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { recordsetObjects, type RecordsetValue } from '../../protocol/envelope.js';
import { failure, ok } from '../../testing/record-calls.js';

const VIEW_201 = JSON.parse(readFileSync(new URL('../../../portal/metadata/screens/WebListview/201.json', import.meta.url), 'utf8')).properties;
const withOrder = (order: string) => ({ ...VIEW_201, controller: { ...VIEW_201.controller, order } });

describe.each(await testDialects())('Screen.indexAdvice on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => t?.close());

  const advice = async (properties: unknown, cookie = admin) => recordsetObjects(ok(await t.call('Screen.indexAdvice', [{ properties }], cookie))[0] as RecordsetValue);

  it('has nothing to say of a shipped list view, whose order its indexes serve', async () => {
    expect(await advice(VIEW_201)).toEqual([]);
  });

  it('names the index a new order needs, for staff and for RE users, until the table has it', async () => {
    const rows = await advice(withOrder('updateon desc'));
    const staff = rows.find((r) => r.caller === 'staff');
    expect(staff).toMatchObject({ module: 'Helpdesk', table: 'helpdesk', index: 'updateon' });
    expect(String(staff!.reason)).toContain('No index of helpdesk holds these columns in this order');
    const re = rows.find((r) => r.caller === 're');
    if (re) expect(re).toMatchObject({ table: 'helpdesk', index: 're, updateon' });
    await t.database.db.schema.alterTable('helpdesk', (tb) => tb.index(['updateon'], 'helpdesk_updateon_probe'));
    try {
      expect((await advice(withOrder('updateon desc'))).filter((r) => r.caller === 'staff')).toEqual([]);
    } finally {
      await t.database.db.schema.alterTable('helpdesk', (tb) => tb.dropIndex(['updateon'], 'helpdesk_updateon_probe'));
    }
  });

  it('has nothing to say of a select that reads one row by its key (an entity’s own record)', async () => {
    const view = { controller: { module: 'RE', order: 'updateon desc' }, module_alias: 'RE-RE', fields: [{ name: 'name', title: 'Name' }] };
    const rows = await advice(view);
    expect(rows.map((r) => r.caller)).toEqual(['staff']);
  });

  it('says when no index can give the order, because it sorts by a joined table', async () => {
    const [staff] = (await advice(withOrder('category_name_ind_field asc'))).filter((r) => r.caller === 'staff');
    expect(staff.index).toBeNull();
    expect(staff.reason).toBe('It sorts by category_name_ind_field, a column of a joined table: no index of helpdesk can give this order, so every page sorts the matching rows.');
  });

  it('refuses properties that are not a list view, an unknown field, and a caller without the editors’ permission', async () => {
    expect(failure(await t.call('Screen.indexAdvice', [{ properties: { fields: [] } }], admin)).code).toBe('E_VALIDATION');
    expect(failure(await t.call('Screen.indexAdvice', [{ properties: withOrder('nosuchfield asc') }], admin)).code).toBe('E_INVALIDFIELD');
    const re = await t.sessionFor('re');
    expect(failure(await t.call('Screen.indexAdvice', [{ properties: VIEW_201 }], re)).code).toBe('E_NOPERMISSION');
  });
});
