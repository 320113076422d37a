// The `_regportal` sheet of the workbook contract (docs/excel.md): which form a workbook is,
// and for every input and formula cell its tab, sheet, address, code and type. Read as plain
// cell text; nothing in it is trusted beyond being looked up against the form's own template.
import type ExcelJS from 'exceljs';
import { MAP_SHEET } from '../form-export/sheet-names.js';

export interface MappedCell {
  tab: string;
  sheet: string;
  address: string;
  code: string;
  type: string;
}

export interface WorkbookMap {
  form: number | null;
  template: string | null;
  version: number | null;
  cells: MappedCell[];
}

const text = (v: ExcelJS.CellValue): string => (v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v).trim());

/** The map of a workbook written by the export, or null when it has none (or not ours). */
export function readWorkbookMap(wb: ExcelJS.Workbook): WorkbookMap | null {
  const ws = wb.getWorksheet(MAP_SHEET);
  if (!ws) return null;
  const row = (n: number) => ws.getRow(n);
  if (text(row(1).getCell(1).value) !== 'format' || text(row(1).getCell(2).value) !== 'regportal-form') return null;
  const formText = text(row(2).getCell(2).value);
  const versionText = text(row(2).getCell(6).value);
  const cells: MappedCell[] = [];
  for (let r = 4; r <= ws.rowCount; r++) {
    const cols = [1, 2, 3, 4, 5].map((c) => text(row(r).getCell(c).value));
    if (!cols[3]) continue;
    cells.push({ tab: cols[0], sheet: cols[1], address: cols[2].toUpperCase(), code: cols[3], type: cols[4] });
  }
  return {
    form: /^[1-9][0-9]{0,11}$/.test(formText) ? Number(formText) : null,
    template: text(row(2).getCell(4).value) || null,
    version: /^[0-9]{1,6}$/.test(versionText) ? Number(versionText) : null,
    cells,
  };
}
