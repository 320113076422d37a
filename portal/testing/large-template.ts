// The large template of the form template benchmark and size tests: 10 tabs of 2,000 cells each (100 rows
// × 20 columns: a label column and 19 numeric cells), 500 formulas (50 per tab: row totals, and
// from the second tab on the same total of the previous tab). One generator, so the server check
// benchmark, the designer benchmark and the body-limit test all measure the same template.
import { cellCode } from '../filing/cell-codes.js';
import type { Cell, FormProperties, Tab } from '../filing/template-schema.js';

export interface LargeTemplateSize {
  item: string;
  tabs: number;
  rows: number;
  cols: number;
  formulasPerTab: number;
}

export const LARGE: LargeTemplateSize = { item: 'BIG01', tabs: 10, rows: 100, cols: 20, formulasPerTab: 50 };

export function largeTemplate(size: Partial<LargeTemplateSize> = {}): FormProperties {
  const { item, tabs, rows: rowCount, cols, formulasPerTab } = { ...LARGE, ...size };
  const items: Tab[] = [];
  for (let t = 0; t < tabs; t++) {
    const id = String(t + 1).padStart(2, '0');
    let counter = 0;
    const rows: Cell[][] = [];
    for (let r = 0; r < rowCount; r++) {
      const row: Cell[] = [{ value: `Line ${r + 1}` }];
      for (let c = 1; c < cols; c++) row.push({ editor: 'numeric', code: cellCode(item, id, ++counter), scale: 2 });
      rows.push(row);
    }
    for (let r = 0; r < Math.min(formulasPerTab, rowCount); r++) {
      const first = rows[r][1].code!;
      const last = rows[r][cols - 2].code!;
      const own = rows[r][cols - 1];
      const previous = t > 0 ? `+cell(${cellCode(item, String(t).padStart(2, '0'), r * (cols - 1) + cols - 1)})` : '';
      rows[r][cols - 1] = { editor: 'formula', code: own.code, formula: `=SUM(cell(${first}):cell(${last}))${previous}`, scale: 2 };
    }
    const header = [Array.from({ length: cols }, (_, c): Cell => ({ value: c === 0 ? 'Item' : `Column ${c}` }))];
    items.push({ id, title: `T${id}`, display_name: `Tab ${id}`, type: 'normal', header: { top: 1, left: 1, items: header }, items: rows });
  }
  return { id: 'BIG-01', title: 'Large template', items };
}
