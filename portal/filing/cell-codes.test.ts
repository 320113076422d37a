import { describe, expect, it } from 'vitest';
import { assignCellCodes, cellCode, defaultItemCode, duplicateCodes, findCell, indexCells } from './cell-codes.js';
import { demoTemplates } from './demo-templates.js';
import type { FormProperties } from './template-schema.js';

function bare(): FormProperties {
  return {
    id: 'GEN-09',
    title: 'Test',
    items: [
      {
        id: '01', title: 'A', display_name: 'A', type: 'normal',
        header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: 'Amount' }, { value: 'Note' }]] },
        items: [
          [{ value: 'Cash' }, { editor: 'numeric' }, { editor: 'text' }],
          [{ value: 'Loans' }, { editor: 'numeric' }, { value: 'a label' }],
        ],
      },
    ],
  };
}

describe('cell codes', () => {
  it('are the item code, the tab id and a three-digit counter', () => {
    expect(cellCode('BNK01', '02', 7)).toBe('BNK0102007');
    expect(cellCode('BNK01', '02', 1234)).toBe('BNK01021234');
    expect(defaultItemCode('BNK-01')).toBe('BNK01');
    expect(defaultItemCode('01-X')).toBe('F01X');
  });

  it('are given to data cells only, in template order', () => {
    const p = bare();
    expect(assignCellCodes(p, 'GEN09')).toEqual(['GEN0901001', 'GEN0901002', 'GEN0901003']);
    expect(p.items[0].items[0][1].code).toBe('GEN0901001');
    expect(p.items[0].items[1][2].code).toBeUndefined();
    expect(p.items[0].header.items[0][1].code).toBeUndefined();
    expect(p.codecounters).toEqual({ '01': 3 });
  });

  it('survive a row move and are never reused after a cell is removed', () => {
    const p = bare();
    assignCellCodes(p, 'GEN09');
    p.items[0].items.reverse(); // move the Loans row above Cash
    p.items[0].items[1].pop(); // remove Cash's text cell (code 002)
    p.items[0].items[0].push({ editor: 'date' });
    assignCellCodes(p, 'GEN09');
    expect(p.items[0].items[0].map((c) => c.code)).toEqual([undefined, 'GEN0901003', undefined, 'GEN0901004']);
    expect(p.items[0].items[1][1].code).toBe('GEN0901001');
  });

  it('are not reused when a tab is removed and another takes its id', () => {
    const p = bare();
    assignCellCodes(p, 'GEN09');
    p.items[0] = { ...bare().items[0], items: [[{ value: 'New' }, { editor: 'numeric' }]] };
    assignCellCodes(p, 'GEN09');
    expect(p.items[0].items[0][1].code).toBe('GEN0901004');
  });

  it('give a duplicated tab fresh codes while the original keeps its own', () => {
    const p = bare();
    assignCellCodes(p, 'GEN09');
    p.items.push({ ...structuredClone(p.items[0]), id: '02', title: 'B' });
    expect(duplicateCodes(p).map((d) => d.code)).toEqual(['GEN0901001', 'GEN0901002', 'GEN0901003']);
    assignCellCodes(p, 'GEN09');
    expect(p.items[0].items[0][1].code).toBe('GEN0901001');
    expect(p.items[1].items[0][1].code).toBe('GEN0902001');
    expect(duplicateCodes(p)).toEqual([]);
  });

  it('raise the mark past a code copied in from elsewhere', () => {
    const p = bare();
    p.items[0].items[0][1].code = 'GEN0901040';
    assignCellCodes(p, 'GEN09');
    expect(p.items[0].items[0][2].code).toBe('GEN0901041');
  });

  it('refuse an item code that cannot name a column', () => {
    expect(() => assignCellCodes(bare(), 'GEN-09')).toThrow(/cannot prefix/);
  });

  it('find a cell by its code, wherever it sits', () => {
    const p = demoTemplates()[1].properties;
    const place = findCell(p, 'INS0302006');
    expect(place && { tab: place.tab.id, row: place.row, col: place.col, path: place.path }).toEqual({ tab: '02', row: 5, col: 1, path: '/items/1/items/5/1' });
    expect(findCell(p, 'INS0302999')).toBeUndefined();
    expect(indexCells(p).get('INS0302009')?.section).toBe('summary');
  });

  it('are already complete in the demo templates', () => {
    for (const t of demoTemplates()) {
      expect(assignCellCodes(t.properties, t.itemcode), t.code).toEqual([]);
      expect(duplicateCodes(t.properties)).toEqual([]);
    }
  });
});
