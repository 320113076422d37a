// The functions a template formula may call: one list, read by the template check (an undeclared
// function is refused at save, with its cell named), by the Excel export (functions newer than
// Excel 2007 are written `_xlfn.NAME` in the file, as Excel itself writes them) and by the
// differential test against LibreOffice (every declared function is in its corpus).
//
// Left out on purpose: volatile functions (RAND, NOW, TODAY: a filed figure must not change on
// recalculation), functions that name sheet addresses or build links (OFFSET, ADDRESS, SHEET,
// HYPERLINK, FORMULATEXT), dynamic arrays (FILTER, SORT, UNIQUE, SEQUENCE) and HyperFormula's own
// (HF.*, ARRAYFORMULA, SPLIT, COUNTUNIQUE, INTERVAL, VERSION), which Excel does not have.

export interface FormulaFunction {
  /** The name as a template writes it (case-insensitive there), upper case here. */
  name: string;
  /** Written `_xlfn.NAME` in an .xlsx file: a function Excel added after 2007. */
  xlfn?: true;
}

const plain = (names: string): FormulaFunction[] => names.trim().split(/\s+/).map((name) => ({ name }));
const newer = (names: string): FormulaFunction[] => names.trim().split(/\s+/).map((name) => ({ name, xlfn: true as const }));

export const FORMULA_FUNCTIONS: readonly FormulaFunction[] = [
  // Logic
  ...plain('IF AND OR NOT TRUE FALSE IFERROR CHOOSE'),
  ...newer('IFS SWITCH XOR IFNA'),
  // Maths and rounding
  ...plain('ABS SIGN SUM SUMSQ PRODUCT SUMPRODUCT SUMIF SUMIFS MOD QUOTIENT POWER SQRT EXP LN LOG LOG10 PI'),
  ...plain('ROUND ROUNDUP ROUNDDOWN INT TRUNC MROUND CEILING FLOOR EVEN ODD GCD LCM FACT COMBIN'),
  ...newer('CEILING.MATH FLOOR.MATH'),
  // Statistics
  ...plain('COUNT COUNTA COUNTBLANK COUNTIF COUNTIFS AVERAGE AVERAGEA AVERAGEIF MIN MAX MINA MAXA MEDIAN LARGE SMALL STDEV STDEVP VAR VARP'),
  ...newer('MAXIFS MINIFS STDEV.S STDEV.P VAR.S VAR.P'),
  // Text
  ...plain('LEN LEFT RIGHT MID UPPER LOWER PROPER TRIM CLEAN CONCATENATE EXACT FIND SEARCH SUBSTITUTE REPLACE REPT TEXT VALUE T N CHAR CODE'),
  ...newer('TEXTJOIN'),
  // Dates
  ...plain('DATE YEAR MONTH DAY WEEKDAY WEEKNUM EDATE EOMONTH DATEDIF DAYS360 YEARFRAC DATEVALUE NETWORKDAYS WORKDAY HOUR MINUTE SECOND TIME'),
  ...newer('DAYS ISOWEEKNUM'),
  // Information and lookup within the form
  ...plain('ISBLANK ISNUMBER ISTEXT ISNONTEXT ISLOGICAL ISERROR ISERR ISNA ISEVEN ISODD NA VLOOKUP HLOOKUP MATCH INDEX'),
];

const byName = new Map(FORMULA_FUNCTIONS.map((f) => [f.name, f]));

/** The declared function of that name (any case), or undefined. */
export function declaredFunction(name: string): FormulaFunction | undefined {
  return byName.get(name.toUpperCase());
}

/** The name as an .xlsx file writes it: `_xlfn.STDEV.S` for a newer function, else the name. */
export function xlsxFunctionName(name: string): string {
  const f = declaredFunction(name);
  return f?.xlfn ? `_xlfn.${f.name}` : name.toUpperCase();
}
