// A source form's formulas, as prev() and the variance check read them, come from its kept accepted
// values when those are the same values (the form is Accepted, its last acceptance kept, and its
// template's formulas read no other form), and are computed otherwise; on every dialect. The kept
// values are marked here (a value no formula gives) to see which way a read went.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { crossFormTemplates, insertBatch, insertTemplate } from '../testing/cross-form.js';
import { formCellValues } from './external-values.js';
import { readFormRow } from './form-data.js';

describe.each(await testDialects())('formula values of an accepted source form on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    preparer = await t.sessionFor('preparer');
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  /** A form of `template` filled with `values`, submitted straight and accepted through the record engine. */
  async function accepted(template: number, values: Record<string, number>, endon: string): Promise<number> {
    const db = t.database.db;
    const [form] = await insertBatch(db, endon, [template]);
    ok(await t.call('Form.saveData', [{ form, updatectr: 1, cells: Object.entries(values).map(([code, value]) => ({ code, value })) }], preparer));
    await db('form').where({ id: form }).update({ state: 56 });
    const { updatectr } = await db('form').where({ id: form }).first('updatectr');
    expect(readBack(ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, 45], read: ['id', 'state'] }], iru))).state).toBe(45);
    return form;
  }

  const read = async (form: number, code: string) => {
    const db = t.database.db;
    const row = await readFormRow(db, form);
    const [v] = await formCellValues(db, { ...row, endon: null }, [code], { root: db });
    return v.value;
  };

  it('reads the kept value of an accepted form whose formulas read no other form, and computes it once the form is reopened', async () => {
    const db = t.database.db;
    const { b, ib } = crossFormTemplates(101);
    const template = await insertTemplate(db, b, ib);
    const form = await accepted(template, { [`${ib}01001`]: 110 }, '2026-08-31');
    // Net loans is gross − 10: kept as 100 on acceptance.
    expect(await read(form, `${ib}01002`)).toBe('100');
    await db('acceptedcell').where({ form, code: `${ib}01002` }).update({ value: '77' });
    expect(await read(form, `${ib}01002`)).toBe('77');
    // Returned for amendment: its cells may change, so the formula is computed from them.
    await db('form').where({ id: form }).update({ state: 74, updatectr: 99 });
    expect(await read(form, `${ib}01002`)).toBe('100');
  });

  it('reads the kept value when only the template\'s checks read other forms, which change no formula\'s result', async () => {
    const db = t.database.db;
    const { b, ib } = crossFormTemplates(103);
    b.tier2 = [{ formula: `=cell(${ib}01001)<=prev(${ib}01001)*2`, message: 'Gross loans more than doubled.' }];
    const template = await insertTemplate(db, b, ib);
    const form = await accepted(template, { [`${ib}01001`]: 110 }, '2026-08-31');
    await db('acceptedcell').where({ form, code: `${ib}01002` }).update({ value: '77' });
    expect(await read(form, `${ib}01002`)).toBe('77');
  });

  it('computes the formulas of a template that reads other forms, whose kept values were computed with them', async () => {
    const db = t.database.db;
    const { a, ia } = crossFormTemplates(102);
    const template = await insertTemplate(db, a, ia);
    const form = await accepted(template, { [`${ia}01001`]: 500, [`${ia}01002`]: 500, [`${ia}01003`]: 0 }, '2026-08-31');
    await db('acceptedcell').where({ form, code: `${ia}01004` }).update({ value: '77' });
    expect(await db('acceptedcell').where({ form, code: `${ia}01004` }).first('value')).toEqual({ value: '77' });
    // Computed over its own inputs only, its own prev() reads nothing: 0, never the kept value.
    expect(await read(form, `${ia}01004`)).toBe('0');
  });
});
