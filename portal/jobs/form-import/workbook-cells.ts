// Which workbook cell holds each data cell of the form (docs/excel.md, "How cells are found"): the
// defined name `RP_<code>` when the workbook has it (a name moves with its cell), else the
// `_regportal` map's address, else, in a workbook without the map, the tab's sheet by its
// contract name at the template address. A cell found by address is read only where the sheet
// still has the template's shape (sheet-anchors.ts); elsewhere a value there is refused. An
// add-new-rows tab's lines run from its first data row down to the first empty line, up to the
// tab's maximum. Answers what was read, cell by cell, and the problems of finding them.
import type ExcelJS from 'exceljs';
import type { DataCell, FormLayout } from '../../filing/form-layout.js';
import { parseAddress } from '../../filing/form-layout.js';
import { isFormulaCell } from '../../filing/normalise.js';
import { columnLetter } from '../../filing/template-grid.js';
import type { Tab } from '../../filing/template-schema.js';
import { tabSheetNames } from '../form-export/sheet-names.js';
import { cellName } from '../form-export/cell-names.js';
import type { NamedCell } from './cell-names.js';
import { SheetAnchors } from './sheet-anchors.js';
import type { WorkbookMap } from './workbook-map.js';
import type { SheetValues, WorkbookValues } from './workbook-values.js';

/** `at` is the contract's name of the cell, `01!B3` (tab id ! the form's address), or the tab id. */
export interface CellProblem {
  at: string;
  /** The workbook's sheet and cell the problem is in (for the marked copy), when there is one. */
  sheet: string | null;
  address: string | null;
  code: string | null;
  rule: string;
  /** The message, naming the sheet and workbook cell first when there is one. */
  message: string;
  /** The message without the sheet and cell, for the comment on the cell itself. */
  note?: string;
  /** The form's cell in words, `Tab KP, Total assets (Current year)`, when the problem is one cell's. */
  label?: string;
}

export function cellProblem(at: string, where: { sheet: string; address: string } | null, code: string | null, rule: string, note: string): CellProblem {
  return { at, sheet: where?.sheet ?? null, address: where?.address ?? null, code, rule, message: where ? `Sheet "${where.sheet}", cell ${where.address}: ${note}` : note, note };
}

/** One data cell's value as read: `row` is its data row (0 outside add-new-rows tabs). */
export interface ReadCell {
  cell: DataCell;
  row: number;
  sheet: string;
  address: string;
  value: ExcelJS.CellValue;
}

export interface FormCells {
  read: ReadCell[];
  /** Lines read on each add-new-rows tab whose sheet was found (0: none filled). */
  lines: Record<string, number>;
  problems: CellProblem[];
}

interface Place {
  sheet: string;
  row: number;
  col: number;
  byName: boolean;
}

/** Form.saveData's limit on a tab's rows when the template sets none: a sheet is read no further. */
const MAX_LINES = 100_000;

export const isBlank = (v: ExcelJS.CellValue) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const MOVED_SHEET_TAIL = '. Rows or columns were inserted, deleted or moved, so none of its values is imported: undo that change, or export the form again and type the values there.';
const MOVED_TAIL = ': rows or columns were inserted, deleted or moved, so this value is not imported. Undo that change, or export the form again and type the values there.';

export function readFormCells(layout: FormLayout, wb: WorkbookValues, map: WorkbookMap | null, names: ReadonlyMap<string, NamedCell>): FormCells {
  const tabs = layout.template.items;
  const tabIndex = new Map(tabs.map((t, i) => [t.id, i]));
  const contractNames = new Map(tabSheetNames(tabs).map((name, i) => [tabs[i].id, name]));
  const problems: CellProblem[] = [];
  const read: ReadCell[] = [];
  const lines: Record<string, number> = {};

  // The map's address of each code: its first data row on an add-new-rows tab.
  const mapped = new Map<string, Place>();
  for (const m of map?.cells ?? []) {
    const at = parseAddress(m.address);
    if (!at) continue;
    const was = mapped.get(m.code);
    if (!was || at.row < was.row) mapped.set(m.code, { sheet: m.sheet, row: at.row, col: at.col, byName: false });
  }

  const missingSheets = new Set<string>();
  const sheetOf = (name: string, tab: Tab): SheetValues | undefined => {
    const ws = wb.sheet(name);
    if (!ws && !missingSheets.has(name)) {
      missingSheets.add(name);
      problems.push(cellProblem(tab.id, null, null, 'sheet', `The workbook has no sheet "${name}" (tab ${tab.title}): it was renamed or deleted, so its values cannot be found. Give the sheet back its name, or export the form again.`));
    }
    return ws;
  };
  const anchors = new Map<string, SheetAnchors | null>();
  const anchorsOf = (tab: Tab, sheet: string): SheetAnchors | null => {
    const key = `${tab.id}\u0000${sheet}`;
    if (!anchors.has(key)) {
      const ws = wb.sheet(sheet);
      anchors.set(key, ws ? new SheetAnchors(tab, tabIndex.get(tab.id)!, sheet, ws) : null);
    }
    return anchors.get(key)!;
  };

  /** Where the cell's (first) value is; null when the workbook does not have it. */
  const placeOf = (cell: DataCell): Place | null => {
    const named = names.get(cell.code);
    if (named && named.sheet !== null) return { sheet: named.sheet, row: named.row, col: named.col, byName: true };
    if (map) return mapped.get(cell.code) ?? null;
    if (named) return null;
    const row = cell.repeats || cell.place.section !== 'summary' || cell.place.tab.type !== 'add-new-rows' ? layout.sheetRow(cell, 0, {}) : layout.sheetRow(cell, 0, { [cell.tab]: Math.max(1, lines[cell.tab] ?? 1) });
    return { sheet: contractNames.get(cell.tab)!, row, col: cell.place.col, byName: false };
  };

  const valueAt = (ws: SheetValues, place: Place, down = 0) => ws.at(place.row + down, place.col);

  // Lines of add-new-rows tabs first (a workbook without the map has the summary below them).
  for (const tab of layout.repeatingTabs()) {
    const inputs: { place: Place; ws: SheetValues }[] = [];
    for (const cell of layout.cells) {
      if (cell.tab !== tab.id || !cell.repeats || isFormulaCell(cell.place.cell)) continue;
      const place = placeOf(cell);
      const ws = place && sheetOf(place.sheet, tab);
      if (place && ws) inputs.push({ place, ws });
    }
    if (!inputs.length) continue;
    const max = Math.min(tab.maxrowsize ?? MAX_LINES, MAX_LINES);
    const filled = (r: number) => inputs.some((i) => !isBlank(valueAt(i.ws, i.place, r)));
    let n = 0;
    while (n < max && filled(n)) n++;
    lines[tab.id] = n;
    const first = inputs[0];
    if (n === max && filled(n)) {
      problems.push(cellProblem(tab.id, null, null, 'rows', `Tab ${tab.title} takes at most ${max} lines, but sheet "${first.place.sheet}" has more (line ${max + 1} is on row ${first.place.row + max}): remove the lines beyond the ${max}th.`));
      continue;
    }
    // Values below the first empty line would be left behind: said, not dropped.
    const summaryRows = new Set<number>();
    for (const cell of layout.cells) {
      if (cell.tab !== tab.id || cell.place.section !== 'summary') continue;
      const named = names.get(cell.code);
      const row = named?.sheet ? named.row : map ? mapped.get(cell.code)?.row : first.place.row + Math.max(1, n) + 2;
      if (row !== undefined) summaryRows.add(row).add(row - 1);
    }
    const below = inputs.flatMap((i) => {
      const out: number[] = [];
      for (let row = i.place.row + n + 1; row <= i.ws.rowCount; row++) if (!summaryRows.has(row) && !isBlank(i.ws.at(row, i.place.col))) out.push(row);
      return out.slice(0, 1);
    });
    if (below.length) {
      const row = Math.min(...below);
      problems.push(cellProblem(tab.id, null, null, 'rows', `Sheet "${first.place.sheet}" has a value on row ${row}, below the first empty line of tab ${tab.title} (row ${first.place.row + n}): the lines end at the first empty line, so it would not be imported. Remove the empty line, or the values below it.`));
    }
  }

  for (const cell of layout.cells) {
    const tab = cell.place.tab;
    const place = placeOf(cell);
    if (!place) {
      const named = names.get(cell.code);
      // A deleted cell of a fixed line: its value is gone (a line of an add-new-rows tab can be deleted).
      if (named && !cell.repeats && !isFormulaCell(cell.place.cell)) {
        problems.push(cellProblem(`${cell.tab}!${layout.address(cell, 0, {})}`, null, cell.code, 'moved', `This cell was deleted from the workbook (its name ${cellName(cell.code)} refers to ${named.ref}), so its value cannot be read. Undo the deletion, or export the form again.`));
      }
      continue;
    }
    const ws = sheetOf(place.sheet, tab);
    if (!ws) continue;
    const count = cell.repeats ? (lines[cell.tab] ?? 0) : 1;
    const moved = place.byName ? null : anchorsOf(tab, place.sheet)?.moved(cell, place.row);
    const letter = columnLetter(place.col);
    for (let r = 0; r < count; r++) {
      const address = `${letter}${place.row + r}`;
      const value = ws.at(place.row + r, place.col);
      if (moved) {
        if (!isBlank(value)) problems.push(cellProblem(`${cell.tab}!${layout.address(cell, r, lines)}`, { sheet: place.sheet, address }, cell.code, 'moved', `${moved[0].toUpperCase()}${moved.slice(1)}${MOVED_TAIL}`));
        continue;
      }
      read.push({ cell, row: r, sheet: place.sheet, address, value });
    }
  }

  // A sheet read by address whose labels moved is refused whole, even where no moved cell holds a
  // value: a value typed where the map does not look would otherwise be left behind unsaid.
  for (const [key, sheetAnchors] of anchors) {
    const fault = sheetAnchors?.firstMoved();
    if (!fault) continue;
    const tab = layout.tab(key.split('\u0000')[0])!;
    const sheet = key.split('\u0000')[1];
    problems.push(cellProblem(tab.id, null, null, 'moved', `Sheet "${sheet}" (tab ${tab.title}) is not laid out as the form was exported: ${fault}${MOVED_SHEET_TAIL}`));
  }

  // Codes the template does not know, in the map or as names, holding a value.
  const unknown = (code: string, tab: string | null, sheet: string, address: string) => {
    const ws = wb.sheet(sheet);
    if (ws && !isBlank(ws.value(address))) problems.push(cellProblem(`${tab ?? sheet}!${address}`, { sheet, address }, code, 'unknown-code', 'The form has no cell with this code.'));
  };
  for (const m of map?.cells ?? []) if (!names.get(m.code)?.sheet && !layout.byCodeOf(m.code)) unknown(m.code, m.tab || null, m.sheet, m.address);
  for (const [code, named] of names) if (named.sheet !== null && !layout.byCodeOf(code)) unknown(code, null, named.sheet, `${columnLetter(named.col)}${named.row}`);
  return { read, lines, problems };
}
