import { describe, expect, it } from 'vitest';
import type { FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { addReachedSheets, designerWorkbook, gridWorkbook, reachedSheets } from './designer-workbook';

const tab = (id: string, cells: Tab['items'][number]): Tab => ({
  id, title: `T${id}`, display_name: `Tab ${id}`, type: 'normal',
  header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: 'Amount' }]] },
  items: [cells],
});

// 01 cites 02, which cites 03; 04 stands alone.
const props = (): FormProperties => ({
  id: 'ABC', title: 'Form',
  items: [
    tab('01', [{ value: 'Cash' }, { editor: 'formula', code: 'ABC01001', formula: '=cell(ABC02001)*2' }]),
    tab('02', [{ value: 'Loans' }, { editor: 'formula', code: 'ABC02001', formula: '=cell(ABC03001)+1' }]),
    tab('03', [{ value: 'Base' }, { editor: 'numeric', code: 'ABC03001', value: 20 }]),
    tab('04', [{ value: 'Other' }, { editor: 'numeric', code: 'ABC04001', value: 5 }]),
  ],
});

describe("the designer's workbook", () => {
  it('holds the open tab and the tabs its formulas reach, through other tabs too, and no others', () => {
    expect(Object.keys(reachedSheets(props(), 0)).sort()).toEqual(['01', '02', '03']);
    expect(Object.keys(reachedSheets(props(), 3))).toEqual(['04']);
  });

  it("computes Excel's results, with the overrides of the one cell model and TRUE and FALSE as literals", () => {
    const p = props();
    p.items[3].items[0] = [{ value: 'Rounded' }, { editor: 'formula', code: 'ABC04001', formula: '=IF(TRUE,ROUND(1.005,2),0)+INT(-0.5)' }];
    for (const wb of [designerWorkbook(p, 3), gridWorkbook(p, 3)]) {
      if (!wb.getSheetDimensions(wb.getSheetId('04')!).height) wb.setSheetContent(wb.getSheetId('04')!, reachedSheets(p, 3)['04']);
      expect(wb.getCellValue({ sheet: wb.getSheetId('04')!, row: 1, col: 1 })).toBe(0.01);
      wb.destroy();
    }
  });

  it('computes a formula across two tabs', () => {
    const wb = designerWorkbook(props(), 0);
    expect(wb.getCellValue({ sheet: wb.getSheetId('01')!, row: 1, col: 1 })).toBe(42);
    wb.destroy();
  });

  it('brings in a tab that a formula of the open tab has just come to cite', () => {
    const p = props();
    const wb = designerWorkbook(p, 3);
    expect(addReachedSheets(wb, p, 3)).toBe(false);
    p.items[3].items[0][1] = { editor: 'formula', code: 'ABC04001', formula: '=cell(ABC03001)*3' };
    wb.setSheetContent(wb.getSheetId('04')!, [['Item', 'Amount'], ['Other', '=\'03\'!$B$2*3']]);
    expect(addReachedSheets(wb, p, 3)).toBe(true);
    expect(wb.getCellValue({ sheet: wb.getSheetId('04')!, row: 1, col: 1 })).toBe(60);
    wb.destroy();
  });

  it("leaves the grid's own sheet for the grid to fill, and computes across tabs once it is filled", () => {
    const p = props();
    const wb = gridWorkbook(p, 0);
    expect(wb.getSheetSerialized(wb.getSheetId('01')!)).toEqual([]);
    expect(wb.getCellValue({ sheet: wb.getSheetId('02')!, row: 1, col: 1 })).toBe(21);
    expect(addReachedSheets(wb, p, 0)).toBe(false);
    wb.setSheetContent(wb.getSheetId('01')!, [['Item', 'Amount'], ['Cash', "='02'!$B$2*2"]]);
    expect(wb.getCellValue({ sheet: wb.getSheetId('01')!, row: 1, col: 1 })).toBe(42);
    wb.destroy();
  });
});
