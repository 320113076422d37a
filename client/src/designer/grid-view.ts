// The template as the grid shows it: one data array per tab (header rows, then body rows), the
// merges, the per-cell look, and the server's problems placed at their cells. Formulas are shown
// through HyperFormula: `cell(CODE)` is translated to the sheet address the code holds now.
import type { Cell, FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { designerRows, coveredKeys, tabCells } from '../../../portal/filing/template-grid.js';
import { translateFormula, type CodeTarget, type ReferenceLayout, type SheetLayout } from '../../../portal/filing/formula-references.js';
import { addNewRowsGridRows, isNumericEditor } from '../../../portal/filing/normalise.js';

export interface GridView {
  data: (string | number | null)[][];
  merges: { row: number; col: number; rowspan: number; colspan: number }[];
  cells: { row: number; col: number; className: string; readOnly: boolean }[];
  colWidths: (number | undefined)[];
}

/** The workbook layout of the designer: sheet per tab (named by its id), data cells by code. */
export function designerLayout(props: FormProperties): ReferenceLayout {
  const sheets: SheetLayout[] = props.items.map((tab) => {
    const rows = designerRows(tab);
    return { tab, name: tab.id, bodyStart: tab.header.items.length, bodyRows: Math.max(1, tab.items.length), rows: Math.max(1, rows.length), cols: Math.max(1, ...rows.map((r) => r.length)) };
  });
  const codes = new Map<string, CodeTarget>();
  props.items.forEach((tab, i) => {
    for (const p of tabCells(tab, i)) {
      if (!p.data || p.section !== 'body' || !p.cell.code || codes.has(p.cell.code)) continue;
      codes.set(p.cell.code, { tabIndex: i, row: tab.header.items.length + p.row, col: p.col, repeats: tab.type === 'add-new-rows', body: true });
    }
  });
  return { sheets, codes, externals: new Map() };
}

/** What a cell shows: a label's text, a data cell's default, a formula translated for HyperFormula. */
export function shownContent(cell: Cell, layout: ReferenceLayout, tabIndex: number, row: number, col: number): string | number | null {
  if (cell.formula) {
    const t = translateFormula(cell.formula, layout, { tabIndex, row, col });
    // A formula that does not translate yet is shown as its text (a leading ' keeps it text).
    return t.problems.length ? `'${cell.formula}` : t.text;
  }
  if (cell.value === undefined || cell.value === null) return null;
  return cell.value;
}

function classOf(cell: Cell, header: boolean): string {
  const names = new Set((cell.className ?? '').split(' ').filter(Boolean));
  if (header) names.add('table-header');
  if (cell.formula) names.add('cell-formula');
  else if (cell.editor) names.add('cell-input');
  const align = cell.alignment ?? (isNumericEditor(cell.editor) || cell.formula ? 'right' : undefined);
  if (align) names.add(align === 'left' ? 'htLeft' : align === 'center' ? 'htCenter' : 'htRight');
  return [...names].join(' ');
}

export function gridView(props: FormProperties, tabIndex: number, layout = designerLayout(props)): GridView {
  const tab: Tab = props.items[tabIndex];
  const rows = designerRows(tab);
  const top = tab.header.items.length;
  const covered = coveredKeys(tab);
  const width = Math.max(1, ...rows.map((r) => r.length));
  const view: GridView = { data: [], merges: [], cells: [], colWidths: new Array(width).fill(undefined) };
  rows.forEach((cells, r) => {
    const line: (string | number | null)[] = new Array(width).fill(null);
    cells.forEach((cell, c) => {
      if (covered.has(`${r},${c}`)) return;
      line[c] = shownContent(cell, layout, tabIndex, r, c);
      if ((cell.rowspan ?? 1) > 1 || (cell.colspan ?? 1) > 1) view.merges.push({ row: r, col: c, rowspan: cell.rowspan ?? 1, colspan: cell.colspan ?? 1 });
      view.cells.push({ row: r, col: c, className: classOf(cell, r < top), readOnly: Boolean(cell.formula) });
      if (cell.width && view.colWidths[c] === undefined) view.colWidths[c] = cell.width;
    });
    view.data.push(line);
  });
  // Seed 001 §9: an add-new-rows grid shows at least 20 rows plus one spare; the rows beyond the
  // template's are where a filer's added rows go, shown read-only here.
  if (tab.type === 'add-new-rows') {
    for (let r = rows.length; r < top + addNewRowsGridRows(tab.items.length); r++) {
      view.data.push(new Array(width).fill(null));
      for (let c = 0; c < width; c++) view.cells.push({ row: r, col: c, className: 'spare-row', readOnly: true });
    }
  }
  return view;
}

export interface PlacedProblem {
  tabIndex: number;
  /** Designer row and column, or undefined for problems of the form or the tab. */
  row?: number;
  col?: number;
  /** The attribute named (precision, formula, …), or the form/tab field. */
  field: string;
  message: string;
}

/** The server's E_VALIDATION fields (`properties/items/0/items/3/2/precision`) placed at their cells. */
export function placeProblems(props: FormProperties, fields: Record<string, string>): PlacedProblem[] {
  return Object.entries(fields).map(([key, message]) => {
    const parts = key.replace(/^properties\/?/, '').split('/').filter(Boolean);
    if (parts[0] !== 'items' || parts.length < 2) return { tabIndex: -1, field: parts.join('/') || 'properties', message };
    const tabIndex = Number(parts[1]);
    const tab = props.items[tabIndex];
    const rest = parts.slice(2);
    const top = tab?.header.items.length ?? 0;
    if (rest[0] === 'items' && rest.length >= 3) return { tabIndex, row: top + Number(rest[1]), col: Number(rest[2]), field: rest.slice(3).join('/') || 'cell', message };
    if (rest[0] === 'header' && rest[1] === 'items' && rest.length >= 4) return { tabIndex, row: Number(rest[2]), col: Number(rest[3]), field: rest.slice(4).join('/') || 'cell', message };
    return { tabIndex, field: rest.join('/') || 'tab', message };
  });
}
