// Deleting submissions and forms through the protocol on every dialect (docs/filing-periods.md):
// the regulator's Record.delete of a batch takes its forms, their cells, revisions and extract
// rows in one transaction; a form goes alone and its batch is recounted; a form that a query
// refers to stays, and so does everything else; entity users cannot delete; a form or batch of a
// frozen submission is refused with the frozen form's sentence and nothing goes until it is unfrozen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { cellCode } from './cell-codes.js';
import { sqlDate } from '../../engine/db/clock.js';

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

  /** Everything a batch's deletion would take: its row, its forms, their cells, revisions and extract rows. */
  const holdings = async (batch: number, form: number) => ({
    batch: (await t.database.db('formbatch').where({ id: batch })).length,
    forms: (await t.database.db('form').where({ formbatch: batch })).length,
    cells: (await t.database.db('formcell').where({ form })).length,
    revisions: (await t.database.db('formrevision').where({ form })).length,
    extract: (await t.database.db('ST_BNK_01_01').where('FORM_ID', form)).length,
  });

  it('refuses to delete a form or a batch of a frozen period with the frozen sentence, and deletes all of it once unfrozen', async () => {
    const { batch, form } = await openBanks('2026-08-31');
    await acceptWithCells(form);
    const before = await holdings(batch, form);
    expect(before).toMatchObject({ batch: 1, cells: 1, extract: 1 });
    ok(await t.call('FormBatch.freezePeriod', [{ endon: '2026-08-31', calendar: 277, sector: 1, action: 'freeze', reason: 'Figures under audit.' }], iru));
    const name = String((await t.database.db('user').where({ userid: 'iru' }).first('name')).name);
    const d = sqlDate();
    const sentence = `This period is frozen since ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} by ${name}: Figures under audit. Its forms cannot be changed until the regulator unfreezes it.`;
    expect(failure(await remove('Form', form))).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    expect(failure(await remove('FormBatch', batch))).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    expect(await holdings(batch, form)).toEqual(before);
    ok(await t.call('FormBatch.freezePeriod', [{ endon: '2026-08-31', calendar: 277, sector: 1, action: 'unfreeze', reason: 'Audit closed.' }], iru));
    ok(await remove('Form', form));
    expect(await holdings(batch, form)).toMatchObject({ batch: 1, forms: before.forms - 1, cells: 0, revisions: 0, extract: 0 });
    ok(await remove('FormBatch', batch));
    expect(await holdings(batch, form)).toEqual({ batch: 0, forms: 0, cells: 0, revisions: 0, extract: 0 });
  });

  it("refuses to delete a form or a batch frozen on its own by the list's Freeze, and keeps its forms", async () => {
    const { batch, form } = await openBanks('2026-09-30');
    await t.database.db('formcell').insert({ form, tab: '01', address: 'B3', code: cellCode('BNK01', '01', 1), value: '10' });
    await t.database.db('formbatch').where({ id: batch }).update({ frozen_ind: 1 });
    const before = await holdings(batch, form);
    const sentence = 'This submission is frozen: its forms cannot be changed until the regulator unfreezes it.';
    expect(failure(await remove('Form', form))).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    expect(failure(await remove('FormBatch', batch))).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    expect(await holdings(batch, form)).toEqual(before);
    await t.database.db('formbatch').where({ id: batch }).update({ frozen_ind: 0 });
    ok(await remove('FormBatch', batch));
    expect(await holdings(batch, form)).toEqual({ batch: 0, forms: 0, cells: 0, revisions: 0, extract: 0 });
  });
});
