// A template formula as an Excel formula: the same translation the form's workbook uses
// (formula-references.ts), onto sheets named as the exported worksheets, so cell(CODE), rc() and
// col() become A1 references on the same rows and columns. ext() and extform() read values from
// outside the form, which a workbook does not have: such a cell gets its computed value instead.
// Function names are written as an .xlsx file holds them: a function Excel added after 2007 carries
// its `_xlfn.` prefix (`_xlfn.STDEV.S(…)`), as Excel itself writes it; without it other programs
// (and Excel itself, reading the file) show #NAME?.
import { xlsxFunctionName } from '../../filing/formula-functions.js';
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

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_.]/;

/**
 * Every function name of an Excel formula as the file writes it (xlsxFunctionName): a name
 * directly followed by `(`, outside string literals ("…") and quoted sheet names ('…'!), where a
 * doubled quote stays inside. A name already prefixed (`_xlfn.IFS`) is left as it is.
 */
export function xlsxFunctionNames(formula: string): string {
  let out = '';
  let i = 0;
  const n = formula.length;
  while (i < n) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < n && !(formula[j] === ch && formula[j + 1] !== ch)) j += formula[j] === ch ? 2 : 1;
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (NAME_START.test(ch)) {
      let j = i + 1;
      while (j < n && NAME_PART.test(formula[j])) j++;
      const name = formula.slice(i, j);
      out += formula[j] === '(' && !/^_xl/i.test(name) ? xlsxFunctionName(name) : name;
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** The Excel formula (without `=`), or null when it cannot be expressed in Excel. */
export function excelFormula(formula: string, layout: ReferenceLayout, site: ExcelSite): string | null {
  if (externalKeys(formula).length) return null;
  const t = translateFormula(formula, layout, { ...site, relative: true });
  if (t.problems.length) return null;
  return xlsxFunctionNames(t.text.replace(/^\s*=/, ''));
}
