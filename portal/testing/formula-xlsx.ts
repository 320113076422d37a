// A form's workbook written as an .xlsx for another spreadsheet program to compute: the same
// sheets, rows and columns FormWorkbook builds, input values as the portal's formulas see them,
// and each formula cell's formula as the Excel export writes it (excelFormula of
// portal/jobs/form-export/excel-formulas.ts: A1 references, `_xlfn.` names), with no cached
// result. Several forms may share one file (sheet names prefixed), so LibreOffice starts once for
// all of them.
import ExcelJS from 'exceljs';
import { workbookValue } from '../filing/cell-values.js';
import type { FormValues, FormWorkbook } from '../filing/formula-engine.js';
import { columnLetter, tabCells } from '../filing/template-grid.js';
import type { Cell } from '../filing/template-schema.js';
import { excelFormula, excelLayout } from '../jobs/form-export/excel-formulas.js';
import { tabSheetNames } from '../jobs/form-export/sheet-names.js';

/** Where a data cell of a form sits in the file. */
export interface SheetCell {
  sheet: string;
  address: string;
  /** The formula written (without `=`), for a formula cell. */
  formula?: string;
}

const cut = (name: string) => [...name].slice(0, 31).join('');

function inputValue(cell: Cell, value: FormValues[string] | undefined, row: number): ExcelJS.CellValue {
  const stored = Array.isArray(value) ? (value[row] ?? null) : row === 0 ? (value ?? null) : null;
  const v = workbookValue(cell, stored);
  return typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v;
}

export class FormulaXlsx {
  private readonly book = new ExcelJS.Workbook();

  /**
   * Adds the form's sheets (names prefixed by `prefix`) and answers where each data cell went,
   * by `code` and `code#row` for add-new-rows rows.
   */
  add(workbook: FormWorkbook, values: FormValues, prefix = ''): Map<string, SheetCell> {
    const template = workbook.template;
    const names = tabSheetNames(template.items).map((n) => cut(`${prefix}${n}`));
    const layout = excelLayout(workbook.layout, names);
    const where = new Map<string, SheetCell>();
    template.items.forEach((tab, t) => {
      const ws = this.book.addWorksheet(names[t]);
      const sheet = layout.sheets[t];
      for (const p of tabCells(tab, t)) {
        if (p.covered) continue;
        const base = p.section === 'header' ? p.row : p.section === 'body' ? sheet.bodyStart + p.row : p.section === 'summary-header' ? sheet.rows - 2 : sheet.rows - 1;
        const repeated = p.data && tab.type === 'add-new-rows' && p.section === 'body';
        for (let r = 0; r < (repeated ? sheet.bodyRows : 1); r++) {
          const cell = ws.getCell(base + r + 1, p.col + 1);
          if (!p.data) {
            const label = p.cell.value;
            if (label !== undefined && label !== null && label !== '') cell.value = label;
            continue;
          }
          const code = p.cell.code!;
          const at: SheetCell = { sheet: names[t], address: `${columnLetter(p.col)}${base + r + 1}` };
          if (p.cell.formula) {
            const target = layout.codes.get(code)!;
            const formula = excelFormula(p.cell.formula, layout, { tabIndex: t, row: target.row, col: p.col, dataRow: r });
            if (formula === null) throw new Error(`${code}: the export cannot write ${p.cell.formula} as an Excel formula`);
            at.formula = formula;
            cell.value = { formula: at.formula } as ExcelJS.CellFormulaValue;
          } else {
            const v = inputValue(p.cell, values[code], r);
            if (v !== null) cell.value = v;
          }
          where.set(repeated ? `${code}#${r}` : code, at);
        }
      }
    });
    return where;
  }

  async buffer(): Promise<Buffer> {
    return Buffer.from(await this.book.xlsx.writeBuffer());
  }
}
