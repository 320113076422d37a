import { describe, expect, it } from 'vitest';
import { demoTemplates } from '../../../portal/filing/demo-templates.js';
import { normaliseTemplate } from '../../../portal/filing/normalise.js';
import { cellCode } from '../../../portal/filing/cell-codes.js';
import { FormEntry, cellKey } from './entry-model';

const template = (code: string) => {
  const t = demoTemplates().find((d) => d.code === code)!;
  return normaliseTemplate(t.properties, t.itemcode);
};
const lists = (g: number) => (g === 295 ? ['Director', 'Chief Executive Officer'] : g === 80 ? ['Monthly', 'Quarterly'] : undefined);

describe('a form being filled', () => {
  it('shows the server values at their addresses and recomputes a formula as a value is typed', () => {
    const t = template('INS-03');
    const e = new FormEntry(t, [{ tab: '01', address: 'B2', code: cellCode('INS03', '01', 1), value: '100' }], lists);
    const paidUp = e.site(0, 1, 1)!;
    expect(e.shown(paidUp)).toBe('100');
    const total = e.siteOfCode(cellCode('INS03', '01', 5))!;
    expect(e.shown(total)).toBe('100');
    expect(e.input(e.site(0, 2, 1)!, '2,500')).toEqual({ ok: true });
    expect(e.shown(total)).toBe('2,600');
    expect(e.changes()).toEqual({ cells: [{ code: cellCode('INS03', '01', 2), value: '2500' }] });
    expect(e.dirty).toBe(true);
    e.markSaved();
    expect(e.dirty).toBe(false);
  });

  it('keeps a bad value as typed with the message of the one value model, and an onchange validation at its cell', () => {
    const e = new FormEntry(template('INS-03'), [], lists);
    const paidUp = e.site(0, 1, 1)!;
    expect(e.input(paidUp, '12.5')).toEqual({ ok: false, message: 'Enter a whole number, without decimals.' });
    expect(e.shown(paidUp)).toBe('12.5');
    const deduction = e.site(0, 4, 1)!;
    e.input(deduction, '-5');
    const problems = e.problems();
    expect(problems.get(paidUp.key)).toBe('Enter a whole number, without decimals.');
    expect(problems.get(deduction.key)).toBe('Enter the deduction as a positive amount. (INS0301004 = -5)');
  });

  it('takes only listed dropdown values, spelled as listed', () => {
    const e = new FormEntry(template('TRC-02'), [], lists);
    const position = e.site(0, 2, 1)!;
    expect(e.input(position, 'director')).toEqual({ ok: true });
    expect(e.shown(position)).toBe('Director');
    expect(e.input(position, 'Janitor')).toEqual({ ok: false, message: 'Choose one of the listed values.' });
    const look = e.view(0, false, { problems: new Map(), queries: new Set() }).cells.find((c) => c.row === 2 && c.col === 1)!;
    expect(look.listgroup).toBe(295);
  });

  it('adds rows to an add-new-rows tab within its maximum, numbering them on from the first body row', () => {
    const t = template('TRC-02');
    const shares = cellCode('TRC02', '01', 4);
    const e = new FormEntry(t, [{ tab: '01', address: 'D3', code: shares, value: '10' }, { tab: '01', address: 'D4', code: null, value: '5' }], lists);
    expect(e.rowCount('01')).toBe(2);
    expect(e.shown(e.siteByKey(cellKey('01', 'D4'))!)).toBe('5');
    const totalShares = e.siteOfCode(cellCode('TRC02', '02', 2))!;
    expect(e.shown(totalShares)).toBe('15');
    e.addRow(t.items[0]);
    e.input(e.siteByKey(cellKey('01', 'D5'))!, '7');
    expect(e.shown(totalShares)).toBe('22');
    expect(e.changes()).toEqual({ cells: [{ tab: '01', address: 'D5', value: '7' }], rows: { '01': 3 } });
    e.removeRow(t.items[0], 0);
    expect(e.shown(e.siteByKey(cellKey('01', 'D3'))!)).toBe('5');
    expect(e.shown(totalShares)).toBe('12');
  });

  it('disables a cell whose disable condition holds', () => {
    const e = new FormEntry(template('INS-03'), [], lists);
    const branches = e.siteOfCode(cellCode('INS03', '02', 5))!;
    const capital = e.siteOfCode(cellCode('INS03', '02', 6))!;
    e.input(branches, '0');
    expect(e.isDisabled(capital)).toBe(true);
    e.input(branches, '2');
    expect(e.isDisabled(capital)).toBe(false);
  });

  it('marks cells with an explanatory note, a problem or an open query, and makes every cell read-only on a read-only form', () => {
    const t = template('INS-03');
    t.items[0].items[0][1].note = 'Ordinary shares only.';
    const e = new FormEntry(t, [], lists);
    const paidUp = e.site(0, 1, 1)!;
    const look = (readOnly: boolean) => e.view(0, readOnly, { problems: new Map([[paidUp.key, 'x']]), queries: new Set([paidUp.code]) }).cells.find((c) => c.row === 1 && c.col === 1)!;
    expect(look(false).className.split(' ')).toEqual(expect.arrayContaining(['has-note', 'cell-problem', 'has-query', 'cell-input']));
    expect(look(false).readOnly).toBe(false);
    expect(look(true).readOnly).toBe(true);
    const total = e.siteOfCode(cellCode('INS03', '01', 5))!;
    expect(e.view(0, false, { problems: new Map(), queries: new Set() }).cells.find((c) => c.row === total.row && c.col === total.col)!.readOnly).toBe(true);
  });
});
