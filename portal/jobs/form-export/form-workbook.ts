// One form (or a blank template) as an Excel workbook, by the workbook contract (docs/excel.md):
// one sheet per tab named by its code, cells at the addresses of Form.getData (form-layout.ts),
// labels and merged headers, widths, alignment, number formats, each input cell's type as a data
// validation (dropdowns: a list of their list group's active entries), formulas as Excel formulas
// with their computed values cached, input cells unlocked (on an add-new-rows tab, room for added
// lines too) and everything else locked on protected sheets, a defined name per data cell, and the
// veryHidden `_regportal` map an import reads cells back by. Values and formulas come from the one cell model:
// FormWorkbook computes, cellValueRows answers what Form.getData answers. Written with exceljs'
// streaming writer, sheet by sheet and row by row in order, so a large form is never held twice.
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { placeContent, storedCells, listValuesFor, type FormContent } from '../../filing/form-data.js';
import { buildWorkbook, cellValueRows, eachCell } from '../../filing/form-values.js';
import { externalValues } from '../../filing/external-values.js';
import type { ExternalSource } from '../../filing/external-sources.js';
import { isFormulaCell } from '../../filing/normalise.js';
import { columnLetter, designerRows, tabCells } from '../../filing/template-grid.js';
import { parseAddress } from '../../filing/form-layout.js';
import type { Cell } from '../../filing/template-schema.js';
import type { Knex } from 'knex';
import { columnWidthOf, excelValueOf, numberFormatOf } from './cell-formats.js';
import { ValidationBook, type InputValidation } from './cell-validations.js';
import { DefinedNameList } from './defined-names.js';
import { excelFormula, excelLayout } from './excel-formulas.js';
import type { ExportItem } from './export-target.js';
import { unlockedLines } from './line-room.js';
import { LIST_SHEET, MAP_SHEET, tabSheetNames } from './sheet-names.js';
import { ValidationRanges } from './validation-ranges.js';

type Db = Knex | Knex.Transaction;

/** Excel's limit on an inline list validation (`"a,b,c"`): longer lists go on the `_lists` sheet. */
const INLINE_LIST_MAX = 250;
const FORMAT_VERSION = 1;

export interface FormWorkbookOptions {
  withData: boolean;
  licenseKey?: string;
  creator?: string;
  /** The values read from other forms as the export's caller is shown them (shownExternals). */
  shown?: (externals: ExternalSource[]) => Promise<ExternalSource[]>;
}

const HEADING: Partial<ExcelJS.Style> = { font: { bold: true }, alignment: { wrapText: true, vertical: 'middle', horizontal: 'center' } };
const LABEL: Partial<ExcelJS.Style> = { alignment: { wrapText: true, vertical: 'middle' } };
const READONLY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };

function styleOf(cell: Cell, readonly?: boolean): Partial<ExcelJS.Style> {
  const style: Partial<ExcelJS.Style> = {};
  const numFmt = numberFormatOf(cell);
  if (numFmt) style.numFmt = numFmt;
  if (cell.alignment) style.alignment = { horizontal: cell.alignment, vertical: 'middle', wrapText: cell.editor === 'text' };
  if (cell.className?.split(' ').includes('bold')) style.font = { bold: true };
  if (readonly !== undefined) {
    style.protection = { locked: readonly };
    if (readonly) style.fill = READONLY_FILL;
  }
  return style;
}

/**
 * One style object per look, shared by every cell that has it: exceljs recognises a style it has
 * seen by object identity, so sharing spares it rendering the same style 20,000 times.
 */
class StyleBook {
  private readonly styles = new Map<string, Partial<ExcelJS.Style>>();

  of(cell: Cell, readonly: boolean): Partial<ExcelJS.Style> {
    const key = `${cell.editor}|${cell.editor === 'currency' ? '' : (cell.scale ?? '')}|${cell.alignment ?? ''}|${cell.className ?? ''}|${readonly}`;
    let style = this.styles.get(key);
    if (!style) {
      style = styleOf(cell, readonly);
      this.styles.set(key, style);
    }
    return style;
  }
}

interface Entry {
  col: number;
  value: ExcelJS.CellValue;
  style: Partial<ExcelJS.Style>;
}

/** The streaming writer's worksheet keeps its validations by range; exceljs' typings leave them out. */
interface ValidationsByRange {
  dataValidations: { add(range: string, validation: InputValidation): void };
}

/** A tab's cells by sheet row (1-based), to be written in order. */
class SheetRows {
  readonly rows = new Map<number, Entry[]>();

  put(row: number, entry: Entry): void {
    const list = this.rows.get(row);
    if (list) list.push(entry);
    else this.rows.set(row, [entry]);
  }
}

/** Writes the item's workbook to `stream` (closed by the writer when done). */
export async function writeFormWorkbook(excel: typeof ExcelJS, db: Db, item: ExportItem, opts: FormWorkbookOptions, stream: Writable): Promise<void> {
  const { filed } = item;
  const template = filed.properties;
  const content: FormContent = item.form && opts.withData ? placeContent(filed.layout, await storedCells(db, item.form.id)) : placeContent(filed.layout, []);
  // A blank workbook computes its formulas over empty inputs, not the template's defaults.
  if (!(item.form && opts.withData)) for (const c of filed.layout.cells) if (!isFormulaCell(c.place.cell)) content.values[c.code] = null;
  // Values read from other forms (extform, prev) are cached in their cells as Form.getData shows them.
  const read = item.form && opts.withData ? await externalValues(db, item.form, filed, { licenseKey: opts.licenseKey }) : [];
  const externals = opts.shown ? await opts.shown(read) : read;
  const hf = buildWorkbook(filed, content, opts.licenseKey, externals);
  let values;
  let layout;
  try {
    values = cellValueRows(filed, content, hf);
    layout = hf.layout;
  } finally {
    hf.destroy();
  }
  const listOf = await listValuesFor(db, filed.layout);
  const names = tabSheetNames(template.items);
  const refs = excelLayout(layout, names);

  // Lists too long (or too awkward) for an inline validation go on the veryHidden `_lists` sheet.
  const listColumns: string[][] = [];
  const listFormulas = new Map<number, string | null>();
  const listFormula = (group: number): string | null => {
    if (listFormulas.has(group)) return listFormulas.get(group)!;
    const entries = listOf(group);
    let formula: string | null = null;
    if (entries?.length) {
      const inline = `"${entries.join(',')}"`;
      if (inline.length <= INLINE_LIST_MAX && !entries.some((e) => e.includes(',') || e.includes('"'))) formula = inline;
      else {
        listColumns.push([...entries]);
        const letter = columnLetter(listColumns.length - 1);
        formula = `'${LIST_SHEET}'!$${letter}$1:$${letter}$${entries.length}`;
      }
    }
    listFormulas.set(group, formula);
    return formula;
  };

  // Every cell placed first, by tab and row: labels from the template's grid, data cells as
  // Form.getData answers them, formulas where Excel can compute them.
  const tabs = template.items.map(() => new SheetRows());
  const widths: number[][] = template.items.map(() => []);
  template.items.forEach((tab, t) => {
    const sheet = layout.sheets[t];
    for (const p of tabCells(tab, t)) {
      if (p.cell.width) widths[t][p.col] = Math.max(widths[t][p.col] ?? 0, p.cell.width);
      if (p.covered || p.data) continue;
      const row = p.section === 'header' ? p.row : p.section === 'body' ? sheet.bodyStart + p.row : p.section === 'summary-header' ? sheet.rows - 2 : sheet.rows - 1;
      const heading = p.section === 'header' || p.section === 'summary-header';
      const value = p.cell.value === undefined || p.cell.value === '' ? null : p.cell.value;
      tabs[t].put(row + 1, { col: p.col + 1, value, style: heading ? HEADING : LABEL });
    }
  });
  const tabIndex = new Map(template.items.map((t, i) => [t.id, i]));
  const styleBook = new StyleBook();
  const validationBook = new ValidationBook();
  const validations = template.items.map(() => new ValidationRanges<InputValidation>());
  const validationOf = (cell: Cell): InputValidation | null =>
    validationBook.of(cell, cell.editor === 'dropdown' && cell.listgroup ? listFormula(cell.listgroup) : null);
  const definedNames = new DefinedNameList();
  const cells = eachCell(filed, content.rows);
  const mapRows: (string | number | null)[][] = [];
  values.forEach((v, i) => {
    const at = cells[i];
    const cell = at.cell.place.cell;
    const t = tabIndex.get(v.tab)!;
    const where = parseAddress(v.address)!;
    const value = excelValueOf(cell, v.value);
    const formula = cell.formula ? excelFormula(cell.formula, refs, { tabIndex: t, row: refs.codes.get(at.cell.code)!.row, col: at.cell.place.col, dataRow: at.row }) : null;
    tabs[t].put(where.row, {
      col: where.col + 1,
      value: formula ? ({ formula, result: value ?? undefined } as ExcelJS.CellFormulaValue) : value,
      style: styleBook.of(cell, v.readonly),
    });
    // Only what a user may type into is checked as they type: locked cells have no validation.
    const validation = v.readonly || isFormulaCell(cell) ? null : validationOf(cell);
    if (validation) validations[t].add(where.row, where.col, validation);
    if (at.row === 0) definedNames.add(v.code, names[t], where.row, where.col);
    mapRows.push([v.tab, names[t], v.address, v.code, v.type]);
  });
  // Room for added lines below an add-new-rows tab's data rows (line-room.ts): its input cells
  // unlocked and validated, empty.
  template.items.forEach((tab, t) => {
    const sheet = layout.sheets[t];
    const lines = unlockedLines(tab, sheet.bodyRows);
    if (lines <= sheet.bodyRows) return;
    const inputs = tabCells(tab, t).filter((p) => p.data && p.section === 'body' && !isFormulaCell(p.cell) && !p.cell.disabled);
    for (let r = sheet.bodyRows; r < lines; r++) {
      const row = sheet.bodyStart + r + 1;
      for (const p of inputs) {
        tabs[t].put(row, { col: p.col + 1, value: null, style: styleBook.of(p.cell, false) });
        const validation = validationOf(p.cell);
        if (validation) validations[t].add(row, p.col, validation);
      }
    }
  });

  const wb = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  wb.creator = opts.creator ?? 'Reporting Portal';
  wb.created = new Date();
  definedNames.attachTo(wb);
  const sheets = template.items.map((tab, i) => {
    const top = tab.header.items.length;
    return wb.addWorksheet(names[i], { views: tab.freezetop && top ? [{ state: 'frozen', ySplit: top }] : [] });
  });
  const mapSheet = wb.addWorksheet(MAP_SHEET, { state: 'veryHidden' });
  const listSheet = listColumns.length ? wb.addWorksheet(LIST_SHEET, { state: 'veryHidden' }) : undefined;

  for (let t = 0; t < sheets.length; t++) {
    const ws = sheets[t];
    const tab = template.items[t];
    const colCount = layout.sheets[t].cols;
    ws.columns = Array.from({ length: colCount }, (_, c) => ({ width: columnWidthOf(widths[t][c]), hidden: (tab.hide_cols ?? []).includes(columnLetter(c)) }));
    // Merges inside what the sheet shows (an add-new-rows body is written row by row).
    const grid = designerRows(tab);
    const last = tab.type === 'add-new-rows' ? tab.header.items.length : grid.length;
    grid.forEach((row, r) =>
      row.forEach((cell, c) => {
        const rs = cell.rowspan ?? 1;
        const cs = cell.colspan ?? 1;
        if ((rs > 1 || cs > 1) && r + rs <= Math.max(last, r + 1)) ws.mergeCells(r + 1, c + 1, r + rs, c + cs);
      }),
    );
    for (const n of [...tabs[t].rows.keys()].sort((a, b) => a - b)) {
      const row = ws.getRow(n);
      for (const e of tabs[t].rows.get(n)!) {
        const c = row.getCell(e.col);
        c.value = e.value;
        c.style = e.style;
      }
      // exceljs' writer leaves out a row whose cells are all empty, styles and all: a row of empty
      // inputs (a blank workbook, room for lines) would stay locked. Such a row is written too.
      if (!row.hasValues) Object.defineProperty(row, 'hasValues', { value: true });
      row.commit();
    }
    for (const [range, validation] of validations[t].ranges()) (ws as unknown as ValidationsByRange).dataValidations.add(range, validation);
    // A guard against slips (no password): anyone can lift it, and the import checks every cell
    // anyway. Columns and rows may be resized; on an add-new-rows tab rows may be inserted and
    // deleted, which is how lines are added and removed.
    const lines = tab.type === 'add-new-rows';
    await ws.protect('', { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true, insertRows: lines, deleteRows: lines });
    ws.commit();
  }
  mapSheet.addRow(['format', 'regportal-form', FORMAT_VERSION]).commit();
  mapSheet.addRow(['form', item.form ? item.form.id : null, 'template', item.templateCode, 'version', filed.version]).commit();
  mapSheet.addRow(['tab', 'sheet', 'address', 'code', 'type']).commit();
  for (const r of mapRows) mapSheet.addRow(r).commit();
  mapSheet.commit();
  if (listSheet) {
    const longest = Math.max(...listColumns.map((l) => l.length));
    for (let r = 0; r < longest; r++) listSheet.addRow(listColumns.map((l) => l[r] ?? null)).commit();
    listSheet.commit();
  }
  await wb.commit();
}
