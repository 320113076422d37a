// Extract tables on every dialect (docs/filing-periods.md): the regulator accepting a submitted
// form (Record.update to 45) writes its inputs and computed formulas to the ST_ table of each
// tab, created from the template version's extract definition; re-accepting replaces the rows;
// an add-new-rows tab gives one row per data row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { cellCode } from './cell-codes.js';
import { KEY_COLUMNS } from './extract-tables.js';

describe.each(await testDialects())('extract tables on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  /** The form the first test accepts; the second re-accepts it. */
  let accepted: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  /** A seeded Open form of `code`, its cells set to `cells` (tab, address, code, value) and moved to Submitted. */
  const submittedForm = async (code: string, cells: [string, string, string, string][]) => {
    const form = await t.database.db('form').where({ code, state: 13 }).whereNotNull('formtemplate').orderBy('id', 'desc').first('id');
    await t.database.db('formcell').where({ form: form.id }).delete();
    await t.database.db('formcell').insert(cells.map(([tab, address, c, value]) => ({ form: form.id, tab, address, code: c, value })));
    await t.database.db('form').where({ id: form.id }).update({ state: 56 });
    return Number(form.id);
  };
  const accept = async (id: number) => {
    const { updatectr } = await t.database.db('form').where({ id }).first('updatectr');
    return readBack(ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [id, updatectr, 45], read: ['id', 'state'] }], iru)));
  };
  const rowsOf = (table: string, form: number) => t.database.db(table).where(KEY_COLUMNS.form, form).orderBy('LINENUMBER').select();

  const bnk = (n: number) => cellCode('BNK01', '01', n);

  it('accepting a form creates the tab tables and writes its cells and formulas, one row per form', async () => {
    const id = await submittedForm('BNK-01', [['01', 'B3', bnk(1), '1000'], ['01', 'B4', bnk(3), '250'], ['01', 'C3', bnk(2), '900'], ['03', 'C4', cellCode('BNK01', '03', 2), 'Audit & Co']]);
    expect(Number((await accept(id)).state)).toBe(45);
    accepted = id;
    const form = await t.database.db('form').where({ id }).first('re', 'formbatch', 'templateversion');
    const [row] = await rowsOf('ST_BNK_01_01', id);
    expect(Number(row.LINENUMBER)).toBe(1);
    expect(Number(row[KEY_COLUMNS.re])).toBe(Number(form.re));
    expect(Number(row[KEY_COLUMNS.batch])).toBe(Number(form.formbatch));
    expect(Number(row[bnk(1)])).toBe(1000);
    expect(Number(row[bnk(3)])).toBe(250);
    // The total of the current-year column is a formula (SUM of the five lines), computed on accept.
    expect(Number(row[bnk(11)])).toBe(1250);
    expect(row[bnk(5)]).toBeNull();
    const [notes] = await rowsOf('ST_BNK_01_03', id);
    expect(notes[cellCode('BNK01', '03', 2)]).toBe('Audit & Co');
    expect(await rowsOf('ST_BNK_01_02', id)).toHaveLength(1);
  });

  it('a re-accepted resubmission replaces its rows', async () => {
    const id = accepted;
    await t.database.db('formcell').where({ form: id, address: 'B3', tab: '01' }).update({ value: '4000' });
    await t.database.db('form').where({ id }).update({ state: 56 });
    await accept(id);
    const rows = await rowsOf('ST_BNK_01_01', id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0][bnk(1)])).toBe(4000);
    expect(Number(rows[0][bnk(11)])).toBe(4250);
  });

  it('an add-new-rows tab gives one row per data row, numbered by line', async () => {
    const k = (n: number) => cellCode('TRC02', '01', n);
    const id = await submittedForm('TRC-02', [
      ['01', 'A3', k(1), 'Alice Tan'], ['01', 'D3', k(4), '100'], ['01', 'E3', k(5), '2.50'],
      ['01', 'A4', k(1), 'Bob Lim'], ['01', 'D4', k(4), '40'], ['01', 'E4', k(5), '1.00'],
    ]);
    await accept(id);
    const rows = await rowsOf('ST_TRC_02_01', id);
    expect(rows.map((r) => [Number(r.LINENUMBER), r[k(1)], Number(r[k(6)])])).toEqual([[1, 'Alice Tan', 250], [2, 'Bob Lim', 40]]);
    const [period] = await rowsOf('ST_TRC_02_02', id);
    expect(Number(period[cellCode('TRC02', '02', 2)])).toBe(140);
  });
});
