// Where a form's data cells sit on their tab's sheet, as `tab` + A1 `address` (PROTOCOL.md §7):
// header rows, then body rows (an add-new-rows tab repeats its one body row once per data row,
// numbered on from the template's first body row), then a tab's summary two rows below the body
// after a blank one — the layout of FormWorkbook (formula-engine.ts), which the layout test holds
// it to. Pure: the server's form data and the entry grid share it.
import { columnIndex, columnLetter, dataCells, type CellPlace } from './template-grid.js';
import type { FormProperties, Tab } from './template-schema.js';

export interface DataCell {
  place: CellPlace;
  tab: string;
  code: string;
  /** A body cell of an add-new-rows tab: one per data row. */
  repeats: boolean;
}

/** One data cell in one data row (0 outside add-new-rows tabs). */
export interface CellAt {
  cell: DataCell;
  row: number;
}

/** `01!C7`: how a cell is named in error details and revisions. */
export const cellKey = (tab: string, address: string) => `${tab}!${address}`;

const ADDRESS = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/;

export function parseAddress(address: string): { col: number; row: number } | null {
  const m = ADDRESS.exec(address);
  return m ? { col: columnIndex(m[1]), row: Number(m[2]) } : null;
}

export class FormLayout {
  readonly cells: DataCell[];
  /** Whether any cell has a disable condition: without one, no workbook is needed to tell disabled cells. */
  readonly hasDisableConditions: boolean;
  private readonly byCode = new Map<string, DataCell>();
  private readonly tabs = new Map<string, Tab>();
  /** Cells by `tab:column index`, so locating a cell does not walk the whole form. */
  private readonly byColumn = new Map<string, DataCell[]>();

  constructor(readonly template: FormProperties) {
    this.cells = dataCells(template)
      .filter((p) => p.cell.code)
      .map((p) => ({ place: p, tab: p.tab.id, code: p.cell.code!, repeats: p.tab.type === 'add-new-rows' && p.section === 'body' }));
    for (const c of this.cells) if (!this.byCode.has(c.code)) this.byCode.set(c.code, c);
    this.hasDisableConditions = this.cells.some((c) => c.place.cell.disablecondition !== undefined);
    for (const t of template.items) this.tabs.set(t.id, t);
    for (const c of this.cells) {
      const k = `${c.tab}:${c.place.col}`;
      const list = this.byColumn.get(k);
      if (list) list.push(c);
      else this.byColumn.set(k, [c]);
    }
  }

  tab(id: string): Tab | undefined {
    return this.tabs.get(id);
  }

  byCodeOf(code: string): DataCell | undefined {
    return this.byCode.get(code);
  }

  /** Tabs whose body rows the filer adds. */
  repeatingTabs(): Tab[] {
    return this.template.items.filter((t) => t.type === 'add-new-rows');
  }

  /** Body rows of a tab on its sheet: the data rows of an add-new-rows tab, else the template's. */
  bodyRows(tab: Tab, rows: Record<string, number>): number {
    return tab.type === 'add-new-rows' ? Math.max(1, rows[tab.id] ?? 1) : tab.items.length;
  }

  /** The 1-based sheet row of a cell in a data row. */
  sheetRow(cell: DataCell, row: number, rows: Record<string, number>): number {
    const tab = cell.place.tab;
    const top = tab.header.items.length;
    if (cell.place.section === 'summary') return top + this.bodyRows(tab, rows) + 3;
    return top + cell.place.row + (cell.repeats ? row : 0) + 1;
  }

  address(cell: DataCell, row: number, rows: Record<string, number>): string {
    return `${columnLetter(cell.place.col)}${this.sheetRow(cell, row, rows)}`;
  }

  /**
   * The cell at `tab`/`address` for the given data rows. On an add-new-rows tab an address below
   * the last data row still names the data row it would be (`beyond`), so a save can add rows.
   */
  locate(tabId: string, address: string, rows: Record<string, number>): (CellAt & { beyond: boolean }) | null {
    const tab = this.tabs.get(tabId);
    const at = parseAddress(address);
    if (!tab || !at) return null;
    const top = tab.header.items.length;
    const column = this.byColumn.get(`${tabId}:${at.col}`) ?? [];
    // Fixed cells first: a summary below an add-new-rows body is not one more data row.
    for (const cell of column) if (!cell.repeats && this.sheetRow(cell, 0, rows) === at.row) return { cell, row: 0, beyond: false };
    for (const cell of column) {
      if (!cell.repeats) continue;
      const r = at.row - (top + cell.place.row + 1);
      if (r >= 0) return { cell, row: r, beyond: r >= this.bodyRows(tab, rows) };
    }
    return null;
  }

  /** The data row of a stored cell of a repeating column, from its address. */
  storedRow(cell: DataCell, address: string): number | null {
    if (!cell.repeats) return 0;
    const at = parseAddress(address);
    if (!at) return null;
    const r = at.row - (cell.place.tab.header.items.length + cell.place.row + 1);
    return r >= 0 ? r : null;
  }
}
