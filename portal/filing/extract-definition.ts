// The extract definition of each tab (seed 001 §3, §5.1, §9): the `ST_…` table the engine creates
// for the tab and fills when a form is accepted. Computed from the template, the same on the
// server as in the designer; the designer no longer sends it, the save recomputes it.
import { isNumericEditor } from './normalise.js';
import { columnLetter, tabCells } from './template-grid.js';
import type { Editor, FormProperties, TabType } from './template-schema.js';

export const EXTRACT_VERSION = '2.0';
/** Name of the line-number column (one extract row per add-new-rows data row; 1 otherwise). */
export const LINE_NUMBER_COLUMN = 'LINENUMBER';
export const TABLE_NAME_LIMIT = 32;

export type ExtractType = 'numeric' | 'text' | 'date' | 'time';

export interface ExtractColumn {
  /** The cell code (or LINENUMBER). */
  name: string;
  type: ExtractType;
  editor?: Editor;
  title: string;
  precision?: number;
  scale?: number;
  table: string;
}

/** One cell of a described row: a data cell, a dropdown, a fixed label, an empty or covered cell. */
export interface ExtractEntry {
  kind: 'cell' | 'dropdown' | 'value' | 'null';
  /** Column letter in the sheet. */
  x: string;
  code?: string;
  value?: string | number;
  listgroup?: number;
}

export interface ExtractRow {
  /** Sheet row (1-based) as the designer shows it; `summary` rows follow the body. */
  row: number | 'summary';
  linenumber: boolean;
  entries: ExtractEntry[];
}

export interface ExtractDefinition {
  version: typeof EXTRACT_VERSION;
  table: string;
  title: string;
  /** The form id of the template. */
  template: string;
  tab: string;
  type: TabType;
  /** First body row (1-based), below the header rows. */
  startRow: number;
  columns: ExtractColumn[];
  rows: ExtractRow[];
  /** List groups the tab's dropdowns use. */
  dropdown: number[];
  validations: { code: string; formula: string; message: string }[];
}

/** `ST_` + form id + `_` + tab id, non-alphanumerics as `_`, cut to 32 characters. */
export function extractTableName(formId: string, tabId: string): string {
  return `ST_${formId}_${tabId}`.replace(/[^A-Za-z0-9]/g, '_').slice(0, TABLE_NAME_LIMIT);
}

function extractType(editor: Editor): ExtractType {
  if (isNumericEditor(editor)) return 'numeric';
  return editor === 'date' || editor === 'time' ? editor : 'text';
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** The extract definition of the tab at `tabIndex` of a normalised template. */
export function extractDefinition(props: FormProperties, tabIndex: number): ExtractDefinition {
  const tab = props.items[tabIndex];
  const table = extractTableName(props.id, tab.id);
  const places = tabCells(tab, tabIndex);
  const top = tab.header.items.length;
  // Column titles: the lowest header label above the cell; row titles: the labels on its left.
  // Both are worked out once per column and once per row (not once per cell: a wide row would
  // rebuild the same prefix for each of its cells).
  const columnTitles = new Map<number, string>();
  const columnTitle = (col: number) => {
    let title = columnTitles.get(col);
    if (title === undefined) {
      title = '';
      for (let r = tab.header.items.length - 1; r >= 0 && !title; r--) title = text(tab.header.items[r][col]?.value);
      columnTitles.set(col, title);
    }
    return title;
  };
  const rowTitles = new Map<number, string[]>();
  const rowTitle = (r: number, col: number) => {
    let titles = rowTitles.get(r);
    if (!titles) {
      // titles[c]: the non-empty labels of cells 0 … c-1 that have no editor, joined by spaces.
      titles = [''];
      for (const cell of tab.items[r]) {
        const label = cell.editor ? '' : text(cell.value);
        const before = titles[titles.length - 1];
        titles.push(label ? (before ? `${before} ${label}` : label) : before);
      }
      rowTitles.set(r, titles);
    }
    return titles[col];
  };

  const columns: ExtractColumn[] = [{ name: LINE_NUMBER_COLUMN, type: 'numeric', title: 'Line number', precision: 10, scale: 0, table }];
  const rows = new Map<string, ExtractRow>();
  const dropdown = new Set<number>();
  const validations: ExtractDefinition['validations'] = [];
  for (const p of places) {
    if (p.section === 'header' || p.section === 'summary-header') continue;
    const rowKey = p.section === 'summary' ? 'summary' : String(top + p.row + 1);
    let row = rows.get(rowKey);
    if (!row) rows.set(rowKey, (row = { row: p.section === 'summary' ? 'summary' : top + p.row + 1, linenumber: tab.type === 'add-new-rows' && p.section === 'body', entries: [] }));
    const x = columnLetter(p.col);
    if (p.covered) {
      row.entries.push({ kind: 'null', x });
      continue;
    }
    const cell = p.cell;
    if (!p.data || !cell.code || !cell.editor) {
      row.entries.push(cell.value === undefined || cell.value === null || cell.value === '' ? { kind: 'null', x } : { kind: 'value', x, value: cell.value });
      continue;
    }
    if (cell.editor === 'dropdown' && cell.listgroup) {
      dropdown.add(cell.listgroup);
      row.entries.push({ kind: 'dropdown', x, code: cell.code, listgroup: cell.listgroup });
    } else {
      row.entries.push({ kind: 'cell', x, code: cell.code });
    }
    const derived = p.section === 'summary' ? text(tab.summary?.header[0]?.[p.col]?.value) : [p.section === 'body' ? rowTitle(p.row, p.col) : '', columnTitle(p.col)].filter(Boolean).join(' - ');
    const column: ExtractColumn = { name: cell.code, type: extractType(cell.editor), editor: cell.editor, title: cell.label_map || cell.id || derived || cell.code, table };
    if (column.type === 'numeric') {
      column.precision = cell.precision ?? 19;
      column.scale = cell.scale ?? 0;
    }
    columns.push(column);
    if (cell.validations) validations.push({ code: cell.code, formula: cell.validations, message: cell.validationmsg ?? '' });
  }
  return {
    version: EXTRACT_VERSION,
    table,
    title: tab.display_name,
    template: props.id,
    tab: tab.id,
    type: tab.type,
    startRow: top + 1,
    columns,
    rows: [...rows.values()],
    dropdown: [...dropdown].sort((a, b) => a - b),
    validations,
  };
}

/** The extract definitions of every tab, in tab order (the template's `etlproperties`). */
export function extractDefinitions(props: FormProperties): ExtractDefinition[] {
  return props.items.map((_, i) => extractDefinition(props, i));
}
