// Whether a sheet still has the template's shape where a cell is read by its mapped (or
// template) address rather than by its defined name. The template's labels are the anchors: the
// heading rows anchor the columns, and each line's labels anchor that line. A label that is not
// where the export wrote it means rows or columns were inserted, deleted or moved, and a value
// read at the old address would be a neighbour's: such a cell is refused, never written
// (docs/excel.md, "How cells are found").
import type ExcelJS from 'exceljs';
import type { DataCell } from '../../filing/form-layout.js';
import { columnLetter, tabCells, type CellPlace } from '../../filing/template-grid.js';
import type { Tab } from '../../filing/template-schema.js';
import type { SheetValues } from './workbook-values.js';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text a cell shows as a label (rich text joined; a formula's cached result). */
export function labelText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return norm(String(v));
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return norm(v.richText.map((r) => r.text).join(''));
    if ('text' in v && typeof v.text === 'string') return norm(v.text);
    if ('result' in v && v.result !== undefined && v.result !== null && typeof v.result !== 'object') return norm(String(v.result));
  }
  return '';
}

interface Label {
  col: number;
  text: string;
}

const labelsOf = (places: readonly CellPlace[]): Label[] =>
  places.filter((p) => !p.data && !p.covered && p.cell.value !== undefined && p.cell.value !== null && norm(String(p.cell.value)) !== '').map((p) => ({ col: p.col, text: norm(String(p.cell.value)) }));

/** Anchors of one tab's sheet, read at the addresses the export wrote them. */
export class SheetAnchors {
  private readonly header: { row: number; labels: Label[] }[];
  /** Labels of each body row (`body:r`) and of the summary rows (`summary-header`, `summary`). */
  private readonly lines = new Map<string, Label[]>();
  private headerFault: string | null | undefined;
  private sheetFault: string | null | undefined;

  constructor(
    private readonly tab: Tab,
    tabIndex: number,
    private readonly sheetName: string,
    private readonly ws: SheetValues,
  ) {
    const places = tabCells(tab, tabIndex);
    this.header = tab.header.items.map((_, r) => ({ row: r + 1, labels: labelsOf(places.filter((p) => p.section === 'header' && p.row === r)) }));
    for (const p of places) {
      if (p.section === 'header') continue;
      const key = p.section === 'body' ? `body:${p.row}` : p.section;
      if (!this.lines.has(key)) this.lines.set(key, labelsOf(places.filter((q) => q.section === p.section && q.row === p.row)));
    }
  }

  /** The first label of `labels` not found on sheet row `row`, described; null when all are there. */
  private misplaced(labels: readonly Label[], row: number): string | null {
    for (const l of labels) {
      const found = labelText(this.ws.at(row, l.col));
      if (found !== l.text) {
        const address = `${columnLetter(l.col)}${row}`;
        return `the template's label "${l.text}" should be in cell ${address} of sheet "${this.sheetName}", but ${found ? `that cell holds "${found}"` : 'that cell is empty'}`;
      }
    }
    return null;
  }

  private headerFaultOf(): string | null {
    if (this.headerFault === undefined) this.headerFault = this.header.map((h) => this.misplaced(h.labels, h.row)).find((f) => f !== null) ?? null;
    return this.headerFault;
  }

  /** The first label of a fixed line (a normal tab's body and summary rows) that moved. */
  private sheetFaultOf(): string | null {
    if (this.sheetFault === undefined) {
      this.sheetFault = null;
      if (this.tab.type !== 'add-new-rows') {
        const top = this.tab.header.items.length;
        const body = this.tab.items.length;
        for (let r = 0; r < body && this.sheetFault === null; r++) this.sheetFault = this.misplaced(this.lines.get(`body:${r}`) ?? [], top + r + 1);
        this.sheetFault ??= this.misplaced(this.lines.get('summary-header') ?? [], top + body + 2) ?? this.misplaced(this.lines.get('summary') ?? [], top + body + 3);
      }
    }
    return this.sheetFault;
  }

  /** The first label of the sheet that is not where the export wrote it (headings, then fixed lines), or null. */
  firstMoved(): string | null {
    return this.headerFaultOf() ?? this.sheetFaultOf();
  }

  /**
   * Why the value read for `cell` at sheet row `row` cannot be trusted to be its own, or null when
   * the sheet still has the template's shape there: the headings in place, and the labels of the
   * cell's own line on that row (a line without labels: no label of the sheet moved).
   */
  moved(cell: DataCell, row: number): string | null {
    const header = this.headerFaultOf();
    if (header) return header;
    const section = cell.place.section;
    const own = section === 'body' ? (this.lines.get(`body:${cell.place.row}`) ?? []) : (this.lines.get(section) ?? []);
    if (own.length) return this.misplaced(own, row) ?? (section === 'summary' ? this.misplaced(this.lines.get('summary-header') ?? [], row - 1) : null);
    return this.sheetFaultOf();
  }
}
