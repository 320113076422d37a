// The workbook-scoped defined names of an export: `RP_<code>` (cell-names.ts) for every data cell,
// pointing at it (an add-new-rows cell at its first data row). Handed to exceljs' writer as its
// finished model: exceljs' own DefinedNames keeps a cell matrix per name and rebuilds each range
// from it when the workbook is written (about 0.2 s for 18,500 names), and does not double an
// apostrophe of a quoted sheet name.
import type ExcelJS from 'exceljs';
import { columnLetter } from '../../filing/template-grid.js';
import { cellName } from './cell-names.js';

/** `'Sheet'!$B$5`: an absolute reference, the sheet name always quoted, its apostrophes doubled. */
function absoluteReference(sheet: string, row: number, col: number): string {
  return `'${sheet.replace(/'/g, "''")}'!$${columnLetter(col)}$${row}`;
}

export class DefinedNameList {
  private readonly names: ExcelJS.DefinedNamesRanges[] = [];
  private readonly seen = new Set<string>();

  /** Names the data cell `code` at `row` (1-based) and `col` (0-based) of `sheet`; a code named before keeps its first place. */
  add(code: string, sheet: string, row: number, col: number): void {
    const name = cellName(code);
    if (this.seen.has(name.toUpperCase())) return;
    this.seen.add(name.toUpperCase());
    this.names.push({ name, ranges: [absoluteReference(sheet, row, col)] });
  }

  /** Gives the names to the workbook writer (before it commits). */
  attachTo(wb: ExcelJS.stream.xlsx.WorkbookWriter): void {
    const names = this.names;
    Object.defineProperty(wb.definedNames, 'model', { get: () => names, configurable: true });
  }
}
