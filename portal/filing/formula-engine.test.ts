import { describe, expect, it } from 'vitest';
import { demoTemplates } from './demo-templates.js';
import { FormWorkbook, formulaConfig, formulaLicenseKey, formulaProblems } from './formula-engine.js';
import { normaliseTemplate } from './normalise.js';
import { cellCode } from './cell-codes.js';
import { largeTemplate } from '../../portal/testing/large-template.js';
import type { FormProperties } from './template-schema.js';

const demo = (i: number) => {
  const t = demoTemplates()[i];
  return normaliseTemplate(t.properties, t.itemcode);
};

/** One tab: labels in column A, numeric cells X001..X00n in column B, then the given formula cells. */
function sheet(formulas: string[], inputs = 2): FormProperties {
  const rows = [
    ...Array.from({ length: inputs }, (_, i) => [{ value: `in ${i + 1}` }, { editor: 'numeric' as const, code: `X01${String(i + 1).padStart(3, '0')}` }]),
    ...formulas.map((f, i) => [{ value: `f ${i + 1}` }, { editor: 'formula' as const, code: `X01${String(inputs + i + 1).padStart(3, '0')}`, formula: f }]),
  ];
  return normaliseTemplate(
    { id: 'X', title: 'X', items: [{ id: '01', title: 'A', display_name: 'A', type: 'normal', header: { top: 0, left: 1, items: [] }, items: rows }] },
    'X',
  );
}

describe('the formula engine', () => {
  it('uses the licence key it is given, gpl-v3 by default on the server and the grid key in the grid', () => {
    expect(formulaConfig().licenseKey).toBe('gpl-v3');
    expect(formulaLicenseKey('grid')).toBe('internal-use-in-handsontable');
    expect(formulaLicenseKey('server', 'my-commercial-key')).toBe('my-commercial-key');
    expect(formulaLicenseKey('grid', '  ')).toBe('internal-use-in-handsontable');
    expect(FormWorkbook.build(sheet(['=cell(X01001)*2']), { values: { X01001: '21' } }).value('X01003')).toBe(42);
  });

  it('evaluates formulas by cell code across tabs, with ranges and row formulas', () => {
    const wb = FormWorkbook.build(demo(1), { values: { INS0301001: '1000', INS0301002: '500.4', INS0301003: '0', INS0301004: '100', INS0302001: '300', INS0302002: '300' } });
    expect(wb.results()).toMatchObject({ INS0301005: '1400', INS0302007: '600', INS0302009: '600', INS0303001: '233.40' });
    wb.setValue('INS0302001', '700');
    expect(wb.value('INS0303001')).toBeCloseTo(140.04, 2);
  });

  it('totals an add-new-rows column with col() and multiplies within a row with rc()', () => {
    const wb = FormWorkbook.build(demo(2), { values: { TRC0201004: ['100', '40', null], TRC0201005: ['2.50', '1.25', '9.00'] } });
    expect(wb.rowCount('01')).toBe(3);
    expect(wb.results()).toEqual({ TRC0201006: ['250.00', '50.00', '0.00'], TRC0202002: '140', TRC0202003: '300.00' });
  });

  it('names the cells of a circular reference, and only those', () => {
    const problems = formulaProblems(sheet(['=cell(X01004)+1', '=cell(X01005)*2', '=cell(X01003)-cell(X01001)', '=cell(X01003)+1']));
    expect(problems).toEqual([{ path: '/items/0/items/2/1/formula', message: 'Circular reference: X01003 → X01004 → X01005 → X01003.' }]);
  });

  it('refuses a cell that refers to itself', () => {
    expect(formulaProblems(sheet(['=rc(0,0)+1']))).toEqual([{ path: '/items/0/items/2/1/formula', message: 'Circular reference: X01003 → X01003.' }]);
  });

  it('reports formulas that cannot be read, unknown functions, unknown codes and sheet addresses, each at its path', () => {
    const problems = formulaProblems(sheet(['=SUM(cell(X01001)', '=FOO(1)', '=cell(X01999)+1', '=B1+1', '=rc(-9,0)']));
    expect(problems.map((p) => p.path)).toEqual([
      '/items/0/items/3/1/formula', '/items/0/items/4/1/formula', '/items/0/items/5/1/formula', '/items/0/items/6/1/formula', '/items/0/items/2/1/formula',
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'FOO cannot be used in a template formula: use one of the functions listed in the template guide.',
      'cell(X01999) names no cell of this form.',
      'B1 is a sheet address: name cells as cell(CODE) so the formula survives moves.',
      'rc(-9,0) points outside the tab.',
      'The formula cannot be read: A closing bracket ")" is missing: the formula ends there instead. Check the brackets and commas.',
    ]);
  });

  it('refuses cell() of an add-new-rows tab from another tab', () => {
    const p = demo(2);
    p.items[1].items[1][1].formula = '=cell(TRC0201004)';
    expect(formulaProblems(p)).toEqual([{ path: '/items/1/items/1/1/formula', message: 'cell(TRC0201004) is in an add-new-rows tab: use col(TRC0201004) with SUM or another aggregate.' }]);
  });

  it('keeps text that looks like a formula as text', () => {
    const p = sheet(['=LEN(cell(X01001))']);
    p.items[0].items[0][1] = { editor: 'text', code: 'X01001' };
    const wb = FormWorkbook.build(p, { values: { X01001: '=1+1' } });
    expect(wb.value('X01001')).toBe('=1+1');
    expect(wb.value('X01003')).toBe(4);
  });

  it('disables a cell while its condition holds and skips its validation', () => {
    const wb = FormWorkbook.build(demo(1), { values: { INS0302005: '0', INS0302006: '5' } });
    expect(wb.checks().disabled).toEqual([{ code: 'INS0302006', row: 0 }]);
    wb.setValue('INS0302005', '2');
    expect(wb.checks().disabled).toEqual([]);
  });

  it('answers the validation message of a value the rule refuses, per data row', () => {
    const wb = FormWorkbook.build(demo(2), { values: { TRC0201004: ['10', '-1'] } });
    expect(wb.checks().failures).toEqual([{ code: 'TRC0201004', row: 1, path: '/items/0/items/0/3/validations', message: 'Shares held cannot be negative.', severity: 'error' }]);
  });

  it('answers form-level checks as errors and tier 2 checks as warnings', () => {
    const bank = FormWorkbook.build(demo(0), { values: { BNK0101001: '10', BNK0102001: '9' } });
    expect(bank.checks().failures).toEqual([{ path: '/tabvalidation/0/formula', message: 'Total assets must equal total liabilities and equity.', severity: 'error', sides: { left: 10, right: 9 } }]);
    const ins = FormWorkbook.build(demo(1), { values: { INS0301001: '2000', INS0302001: '100' } });
    expect(ins.checks().failures).toEqual([{ path: '/tier2/0/formula', message: 'A ratio above 1000% is unusual: please confirm the figures.', severity: 'warning' }]);
  });

  it('reads ext() and extform() from the values the caller supplies', () => {
    const wb = FormWorkbook.build(sheet(['=ext(fye)*2', '=extform(BNK0101013)+cell(X01001)']), { values: { X01001: '1' }, ext: { fye: 12 }, extform: { BNK0101013: 99 } });
    expect(wb.results()).toEqual({ X01003: '24', X01004: '100' });
  });

  it('reports a result that does not fit its cell', () => {
    const wb = FormWorkbook.build(sheet(['=cell(X01001)/cell(X01002)']), { values: { X01001: '1', X01002: '0' } });
    expect(wb.checks().failures).toEqual([{ code: 'X01003', row: 0, path: '/items/0/items/2/1/formula', message: 'The formula answers #DIV/0!.', severity: 'error' }]);
  });

  it('computes every tab of a twelve-tab template from its own tab, in the template order', () => {
    const cols = 4;
    const template = normaliseTemplate(largeTemplate({ item: 'TWL01', tabs: 12, rows: 3, cols, formulasPerTab: 3 }), 'TWL01');
    // Tab t (1-based) holds t in every input: a row total is 3t plus the previous tab's total.
    const values: Record<string, string> = {};
    for (let t = 1; t <= 12; t++) {
      const id = String(t).padStart(2, '0');
      for (let r = 0; r < 3; r++) for (let c = 1; c < cols - 1; c++) values[cellCode('TWL01', id, r * (cols - 1) + c)] = `${t}.00`;
    }
    const wb = FormWorkbook.build(template, { values });
    const results = wb.results();
    let running = 0;
    for (let t = 1; t <= 12; t++) {
      running += (cols - 2) * t;
      const total = cellCode('TWL01', String(t).padStart(2, '0'), cols - 1);
      expect([total, results[total]]).toEqual([total, `${running}.00`]);
    }
    wb.setValue(cellCode('TWL01', '10', 1), '100.00');
    // Through tab 10 the total is (cols - 2) × (1 + … + 10); one input of tab 10 raised by 90.
    expect(wb.value(cellCode('TWL01', '10', cols - 1))).toBe((cols - 2) * 55 + 90);
    expect(wb.value(cellCode('TWL01', '12', cols - 1))).toBe(running + 90);
  });

  it('refuses ext() at save, which nothing fills, while a workbook of an older version still computes it blank', () => {
    const template = sheet(['=ext(fye)*2']);
    expect(formulaProblems(template)).toEqual([
      { path: '/items/0/items/2/1/formula', message: "ext(fye) is not filled by the portal: write prev(CODE) for the previous period's figures, or extform(CODE) for a cell of another form of the submission." },
    ]);
    expect(FormWorkbook.build(template).results()).toEqual({ X01003: '0' });
  });
});
