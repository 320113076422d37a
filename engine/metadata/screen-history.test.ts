// Every save of a screen definition is kept as a version: an admin reads a definition's
// history, compares versions, and restores one as a new save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import type { EnvelopeValue } from '../protocol/envelope.js';

const rowsOf = (v: EnvelopeValue | undefined) => (v?.type === 'recordset' ? v.rows : []);

describe.each(await testDialects())('screen definition versions on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let id: number;
  let ctr: number;
  const v1 = { title: 'Entities', list_id: [{ id: 58, name: 'All', default: true }] };
  const v2 = { ...v1, title: 'Reporting entities' };
  const v3 = { ...v2, export: false };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    const made = await t.call('Record.create', [{ module: 'WebList', fields: ['name', 'module', 'properties'], values: ['entities', 'RE', JSON.stringify(v1)] }], admin);
    [id, ctr] = rowsOf(made[0])[0].map(Number);
    for (const props of [v2, v3]) {
      const saved = await t.call('Record.update', [{ module: 'WebList', fields: ['id', 'updatectr', 'properties'], values: [id, ctr, JSON.stringify(props)] }], admin);
      ctr = Number(rowsOf(saved[0])[0][1]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every save, newest first, with who saved it and what it changed', async () => {
    const [history] = await t.call('Screen.history', [{ module: 'WebList', id }], admin);
    const rows = rowsOf(history);
    expect(rows.map((r) => [r[0], r[1], r[3], r[5]])).toEqual([
      ['3', 'update', 'System Administrator', 'properties.export'],
      ['2', 'update', 'System Administrator', 'properties.title'],
      ['1', 'create', 'System Administrator', 'module,name,properties.list_id,properties.title'],
    ]);
  });

  it('answers the whole definition of one version', async () => {
    const [answer] = await t.call('Screen.version', [{ module: 'WebList', id, version: 1 }], admin);
    expect(answer?.type === 'text' ? JSON.parse(answer.text) : null).toEqual({ name: 'entities', module: 'RE', properties: v1 });
  });

  it('restores a version as a new save that everyone reads from then on', async () => {
    const [restored] = await t.call('Screen.restore', [{ module: 'WebList', id, version: 1, updatectr: ctr }], admin);
    expect(rowsOf(restored)[0]).toEqual([String(id), String(ctr + 1)]);
    ctr += 1;
    const [now] = await t.call('Record.select', [{ module: 'WebList', fields: ['properties'], where: [['id', '=', id]] }], admin);
    expect(JSON.parse(String(rowsOf(now)[0][0]))).toEqual(v1);
    const [history] = await t.call('Screen.history', [{ module: 'WebList', id }], admin);
    expect(rowsOf(history)[0].slice(0, 2)).toEqual([String(ctr), 'update']);
  });

  it('refuses a restore from a stale counter with E_CONCURRENT and changes nothing', async () => {
    const answer = await t.call('Screen.restore', [{ module: 'WebList', id, version: 2, updatectr: ctr - 1 }], admin);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_CONCURRENT' });
    const [now] = await t.call('Record.select', [{ module: 'WebList', fields: ['updatectr'], where: [['id', '=', id]] }], admin);
    expect(Number(rowsOf(now)[0][0])).toBe(ctr);
  });

  it('lets a user who may only read lists see the history but not restore', async () => {
    const iru = await t.sessionFor('iru');
    expect((await t.call('Screen.history', [{ module: 'WebList', id }], iru))[0]?.type).toBe('recordset');
    expect((await t.call('Screen.restore', [{ module: 'WebList', id, version: 2, updatectr: ctr }], iru))[0]).toMatchObject({ type: 'exception', code: 'E_NOPERMISSION' });
  });

  it('answers E_NOTFOUND for a version that does not exist', async () => {
    expect((await t.call('Screen.version', [{ module: 'WebList', id, version: 99 }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_NOTFOUND' });
    expect((await t.call('Screen.history', [{ module: 'WebForms', id: 999999 }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_NOTFOUND' });
  });
});
