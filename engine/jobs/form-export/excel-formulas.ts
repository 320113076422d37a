// A template formula as an Excel formula: the same translation the form's workbook uses
// (formula-references.ts), onto sheets named as the exported worksheets, so cell(CODE), rc() and
// col() become A1 references on the same rows and columns. ext() and extform() read values from
// outside the form, which a workbook does not have: such a cell gets its computed value instead.
import { externalKeys, translateFormula, type ReferenceLayout } from '../../filing/formula-references.js';

export interface ExcelSite {
  tabIndex: number;
  /** 0-based sheet row of the template cell (the first data row's, on an add-new-rows tab). */
  row: number;
  col: number;
  dataRow: number;
}

/** The workbook's reference layout with the exported sheet names (the same rows and columns). */
export function excelLayout(layout: ReferenceLayout, sheetNames: readonly string[]): ReferenceLayout {
  return { sheets: layout.sheets.map((s, i) => ({ ...s, name: sheetNames[i] })), codes: layout.codes, externals: new Map() };
}

/** The Excel formula (without `=`), or null when it cannot be expressed in Excel. */
export function excelFormula(formula: string, layout: ReferenceLayout, site: ExcelSite): string | null {
  if (externalKeys(formula).length) return null;
  const t = translateFormula(formula, layout, { ...site, relative: true });
  if (t.problems.length) return null;
  return t.text.replace(/^\s*=/, '');
}
