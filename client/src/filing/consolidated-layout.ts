// The consolidated view's table (seed 001 §2.1), worked out without React: which tabs get a pill,
// and for one tab the rows of cells to draw, each with its text, spans, alignment and width.
// Merges, data cells and value formatting come from the one cell model in portal/filing/, so the
// read-only view shows a form exactly as the designer and the server understand it.
import { formatCellValue } from '../../../portal/filing/cell-values.js';
import { isNumericEditor } from '../../../portal/filing/normalise.js';
import { columnIndex, columnLetter, coveredKeys } from '../../../portal/filing/template-grid.js';
import type { Cell, FormProperties, Tab } from '../../../portal/filing/template-schema.js';

/** Stored cell values of a form by `cellKey(tab id, address)` (Form.getData's tab, address, value). */
export type CellValues = ReadonlyMap<string, string | null>;

export const cellKey = (tabId: string, address: string) => `${tabId}!${address}`;

/** A recordset row of Form.getData (PROTOCOL.md §7): only what the view needs. */
export interface FormDataRow {
  tab: string;
  address: string;
  value: string | null;
}

export function valuesOf(rows: readonly FormDataRow[]): CellValues {
  return new Map(rows.map((r) => [cellKey(r.tab, r.address), r.value]));
}

export type Align = 'left' | 'center' | 'right';

export interface ViewCell {
  /** Sheet address of the cell (`B3`): header rows first, then body rows, as in the designer. */
  address: string;
  text: string;
  colSpan: number;
  rowSpan: number;
  align?: Align;
  width?: number;
  /** A header row's cell, a label, or a cell holding data. */
  kind: 'header' | 'label' | 'data';
  /** Style classes of the template (bold, indent-N, table-header, …) as `cv-` classes. */
  classes: string[];
}

export interface ViewRow {
  key: string;
  cells: ViewCell[];
}

export interface TabLayout {
  rows: ViewRow[];
  /** The first rows of `rows` that are header rows. */
  headerRows: number;
  /** Width of each column in px where a cell of one column sets it. */
  columns: (number | undefined)[];
  summary: ViewRow[];
}

/** The tabs that get a pill: every tab but those marked hide. */
export function visibleTabs(props: FormProperties): { tab: Tab; index: number }[] {
  return props.items.map((tab, index) => ({ tab, index })).filter(({ tab }) => !tab.hide);
}

const ALIGN_CLASS: Record<string, Align> = { htLeft: 'left', htCenter: 'center', htRight: 'right' };

/** Set alignment, else an alignment class, else numbers to the right (seed 001 §2.1). */
export function alignmentOf(cell: Cell): Align | undefined {
  if (cell.alignment) return cell.alignment;
  const cls = (cell.className ?? '').split(' ').find((c) => c in ALIGN_CLASS);
  if (cls) return ALIGN_CLASS[cls];
  return isNumericEditor(cell.editor) ? 'right' : undefined;
}

const styleClasses = (cell: Cell) =>
  (cell.className ?? '').split(' ').filter((c) => c && !(c in ALIGN_CLASS)).map((c) => `cv-${c}`);

interface Source {
  cell: Cell;
  /** Row number on the sheet (1-based) the cell's value is stored under. */
  sheetRow: number;
  header: boolean;
}

function viewCell(src: Source, col: number, left: number, tabId: string, values: CellValues | undefined): ViewCell {
  const { cell } = src;
  const address = `${columnLetter(col)}${src.sheetRow}`;
  const data = !src.header && col >= left && cell.editor !== undefined;
  let text: string;
  if (!data) text = cell.value === null || cell.value === undefined ? '' : String(cell.value);
  else if (values) text = formatCellValue(cell, values.get(cellKey(tabId, address)) ?? null);
  // A template on its own shows a data cell's default value, if it has one.
  else text = cell.value === null || cell.value === undefined ? '' : formatCellValue(cell, String(cell.value));
  return {
    address,
    text,
    colSpan: cell.colspan ?? 1,
    rowSpan: cell.rowspan ?? 1,
    align: alignmentOf(cell),
    width: cell.width,
    kind: src.header ? 'header' : data ? 'data' : 'label',
    classes: styleClasses(cell),
  };
}

/** Data rows of add-new-rows tabs by tab id (Form.getData's `rows`). */
export type DataRows = Readonly<Record<string, number>>;

/**
 * Data rows of an add-new-rows tab: as `rows` says; else as many as the values reach (sheet rows
 * after the header: pass `rows` when the tab has a summary, whose cells lie below the data rows);
 * without values (a template shown on its own) the one pattern row.
 */
function addedRowCount(tab: Tab, values: CellValues | undefined, rows: DataRows | undefined): number {
  if (rows?.[tab.id] !== undefined) return rows[tab.id];
  if (!values) return tab.items.length;
  const top = tab.header.items.length;
  const prefix = `${tab.id}!`;
  let last = 0;
  for (const key of values.keys()) {
    if (!key.startsWith(prefix)) continue;
    const m = /[0-9]+$/.exec(key);
    if (m) last = Math.max(last, Number(m[0]) - top);
  }
  return last;
}

/** How many of the indexes from … from + span - 1 are not hidden, and the first of them. */
function visiblePart(from: number, span: number, hidden: ReadonlySet<number>): { count: number; first?: number } {
  let count = 0;
  let first: number | undefined;
  for (let i = from; i < from + span; i++) {
    if (hidden.has(i)) continue;
    count++;
    first ??= i;
  }
  return { count, first };
}

/**
 * The rows of a tab as the view draws them: covered cells left out, spans on the covering cell.
 * Hidden rows (`hide_rows`, designer row numbers) and columns (`hide_cols`) are left out as in
 * the designer's grid; a merge loses the hidden rows and columns it spans, and one whose first
 * cell is hidden keeps its visible part as a blank cell, so the table stays rectangular.
 */
export function tabLayout(tab: Tab, values?: CellValues, dataRows?: DataRows): TabLayout {
  const top = tab.header.items.length;
  const left = tab.header.left;
  const sources: Source[][] = tab.header.items.map((cells, r) => cells.map((cell) => ({ cell, sheetRow: r + 1, header: true })));
  if (tab.type === 'add-new-rows') {
    const pattern = tab.items[0] ?? [];
    const count = addedRowCount(tab, values, dataRows);
    for (let i = 0; i < count; i++) sources.push(pattern.map((cell) => ({ cell: { ...cell, rowspan: undefined, colspan: undefined }, sheetRow: top + 1 + i, header: false })));
  } else {
    tab.items.forEach((cells, r) => sources.push(cells.map((cell) => ({ cell, sheetRow: top + 1 + r, header: false }))));
  }
  // Merges of an add-new-rows body are refused on save, so only header merges can cover here.
  const covered = coveredKeys(tab.type === 'add-new-rows' ? { ...tab, items: [] } : tab);
  // Add-new-rows tabs offer no hidden rows (normalise drops them).
  const hiddenRows = new Set(tab.type === 'add-new-rows' ? [] : (tab.hide_rows ?? []).map((n) => n - 1));
  const hiddenCols = new Set((tab.hide_cols ?? []).map(columnIndex));
  const standIns = new Map<string, { rowSpan: number; colSpan: number }>();
  sources.forEach((cells, r) =>
    cells.forEach((src, c) => {
      const rs = src.cell.rowspan ?? 1;
      const cs = src.cell.colspan ?? 1;
      if ((rs === 1 && cs === 1) || covered.has(`${r},${c}`) || (!hiddenRows.has(r) && !hiddenCols.has(c))) return;
      const rowsShown = visiblePart(r, rs, hiddenRows);
      const colsShown = visiblePart(c, cs, hiddenCols);
      if (rowsShown.first !== undefined && colsShown.first !== undefined) standIns.set(`${rowsShown.first},${colsShown.first}`, { rowSpan: rowsShown.count, colSpan: colsShown.count });
    }),
  );
  // A column's width comes from its first single-column cell that sets one, hidden rows included.
  const widths: (number | undefined)[] = [];
  sources.forEach((cells, r) =>
    cells.forEach((src, c) => {
      if (widths[c] === undefined && src.cell.width !== undefined && (src.cell.colspan ?? 1) === 1 && !covered.has(`${r},${c}`)) widths[c] = src.cell.width;
    }),
  );
  const rows: ViewRow[] = [];
  sources.forEach((cells, r) => {
    if (hiddenRows.has(r)) return;
    const drawn = cells.flatMap((src, c): ViewCell[] => {
      if (hiddenCols.has(c)) return [];
      const key = `${r},${c}`;
      const standIn = standIns.get(key);
      if (standIn) return [{ address: `${columnLetter(c)}${src.sheetRow}`, text: '', ...standIn, kind: src.header ? 'header' : 'label', classes: [] }];
      if (covered.has(key)) return [];
      const cell = viewCell(src, c, left, tab.id, values);
      cell.rowSpan = visiblePart(r, cell.rowSpan, hiddenRows).count;
      cell.colSpan = visiblePart(c, cell.colSpan, hiddenCols).count;
      return [cell];
    });
    rows.push({ key: `r${r}`, cells: drawn });
  });
  const columnCount = Math.max(0, ...sources.map((cells) => cells.length));
  const columns = Array.from({ length: columnCount }, (_, c) => c).filter((c) => !hiddenCols.has(c)).map((c) => widths[c]);
  const headerRows = visiblePart(0, top, hiddenRows).count;
  return { rows, headerRows, columns, summary: summaryRows(tab, values, sources.length) };
}

/** The tab summary (header row and value row), placed on the sheet after a blank row as the workbook does. */
function summaryRows(tab: Tab, values: CellValues | undefined, rowsAbove: number): ViewRow[] {
  const s = tab.summary;
  if (!s || s.deleted) return [];
  const headerRow = rowsAbove + 2;
  return [
    { key: 's0', cells: (s.header[0] ?? []).map((cell, c) => viewCell({ cell, sheetRow: headerRow, header: true }, c, 0, tab.id, values)) },
    { key: 's1', cells: (s.items[0] ?? []).map((cell, c) => viewCell({ cell, sheetRow: headerRow + 1, header: false }, c, 0, tab.id, values)) },
  ];
}
