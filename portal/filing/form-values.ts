// A form's values as the filer sees them: the stored input values and, computed over them by the
// one formula configuration (FormWorkbook), its formulas and summaries, cell by cell with the
// address, code, editor and whether the cell takes input.
import { FormWorkbook } from './formula-engine.js';
import type { StoredValue } from './cell-values.js';
import { workbookExternals, type ExternalSource } from './external-sources.js';
import { cellId, type FiledTemplate, type FormContent } from './form-data.js';
import type { CellAt } from './form-layout.js';
import { isFormulaCell } from './normalise.js';

export interface CellValueRow {
  tab: string;
  address: string;
  code: string;
  type: string;
  value: StoredValue;
  readonly: boolean;
}

/** The form's workbook over its stored values; `externals`: its extform()/prev() values (external-values.ts). */
export function buildWorkbook(filed: FiledTemplate, content: FormContent, licenseKey?: string, externals: readonly ExternalSource[] = []): FormWorkbook {
  return FormWorkbook.build(filed.properties, { values: content.values, rows: content.rows, licenseKey, ...workbookExternals(externals) });
}

/** Every data cell in every data row, in template order (rows of a repeating tab in turn). */
export function eachCell(filed: FiledTemplate, rows: Record<string, number>): CellAt[] {
  const out: CellAt[] = [];
  for (const cell of filed.layout.cells) {
    const n = cell.repeats ? filed.layout.bodyRows(cell.place.tab, rows) : 1;
    for (let r = 0; r < n; r++) out.push({ cell, row: r });
  }
  return out;
}

/** A cell the filer never writes: a formula, a disabled cell, or one its disable condition turns off. */
export function isReadOnly(at: CellAt, disabled: ReadonlySet<string>): boolean {
  const c = at.cell.place.cell;
  return isFormulaCell(c) || c.disabled === true || disabled.has(cellId(at.cell, at.row));
}

/** The cells of `Form.getData`: input values as stored, formula values as computed now. */
export function cellValueRows(filed: FiledTemplate, content: FormContent, wb: FormWorkbook): CellValueRow[] {
  const results = wb.results();
  const disabled = filed.layout.hasDisableConditions ? new Set(wb.checks().disabled.map((d) => `${d.code}#${d.row}`)) : new Set<string>();
  return eachCell(filed, content.rows).map((at) => {
    const c = at.cell.place.cell;
    let value: StoredValue;
    if (isFormulaCell(c)) {
      const v = results[at.cell.code];
      value = Array.isArray(v) ? (v[at.row] ?? null) : (v ?? null);
    } else value = content.byCell.get(cellId(at.cell, at.row)) ?? null;
    return { tab: at.cell.tab, address: filed.layout.address(at.cell, at.row, content.rows), code: at.cell.code, type: c.editor ?? 'text', value, readonly: isReadOnly(at, disabled) };
  });
}
