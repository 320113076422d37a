// Excel's results where HyperFormula's differ: one function plugin, registered on the HyperFormula
// class once, when formula-engine.ts (the module that gives formulaConfig) is loaded. Every
// HyperFormula built afterwards (the server's FormWorkbook, the entry grid's, the designer's
// handsontable grid) computes these functions as Excel does. Each override says what differs.
//
// Rounding and numbers written as text work on the number as Excel shows it (decimal-rounding.ts);
// date arithmetic is in excel-dates.ts, other arithmetic in excel-math.ts.
import { CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula, type ImplementedFunctions } from 'hyperformula';
import { excelInt, excelNumberText, excelShown, roundDecimal } from './decimal-rounding.js';
import { addMonths, dateDifference, DATEDIF_UNITS, days360, isoWeekNumber } from './excel-dates.js';
import { criterionMatcher, type CriterionValue } from './excel-criteria.js';
import { excelLog, excelMod, excelUpper, excelWeekNumber, mathMultiple } from './excel-math.js';

const number = { argumentType: FunctionArgumentType.NUMBER };
const date = { argumentType: FunctionArgumentType.NUMBER, minValue: 0 };
const places = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 };
const range = { argumentType: FunctionArgumentType.RANGE };
const criterion = { argumentType: FunctionArgumentType.NOERROR };

/**
 * HyperFormula's functions that differ from Excel's, redefined:
 * - ROUND, ROUNDUP, ROUNDDOWN, TRUNC multiply floats (ROUND(1.005,2) gave 1, ROUNDDOWN(4.35*100,0)
 *   434): here they round the decimal Excel shows.
 * - INT truncated towards zero (INT(-0.5) gave 0): Excel's INT is the floor.
 * - FLOOR and CEILING divided floats (FLOOR(0.3,0.1) gave 0.2); CEILING(x,0) gave #DIV/0!, Excel 0.
 * - DATEDIF knew only upper-case units ("m" gave #NUM!): Excel takes any case.
 * - ISEVEN and ISODD did not drop the decimals first (ISODD(3.9) gave FALSE).
 * - EDATE from a month's last days missed a leap February (EDATE(31-01-2024,1) gave 28-02-2024).
 * - ISOWEEKNUM gave 53 for 31-12-2024, which is in week 1 of 2025.
 * - DAYS360 (US method) moved an end date on the last of February to the 30th; Excel does not.
 * - MOD kept a double's noise (MOD(337,0.01) gave 0.00999999999999299); LOG(x,1) gave #NUM!
 *   (Excel #DIV/0!); EOMONTH refused a fractional month count (Excel truncates it);
 *   CEILING.MATH and FLOOR.MATH ignored the mode of negative numbers (excel-math.ts).
 * - CHOOSE refused a fractional index (Excel truncates it) and answered #NUM! out of range (#VALUE!).
 * - SUMPRODUCT did not evaluate its arguments as arrays: SUMPRODUCT((A1:A9>0)*A1:A9) gave #VALUE!.
 * - The & operator, CONCATENATE and TEXTJOIN wrote numbers with all their digits ("a"&(0.1+0.2) gave
 *   "a0.30000000000000004"): Excel writes 15 significant digits ("a0.3").
 * - VALUE refused thousands separators (VALUE("1,234.5") gave #VALUE!).
 * - UPPER wrote "ß" as "SS"; Excel maps letter by letter and keeps it.
 * - WEEKNUM of type 21 (the ISO week) gave 53 for 31-12-2024, which is in week 1 of 2025.
 * - COUNTIF, COUNTIFS, SUMIF, SUMIFS, AVERAGEIF, MAXIFS and MINIFS refused a criterion comparing
 *   text by order (">"&A1 with text in A1 gave #VALUE!): Excel's criteria (excel-criteria.ts).
 */
export class ExcelFunctionsPlugin extends FunctionPlugin {
  static override implementedFunctions: ImplementedFunctions = {
    ROUND: { method: 'round', parameters: [number, places] },
    ROUNDUP: { method: 'roundup', parameters: [number, places] },
    ROUNDDOWN: { method: 'rounddown', parameters: [number, places] },
    INT: { method: 'int', parameters: [number] },
    FLOOR: { method: 'floor', parameters: [number, number] },
    CEILING: { method: 'ceiling', parameters: [number, number] },
    ISEVEN: { method: 'iseven', parameters: [number] },
    ISODD: { method: 'isodd', parameters: [number] },
    EDATE: { method: 'edate', parameters: [date, number] },
    ISOWEEKNUM: { method: 'isoweeknum', parameters: [date] },
    DAYS360: { method: 'days360', parameters: [date, date, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false }] },
    DATEDIF: {
      method: 'datedif',
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER, minValue: 0 },
        { argumentType: FunctionArgumentType.NUMBER, minValue: 0 },
        { argumentType: FunctionArgumentType.STRING },
      ],
    },
    MOD: { method: 'mod', parameters: [number, number] },
    LOG: { method: 'log', parameters: [number, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 10 }] },
    EOMONTH: { method: 'eomonth', parameters: [date, number] },
    'CEILING.MATH': { method: 'ceilingmath', parameters: [number, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 }, places] },
    'FLOOR.MATH': { method: 'floormath', parameters: [number, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 }, places] },
    CHOOSE: { method: 'choose', parameters: [number, { argumentType: FunctionArgumentType.SCALAR, passSubtype: true }], repeatLastArgs: 1 },
    SUMPRODUCT: { method: 'sumproduct', parameters: [{ argumentType: FunctionArgumentType.RANGE }], repeatLastArgs: 1, enableArrayArithmeticForArguments: true },
    UPPER: { method: 'upper', parameters: [{ argumentType: FunctionArgumentType.STRING }] },
    WEEKNUM: { method: 'weeknum', parameters: [date, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 }] },
    VALUE: { method: 'value', parameters: [{ argumentType: FunctionArgumentType.SCALAR }] },
    CONCATENATE: { method: 'concatenate', parameters: [{ argumentType: FunctionArgumentType.SCALAR }], repeatLastArgs: 1, expandRanges: true },
    TEXTJOIN: { method: 'textjoin', parameters: [{ argumentType: FunctionArgumentType.ANY }, { argumentType: FunctionArgumentType.BOOLEAN }, { argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1 },
    COUNTIF: { method: 'countif', parameters: [range, criterion] },
    COUNTIFS: { method: 'countifs', parameters: [range, criterion], repeatLastArgs: 2 },
    SUMIF: { method: 'sumif', parameters: [range, criterion, { ...range, optionalArg: true }] },
    SUMIFS: { method: 'sumifs', parameters: [range, range, criterion], repeatLastArgs: 2 },
    AVERAGEIF: { method: 'averageif', parameters: [range, criterion, { ...range, optionalArg: true }] },
    MAXIFS: { method: 'maxifs', parameters: [range, range, criterion], repeatLastArgs: 2 },
    MINIFS: { method: 'minifs', parameters: [range, range, criterion], repeatLastArgs: 2 },
  };

  static override aliases = { TRUNC: 'ROUNDDOWN' };

  /**
   * HyperFormula builds one instance of the plugin per workbook, with the workbook's interpreter.
   * The & operator is no function, so no plugin entry can replace it: its operation on that
   * interpreter is set here to Excel's (numbers written as excelText does), once per workbook.
   */
  constructor(interpreter: ConstructorParameters<typeof FunctionPlugin>[0]) {
    super(interpreter);
    const operators = interpreter as unknown as { concatOp: (left: unknown, right: unknown) => unknown };
    operators.concatOp = (left, right) => (left instanceof CellError ? left : right instanceof CellError ? right : excelText(left) + excelText(right));
  }

  round(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ROUND', (n: number, p: number) => roundDecimal(n, p, 'half-away'));
  }

  roundup(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ROUNDUP', (n: number, p: number) => roundDecimal(n, p, 'away'));
  }

  rounddown(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ROUNDDOWN', (n: number, p: number) => roundDecimal(n, p, 'toward'));
  }

  int(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'INT', (n: number) => excelInt(n));
  }

  floor(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'FLOOR', (value: number, significance: number) => this.multiple(value, significance, 'floor'));
  }

  ceiling(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'CEILING', (value: number, significance: number) => this.multiple(value, significance, 'ceiling'));
  }

  iseven(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ISEVEN', (n: number) => Math.trunc(n) % 2 === 0);
  }

  isodd(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ISODD', (n: number) => Math.abs(Math.trunc(n) % 2) === 1);
  }

  edate(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'EDATE', (start: number, months: number) => {
      const result = this.dateTimeHelper.dateToNumber(addMonths(this.dateTimeHelper.numberToSimpleDate(Math.trunc(start)), months));
      return result < 0 ? new CellError(ErrorType.NUM, 'The date is before the first date a spreadsheet knows.') : result;
    });
  }

  isoweeknum(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'ISOWEEKNUM', (serial: number) => isoWeekNumber(this.dateTimeHelper.numberToSimpleDate(Math.trunc(serial))));
  }

  days360(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'DAYS360', (start: number, end: number, european: boolean) =>
      days360(this.dateTimeHelper.numberToSimpleDate(Math.trunc(start)), this.dateTimeHelper.numberToSimpleDate(Math.trunc(end)), european),
    );
  }

  datedif(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'DATEDIF', (start: number, end: number, unit: string) => {
      if (Math.trunc(start) > Math.trunc(end)) return new CellError(ErrorType.NUM, 'The start date is after the end date.');
      const days = dateDifference(this.dateTimeHelper.numberToSimpleDate(Math.trunc(start)), this.dateTimeHelper.numberToSimpleDate(Math.trunc(end)), unit);
      return days ?? new CellError(ErrorType.NUM, `DATEDIF takes the unit ${DATEDIF_UNITS.map((u) => `"${u}"`).join(', ')}, not "${unit}".`);
    });
  }

  /**
   * Excel's FLOOR and CEILING (the 2007 forms): the multiple of `significance` below (FLOOR) or
   * above (CEILING) the quotient as shown, so a negative significance rounds a negative number's
   * magnitude the other way; a positive number with a negative significance is #NUM!; FLOOR(x,0)
   * is #DIV/0!, CEILING(x,0) is 0.
   */
  private multiple(value: number, significance: number, kind: 'floor' | 'ceiling'): number | CellError {
    if (value === 0) return 0;
    if (significance === 0) return kind === 'ceiling' ? 0 : new CellError(ErrorType.DIV_BY_ZERO);
    if (value > 0 && significance < 0) return new CellError(ErrorType.NUM, 'A positive number cannot be rounded to a negative multiple.');
    const quotient = excelShown(value / significance);
    return excelShown((kind === 'floor' ? Math.floor(quotient) : Math.ceil(quotient)) * significance);
  }

  mod(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'MOD', (n: number, d: number) => (d === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : excelMod(n, d)));
  }

  log(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'LOG', (n: number, base: number) => {
      const r = excelLog(n, base);
      return Number.isNaN(r) ? new CellError(ErrorType.NUM) : r === Number.POSITIVE_INFINITY ? new CellError(ErrorType.DIV_BY_ZERO) : r;
    });
  }

  eomonth(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'EOMONTH', (start: number, months: number) => {
      const d = this.dateTimeHelper.numberToSimpleDate(Math.trunc(start));
      const index = d.year * 12 + d.month - 1 + Math.trunc(months);
      const year = Math.floor(index / 12);
      const month = index - year * 12 + 1;
      const result = this.dateTimeHelper.dateToNumber({ year, month, day: this.dateTimeHelper.daysInMonth(year, month) });
      return result < 0 ? new CellError(ErrorType.NUM, 'The date is before the first date a spreadsheet knows.') : result;
    });
  }

  ceilingmath(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'CEILING.MATH', (n: number, significance: number, mode: number) => mathMultiple(n, significance, mode, 'ceiling'));
  }

  floormath(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'FLOOR.MATH', (n: number, significance: number, mode: number) => mathMultiple(n, significance, mode, 'floor'));
  }

  /** CHOOSE truncates its index (CHOOSE(2.7,…) is the second value); out of range is #VALUE!. */
  choose(ast: PluginCall, state: PluginState) {
    return this.runFunction(ast.args, state, this.metadata('CHOOSE'), ((selector: number, ...values: unknown[]) => {
      const i = Math.trunc(selector);
      return i < 1 || i > values.length ? new CellError(ErrorType.VALUE, 'CHOOSE has no value of that number.') : values[i - 1];
    }) as never);
  }

  /**
   * SUMPRODUCT evaluates its arguments as arrays, as Excel does (SUMPRODUCT((A1:A9>0)*A1:A9));
   * entries that are not numbers (text, TRUE, empty) count as 0.
   */
  sumproduct(ast: PluginCall, state: PluginState) {
    return this.runFunction(ast.args, state, this.metadata('SUMPRODUCT'), ((...ranges: SumproductRange[]) => {
      const [w, h] = [ranges[0].width(), ranges[0].height()];
      if (ranges.some((r) => r.width() !== w || r.height() !== h)) return new CellError(ErrorType.VALUE, 'SUMPRODUCT takes ranges of one size.');
      const columns = ranges.map((r) => [...r.iterateValuesFromTopLeftCorner()]);
      let total = 0;
      for (let i = 0; i < w * h; i++) {
        let product = 1;
        for (const values of columns) {
          const v = values[i];
          if (v instanceof CellError) return v;
          product *= typeof v === 'number' ? v : typeof v === 'object' && v !== null && typeof (v as { val?: unknown }).val === 'number' ? (v as { val: number }).val : 0;
        }
        total += product;
      }
      return total;
    }) as never);
  }

  weeknum(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'WEEKNUM', (serial: number, type: number) => {
      const d = this.dateTimeHelper.numberToSimpleDate(Math.trunc(serial));
      return excelWeekNumber(d.year, d.month, d.day, Math.trunc(type)) ?? new CellError(ErrorType.NUM, 'WEEKNUM takes the type 1, 2, 11 to 17 or 21.');
    });
  }

  upper(ast: PluginCall, state: PluginState) {
    return this.runFunction(ast.args, state, this.metadata('UPPER'), ((text: string) => excelUpper(text)) as never);
  }

  /** CONCATENATE joins its values as text, numbers as Excel writes them (excelText). */
  concatenate(ast: PluginCall, state: PluginState) {
    return this.runFunction(ast.args, state, this.metadata('CONCATENATE'), ((...values: unknown[]) => {
      const error = values.find((v) => v instanceof CellError);
      return error ?? values.map(excelText).join('');
    }) as never);
  }

  /**
   * TEXTJOIN(delimiter, ignore_empty, text…): values and ranges joined as text, numbers as Excel
   * writes them (excelText); several delimiters are used in turn; over 32,767 characters is #VALUE!.
   */
  textjoin(ast: PluginCall, state: PluginState) {
    return this.runFunction(ast.args, state, this.metadata('TEXTJOIN'), ((delimiter: unknown, ignoreEmpty: boolean, ...texts: unknown[]) => {
      const flat = (arg: unknown): string[] | CellError => {
        const values = isRange(arg) ? [...arg.iterateValuesFromTopLeftCorner()] : [arg];
        const error = values.find((v) => v instanceof CellError) as CellError | undefined;
        return error ?? values.map(excelText);
      };
      const delimiters = flat(delimiter);
      if (delimiters instanceof CellError) return delimiters;
      const parts: string[] = [];
      for (const t of texts) {
        const strings = flat(t);
        if (strings instanceof CellError) return strings;
        parts.push(...(ignoreEmpty ? strings.filter((s) => s !== '') : strings));
      }
      const joined = parts.reduce((acc, part, i) => (i === 0 ? part : acc + (delimiters[(i - 1) % delimiters.length] ?? '') + part), '');
      return joined.length > 32767 ? new CellError(ErrorType.VALUE, 'The joined text is longer than a cell holds (32,767 characters).') : joined;
    }) as never);
  }

  /**
   * VALUE reads text as Excel does, thousands separators included ("1,234.5", "(1,000)",
   * "$1,234.50"): HyperFormula, whose argument separator is the comma, refused them. Anything else
   * is read by HyperFormula's own rules (dates, times, percentages); TRUE and FALSE are #VALUE!.
   */
  value(ast: PluginCall, state: PluginState) {
    return this.call(ast, state, 'VALUE', (arg: unknown) => {
      if (arg instanceof CellError) return arg;
      if (typeof arg === 'number') return arg;
      const wrong = new CellError(ErrorType.VALUE, 'VALUE takes text that reads as a number, a date or a time.');
      if (typeof arg !== 'string') return typeof arg === 'object' && arg !== null && typeof (arg as { val?: unknown }).val === 'number' ? (arg as { val: number }).val : wrong;
      const paren = /^\((.*)\)$/.exec(arg.trim());
      const text = (paren ? paren[1] : arg).trim().replace(/^([-+]?[$€£]?)(\d{1,3}(?:,\d{3})+)(?=\.|%|$)/, (_, sign: string, digits: string) => sign + digits.replace(/,/g, ''));
      if (text === '') return wrong;
      const n = this.arithmeticHelper.coerceToMaybeNumber(text);
      const v = typeof n === 'number' ? n : typeof n === 'object' && n !== null && typeof (n as { val?: unknown }).val === 'number' ? (n as { val: number }).val : undefined;
      if (v === undefined) return wrong;
      return paren ? -v : v;
    });
  }

  countif(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'COUNTIF', (r: SheetRange, c: CriterionArg) => this.aggregate('count', r, [r, c]));
  }

  countifs(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'COUNTIFS', (...pairs: (SheetRange | CriterionArg)[]) => this.aggregate('count', pairs[0] as SheetRange, pairs));
  }

  sumif(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'SUMIF', (r: SheetRange, c: CriterionArg, values?: SheetRange) => this.aggregate('sum', values ?? r, [r, c]));
  }

  sumifs(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'SUMIFS', (values: SheetRange, ...pairs: (SheetRange | CriterionArg)[]) => this.aggregate('sum', values, pairs));
  }

  averageif(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'AVERAGEIF', (r: SheetRange, c: CriterionArg, values?: SheetRange) => this.aggregate('average', values ?? r, [r, c]));
  }

  maxifs(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'MAXIFS', (values: SheetRange, ...pairs: (SheetRange | CriterionArg)[]) => this.aggregate('max', values, pairs));
  }

  minifs(ast: PluginCall, state: PluginState) {
    return this.conditional(ast, state, 'MINIFS', (values: SheetRange, ...pairs: (SheetRange | CriterionArg)[]) => this.aggregate('min', values, pairs));
  }

  private conditional<A extends unknown[]>(ast: PluginCall, state: PluginState, name: string, fn: (...args: A) => number | CellError) {
    return this.runFunction(ast.args, state, this.metadata(name), fn as never);
  }

  /**
   * The conditional aggregates (excel-criteria.ts): the cells of `values` whose places meet every
   * (range, criterion) pair, counted, summed, averaged (#DIV/0! for none) or their maximum or
   * minimum (0 for none). Ranges of another size than `values` are #VALUE!.
   */
  private aggregate(kind: 'count' | 'sum' | 'average' | 'max' | 'min', values: SheetRange, pairs: (SheetRange | CriterionArg)[]): number | CellError {
    const [w, h] = [values.width(), values.height()];
    const toNumber = (text: string) => {
      const n = this.arithmeticHelper.coerceToMaybeNumber(text);
      return n === undefined ? undefined : plainValue(n) as number;
    };
    const conditions: { cells: CriterionValue[]; match: (v: CriterionValue) => boolean }[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const r = pairs[i] as SheetRange;
      if (r.width() !== w || r.height() !== h) return new CellError(ErrorType.VALUE, 'The ranges of a conditional function must be of one size.');
      const c = plainValue(pairs[i + 1]);
      if (typeof c !== 'number' && typeof c !== 'string' && typeof c !== 'boolean') return new CellError(ErrorType.VALUE, 'The criterion cannot be read.');
      conditions.push({ cells: [...r.iterateValuesFromTopLeftCorner()].map(plainValue), match: criterionMatcher(c, toNumber) });
    }
    const cells = [...values.iterateValuesFromTopLeftCorner()].map(plainValue);
    let count = 0;
    let total = 0;
    let extreme: number | undefined;
    for (let i = 0; i < cells.length; i++) {
      if (!conditions.every((c) => c.match(c.cells[i]))) continue;
      const v = cells[i];
      if (kind === 'count') {
        count++;
        continue;
      }
      if (typeof v === 'object' && v !== null) return new CellError(v.error as ErrorType);
      if (typeof v !== 'number') continue;
      count++;
      total += v;
      extreme = extreme === undefined ? v : kind === 'max' ? Math.max(extreme, v) : Math.min(extreme, v);
    }
    if (kind === 'count') return count;
    if (kind === 'sum') return total;
    if (kind === 'average') return count ? total / count : new CellError(ErrorType.DIV_BY_ZERO);
    return extreme ?? 0;
  }

  /** Runs `fn` on the arguments coerced as `name`'s parameters say (HyperFormula's own checks). */
  private call<A extends unknown[]>(ast: PluginCall, state: PluginState, name: string, fn: (...args: A) => number | boolean | CellError) {
    return this.runFunction(ast.args, state, this.metadata(name), fn as never);
  }
}

function isRange(v: unknown): v is SheetRange {
  return typeof v === 'object' && v !== null && typeof (v as SheetRange).iterateValuesFromTopLeftCorner === 'function';
}

/** A value joined to text as Excel writes it: numbers to 15 significant digits, TRUE and FALSE, empty as "". */
function excelText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return excelNumberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v === EmptyValue || v === null || v === undefined) return '';
  const raw = (v as { val?: unknown }).val;
  return typeof raw === 'number' ? excelNumberText(raw) : String(v);
}

// What HyperFormula hands a plugin method (its call's AST node and the interpreter state): its
// types are not exported, and the method only passes them on to runFunction.
type PluginCall = { args: never };
type PluginState = never;
/** A range argument as HyperFormula hands it (SimpleRangeValue, not exported). */
type SheetRange = { width(): number; height(): number; iterateValuesFromTopLeftCorner(): Iterable<unknown> };
type CriterionArg = unknown;

/** A value inside HyperFormula (a typed number, the empty value, an error) as a criterion sees it. */
function plainValue(v: unknown): CriterionValue {
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof CellError) return { error: v.type };
  if (typeof v === 'object' && v !== null && typeof (v as { val?: unknown }).val === 'number') return (v as { val: number }).val;
  return null;
}

type SumproductRange = { width(): number; height(): number; iterateValuesFromTopLeftCorner(): Iterable<unknown> };

let registered = false;

/** Registers the overrides on the HyperFormula class (once; later calls do nothing). */
export function registerExcelFunctions(): void {
  if (registered) return;
  HyperFormula.registerFunctionPlugin(ExcelFunctionsPlugin);
  registered = true;
}
