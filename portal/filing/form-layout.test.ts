// The addresses of a form's cells are those of the workbook its formulas run in: body cells at
// their template rows, add-new-rows data rows numbered on from the first body row, summaries
// after the body and a blank row, wherever the number of data rows puts them.
import { describe, expect, it } from 'vitest';
import { FormLayout, cellKey } from './form-layout.js';
import { FormWorkbook } from './formula-engine.js';
import { checkTemplate } from './template-check.js';
import { demoTemplates } from './demo-templates.js';
import type { FormProperties } from './template-schema.js';

function checked(index: number, change?: (p: FormProperties) => void): FormProperties {
  const demo = demoTemplates()[index];
  change?.(demo.properties);
  const c = checkTemplate(demo.properties, { itemcode: demo.itemcode, listGroups: [80, 295] });
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.template;
}

/** The 1-based sheet row the workbook gives a code in a data row. */
function workbookRow(wb: FormWorkbook, code: string, row: number): number {
  const target = wb.layout.codes.get(code)!;
  return target.row + (target.repeats ? row : 0) + 1;
}

describe('form layout', () => {
  it.each([0, 1, 2])('places every data cell of demo template %i where the workbook has it, for 1 and 7 data rows', (index) => {
    const template = checked(index, (p) => {
      // A summary below an add-new-rows body moves with the number of rows.
      const tab = p.items.find((t) => t.type === 'add-new-rows');
      if (tab) tab.summary = { id: 72, header: [[{ value: 'Calendar' }, { value: 'Shares' }]], items: [[{ editor: 'dropdown', listgroup: 80 }, { formula: '=1' }]] };
    });
    const layout = new FormLayout(template);
    for (const n of [1, 7]) {
      const rows = Object.fromEntries(layout.repeatingTabs().map((t) => [t.id, n]));
      const wb = FormWorkbook.build(template, { rows });
      for (const cell of layout.cells) {
        for (let r = 0; r < (cell.repeats ? n : 1); r++) {
          expect(layout.sheetRow(cell, r, rows), `${cell.code} row ${r}`).toBe(workbookRow(wb, cell.code, r));
          const found = layout.locate(cell.tab, layout.address(cell, r, rows), rows);
          expect(found && { code: found.cell.code, row: found.row }, cellKey(cell.tab, layout.address(cell, r, rows))).toEqual({ code: cell.code, row: r });
        }
      }
      wb.destroy();
    }
  });

  it('names the data row an address below the last one would be, and nothing in label cells', () => {
    const layout = new FormLayout(checked(2));
    expect(layout.locate('01', 'A9', { '01': 2 })).toMatchObject({ row: 6, beyond: true });
    expect(layout.locate('01', 'A1', { '01': 2 })).toBeNull();
    expect(layout.locate('02', 'A2', {})).toBeNull();
    expect(layout.locate('09', 'B2', {})).toBeNull();
  });
});
