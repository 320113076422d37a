// Deleting submissions and forms through the protocol on every dialect (docs/filing-periods.md):
// the regulator's Record.delete of a batch takes its forms, their cells, revisions and extract
// rows in one transaction; a form goes alone and its batch is recounted; a form that a query
// refers to stays, and so does everything else; entity users cannot delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { cellCode } from './cell-codes.js';

describe.each(await testDialects())('deleting submissions and forms on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  /** Opens a monthly period for the banks; answers entity 1's batch and form ids. */
  const openBanks = async (endon: string) => {
    const values = ok(await t.call('FormBatch.openPeriod', [{ calendar: 277, endon, sector: 1 }], iru));
    const mine = recordsetObjects(values[0] as RecordsetValue).find((r) => Number(r.re) === 1)!;
    return { batch: Number(mine.formbatch), form: Number(mine.form) };
  };
  const remove = async (module: string, id: number, cookie = iru) => {
    const table = module.endsWith('FormBatch') ? 'formbatch' : 'form';
    const { updatectr } = await t.database.db(table).where({ id }).first('updatectr');
    return t.call('Record.delete', [{ module, fields: ['id', 'updatectr'], values: [id, updatectr] }], cookie);
  };
  /** Fills a cell, submits and accepts the form, so it has cells, revisions and extract rows. */
  const acceptWithCells = async (form: number) => {
    await t.database.db('formcell').insert({ form, tab: '01', address: 'B3', code: cellCode('BNK01', '01', 1), value: '10' });
    await t.database.db('form').where({ id: form }).update({ state: 56 });
    const { updatectr } = await t.database.db('form').where({ id: form }).first('updatectr');
    ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, 45] }], iru));
    expect(await t.database.db('ST_BNK_01_01').where('FORM_ID', form)).toHaveLength(1);
    expect((await t.database.db('formrevision').where({ form })).length).toBeGreaterThan(0);
  };

  it('deleting a batch deletes its forms with their cells, revisions and extract rows', async () => {
    const { batch, form } = await openBanks('2026-02-28');
    await acceptWithCells(form);
    ok(await remove('FormBatch', batch));
    expect(await t.database.db('formbatch').where({ id: batch })).toEqual([]);
    expect(await t.database.db('form').where({ formbatch: batch })).toEqual([]);
    expect(await t.database.db('formcell').where({ form })).toEqual([]);
    expect(await t.database.db('formrevision').where({ form })).toEqual([]);
    expect(await t.database.db('ST_BNK_01_01').where('FORM_ID', form)).toEqual([]);
  });

  it('deleting a form leaves its batch, recounted', async () => {
    const { batch, form } = await openBanks('2026-03-31');
    await t.database.db('formcell').insert({ form, tab: '01', address: 'B3', code: cellCode('BNK01', '01', 1), value: '10' });
    ok(await remove('Form', form));
    expect(await t.database.db('form').where({ id: form })).toEqual([]);
    expect(await t.database.db('formcell').where({ form })).toEqual([]);
    const left = await t.database.db('formbatch').where({ id: batch }).first('total0');
    expect(Number(left.total0)).toBe(0);
  });

  it('refuses to delete a form that a query refers to, and writes nothing', async () => {
    const { batch, form } = await openBanks('2026-05-31');
    await t.database.db('formcell').insert({ form, tab: '01', address: 'B3', code: cellCode('BNK01', '01', 1), value: '10' });
    await t.database.db('query').insert({ re: 1, formbatch: batch, form, formtab: '01', dataitem: cellCode('BNK01', '01', 1), name: 'Why?', description: 'Explain', state: 54, updatectr: 1, createon: '2026-06-01 10:00:00' });
    const refused = failure(await remove('FormBatch', batch));
    expect(refused.code).toBe('E_VALIDATION');
    expect(refused.message).toBe('This cannot be deleted: 1 query refers to its forms.');
    expect(failure(await remove('Form', form)).code).toBe('E_VALIDATION');
    expect(await t.database.db('form').where({ id: form })).toHaveLength(1);
    expect(await t.database.db('formcell').where({ form })).toHaveLength(1);
  });

  it('entity users cannot delete their submissions or forms', async () => {
    const { batch, form } = await openBanks('2026-06-30');
    expect(failure(await remove('REFormBatch', batch, re)).code).toBe('E_NOPERMISSION');
    expect(failure(await remove('REForm', form, re)).code).toBe('E_NOPERMISSION');
    expect(failure(await remove('FormBatch', batch, re)).code).toBe('E_NOPERMISSION');
    expect(await t.database.db('form').where({ id: form })).toHaveLength(1);
  });
});
