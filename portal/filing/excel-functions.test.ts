import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { storedResult } from './cell-values.js';
import { roundDecimal } from './decimal-rounding.js';
import { addMonths, dateDifference, days360, isoWeekNumber } from './excel-dates.js';
import { ExcelFunctionsPlugin, registerExcelFunctions } from './excel-functions.js';
import { FormWorkbook, formulaConfig, formulaLicenseKey } from './formula-engine.js';
import { FORMULA_FUNCTIONS } from './formula-functions.js';
import { normaliseTemplate } from './normalise.js';
import { checkTemplate } from './template-check.js';
import type { Cell, FormProperties } from './template-schema.js';

/** One tab: numeric inputs X01001 and X01002, then one formula cell per formula (X01003…). */
function sheet(formulas: string[], extra: Partial<FormProperties> = {}): FormProperties {
  const rows: Cell[][] = [
    [{ value: 'one' }, { editor: 'numeric', code: 'X01001' }],
    [{ value: 'two' }, { editor: 'numeric', code: 'X01002' }],
    ...formulas.map((formula, i): Cell[] => [{ value: `f ${i + 1}` }, { editor: 'formula', code: `X01${String(i + 3).padStart(3, '0')}`, formula }]),
  ];
  return { id: 'X', title: 'X', items: [{ id: '01', title: 'A', display_name: 'A', type: 'normal', header: { top: 0, left: 1, items: [] }, items: rows }], ...extra };
}

/** What each formula computes in a form's workbook, with X01001 = 1 and X01002 = 2 unless given. */
function compute(formulas: string[], values: Record<string, string> = { X01001: '1', X01002: '2' }): unknown[] {
  const wb = FormWorkbook.build(normaliseTemplate(sheet(formulas), 'X'), { values });
  try {
    expect(wb.problems()).toEqual([]);
    return formulas.map((_, i) => {
      const v = wb.value(`X01${String(i + 3).padStart(3, '0')}`);
      return typeof v === 'object' && v !== null && 'value' in v ? (v as { value: unknown }).value : v;
    });
  } finally {
    wb.destroy();
  }
}

/** Formula → Excel's result. */
function expectExcel(cases: Record<string, unknown>): void {
  const formulas = Object.keys(cases);
  const results = compute(formulas);
  expect(Object.fromEntries(formulas.map((f, i) => [f, results[i]]))).toEqual(cases);
}

const RANGE = 'cell(X01001):cell(X01002)';

/** A call of every declared function (its name as called here is the key's). */
const SAMPLES: Record<string, string> = {
  IF: 'IF(1>0,1,2)', AND: 'AND(TRUE,1)', OR: 'OR(FALSE,1)', NOT: 'NOT(FALSE)', TRUE: 'TRUE()', FALSE: 'FALSE()',
  IFERROR: 'IFERROR(1/0,7)', CHOOSE: 'CHOOSE(2,5,6)', IFS: 'IFS(1>2,1,TRUE,2)', SWITCH: 'SWITCH(2,1,5,2,6)', XOR: 'XOR(TRUE,FALSE)', IFNA: 'IFNA(NA(),3)',
  ABS: 'ABS(-2)', SIGN: 'SIGN(-2)', SUM: 'SUM(1,2)', SUMSQ: 'SUMSQ(3,4)', PRODUCT: 'PRODUCT(2,3)',
  SUMPRODUCT: `SUMPRODUCT(${RANGE},${RANGE})`, SUMIF: `SUMIF(${RANGE},">1")`, SUMIFS: `SUMIFS(${RANGE},${RANGE},">1")`,
  MOD: 'MOD(7,3)', QUOTIENT: 'QUOTIENT(7,2)', POWER: 'POWER(2,3)', SQRT: 'SQRT(16)', EXP: 'EXP(0)', LN: 'LN(1)', LOG: 'LOG(100)', LOG10: 'LOG10(1000)', PI: 'PI()',
  ROUND: 'ROUND(1.005,2)', ROUNDUP: 'ROUNDUP(1.001,2)', ROUNDDOWN: 'ROUNDDOWN(1.009,2)', INT: 'INT(-0.5)', TRUNC: 'TRUNC(-1.5)', MROUND: 'MROUND(10,3)',
  CEILING: 'CEILING(2.5,1)', FLOOR: 'FLOOR(2.5,1)', EVEN: 'EVEN(1)', ODD: 'ODD(2)', GCD: 'GCD(12,18)', LCM: 'LCM(4,6)', FACT: 'FACT(5)', COMBIN: 'COMBIN(5,2)',
  'CEILING.MATH': 'CEILING.MATH(2.5)', 'FLOOR.MATH': 'FLOOR.MATH(2.5)',
  COUNT: 'COUNT(1,"a",2)', COUNTA: 'COUNTA(1,"a")', COUNTBLANK: `COUNTBLANK(${RANGE})`, COUNTIF: `COUNTIF(${RANGE},">1")`, COUNTIFS: `COUNTIFS(${RANGE},">1")`,
  AVERAGE: 'AVERAGE(1,3)', AVERAGEA: 'AVERAGEA(1,3)', AVERAGEIF: `AVERAGEIF(${RANGE},">0")`, MIN: 'MIN(3,1)', MAX: 'MAX(3,1)', MINA: 'MINA(3,1)', MAXA: 'MAXA(3,1)',
  MEDIAN: 'MEDIAN(1,5,2)', LARGE: `LARGE(${RANGE},1)`, SMALL: `SMALL(${RANGE},1)`, STDEV: 'STDEV(1,2,3)', STDEVP: 'STDEVP(1,2,3)', VAR: 'VAR(1,2,3)', VARP: 'VARP(1,2,3)',
  MAXIFS: `MAXIFS(${RANGE},${RANGE},">0")`, MINIFS: `MINIFS(${RANGE},${RANGE},">0")`, 'STDEV.S': 'STDEV.S(1,2,3)', 'STDEV.P': 'STDEV.P(1,2,3)', 'VAR.S': 'VAR.S(1,2,3)', 'VAR.P': 'VAR.P(1,2,3)',
  LEN: 'LEN("abc")', LEFT: 'LEFT("abc",1)', RIGHT: 'RIGHT("abc",1)', MID: 'MID("abc",2,1)', UPPER: 'UPPER("a")', LOWER: 'LOWER("A")', PROPER: 'PROPER("ab cd")',
  TRIM: 'TRIM(" a ")', CLEAN: 'CLEAN("a")', CONCATENATE: 'CONCATENATE("a","b")', EXACT: 'EXACT("a","a")', FIND: 'FIND("b","abc")', SEARCH: 'SEARCH("B","abc")',
  SUBSTITUTE: 'SUBSTITUTE("aa","a","b")', REPLACE: 'REPLACE("abc",2,1,"x")', REPT: 'REPT("a",2)', TEXT: 'TEXT(1.5,"0.0")', VALUE: 'VALUE("12")', T: 'T("a")', N: 'N(2)',
  CHAR: 'CHAR(65)', CODE: 'CODE("A")', TEXTJOIN: 'TEXTJOIN("-",TRUE,"a","b")',
  DATE: 'DATE(2024,2,29)', YEAR: 'YEAR(45351)', MONTH: 'MONTH(45351)', DAY: 'DAY(45351)', WEEKDAY: 'WEEKDAY(45351)', WEEKNUM: 'WEEKNUM(45351)', EDATE: 'EDATE(45322,1)',
  EOMONTH: 'EOMONTH(45322,1)', DATEDIF: 'DATEDIF(45322,45352,"m")', DAYS360: 'DAYS360(45322,45382)', YEARFRAC: 'YEARFRAC(45292,45474)', DATEVALUE: 'DATEVALUE("2024-02-29")',
  NETWORKDAYS: 'NETWORKDAYS(45292,45322)', WORKDAY: 'WORKDAY(45292,10)', HOUR: 'HOUR(0.75)', MINUTE: 'MINUTE(0.75)', SECOND: 'SECOND(0.75)', TIME: 'TIME(1,2,3)',
  DAYS: 'DAYS(45352,45322)', ISOWEEKNUM: 'ISOWEEKNUM(45657)',
  ISBLANK: 'ISBLANK(cell(X01001))', ISNUMBER: 'ISNUMBER(1)', ISTEXT: 'ISTEXT("a")', ISNONTEXT: 'ISNONTEXT(1)', ISLOGICAL: 'ISLOGICAL(TRUE)', ISERROR: 'ISERROR(1/0)',
  ISERR: 'ISERR(1/0)', ISNA: 'ISNA(NA())', ISEVEN: 'ISEVEN(2)', ISODD: 'ISODD(3)', NA: 'IFNA(NA(),0)',
  VLOOKUP: `VLOOKUP(2,${RANGE},1,FALSE)`, HLOOKUP: `HLOOKUP(1,${RANGE},2,FALSE)`, MATCH: `MATCH(2,${RANGE},0)`, INDEX: `INDEX(${RANGE},2)`,
};

describe("Excel's functions in the one cell model", () => {
  it('rounds the decimal Excel shows, half away from zero, to decimals and to tens', () => {
    expectExcel({
      '=ROUND(1.005,2)': 1.01, '=ROUND(0.285,2)': 0.29, '=ROUND(-1.005,2)': -1.01, '=ROUND(2.675,2)': 2.68,
      '=ROUND(2.5,0)': 3, '=ROUND(-2.5,0)': -3, '=ROUND(0.5,0)': 1, '=ROUND(1250,-2)': 1300, '=ROUND(-1250,-2)': -1300, '=ROUND(49,-2)': 0, '=ROUND(50,-2)': 100,
      '=ROUND(4.35*100,0)': 435, '=ROUND(1234.5678,-5)': 0, '=ROUND(1.5)': 2, '=ROUND(cell(X01001)/3,4)': 0.3333,
    });
  });

  it('rounds up and down away from and towards zero on the decimal shown, TRUNC as ROUNDDOWN', () => {
    expectExcel({
      '=ROUNDUP(1.001,2)': 1.01, '=ROUNDUP(-1.001,2)': -1.01, '=ROUNDUP(0.1+0.2,1)': 0.3, '=ROUNDUP(1234,-2)': 1300, '=ROUNDUP(3.2,0)': 4,
      '=ROUNDDOWN(1.009,2)': 1, '=ROUNDDOWN(-1.009,2)': -1, '=ROUNDDOWN(4.35*100,0)': 435, '=ROUNDDOWN(1299,-2)': 1200,
      '=TRUNC(-1.5)': -1, '=TRUNC(8.9)': 8, '=TRUNC(1.239,2)': 1.23, '=TRUNC(-1.239,2)': -1.23, '=TRUNC((0.1+0.7)*10)': 8,
    });
  });

  it('takes INT as the floor of the number shown', () => {
    expectExcel({ '=INT(-0.5)': -1, '=INT(-1)': -1, '=INT(2.7)': 2, '=INT(-2.7)': -3, '=INT((0.1+0.7)*10)': 8, '=INT(0)': 0 });
  });

  it('answers DATEDIF in every unit and any case, with #NUM! only for a start after the end', () => {
    const d = (y: number, m: number, day: number) => `DATE(${y},${m},${day})`;
    expectExcel({
      [`=DATEDIF(${d(2024, 1, 31)},${d(2024, 3, 1)},"m")`]: 1, [`=DATEDIF(${d(2024, 1, 31)},${d(2024, 3, 1)},"M")`]: 1,
      [`=DATEDIF(${d(2024, 1, 31)},${d(2024, 3, 1)},"d")`]: 30, [`=DATEDIF(${d(2020, 2, 29)},${d(2024, 2, 28)},"y")`]: 3,
      [`=DATEDIF(${d(2020, 2, 29)},${d(2024, 2, 29)},"Y")`]: 4, [`=DATEDIF(${d(2023, 11, 15)},${d(2025, 2, 10)},"ym")`]: 2,
      [`=DATEDIF(${d(2024, 1, 31)},${d(2024, 3, 1)},"md")`]: -1, [`=DATEDIF(${d(2011, 1, 29)},${d(2011, 3, 1)},"Md")`]: 0,
      [`=DATEDIF(${d(2023, 3, 1)},${d(2024, 2, 29)},"yd")`]: 365, [`=DATEDIF(${d(2023, 12, 31)},${d(2024, 3, 1)},"YD")`]: 61,
      [`=DATEDIF(${d(2024, 3, 1)},${d(2024, 1, 1)},"d")`]: '#NUM!', [`=DATEDIF(${d(2024, 1, 1)},${d(2024, 3, 1)},"w")`]: '#NUM!',
    });
  });

  it('answers MROUND, CEILING, FLOOR, MOD, QUOTIENT, EVEN and ODD with negative operands as Excel does', () => {
    expectExcel({
      '=MROUND(10,3)': 9, '=MROUND(-10,-3)': -9, '=MROUND(2.5,1)': 3, '=MROUND(-2.5,-1)': -3, '=MROUND(5,-2)': '#NUM!', '=MROUND(7.5,0)': 0,
      '=CEILING(2.5,1)': 3, '=CEILING(-2.5,-2)': -4, '=CEILING(-2.5,2)': -2, '=CEILING(2.5,-2)': '#NUM!', '=CEILING(5,0)': 0, '=CEILING(0.3,0.1)': 0.3, '=CEILING(0.234,0.01)': 0.24,
      '=FLOOR(3.7,2)': 2, '=FLOOR(-2.5,-2)': -2, '=FLOOR(-2.5,2)': -4, '=FLOOR(2.5,-2)': '#NUM!', '=FLOOR(5,0)': '#DIV/0!', '=FLOOR(0.3,0.1)': 0.3, '=FLOOR(1.58,0.1)': 1.5,
      '=MOD(-3,2)': 1, '=MOD(3,-2)': -1, '=MOD(-3,-2)': -1, '=MOD(-5.5,2)': 0.5, '=MOD(1,0)': '#DIV/0!',
      '=QUOTIENT(-10,3)': -3, '=QUOTIENT(5,0)': '#DIV/0!', '=EVEN(-1.5)': -2, '=ODD(-1.5)': -3, '=ODD(0)': 1,
    });
  });

  it('answers the date functions Excel corrects: EDATE into a leap February, ISOWEEKNUM at the year end, DAYS360, ISEVEN and ISODD of decimals', () => {
    expectExcel({
      '=EDATE(DATE(2024,1,31),1)=DATE(2024,2,29)': true, '=EDATE(DATE(2024,3,31),-13)=DATE(2023,2,28)': true, '=EDATE(DATE(2024,1,15),0)=DATE(2024,1,15)': true,
      '=ISOWEEKNUM(DATE(2024,12,31))': 1, '=ISOWEEKNUM(DATE(2021,1,3))': 53, '=ISOWEEKNUM(DATE(2024,6,30))': 26,
      '=DAYS360(DATE(2024,2,29),DATE(2025,2,28))': 358, '=DAYS360(DATE(2024,1,31),DATE(2024,3,31))': 60, '=DAYS360(DATE(2024,1,15),DATE(2024,3,31))': 76,
      '=DAYS360(DATE(2024,2,29),DATE(2025,2,28),TRUE)': 359, '=DAYS360(DATE(2100,4,15),DATE(2099,1,31))': -434,
      '=ISEVEN(-2.5)': true, '=ISODD(3.9)': true, '=ISODD(-3)': true, '=ISEVEN(0)': true,
    });
  });

  it('reads text with thousands separators as VALUE does in Excel, and the rest by the same rules as before', () => {
    expectExcel({
      '=VALUE("1,234.5")': 1234.5, '=VALUE("(1,000)")': -1000, '=VALUE("-1,234")': -1234, '=VALUE("$1,234.50")': 1234.5, '=VALUE("1,234,567")': 1234567,
      '=VALUE("12%")': 0.12, '=VALUE(" 5 ")': 5, '=VALUE("2024-02-29")': 45351, '=VALUE("1,23")': '#VALUE!', '=VALUE("abc")': '#VALUE!', '=VALUE("")': '#VALUE!',
    });
  });

  it('formats numbers in TEXT rounding the decimal shown, as Excel does', () => {
    expectExcel({ '=TEXT(1.005,"0.00")': '1.01', '=TEXT(0.285,"0.00")': '0.29', '=TEXT(-1234.5,"0")': '-1235', '=TEXT(1234.567,"#,##0.00")': '1,234.57', '=TEXT(0.5,"0%")': '50%', '=TEXT(12,"000")': '012' });
  });

  it('writes numbers joined to text as Excel does, to 15 significant digits', () => {
    expectExcel({
      '="a"&(0.1+0.2)': 'a0.3', '="a"&1/3': 'a0.333333333333333', '="a"&-2/3': 'a-0.666666666666667', '="a"&0.0000001': 'a0.0000001',
      '="a"&123456789012345678': 'a1.23456789012346E+17', '=CONCATENATE("a",0.1+0.2,TRUE)': 'a0.3TRUE', '=cell(X01001)&"-"&cell(X01002)': '1-2', '="a"&(1/0)': '#DIV/0!',
      '=TEXTJOIN("-",TRUE,0.1+0.2,"",cell(X01001):cell(X01002))': '0.3-1-2', '=TEXTJOIN("-",FALSE,"a","","b")': 'a--b', '=TEXTJOIN({",",";"},TRUE,"a","b","c")': 'a,b;c', '=TEXTJOIN("-",TRUE,1/0)': '#DIV/0!',
    });
  });

  it('reads numbers written with an exponent, E or e', () => {
    expectExcel({ '=1E3': 1000, '=1.5E-3+0': 0.0015, '=2e2+1': 201 });
  });

  it('counts ISO weeks, months, 30/360 days and DATEDIF units on calendar dates', () => {
    const d = (year: number, month: number, day: number) => ({ year, month, day });
    expect([d(2021, 1, 1), d(2021, 1, 4), d(2020, 12, 28), d(2018, 12, 31), d(2016, 1, 1), d(2026, 12, 31)].map(isoWeekNumber)).toEqual([53, 1, 53, 1, 53, 53]);
    expect([addMonths(d(2024, 1, 31), 1), addMonths(d(2023, 1, 31), 1), addMonths(d(2024, 3, 31), -1.9), addMonths(d(2024, 12, 15), 1)]).toEqual([d(2024, 2, 29), d(2023, 2, 28), d(2024, 2, 29), d(2025, 1, 15)]);
    expect([days360(d(2024, 2, 29), d(2025, 2, 28), false), days360(d(2024, 1, 30), d(2024, 3, 31), false), days360(d(2024, 1, 29), d(2024, 3, 31), false), days360(d(2024, 1, 31), d(2024, 3, 31), true)]).toEqual([358, 60, 62, 60]);
    expect(['d', 'm', 'y', 'ym', 'md', 'yd', 'x'].map((u) => dateDifference(d(2023, 12, 31), d(2025, 3, 1), u))).toEqual([426, 14, 1, 2, -2, 60, undefined]);
  });

  it('accepts TRUE and FALSE as literals, outside strings and longer names', () => {
    expectExcel({
      '=IF(cell(X01001)>0,TRUE,FALSE)': true, '=AND(true,False)': false, '=TRUE+1': 2, '=IF(FALSE,1,"TRUE")': 'TRUE',
      '=TRUE()': true, '=NOT(FALSE)': true, '=cell(X01002)=2=TRUE': true,
    });
    expect(checkTemplate(sheet(['=IF(cell(X01001)>0,TRUE,FALSE)']), { itemcode: 'X' }).ok).toBe(true);
  });

  it('computes every declared function on the server, none answering #NAME?', () => {
    expect(FORMULA_FUNCTIONS.map((f) => f.name).filter((name) => !SAMPLES[name])).toEqual([]);
    for (const [name, call] of Object.entries(SAMPLES)) expect([name, new RegExp(`(^|[^A-Z.])${name.replace('.', '\\.')}\\(`).test(call)]).toEqual([name, true]);
    const results = compute(Object.values(SAMPLES).map((s) => `=${s}`));
    const failing = Object.keys(SAMPLES).filter((_, i) => typeof results[i] === 'string' && /^#/.test(results[i] as string));
    expect(failing).toEqual([]);
  });

  it('gives every HyperFormula built with the one configuration the overrides: the grid and the designer build theirs so', () => {
    // Registered by loading formula-engine.ts; registering again changes nothing.
    expect(HyperFormula.getFunctionPlugin('ROUND')).toBe(ExcelFunctionsPlugin);
    expect(HyperFormula.getFunctionPlugin('TRUNC')).toBe(ExcelFunctionsPlugin);
    registerExcelFunctions();
    expect(HyperFormula.getFunctionPlugin('INT')).toBe(ExcelFunctionsPlugin);
    const hf = HyperFormula.buildFromArray([['=ROUND(1.005,2)', '=INT(-0.5)', '=DATEDIF(DATE(2024,1,31),DATE(2024,3,1),"m")']], formulaConfig(formulaLicenseKey('grid')));
    expect(hf.getSheetValues(0)).toEqual([[1.01, -1, 1]]);
    hf.destroy();
  });

  it('rounds in decimal, not by multiplying floats', () => {
    expect([roundDecimal(1.005, 2, 'half-away'), roundDecimal(1e-20, 2, 'away'), roundDecimal(123456789012345680000, -3, 'half-away'), roundDecimal(0.000123456, 5, 'half-away')]).toEqual([1.01, 0.01, 123456789012345680000, 0.00012]);
    // Every half cent of 0.005 … 99.995 rounds up, as Excel shows it.
    const wrong: number[] = [];
    for (let c = 0; c < 10_000; c++) {
      const n = Number(`${c}.5`) / 100;
      if (roundDecimal(n, 2, 'half-away') !== Number(((c + 1) / 100).toFixed(2))) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });
});

describe('refusing undeclared functions at template save', () => {
  const refusal = (name: string) => `${name} cannot be used in a template formula: use one of the functions listed in the template guide.`;

  it('refuses a cell formula calling RAND, NOW, HYPERLINK, OFFSET, FILTER or HF.ADD, naming its cell', () => {
    const formulas = ['=RAND()', '=NOW()', '=HYPERLINK("x")', '=SUM(OFFSET(cell(X01001),0,0))', '=SUM(FILTER(cell(X01001):cell(X01002),TRUE))', '=hf.add(1,2)'];
    const check = checkTemplate(sheet(formulas), { itemcode: 'X' });
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual(formulas.map((_, i) => ({ path: `/items/0/items/${i + 2}/1/formula`, message: refusal(['RAND', 'NOW', 'HYPERLINK', 'OFFSET', 'FILTER', 'HF.ADD'][i]) })));
  });

  it('refuses them in disable conditions, validations, form checks and tier 2 checks too', () => {
    const template = sheet(['=cell(X01001)+1'], {
      tabvalidation: [{ formula: '=cell(X01001)<NOW()', message: 'Too late.' }],
      tier2: [{ formula: '=cell(X01001)>RAND()', message: 'Unusual.' }],
    });
    template.items[0].items[0][1] = { editor: 'numeric', code: 'X01001', disablecondition: '=TODAY()>0', validations: '=ISFORMULA(rc(0,0))', validationmsg: 'No.' };
    const check = checkTemplate(template, { itemcode: 'X' });
    expect(check.problems).toEqual([
      { path: '/items/0/items/0/1/disablecondition', message: refusal('TODAY') },
      { path: '/items/0/items/0/1/validations', message: refusal('ISFORMULA') },
      { path: '/tabvalidation/0/formula', message: refusal('NOW') },
      { path: '/tier2/0/formula', message: refusal('RAND') },
    ]);
  });

  it('still computes a form filed on a version saved before the list, and names an unknown function once', () => {
    const wb = FormWorkbook.build(normaliseTemplate(sheet(['=IF(NOW()>0,7,0)', '=FOO(1)']), 'X'), { values: { X01001: '1' } });
    expect(wb.value('X01003')).toBe(7);
    expect(wb.problems()).toEqual([
      { path: '/items/0/items/2/1/formula', message: refusal('NOW') },
      { path: '/items/0/items/3/1/formula', message: refusal('FOO') },
    ]);
    wb.destroy();
  });

  it('leaves a name inside a string or a cell code alone', () => {
    expect(checkTemplate(sheet(['=IF(cell(X01001)>0,"RAND()","NOW")']), { itemcode: 'X' }).ok).toBe(true);
  });
});

describe('a formula result stored into its cell', () => {
  const numeric = (scale: number): Cell => ({ editor: 'formula', formula: '=1', precision: 19, scale });

  it('rounds a number to the cell scale as Excel ROUND does, half away from zero in decimal', () => {
    expect([1.005, 0.285, -1.005, 2.675, 4.35 * 100].map((n) => storedResult(numeric(2), n))).toEqual(
      ['1.01', '0.29', '-1.01', '2.68', '435.00'].map((value) => ({ ok: true, value })),
    );
    expect([2.5, -2.5, 0.5, -0.4].map((n) => storedResult(numeric(0), n))).toEqual(['3', '-3', '1', '0'].map((value) => ({ ok: true, value })));
  });

  it('stores text and TRUE or FALSE in a text cell as Excel shows them, and refuses text in a numeric cell', () => {
    const text: Cell = { editor: 'text' };
    expect([storedResult(text, 'Yes'), storedResult(text, true), storedResult(text, 0.1 + 0.2)]).toEqual([{ ok: true, value: 'Yes' }, { ok: true, value: 'TRUE' }, { ok: true, value: '0.3' }]);
    expect(storedResult(numeric(0), 'Yes')).toEqual({ ok: false, message: 'The formula answers the text "Yes" where a number is expected.' });
    expect(storedResult(numeric(0), true)).toEqual({ ok: true, value: '1' });
  });
});

describe('a Text cell with a formula', () => {
  const template = () => {
    const t = sheet(['=cell(X01001)*2']);
    t.items[0].items.push([{ value: 'verdict' }, { editor: 'text', code: 'X01004', formula: '=IF(cell(X01001)>cell(X01002),"Above","Not above")&" "&TEXT(cell(X01001),"0.00")' }]);
    t.items[0].items.push([{ value: 'flag' }, { editor: 'text', code: 'X01005', formula: '=cell(X01001)>0' }]);
    return normaliseTemplate(t, 'X');
  };

  it('stays a Text cell, disabled, and stores its formula answer as text', () => {
    const t = template();
    expect([t.items[0].items[3][1].editor, t.items[0].items[3][1].disabled, t.items[0].items[2][1].editor]).toEqual(['text', true, 'formula']);
    expect(checkTemplate(t, { itemcode: 'X' }).ok).toBe(true);
    const wb = FormWorkbook.build(t, { values: { X01001: '3', X01002: '2' } });
    expect(wb.results()).toEqual({ X01003: '6', X01004: 'Above 3.00', X01005: 'TRUE' });
    expect(wb.checks().failures).toEqual([]);
    wb.destroy();
  });

  it('is refused by a numeric formula cell, which names the text it got', () => {
    const wb = FormWorkbook.build(normaliseTemplate(sheet(['=IF(cell(X01001)>0,"Yes","No")']), 'X'), { values: { X01001: '1' } });
    expect(wb.checks().failures).toEqual([{ code: 'X01003', row: 0, path: '/items/0/items/2/1/formula', message: 'The formula answers the text "Yes" where a number is expected.', severity: 'error' }]);
    wb.destroy();
  });
});
