// The designer's edits of one tab, as pure functions over the template (seed 001 §4.1, §5.1):
// row/column counts, header rows, moves, removals, merges, duplicating a tab. The grid is only a
// view of the template: every edit goes through here and the grid is drawn again from the result.
import type { Cell, FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { MAX_HEADER } from '../../../portal/filing/template-schema.js';
import { designerRows } from '../../../portal/filing/template-grid.js';
import { assignCellCodes } from '../../../portal/filing/cell-codes.js';

export const MOVE_MESSAGES = {
  noColumn: 'Please move one column.',
  manyColumns: 'Please move one column at a time',
  noRow: 'Please move one row.',
  manyRows: 'Please move one row at a time',
  addNewRows: 'Allow Add New Rows cannot move rows',
} as const;

export const BATCH_UPDATE_CONFIRM =
  'You have checked Batch Update checkbox. This feature is used to update all selected cells validation and validation message. Are you sure?';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Rebuilds header and body from designer rows, the first `top` rows being the header. */
function withRows(tab: Tab, rows: Cell[][], top = tab.header.items.length): Tab {
  return { ...tab, header: { ...tab.header, top, items: rows.slice(0, top) }, items: rows.slice(top) };
}

export function columnCount(tab: Tab): number {
  return Math.max(0, ...designerRows(tab).map((r) => r.length));
}

/** The cell at a designer row and column (header rows first). */
export function cellAt(tab: Tab, row: number, col: number): Cell | undefined {
  return designerRows(tab)[row]?.[col];
}

/** A copy of the tab with one cell's attributes replaced (undefined removes an attribute). */
export function updateCell(tab: Tab, row: number, col: number, patch: Partial<Cell>): Tab {
  const rows = copy(designerRows(tab));
  const cell = rows[row]?.[col];
  if (!cell) return tab;
  for (const [k, v] of Object.entries(patch) as [keyof Cell, unknown][]) {
    if (v === undefined || v === '') delete cell[k];
    else (cell as Record<string, unknown>)[k] = v;
  }
  return withRows(tab, rows);
}

/** Number of designer rows (header + body): added empty at the end, removed from the end. */
export function setRowCount(tab: Tab, count: number): Tab {
  const rows = copy(designerRows(tab));
  const top = tab.header.items.length;
  const n = Math.max(top + 1, Math.min(5000 + top, Math.floor(count)));
  const width = Math.max(1, columnCount(tab));
  while (rows.length < n) rows.push(Array.from({ length: width }, () => ({})));
  rows.length = n;
  return clampSpans(withRows(tab, rows));
}

/** Number of columns of every row: added empty on the right, removed from the right. */
export function setColumnCount(tab: Tab, count: number): Tab {
  const n = Math.max(1, Math.min(200, Math.floor(count)));
  const rows = copy(designerRows(tab)).map((r) => {
    while (r.length < n) r.push({});
    return r.slice(0, n);
  });
  return clampSpans(withRows(tab, rows));
}

/** Top Row count (0–10): rows pass between header and body; missing rows are added empty. */
export function setHeaderTop(tab: Tab, top: number): Tab {
  const t = Math.max(0, Math.min(MAX_HEADER, Math.floor(top)));
  const rows = copy(designerRows(tab));
  const width = Math.max(1, columnCount(tab));
  while (rows.length < t + 1) rows.push(Array.from({ length: width }, () => ({})));
  return clampSpans(withRows(tab, rows, t));
}

export function removeRows(tab: Tab, rows: number[]): Tab {
  const drop = new Set(rows);
  const all = designerRows(tab);
  const kept = copy(all.filter((_, i) => !drop.has(i)));
  const top = tab.header.items.length - rows.filter((r) => r < tab.header.items.length).length;
  if (kept.length <= top) return tab;
  return clampSpans(withRows(tab, kept, top));
}

export function removeColumns(tab: Tab, cols: number[]): Tab {
  const drop = new Set(cols);
  if (columnCount(tab) - drop.size < 1) return tab;
  const rows = copy(designerRows(tab)).map((r) => r.filter((_, i) => !drop.has(i)));
  return clampSpans(withRows(tab, rows));
}

/** The message refusing a move of `selected` rows or columns, or null when the move may go ahead. */
export function moveProblem(kind: 'row' | 'column', selected: number, tab: Tab): string | null {
  if (kind === 'row' && tab.type === 'add-new-rows') return MOVE_MESSAGES.addNewRows;
  if (selected < 1) return kind === 'row' ? MOVE_MESSAGES.noRow : MOVE_MESSAGES.noColumn;
  if (selected > 1) return kind === 'row' ? MOVE_MESSAGES.manyRows : MOVE_MESSAGES.manyColumns;
  return null;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, x);
  return out;
}

/** Moves one designer row to index `to` (handsontable's finalIndex); cells keep their codes. */
export function moveRow(tab: Tab, from: number, to: number): Tab {
  return clampSpans(withRows(tab, move(copy(designerRows(tab)), from, to)));
}

export function moveColumn(tab: Tab, from: number, to: number): Tab {
  return clampSpans(withRows(tab, copy(designerRows(tab)).map((r) => move(r, from, to))));
}

export interface Range {
  row: number;
  col: number;
  row2: number;
  col2: number;
}

/**
 * Merges a rectangle into its top-left cell (colspan/rowspan). Refused when it crosses from header
 * to body, touches an add-new-rows body, or overlaps a merge that reaches outside it.
 */
export function mergeCells(tab: Tab, range: Range): { tab: Tab } | { problem: string } {
  const r1 = Math.min(range.row, range.row2);
  const r2 = Math.max(range.row, range.row2);
  const c1 = Math.min(range.col, range.col2);
  const c2 = Math.max(range.col, range.col2);
  if (r1 === r2 && c1 === c2) return { problem: 'Select two or more cells to merge.' };
  const top = tab.header.items.length;
  if (r1 < top && r2 >= top) return { problem: 'Header and body cells cannot be merged together.' };
  if (tab.type === 'add-new-rows' && r2 >= top) return { problem: 'Rows of an add-new-rows tab cannot be merged.' };
  const rows = copy(designerRows(tab));
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const cell = rows[r][c];
      const rs = cell.rowspan ?? 1;
      const cs = cell.colspan ?? 1;
      if (rs === 1 && cs === 1) continue;
      const inside = r >= r1 && r + rs - 1 <= r2 && c >= c1 && c + cs - 1 <= c2;
      const apart = r + rs - 1 < r1 || r > r2 || c + cs - 1 < c1 || c > c2;
      if (inside) {
        delete cell.rowspan;
        delete cell.colspan;
      } else if (!apart) return { problem: 'The selection overlaps another merge.' };
    }
  }
  const first = rows[r1][c1];
  if (r2 > r1) first.rowspan = r2 - r1 + 1;
  if (c2 > c1) first.colspan = c2 - c1 + 1;
  return { tab: withRows(tab, rows) };
}

/** Takes a merge apart again. */
export function unmergeCell(tab: Tab, row: number, col: number): Tab {
  return updateCell(tab, row, col, { rowspan: undefined, colspan: undefined });
}

/** Spans cut back to the rows and columns that still exist and to their own section. */
export function clampSpans(tab: Tab): Tab {
  const top = tab.header.items.length;
  const rows = designerRows(tab);
  rows.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      const end = r < top ? top : rows.length;
      if (cell.rowspan && r + cell.rowspan > end) cell.rowspan = end - r;
      if (cell.colspan && c + cell.colspan > cells.length) cell.colspan = cells.length - c;
      if (cell.rowspan === 1) delete cell.rowspan;
      if (cell.colspan === 1) delete cell.colspan;
    }),
  );
  return tab;
}

/** The next free two-digit tab id: never one the form used before (codecounters remembers them). */
export function nextTabId(props: FormProperties): string {
  const used = new Set([...props.items.map((t) => t.id), ...Object.keys(props.codecounters ?? {})]);
  for (let n = 1; n < 100; n++) {
    const id = String(n).padStart(2, '0');
    if (!used.has(id)) return id;
  }
  throw new Error('A form has at most 99 tabs.');
}

/** Duplicate Tab: a copy after the original, with a new id and fresh codes for its data cells. */
export function duplicateTab(props: FormProperties, index: number, itemcode: string): FormProperties {
  const next = copy(props);
  const tab = copy(next.items[index]);
  tab.id = nextTabId(next);
  tab.title = `${tab.title} (copy)`.slice(0, 50);
  delete tab.summary;
  next.items.splice(index + 1, 0, tab);
  assignCellCodes(next, itemcode);
  return next;
}

/** A new empty tab: one header row and two body rows of three columns. */
export function newTab(props: FormProperties): Tab {
  const row = () => [{}, {}, {}] as Cell[];
  return { id: nextTabId(props), title: 'NEW', display_name: 'New tab', type: 'normal', freezetop: true, header: { top: 1, left: 1, items: [row()] }, items: [row(), row()] };
}
