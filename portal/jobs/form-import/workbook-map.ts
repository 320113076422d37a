// The `_regportal` sheet of the workbook contract (docs/excel.md): which form a workbook is,
// and for every input and formula cell its tab, sheet, address, code and type. Read as plain
// cell text; nothing in it is trusted beyond being looked up against the form's own template.
import type ExcelJS from 'exceljs';
import type { WorkbookValues } from './workbook-values.js';
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
export function readWorkbookMap(wb: WorkbookValues): WorkbookMap | null {
  const ws = wb.sheet(MAP_SHEET);
  if (!ws) return null;
  // Row r, column c (1 = A … 6 = F: the map's columns).
  const at = (r: number, c: number) => text(ws.at(r, c - 1));
  if (at(1, 1) !== 'format' || at(1, 2) !== 'regportal-form') return null;
  const formText = at(2, 2);
  const versionText = at(2, 6);
  const cells: MappedCell[] = [];
  for (let r = 4; r <= ws.rowCount; r++) {
    const cols = [1, 2, 3, 4, 5].map((c) => at(r, c));
    if (!cols[3]) continue;
    cells.push({ tab: cols[0], sheet: cols[1], address: cols[2].toUpperCase(), code: cols[3], type: cols[4] });
  }
  return {
    form: /^[1-9][0-9]{0,11}$/.test(formText) ? Number(formText) : null,
    template: at(2, 4) || null,
    version: /^[0-9]{1,6}$/.test(versionText) ? Number(versionText) : null,
    cells,
  };
}
