// Personal list views: each user's own columns, widths, order and filters on top of an admin's
// list view, on the server, seen by that user only, reset to the admin's view on request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import type { EnvelopeValue } from '../../protocol/envelope.js';

const json = (values: EnvelopeValue[]) => (values[0]?.type === 'text' ? JSON.parse(values[0].text) : values[0]);

describe.each(await testDialects())('personal list views on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let iru: string;
  let view: number;
  const settings = { columns: [{ name: 'name', width: 300 }, { name: 'sector_name_ind_field', visible: false }], order: 'name desc', filters: [['state', '=', 33]] };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    const admin = await t.sessionFor('admin');
    const made = await t.call('Record.create', [{ module: 'WebListview', fields: ['name', 'properties'], values: ['entities', JSON.stringify({ controller: { module: 'RE' }, fields: [{ name: 'name' }, { name: 'sector_name_ind_field' }, { name: 'state_name_ind_field' }] })] }], admin);
    view = Number(made[0]?.type === 'recordset' ? made[0].rows[0][0] : 0);
    re = await t.sessionFor('re');
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a user on the admin view until they save their own', async () => {
    expect(json(await t.call('ListView.personal', [{ view }], re))).toBeNull();
  });

  it('saves a personal view that only its user reads back', async () => {
    expect(json(await t.call('ListView.savePersonal', [{ view, settings }], re))).toBe(1);
    expect(json(await t.call('ListView.personal', [{ view }], re))).toEqual({ settings, updatectr: 1 });
    expect(json(await t.call('ListView.personal', [{ view }], iru))).toBeNull();
  });

  it('refuses a save from a stale copy with E_CONCURRENT and keeps the stored one', async () => {
    expect(json(await t.call('ListView.savePersonal', [{ view, settings: { order: 'name asc' }, updatectr: 1 }], re))).toBe(2);
    const stale = await t.call('ListView.savePersonal', [{ view, settings: { order: 'state asc' }, updatectr: 1 }], re);
    expect(stale[0]).toMatchObject({ type: 'exception', code: 'E_CONCURRENT' });
    expect(json(await t.call('ListView.personal', [{ view }], re))).toEqual({ settings: { order: 'name asc' }, updatectr: 2 });
  });

  it('refuses columns the admin view does not have, and settings of the wrong shape', async () => {
    const unknown = await t.call('ListView.savePersonal', [{ view, settings: { columns: [{ name: 'password' }] } }], iru);
    expect(unknown[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    const wrong = await t.call('ListView.savePersonal', [{ view, settings: { columns: 'all' } }], iru);
    expect(wrong[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
    expect(json(await t.call('ListView.personal', [{ view }], iru))).toBeNull();
  });

  it('resets to the admin view', async () => {
    expect((await t.call('ListView.resetPersonal', [{ view }], re))[0]).toEqual({ type: 'text', text: 'OK' });
    expect(json(await t.call('ListView.personal', [{ view }], re))).toBeNull();
  });

  it('answers E_NOTFOUND for a list view that does not exist', async () => {
    expect((await t.call('ListView.personal', [{ view: 999999 }], re))[0]).toMatchObject({ type: 'exception', code: 'E_NOTFOUND' });
  });
});
