// The save-time rules of the designer (seed 001 §4.1, §5.1), applied on the server to every save
// whatever sent it, and by the designer before it shows what will be saved.
import { assignCellCodes } from './cell-codes.js';
import { columnLetter } from './template-grid.js';
import { MAX_PRECISION } from './template-limits.js';
import type { Cell, FormProperties } from './template-schema.js';

/** Display format of currency cells (seed 001 §5.1), in numbro/handsontable notation. */
export const CURRENCY_FORMAT = '0,0.00';
/** Currency cells hold two decimals in up to 19 digits. */
export const CURRENCY_SCALE = 2;
/** Summary ids are one above the highest existing one, base 70 (seed 001 §4.1). */
export const SUMMARY_ID_BASE = 70;
/** Add-new-rows grids show at least 20 rows plus one spare (seed 001 §9). */
export const ADD_NEW_ROWS_MIN_ROWS = 20;

const NUMERIC_EDITORS = new Set(['numeric', 'currency', 'formula']);

/** True for the editors whose values are numbers (with precision and scale). */
export function isNumericEditor(editor: Cell['editor']): boolean {
  return editor !== undefined && NUMERIC_EDITORS.has(editor);
}

/**
 * A cell whose value a formula computes: a formula cell (numeric), or a Text cell with a formula
 * (its formula answers text). The filer never writes either.
 */
export function isFormulaCell(cell: Cell): boolean {
  return cell.editor === 'formula' || cell.formula !== undefined;
}

/** Rows an add-new-rows grid shows for `dataRows` filled rows: at least 20, plus one spare. */
export function addNewRowsGridRows(dataRows: number): number {
  return Math.max(ADD_NEW_ROWS_MIN_ROWS, dataRows) + 1;
}

/** The id a newly shown summary gets: one above the highest of the form, base 70. */
export function nextSummaryId(props: FormProperties): number {
  return props.items.reduce((max, t) => Math.max(max, t.summary?.id ?? 0), SUMMARY_ID_BASE) + 1;
}

/** One cell's rules, in place. */
export function normaliseCell(cell: Cell): void {
  if (cell.formula !== undefined && cell.formula.trim() === '') delete cell.formula;
  if (cell.formula !== undefined) {
    // A cell with a formula is a formula cell, numeric, unless it is a Text cell (its formula then
    // answers text, as Excel shows it); either is always disabled.
    if (cell.editor !== 'text') cell.editor = 'formula';
    if (!cell.formula.trimStart().startsWith('=')) cell.formula = `=${cell.formula.trim()}`;
  }
  if (isFormulaCell(cell)) cell.disabled = true;
  if (cell.editor === 'currency') {
    cell.precision = MAX_PRECISION;
    cell.scale = CURRENCY_SCALE;
  } else if (cell.editor === 'numeric' || cell.editor === 'formula') {
    if (cell.precision == null || cell.precision > MAX_PRECISION) cell.precision = MAX_PRECISION;
    if (cell.scale == null || cell.scale > MAX_PRECISION) cell.scale = 0;
  } else {
    delete cell.precision;
    delete cell.scale;
  }
  if (cell.editor !== 'dropdown' && cell.listgroup === null) delete cell.listgroup;
  // Numeric and formula cells are right-aligned (seed 001 §2.1) unless the designer chose otherwise.
  if (isNumericEditor(cell.editor) && cell.alignment === undefined) cell.alignment = 'right';
  for (const key of ['disablecondition', 'validations', 'validationmsg', 'note', 'href', 'label_map'] as const) {
    if (cell[key] !== undefined && cell[key].trim() === '') delete cell[key];
  }
}

/**
 * The template as it is saved: a copy with every cell's rules applied, addresses recomputed
 * from positions, defaults filled, summary ids made unique above 70, and codes given to data
 * cells that lack one. Expects a template that passed the schema (template-schema.ts).
 */
export function normaliseTemplate(input: FormProperties, itemcode: string): FormProperties {
  // Properties are JSON: a JSON round trip is the fastest deep copy of them that stays fast to
  // work on. (A copy by spreads takes under 1 ms, but the cells it makes turned every later stage
  // of the check several times slower once normalising added and deleted their attributes.)
  const props = JSON.parse(JSON.stringify(input)) as FormProperties;
  const summaryIds = new Set<number>();
  for (const tab of props.items) {
    tab.freezetop ??= true;
    if (tab.type === 'add-new-rows') delete tab.hide_rows; // not offered for add-new-rows tabs
    [...tab.header.items, ...tab.items].forEach((cells, r) =>
      cells.forEach((cell, c) => {
        cell.x = columnLetter(c);
        cell.y = r + 1;
        cell.Address = `${cell.x}${cell.y}`;
        normaliseCell(cell);
      }),
    );
    if (tab.summary) {
      for (const cell of [...tab.summary.header.flat(), ...tab.summary.items.flat()]) normaliseCell(cell);
      if (summaryIds.has(tab.summary.id)) tab.summary.id = Math.max(nextSummaryId(props), ...summaryIds) + 1;
      summaryIds.add(tab.summary.id);
    }
  }
  assignCellCodes(props, itemcode);
  return props;
}
