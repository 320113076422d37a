// The variance check through the protocol, on every dialect: a change above its threshold is
// listed with the previous form's value, its change and the sector's median, one below is not, a
// form without an earlier accepted form is counted as not compared; each caller sees only its
// rows (a relationship manager its banks, other staff not the SMD forms), a value of a form the
// caller cannot list is never shown, medians included; bad arguments and thresholds are refused
// in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { BNK, SMD_CATEGORY, insertVarianceForms } from '../testing/variance-forms.js';

const PREV = '2001-03-31';
const NOW = '2001-06-30';
const ACCEPTED = 45;
const SUBMITTED = 56;

describe.each(await testDialects())('the variance check on %s', (dialect) => {
  let t: TestEngine;
  const s: Record<string, string> = {};
  const forms: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    for (const u of ['iru', 'rm', 're']) s[u] = await t.sessionFor(u);
    const made = await insertVarianceForms(t.database.db, [
      // Bank 1: total assets 1,000 → 1,200 (+20 %: above 10 %); cash the same (+20 %: below the 25 % of every other cell).
      { re: 1, endon: PREV, state: ACCEPTED, values: { [BNK.cash]: 1000 } },
      { re: 1, endon: NOW, state: SUBMITTED, values: { [BNK.cash]: 1200 } },
      // Bank 2: +5 %, below; its forms are SMD items, which only the relationship manager lists.
      { re: 2, endon: PREV, state: ACCEPTED, category: SMD_CATEGORY, values: { [BNK.cash]: 1000 } },
      { re: 2, endon: NOW, state: SUBMITTED, category: SMD_CATEGORY, values: { [BNK.cash]: 1050 } },
      // Bank 3: no earlier form.
      { re: 3, endon: NOW, state: SUBMITTED, values: { [BNK.cash]: 900 } },
      // Bank 4 (not the relationship manager's): +60 %, total and cash (1,200 more: above the floor of 1,000).
      { re: 4, endon: PREV, state: ACCEPTED, values: { [BNK.cash]: 2000 } },
      { re: 4, endon: NOW, state: SUBMITTED, values: { [BNK.cash]: 3200 } },
      // Bank 5: its previous form is an SMD item, hidden from other staff; its current one is not.
      { re: 5, endon: PREV, state: ACCEPTED, category: SMD_CATEGORY, values: { [BNK.cash]: 500 } },
      { re: 5, endon: NOW, state: SUBMITTED, values: { [BNK.cash]: 5000 } },
    ]);
    ['p1', 'n1', 'p2', 'n2', 'n3', 'p4', 'n4', 'p5', 'n5'].forEach((k, i) => (forms[k] = made[i].form));
  });
  afterAll(async () => t?.close());

  const check = async (session: string, args: Record<string, unknown>) => {
    const values = ok(await t.call('Form.varianceCheck', [args], session));
    return { rows: recordsetObjects(values[0] as RecordsetValue), summary: JSON.parse((values[1] as { text: string }).text) };
  };

  it('lists the changes above their threshold, largest first, with the previous value, the change and the sector median over the forms the caller lists', async () => {
    const { rows, summary } = await check(s.iru, { template: 'BNK-01', endon: NOW });
    expect(rows.map((r) => [r.re, r.code, Number(r.current), Number(r.previous), Number(r.change), Number(r.change_pct)])).toEqual([
      [4, BNK.cash, 3200, 2000, 1200, 60],
      [4, BNK.totalAssets, 3200, 2000, 1200, 60],
      [1, BNK.totalAssets, 1200, 1000, 200, 20],
    ]);
    const total = rows[2];
    expect(total).toMatchObject({ form: forms.n1, previous_form: forms.p1, tab: 'SFP-A', tab_name: 'Assets', label: 'Total assets (Current year)', sector_name: 'Banking', re_name: expect.any(String) });
    expect(String(total.previous_endon).slice(0, 10)).toBe(PREV);
    expect(Number(total.threshold_pct)).toBe(10);
    expect(total.threshold_amount).toBeNull();
    // Banks 1, 3, 4 and 5 are this caller's: 900, 1,200, 3,200, 5,000.
    expect(Number(total.median)).toBe(2200);
    expect(total.median_forms).toBe(4);
    expect(Number(rows[0].threshold_pct)).toBe(25);
    expect(Number(rows[0].threshold_amount)).toBe(1000);
    expect(summary).toEqual({ template: 'BNK-01', endon: NOW, forms: 4, noPrevious: 1, previousHidden: 1, changes: 3, shown: 3 });
  });

  it('answers the largest changes up to max, and counts them all in the summary', async () => {
    const { rows, summary } = await check(s.iru, { template: 'BNK-01', endon: NOW, max: 2 });
    expect(rows.map((r) => [r.re, r.code])).toEqual([[4, BNK.cash], [4, BNK.totalAssets]]);
    expect(summary).toMatchObject({ changes: 3, shown: 2 });
    expect(failure(await t.call('Form.varianceCheck', [{ template: 'BNK-01', endon: NOW, max: 0 }], s.iru)).code).toBe('E_BADREQUEST');
  });

  it('leaves out a change below its threshold and a form without an earlier accepted form', async () => {
    const { rows, summary } = await check(s.rm, { template: 'BNK-01', endon: NOW });
    // Bank 2 moved 5 %; bank 3 has nothing to compare with.
    expect(rows.map((r) => [r.re, r.code])).toEqual([[1, BNK.totalAssets]]);
    expect(summary).toMatchObject({ forms: 3, noPrevious: 1, previousHidden: 0 });
  });

  it('keeps a relationship manager (role 37) to its own banks: their forms, their median', async () => {
    const { rows } = await check(s.rm, { template: 'BNK-01', endon: NOW, sector: 1 });
    expect(new Set(rows.map((r) => r.re))).toEqual(new Set([1]));
    // Banks 1, 2 and 3: 900, 1,050, 1,200.
    expect(Number(rows[0].median)).toBe(1050);
    expect(rows[0].median_forms).toBe(3);
  });

  it('never shows a value of a form the caller cannot list: not as a row, a previous value or in a median', async () => {
    const { rows } = await check(s.iru, { template: 'BNK-01', endon: NOW });
    const forms2 = [forms.p2, forms.n2, forms.p5];
    expect(rows.filter((r) => forms2.includes(Number(r.form)) || forms2.includes(Number(r.previous_form)))).toEqual([]);
    const shown = rows.flatMap((r) => [r.current, r.previous, r.median].map(Number));
    // 1,050 is bank 2's (hidden) figure, 500 bank 5's hidden previous one.
    expect(shown).not.toContain(1050);
    expect(shown).not.toContain(500);
    // With bank 2's 1,050 the median of five would be 1,200; it is the four listed forms' 2,200.
    expect(rows.every((r) => Number(r.median) === 2200)).toBe(true);
  });

  it('compares nothing for a sector none of whose entities filed', async () => {
    const { rows, summary } = await check(s.iru, { template: 'BNK-01', endon: NOW, sector: 2 });
    expect(rows).toEqual([]);
    expect(summary).toMatchObject({ forms: 0 });
  });

  it('refuses arguments it cannot use, saying what to give', async () => {
    const refused = async (args: Record<string, unknown>) => failure(await t.call('Form.varianceCheck', [args], s.iru));
    expect(await refused({ endon: NOW })).toMatchObject({ code: 'E_VALIDATION', details: { template: 'Choose the template to check.' } });
    expect(await refused({ template: 'NOPE-9', endon: NOW })).toMatchObject({ code: 'E_VALIDATION', details: { template: 'There is no template NOPE-9: choose one of the templates offered.' } });
    expect(await refused({ template: 'BNK-01' })).toMatchObject({ code: 'E_VALIDATION', details: { endon: 'Enter the period end to check.' } });
    expect(await refused({ template: 'BNK-01', endon: '2001-02-30' })).toMatchObject({ code: 'E_VALIDATION', details: { endon: '2001-02-30 is not a date: give the period end as YYYY-MM-DD.' } });
    expect(await refused({ template: 'BNK-01', endon: NOW, sector: 999 })).toMatchObject({ code: 'E_VALIDATION', details: { sector: 'There is no sector 999: choose one of the sectors offered, or none for every sector.' } });
    expect(await refused({ template: 'TRC-02', endon: NOW })).toMatchObject({ code: 'E_VALIDATION', details: { template: 'TRC-02 has no active variance threshold: add one in Variance thresholds first.' } });
    expect(failure(await t.call('Form.varianceCheck', [{ template: 'BNK-01', endon: NOW }], s.re)).code).toBe('E_NOPERMISSION');
  });

  it('keeps thresholds that the check can use: a limit above zero, a number cell of the template, one per cell', async () => {
    const template = Number((await t.database.db('formtemplate').where({ code: 'INS-03' }).first('id')).id);
    const create = (values: Record<string, unknown>) => t.call('Record.create', [{ module: 'VarianceRule', fields: Object.keys(values), values: Object.values(values), read: ['id', 'code', 'celllabel'] }], s.iru);
    expect(failure(await create({ formtemplate: template, code: 'INS0301005' })).details).toEqual({ percent: 'Enter a threshold: a percentage, an amount, or both' });
    expect(failure(await create({ formtemplate: template, code: 'INS0301005', percent: 0, amount: -5 })).details).toEqual({ percent: 'The percentage must be more than 0', amount: 'The amount must be more than 0' });
    expect(failure(await create({ formtemplate: template, code: 'INS0399999', percent: 5 })).details).toEqual({ code: 'INS-03 has no cell INS0399999: enter a cell code of the template, or leave it empty for every number cell' });
    expect(failure(await create({ formtemplate: template, code: 'INS0303002', percent: 5 })).details).toEqual({ code: 'INS0303002 is not a number cell of INS-03 with one value a form (numbers in add-new-rows tabs are not compared): choose another cell, or leave it empty for every number cell' });
    expect(failure(await create({ formtemplate: template, code: 'INS0302007', percent: 5 })).details).toEqual({ code: 'INS-03 already has a threshold for INS0302007: change that one' });
    const made = recordsetObjects(ok(await create({ formtemplate: template, code: ' ins0301005 ', percent: 5 }))[0] as RecordsetValue)[0];
    expect(made.code).toBe('INS0301005');
    // The cell in words beside its code, for the list of thresholds.
    expect(made.celllabel).toMatch(/\(.+\): Total capital available$/);
    const every = recordsetObjects(ok(await create({ formtemplate: template, percent: 20 }))[0] as RecordsetValue)[0];
    expect(every).toMatchObject({ code: null, celllabel: 'Every number cell' });
    expect(failure(await t.call('Record.create', [{ module: 'VarianceRule', fields: ['formtemplate', 'percent'], values: [template, 5] }], s.re)).code).toBe('E_NOPERMISSION');
  });
});
