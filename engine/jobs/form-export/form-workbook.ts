// One form (or a blank template) as an Excel workbook, by the workbook contract (docs/excel.md):
// one sheet per tab named by its code, cells at the addresses of Form.getData (form-layout.ts),
// labels and merged headers, widths, alignment, number formats, dropdowns as list validations of
// their list group's active entries, formulas as Excel formulas with their computed values cached,
// input cells unlocked and everything else locked on protected sheets, and the veryHidden
// `_regportal` map an import reads cells back by. Values and formulas come from the one cell model:
// FormWorkbook computes, cellValueRows answers what Form.getData answers.
import type ExcelJS from 'exceljs';
import { placeContent, storedCells, listValuesFor, type FormContent } from '../../filing/form-data.js';
import { buildWorkbook, cellValueRows, eachCell } from '../../filing/form-values.js';
import { tabCells, designerRows } from '../../filing/template-grid.js';
import type { Cell } from '../../filing/template-schema.js';
import type { Knex } from 'knex';
import { columnWidthOf, excelValueOf, numberFormatOf } from './cell-formats.js';
import { excelFormula, excelLayout } from './excel-formulas.js';
import type { ExportItem } from './export-target.js';
import { LIST_SHEET, MAP_SHEET, tabSheetNames } from './sheet-names.js';

type Db = Knex | Knex.Transaction;

/** Excel's limit on an inline list validation (`"a,b,c"`): longer lists go on the `_lists` sheet. */
const INLINE_LIST_MAX = 250;
const FORMAT_VERSION = 1;

export interface FormWorkbookOptions {
  withData: boolean;
  licenseKey?: string;
  creator?: string;
}

function styleOf(cell: Cell): Partial<ExcelJS.Style> {
  const style: Partial<ExcelJS.Style> = {};
  const numFmt = numberFormatOf(cell);
  if (numFmt) style.numFmt = numFmt;
  if (cell.alignment) style.alignment = { horizontal: cell.alignment, vertical: 'middle', wrapText: cell.editor === 'text' };
  if (cell.className?.split(' ').includes('bold')) style.font = { bold: true };
  return style;
}

/** Fills a workbook with the item's sheets; answers the number of data cells written. */
export async function writeFormWorkbook(excel: typeof ExcelJS, db: Db, item: ExportItem, opts: FormWorkbookOptions): Promise<ExcelJS.Workbook> {
  const { filed } = item;
  const template = filed.properties;
  const content: FormContent = item.form && opts.withData ? placeContent(filed.layout, await storedCells(db, item.form.id)) : placeContent(filed.layout, []);
  // A blank workbook computes its formulas over empty inputs, not the template's defaults.
  if (!(item.form && opts.withData)) for (const c of filed.layout.cells) if (c.place.cell.editor !== 'formula') content.values[c.code] = null;
  const hf = buildWorkbook(filed, content, opts.licenseKey);
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

  const wb = new excel.Workbook();
  wb.creator = opts.creator ?? 'Reporting Portal';
  wb.created = new Date();
  const sheets = template.items.map((tab, i) => {
    const top = tab.header.items.length;
    return wb.addWorksheet(names[i], { views: tab.freezetop && top ? [{ state: 'frozen', ySplit: top }] : [], properties: { defaultColWidth: 14 } });
  });
  const mapSheet = wb.addWorksheet(MAP_SHEET, { state: 'veryHidden' });
  let listSheet: ExcelJS.Worksheet | undefined;
  const listRanges = new Map<number, string>();
  const listFormula = (group: number): string | null => {
    const entries = listOf(group);
    if (!entries?.length) return null;
    const inline = `"${entries.join(',')}"`;
    if (inline.length <= INLINE_LIST_MAX && !entries.some((e) => e.includes(',') || e.includes('"'))) return inline;
    let range = listRanges.get(group);
    if (!range) {
      listSheet ??= wb.addWorksheet(LIST_SHEET, { state: 'veryHidden' });
      const col = listRanges.size + 1;
      entries.forEach((e, r) => (listSheet!.getCell(r + 1, col).value = e));
      const letter = listSheet.getColumn(col).letter;
      range = `'${LIST_SHEET}'!$${letter}$1:$${letter}$${entries.length}`;
      listRanges.set(group, range);
    }
    return range;
  };

  // Labels, merges and column widths, from the template's grid.
  template.items.forEach((tab, t) => {
    const ws = sheets[t];
    const sheet = layout.sheets[t];
    const widths: number[] = [];
    for (const p of tabCells(tab, t)) {
      if (p.cell.width) widths[p.col] = Math.max(widths[p.col] ?? 0, p.cell.width);
      if (p.covered || p.data) continue;
      const row = p.section === 'header' ? p.row : p.section === 'body' ? sheet.bodyStart + p.row : p.section === 'summary-header' ? sheet.rows - 2 : sheet.rows - 1;
      const c = ws.getCell(row + 1, p.col + 1);
      if (p.cell.value !== undefined && p.cell.value !== null && p.cell.value !== '') c.value = p.cell.value;
      const style = styleOf(p.cell);
      c.style = { ...style, font: p.section === 'header' || p.section === 'summary-header' ? { bold: true } : style.font, alignment: { wrapText: true, vertical: 'middle', ...(style.alignment ?? {}) } };
    }
    const rows = designerRows(tab);
    const last = tab.type === 'add-new-rows' ? tab.header.items.length : rows.length;
    rows.forEach((cells, r) =>
      cells.forEach((cell, c) => {
        const rs = cell.rowspan ?? 1;
        const cs = cell.colspan ?? 1;
        // Merges inside what the sheet shows (an add-new-rows body is written row by row).
        if ((rs > 1 || cs > 1) && r + rs <= Math.max(last, r + 1)) ws.mergeCells(r + 1, c + 1, r + rs, c + cs);
      }),
    );
    widths.forEach((w, i) => w && (ws.getColumn(i + 1).width = columnWidthOf(w)));
    for (const letter of tab.hide_cols ?? []) ws.getColumn(letter).hidden = true;
  });

  // Data cells: values as Form.getData answers them, formulas where Excel can compute them.
  mapSheet.addRow(['format', 'regportal-form', FORMAT_VERSION]);
  mapSheet.addRow(['form', item.form ? item.form.id : null, 'template', item.templateCode, 'version', filed.version]);
  mapSheet.addRow(['tab', 'sheet', 'address', 'code', 'type']);
  const tabIndex = new Map(template.items.map((t, i) => [t.id, i]));
  const cells = eachCell(filed, content.rows);
  values.forEach((v, i) => {
    const at = cells[i];
    const cell = at.cell.place.cell;
    const t = tabIndex.get(v.tab)!;
    const c = sheets[t].getCell(v.address);
    const value = excelValueOf(cell, v.value);
    const formula = cell.editor === 'formula' && cell.formula ? excelFormula(cell.formula, refs, { tabIndex: t, row: refs.codes.get(at.cell.code)!.row, col: at.cell.place.col, dataRow: at.row }) : null;
    c.value = formula ? ({ formula, result: value ?? undefined } as ExcelJS.CellFormulaValue) : value;
    const style = styleOf(cell);
    c.style = { ...style, protection: { locked: v.readonly }, ...(v.readonly ? { fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } } } : {}) };
    if (cell.editor === 'dropdown' && cell.listgroup && !v.readonly) {
      const list = listFormula(cell.listgroup);
      if (list) c.dataValidation = { type: 'list', allowBlank: true, formulae: [list], showErrorMessage: true, errorStyle: 'stop', errorTitle: 'Not in the list', error: 'Choose one of the listed values.' };
    }
    mapSheet.addRow([v.tab, names[t], v.address, v.code, v.type]);
  });

  // A guard against slips (no password): anyone can lift it, and the import checks every cell anyway.
  for (const ws of sheets) await ws.protect('', { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true });
  return wb;
}
