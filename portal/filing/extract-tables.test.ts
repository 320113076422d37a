// Extract tables on every dialect (docs/filing-periods.md): the regulator accepting a submitted
// form (Record.update to 45) writes its inputs and computed formulas to the ST_ table of each
// tab, created from the template version's extract definition; re-accepting replaces the rows;
// an add-new-rows tab gives one row per data row; a tab wider than a database row takes several
// tables (parts), each value in one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { cellCode } from './cell-codes.js';
import { KEY_COLUMNS } from './extract-tables.js';
import { checkTemplate } from './template-check.js';
import { largeTemplate } from '../testing/large-template.js';
import { sqlDateTime } from '../../engine/db/clock.js';

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

  it('a tab wider than a database row is kept in parts joined by form and line, every value in exactly one of them', async () => {
    // 1,140 numeric cells (a row total each 19th) and 450 text cells: MariaDB holds neither in one table.
    const props = largeTemplate({ item: 'WID01', tabs: 2, rows: 60, cols: 20, formulasPerTab: 60 });
    props.id = 'WID-01';
    props.items[1].items = props.items[1].items.slice(0, 30).map((row, r) => row.map((cell, c) => (c === 0 ? cell : c > 15 ? { value: '' } : { editor: 'text' as const, code: cellCode('WID01', '02', r * 15 + c) })));
    const checked = checkTemplate(props, { itemcode: 'WID01' });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems.slice(0, 3)));
    const db = t.database.db;
    const createon = sqlDateTime();
    const [properties, etlproperties] = [JSON.stringify(checked.template), JSON.stringify(checked.extracts)];
    const [template] = await db('formtemplate').insert({ code: 'WID-01', name: 'Wide template', itemcode: 'WID01', properties, etlproperties, version: 1, state: 33, createon }, ['id']);
    const templateId = Number(typeof template === 'object' ? template.id : template);
    await db('formtemplate_version').insert({ template: templateId, version: 1, properties, etlproperties, createon });
    const batch = await db('formbatch').where({ re: 1 }).orderBy('id').first('id');
    const [made] = await db('form').insert({ code: 'WID-01', name: 'Wide template', re: 1, formbatch: batch.id, endon: '2026-01-31', state: 56, formtemplate: templateId, templateversion: 1, updatectr: 1, createon }, ['id']);
    const id = Number(typeof made === 'object' ? made.id : made);
    const inputs = checked.template.items.flatMap((tab) => tab.items.flatMap((row, r) => row.flatMap((cell, c) => (cell.code && cell.editor !== 'formula' ? [{ tab: tab.id, address: `${String.fromCharCode(65 + c)}${r + 2}`, code: cell.code, editor: cell.editor }] : []))));
    const valueOf = (i: number, editor?: string) => (editor === 'text' ? `Note ${i}` : String(i));
    for (let i = 0; i < inputs.length; i += 200) await db('formcell').insert(inputs.slice(i, i + 200).map((c, j) => ({ form: id, tab: c.tab, address: c.address, code: c.code, value: valueOf(i + j, c.editor) })));
    expect(Number((await accept(id)).state)).toBe(45);

    const tables = (tab: string) => [`ST_WID_01_${tab}`, `ST_WID_01_${tab}_P2`, `ST_WID_01_${tab}_P3`];
    const found = new Map<string, unknown[]>();
    for (const table of [...tables('01'), ...tables('02')]) {
      if (!(await db.schema.hasTable(table))) continue;
      const rows = await rowsOf(table, id);
      expect(rows.map((r) => Number(r.LINENUMBER))).toEqual([1]);
      for (const [k, v] of Object.entries(rows[0])) if (!Object.values(KEY_COLUMNS).includes(k as never) && k !== 'LINENUMBER') found.set(k, [...(found.get(k) ?? []), v]);
    }
    expect(await db.schema.hasTable('ST_WID_01_01_P2')).toBe(true);
    expect(await db.schema.hasTable('ST_WID_01_02_P2')).toBe(true);
    inputs.forEach((c, i) => {
      const seen = found.get(c.code) ?? [];
      expect(seen, c.code).toHaveLength(1);
      expect(c.editor === 'text' ? seen[0] : Number(seen[0]), c.code).toEqual(c.editor === 'text' ? valueOf(i, 'text') : i);
    });
    // A row total, computed on accept, sits in its part too.
    const firstRow = inputs.filter((c) => c.tab === '01' && /^[A-Z]+2$/.test(c.address));
    expect(Number(found.get(cellCode('WID01', '01', 19))![0])).toBe(firstRow.reduce((sum, c) => sum + inputs.indexOf(c), 0));
  });
});
