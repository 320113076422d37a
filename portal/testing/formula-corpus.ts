// The corpus of the differential test against LibreOffice (portal/filing/excel-differential.test.ts):
// cases generated from a fixed seed (never Math.random), each a template formula over input cells
// whose stored values are given, so the portal computes it through FormWorkbook exactly as it
// computes a filed form. Every function of formula-functions.ts is called several times, with the
// values where spreadsheet engines part ways: half-cent and negative values for the rounding
// functions, zero divisors, empty cells, dates across leap years and month ends, unicode and empty
// text, bare TRUE/FALSE, nested calls, references to other tabs, and col() ranges of an
// add-new-rows tab. Dates before 1 March 1900 are out of scope: Excel counts a 29 February 1900
// that never was, and filings carry no such dates.
//
// A case's formula names its inputs by placeholders that corpusTemplate replaces with references:
//   {1}…{4}   cell(CODE) of the case's inputs        {1:4}, {1:2}, {3:4}  cell(A):cell(B) ranges
//   {T}       the lookup table (20 rows: key, name, amount)  {TK} {TN} {TA}  its columns (keys ascending)
//   {TD}      keys in descending order (MATCH with -1)
//   {TH}      a horizontal table (keys in one row, amounts in the next)
//   {CA} {CB} {CC} {CD} {CE}  col() of the add-new-rows register's columns (amount, quantity,
//             name, date, amount × quantity)

export type InputEditor = 'numeric' | 'date' | 'text' | 'time';

export interface CorpusInput {
  editor: InputEditor;
  /** The stored value (cell-values.ts forms: `-1.005`, `2024-02-29`, `14:30:15`, text) or null. */
  value: string | null;
}

/** How a result is compared: exactly (a rounded value), to a relative 1e-9, or to the millisecond (a time). */
export type Comparison = 'exact' | 'relative' | 'time';

export interface CorpusCase {
  /** Unique and stable: family and number. */
  name: string;
  /** The template formula with placeholders. */
  formula: string;
  inputs: CorpusInput[];
  /** The inputs sit on another tab (before or after the formula's): references across tabs. */
  crossTab?: 'before' | 'after';
  compare: Comparison;
}

/** Mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CORPUS_SEED = 20240229;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const num = (value: string | number | null): CorpusInput => ({ editor: 'numeric', value: value === null ? null : String(value) });
export const date = (y: number, m: number, d: number): CorpusInput => ({ editor: 'date', value: `${y}-${pad(m)}-${pad(d)}` });
export const text = (value: string | null): CorpusInput => ({ editor: 'text', value: value === '' ? null : value });
export const time = (h: number, m: number, s = 0): CorpusInput => ({ editor: 'time', value: `${pad(h)}:${pad(m)}${s ? `:${pad(s)}` : ''}` });
export const empty = (editor: InputEditor = 'numeric'): CorpusInput => ({ editor, value: null });

/** Dates where calendars trip: leap days, month ends, year ends, the turn of the century. */
const SPECIAL_DATES: [number, number, number][] = [
  [2024, 2, 29], [2024, 2, 28], [2024, 3, 1], [2023, 2, 28], [2023, 3, 1], [2020, 2, 29], [2000, 2, 29], [2100, 2, 28],
  [2023, 1, 31], [2023, 4, 30], [2023, 12, 31], [2024, 1, 1], [2024, 12, 31], [2025, 1, 31], [2024, 8, 31], [2024, 9, 30],
  [2023, 10, 31], [2025, 2, 28], [1999, 12, 31], [2001, 1, 1], [2028, 2, 29], [2027, 12, 31], [2026, 6, 30], [2024, 5, 31],
];

const TEXTS = [
  'Kuala Lumpur', 'Ünïcödé Straße', 'ąčęėįšųūž', 'Ωmega βeta', '日本語のテキスト', 'İstanbul', 'café au lait', 'a', 'ABC def GHI',
  "O'Brien & Co.", '12.5', 'total assets', 'MiXeD cAsE', 'x-y-z', 'naïve résumé', 'Ärger über Öl', 'Łódź', 'Ñandú', 'tab one two',
];

class Gen {
  readonly cases: CorpusCase[] = [];
  private readonly counts = new Map<string, number>();
  constructor(readonly rnd: () => number) {}

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rnd() * list.length)];
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  /** A decimal as text from an integer mantissa: no float noise in what is stored. */
  decimal(mantissa: number, places: number): string {
    const sign = mantissa < 0 ? '-' : '';
    const digits = String(Math.abs(mantissa)).padStart(places + 1, '0');
    return places ? `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}` : `${sign}${digits}`;
  }
  /** x.xx5: the half cent, either sign. */
  halfCent(max = 10000, negative = 0.5): string {
    const m = this.int(0, max * 100) * 10 + 5;
    return this.decimal(this.chance(negative) ? -m : m, 3);
  }
  /** A number with up to 4 decimals, either sign. */
  amount(max = 100000, negative = 0.3): string {
    const places = this.int(0, 4);
    const m = this.int(0, max * 10 ** places);
    return this.decimal(this.chance(negative) ? -m : m, places);
  }
  date(): CorpusInput {
    if (this.chance(0.45)) {
      const [y, m, d] = this.pick(SPECIAL_DATES);
      return date(y, m, d);
    }
    const t = Date.UTC(2000, 0, 1) + this.int(0, 11322) * 86_400_000;
    const day = new Date(t);
    return date(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  }
  text(): CorpusInput {
    return text(this.pick(TEXTS));
  }
  /** A mix for ranges: numbers mostly, sometimes empty, text or zero. */
  mixed(): CorpusInput {
    const r = this.rnd();
    if (r < 0.12) return empty();
    if (r < 0.2) return this.text();
    if (r < 0.25) return num(0);
    return num(this.amount(1000, 0.3));
  }
  add(family: string, formula: string, inputs: CorpusInput[], compare: Comparison = 'relative'): void {
    const n = (this.counts.get(family) ?? 0) + 1;
    this.counts.set(family, n);
    const r = this.rnd();
    const crossTab = r < 0.08 ? 'before' : r < 0.14 ? 'after' : undefined;
    this.cases.push({ name: `${family} ${n}`, formula, inputs, compare, ...(crossTab ? { crossTab } : {}) });
  }
}

function rounding(g: Gen): void {
  for (const fn of ['ROUND', 'ROUNDUP', 'ROUNDDOWN']) {
    for (let i = 0; i < 60; i++) {
      const digits = g.pick([2, 2, 2, 1, 0, 3, -1, -2]);
      g.add(fn, `${fn}({1},${digits})`, [num(i < 45 ? g.halfCent(i < 30 ? 10 : 100000) : g.amount())], 'exact');
    }
    // The digits from a cell, and an empty value.
    g.add(fn, `${fn}({1},{2})`, [num(g.halfCent()), num(g.int(0, 3))], 'exact');
    g.add(fn, `${fn}({1},2)`, [empty()], 'exact');
  }
  for (const fn of ['INT', 'TRUNC']) {
    for (let i = 0; i < 40; i++) g.add(fn, `${fn}({1})`, [num(i % 2 ? g.halfCent(100, 1) : g.amount(1000, 0.6))], 'exact');
    g.add(fn, `${fn}({1})`, [num('-0.5')], 'exact');
    g.add(fn, `${fn}({1})`, [empty()], 'exact');
  }
  for (let i = 0; i < 15; i++) g.add('TRUNC', `TRUNC({1},{2})`, [num(g.halfCent()), num(g.int(-1, 3))], 'exact');
  for (let i = 0; i < 40; i++) {
    const multiple = g.pick(['0.05', '0.1', '5', '0.01', '3', '-0.05', '-5', '0']);
    const x = g.chance(0.5) ? g.halfCent(1000, multiple.startsWith('-') ? 0.9 : 0.2) : g.amount(1000, 0.2);
    g.add('MROUND', `MROUND({1},{2})`, [num(x), num(multiple)], 'exact');
  }
  for (const fn of ['CEILING', 'FLOOR']) {
    for (let i = 0; i < 50; i++) {
      const significance = g.pick(['0.01', '0.05', '1', '5', '-1', '-5', '0.5', '0']);
      const x = g.chance(0.5) ? g.halfCent(1000, 0.5) : g.amount(1000, 0.5);
      g.add(fn, `${fn}({1},{2})`, [num(x), num(significance)], 'exact');
    }
  }
  for (const fn of ['CEILING.MATH', 'FLOOR.MATH']) {
    for (let i = 0; i < 25; i++) {
      const x = g.chance(0.5) ? g.halfCent(1000, 0.5) : g.amount(1000, 0.5);
      const form = g.pick(['{1}', '{1},{2}', '{1},{2},{3}']);
      g.add(fn, `${fn}(${form})`, [num(x), num(g.pick(['1', '5', '0.05', '-2', '0.5'])), num(g.pick(['0', '1', '-1']))], 'exact');
    }
  }
  for (let i = 0; i < 60; i++) {
    const divisor = g.pick(['2', '3', '-2', '0.01', '0.05', '7.5', '-0.3', '0', '1']);
    const x = i % 3 === 0 ? g.halfCent(1000) : g.amount(1000, 0.5);
    g.add('MOD', `MOD({1},{2})`, [num(x), divisor === '0' && g.chance(0.5) ? empty() : num(divisor)]);
  }
  for (const fn of ['EVEN', 'ODD']) for (let i = 0; i < 15; i++) g.add(fn, `${fn}({1})`, [num(g.amount(100, 0.5))], 'exact');
}

function maths(g: Gen): void {
  for (let i = 0; i < 12; i++) {
    g.add('ABS', 'ABS({1})', [g.mixed()]);
    g.add('SIGN', 'SIGN({1})', [g.mixed()], 'exact');
    g.add('SUM', 'SUM({1:4})', [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('SUM', 'SUM({1},{2},{3}*2,-{4})', [num(g.halfCent()), num(g.amount()), g.mixed(), num(g.amount())]);
    g.add('SUMSQ', 'SUMSQ({1:4})', [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('PRODUCT', 'PRODUCT({1:4})', [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('SUMPRODUCT', 'SUMPRODUCT({1:2},{3:4})', [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('SUMIF', `SUMIF({1:4},"${g.pick(['>0', '<0', '>=10', '<>0', '=0', '>100'])}")`, [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('SUMIF', `SUMIF({1:2},">"&{4},{3:4})`, [g.mixed(), g.mixed(), g.mixed(), num(g.amount(100))]);
    g.add('SUMIFS', `SUMIFS({1:2},{3:4},"${g.pick(['>0', '<=100', '<>0'])}",{1:2},"<>0")`, [g.mixed(), g.mixed(), g.mixed(), g.mixed()]);
    g.add('QUOTIENT', 'QUOTIENT({1},{2})', [num(g.amount(1000, 0.4)), num(g.pick(['3', '-4', '0.7', '0', '2.5']))], 'exact');
    g.add('POWER', 'POWER({1},{2})', [num(g.amount(20, 0.3)), num(g.pick(['2', '0.5', '-1', '3', '0', '1.5']))]);
    g.add('SQRT', 'SQRT({1})', [num(g.amount(10000, 0.2))]);
    g.add('EXP', 'EXP({1})', [num(g.amount(20, 0.4))]);
    g.add('LN', 'LN({1})', [num(g.pick([g.amount(1000, 0), '0', '-1', '1']))]);
    g.add('LOG', g.chance(0.5) ? 'LOG({1})' : 'LOG({1},{2})', [num(g.amount(1000, 0.1)), num(g.pick(['2', '10', '0.5', '1', '3']))]);
    g.add('LOG10', 'LOG10({1})', [num(g.pick([g.amount(100000, 0), '1000', '0', '0.001']))]);
    g.add('PI', 'PI()*{1}', [num(g.amount(100, 0.3))]);
    g.add('GCD', 'GCD({1},{2})', [num(g.int(0, 500)), num(g.pick([String(g.int(1, 400)), '0', '-4', '12.7']))], 'exact');
    g.add('LCM', 'LCM({1},{2})', [num(g.int(1, 60)), num(g.pick([String(g.int(1, 60)), '0', '-3', '7.9']))], 'exact');
    g.add('FACT', 'FACT({1})', [num(g.pick([String(g.int(0, 20)), '-1', '5.9', '0']))], 'relative');
    g.add('COMBIN', 'COMBIN({1},{2})', [num(g.int(0, 30)), num(g.pick([String(g.int(0, 12)), '40', '-1', '2.7']))], 'relative');
  }
}

function divisions(g: Gen): void {
  for (let i = 0; i < 40; i++) {
    const divisor = g.pick([num(0), empty(), num('0.00'), num(g.amount(10)), text('x')]);
    g.add('division', g.pick(['{1}/{2}', '({1}+{2})/{2}', 'IFERROR({1}/{2},-1)', 'ROUND({1}/{2},2)']), [num(g.amount(1000)), divisor]);
  }
  for (let i = 0; i < 20; i++) {
    g.add('empty', g.pick(['{1}+{2}', '{1}*2', '{1}&"x"', 'IF({1}="","empty","full")', '{1}=0', '-{1}', '{1}-{2}', 'LEN({1})', 'IF({1}=0,"zero","not zero")']), [empty(g.pick(['numeric', 'text', 'date'] as const)), g.mixed()]);
  }
}

function statistics(g: Gen): void {
  const row = () => [g.mixed(), g.mixed(), g.mixed(), g.mixed()];
  for (let i = 0; i < 10; i++) {
    for (const fn of ['COUNT', 'COUNTA', 'COUNTBLANK', 'AVERAGE', 'AVERAGEA', 'MIN', 'MAX', 'MINA', 'MAXA', 'MEDIAN', 'STDEV', 'STDEVP', 'VAR', 'VARP', 'STDEV.S', 'STDEV.P', 'VAR.S', 'VAR.P']) {
      g.add(fn, `${fn}({1:4})`, row(), fn.startsWith('COUNT') ? 'exact' : 'relative');
    }
    g.add('COUNTIF', `COUNTIF({1:4},"${g.pick(['>0', '<0', 'a*', '*e*', '<>', '=', '>=5', 'Kuala Lumpur'])}")`, row(), 'exact');
    g.add('COUNTIFS', `COUNTIFS({1:4},">"&{1},{1:4},"<1000")`, row(), 'exact');
    g.add('AVERAGEIF', `AVERAGEIF({1:4},"${g.pick(['>0', '<0', '<>0', '>1000'])}")`, row());
    g.add('MAXIFS', `MAXIFS({1:2},{3:4},"${g.pick(['>0', '<0', '<>0'])}")`, row());
    g.add('MINIFS', `MINIFS({1:2},{3:4},"${g.pick(['>0', '<0', '<>0'])}")`, row());
    g.add('LARGE', `LARGE({1:4},${g.int(1, 5)})`, row());
    g.add('SMALL', `SMALL({1:4},${g.int(1, 5)})`, row());
  }
}

function registerAggregates(g: Gen): void {
  const aggregates = [
    'SUM({CA})', 'SUM({CE})', 'COUNT({CA})', 'COUNTA({CC})', 'COUNTBLANK({CB})', 'AVERAGE({CA})', 'MAX({CD})-MIN({CD})', 'MEDIAN({CB})',
    'SUMPRODUCT({CA},{CB})', 'STDEV.S({CA})', 'VAR.P({CB})', 'LARGE({CA},3)', 'SMALL({CB},2)', 'TEXTJOIN("|",TRUE,{CC})', 'MAX({CE})', 'MINA({CA})',
    'COUNTIFS({CA},">0",{CB},">0")', 'SUMIFS({CA},{CD},">="&DATE(2024,1,1))', 'ROUND(AVERAGE({CA},{CB}),2)', 'INDEX({CC},MATCH(MAX({CA}),{CA},0))',
  ];
  for (const f of aggregates) g.add('col()', f, []);
  for (let i = 0; i < 40; i++) {
    const f = g.pick([
      `SUMIF({CA},">"&{1})`, `COUNTIF({CB},"<="&{1})`, `SUMIF({CC},{2},{CA})`, `COUNTIF({CC},"*"&LEFT({2},2)&"*")`, `AVERAGEIF({CA},">="&{1},{CB})`,
      `MAXIFS({CA},{CB},">"&{1})`, `COUNTIF({CD},">"&{3})`, `ROUND(SUM({CA})*{1}/100,2)`, `MATCH({2},{CC},0)`, `IFERROR(INDEX({CA},MATCH({2},{CC},0)),"none")`,
    ]);
    g.add('col()', f, [num(g.amount(300, 0.2)), g.text(), g.date()]);
  }
}

function texts(g: Gen): void {
  const t = () => (g.chance(0.1) ? empty('text') : g.text());
  for (let i = 0; i < 10; i++) {
    g.add('LEN', 'LEN({1})', [t()], 'exact');
    g.add('LEFT', `LEFT({1},${g.int(0, 6)})`, [t()]);
    g.add('LEFT', 'LEFT({1})', [t()]);
    g.add('RIGHT', `RIGHT({1},${g.int(0, 6)})`, [t()]);
    g.add('MID', `MID({1},${g.int(1, 8)},${g.int(0, 5)})`, [t()]);
    g.add('UPPER', 'UPPER({1})', [t()]);
    g.add('LOWER', 'LOWER({1})', [t()]);
    g.add('PROPER', 'PROPER({1})', [t()]);
    g.add('TRIM', 'TRIM("  "&{1}&"   and   "&{2}&" ")', [t(), t()]);
    g.add('CLEAN', 'CLEAN({1}&CHAR(9)&{2})', [t(), t()]);
    g.add('CONCATENATE', 'CONCATENATE({1}," ",{2},"/",{3})', [t(), num(g.amount(100)), g.mixed()]);
    g.add('EXACT', 'EXACT({1},{2})', g.chance(0.4) ? [text('Same'), text(g.pick(['Same', 'same', 'Same ', 'Sáme']))] : [t(), t()]);
    g.add('FIND', `FIND("${g.pick(['a', 'e', 'A', 'ü', 'x', ' '])}",{1})`, [t()], 'exact');
    g.add('SEARCH', `SEARCH("${g.pick(['a', 'E', 'u?', '*e', 'Ü', 'zz'])}",{1})`, [t()], 'exact');
    g.add('SUBSTITUTE', `SUBSTITUTE({1},"${g.pick(['a', ' ', 'e', 'ü'])}","${g.pick(['', '-', 'AA'])}")`, [t()]);
    g.add('SUBSTITUTE', 'SUBSTITUTE({1},"a","#",2)', [t()]);
    g.add('REPLACE', `REPLACE({1},${g.int(1, 5)},${g.int(0, 3)},"${g.pick(['', 'ß', 'XY'])}")`, [t()]);
    g.add('REPT', `REPT({1},${g.int(0, 3)})`, [t()]);
    g.add('TEXT', `TEXT({1},"${g.pick(['0.00', '#,##0', '#,##0.00', '0', '0.0%', '0.000', '00000'])}")`, [num(g.chance(0.5) ? g.halfCent(100000) : g.amount(100000))]);
    g.add('TEXT', `TEXT({1},"${g.pick(['yyyy-mm-dd', 'dd-mm-yyyy', 'yyyy'])}")`, [g.date()]);
    g.add('VALUE', 'VALUE({1})', [text(g.pick(['12.5', '-3', '1e3', '0.005', 'abc', '1,234.5', '  42  ', '12%']))]);
    g.add('T', 'T({1})', [g.chance(0.5) ? t() : num(g.amount())]);
    g.add('N', 'N({1})', [g.chance(0.5) ? t() : num(g.amount())]);
    g.add('CHAR', 'CHAR({1})', [num(g.int(32, 126))]);
    g.add('CODE', 'CODE({1})', [text(g.pick(['A', 'z', '0', '~', 'Hello', ' x']))], 'exact');
    g.add('TEXTJOIN', `TEXTJOIN("${g.pick([', ', '-', ''])}",${g.pick(['TRUE', 'FALSE'])},{1:4})`, [t(), g.mixed(), t(), g.mixed()]);
    g.add('text', '{1}&""', [t()]);
    g.add('text', 'LEN("")+LEN({1})', [empty('text')], 'exact');
  }
}

function dates(g: Gen): void {
  for (let i = 0; i < 10; i++) {
    const y = g.int(1999, 2030);
    g.add('DATE', `DATE(${y},${g.int(1, 12)},${g.int(1, 31)})`, [], 'exact');
    g.add('DATE', `DATE({1},{2},{3})`, [num(g.pick([2024, 2023, 2000, 2100])), num(g.int(-2, 14)), num(g.int(-1, 32))], 'exact');
    g.add('YEAR', 'YEAR({1})', [g.date()], 'exact');
    g.add('MONTH', 'MONTH({1})', [g.date()], 'exact');
    g.add('DAY', 'DAY({1})', [g.date()], 'exact');
    g.add('DAYS', 'DAYS({1},{2})', [g.date(), g.date()], 'exact');
    g.add('ISOWEEKNUM', 'ISOWEEKNUM({1})', [g.date()], 'exact');
    g.add('DATEVALUE', `DATEVALUE("${g.pick(['2024-02-29', '2023-02-29', '2023-12-31', '2000-01-01', '2024-13-01', 'tomorrow'])}")`, [], 'exact');
    g.add('TIME', `TIME(${g.int(0, 23)},${g.int(0, 59)},${g.int(0, 59)})`, [], 'time');
    g.add('HOUR', 'HOUR({1})', [time(g.int(0, 23), g.int(0, 59), g.int(0, 59))], 'exact');
    g.add('MINUTE', 'MINUTE({1})', [time(g.int(0, 23), g.int(0, 59), g.int(0, 59))], 'exact');
    g.add('SECOND', 'SECOND({1})', [time(g.int(0, 23), g.int(0, 59), g.int(0, 59))], 'exact');
    g.add('time', 'HOUR({1})*60+MINUTE({1})', [time(g.int(0, 23), g.int(0, 59))], 'exact');
  }
  for (let i = 0; i < 6; i++) for (const type of [1, 2, 3, 11, 12, 13, 14, 15, 16, 17]) g.add('WEEKDAY', `WEEKDAY({1},${type})`, [g.date()], 'exact');
  for (let i = 0; i < 6; i++) g.add('WEEKDAY', 'WEEKDAY({1})', [g.date()], 'exact');
  for (let i = 0; i < 5; i++) for (const type of [1, 2, 11, 12, 13, 14, 15, 16, 17, 21]) g.add('WEEKNUM', `WEEKNUM({1},${type})`, [g.date()], 'exact');
  for (let i = 0; i < 5; i++) g.add('WEEKNUM', 'WEEKNUM({1})', [g.date()], 'exact');
  // A year's first and last days, where week numbering systems part.
  for (const [y, m, d] of [[2023, 12, 31], [2024, 12, 31], [2024, 12, 30], [2025, 1, 1], [2021, 1, 3], [2027, 12, 31]] as const) {
    for (const type of [1, 2, 11, 12, 13, 14, 15, 16, 17, 21]) g.add('WEEKNUM', `WEEKNUM({1},${type})`, [date(y, m, d)], 'exact');
    g.add('ISOWEEKNUM', 'ISOWEEKNUM({1})', [date(y, m, d)], 'exact');
  }
  for (let i = 0; i < 40; i++) {
    g.add('EDATE', 'EDATE({1},{2})', [g.date(), num(g.pick([String(g.int(-25, 25)), '1', '-1', '12', '1.9']))], 'exact');
    g.add('EOMONTH', 'EOMONTH({1},{2})', [g.date(), num(g.pick([String(g.int(-25, 25)), '0', '1', '-1', '-12.5']))], 'exact');
  }
  for (const unit of ['Y', 'M', 'D', 'MD', 'YM', 'YD']) {
    for (let i = 0; i < 16; i++) {
      const [a, b] = [g.date(), g.date()];
      const ordered = (a.value ?? '') <= (b.value ?? '') || i === 15 ? [a, b] : [b, a];
      g.add('DATEDIF', `DATEDIF({1},{2},"${g.chance(0.2) ? unit.toLowerCase() : unit}")`, ordered, 'exact');
    }
  }
  for (let i = 0; i < 30; i++) g.add('DAYS360', i % 2 ? 'DAYS360({1},{2})' : 'DAYS360({1},{2},TRUE)', [g.date(), g.date()], 'exact');
  for (let i = 0; i < 15; i++) for (const basis of [0, 1, 2, 3, 4]) g.add('YEARFRAC', `YEARFRAC({1},{2},${basis})`, [g.date(), g.date()]);
  for (let i = 0; i < 25; i++) {
    g.add('NETWORKDAYS', i % 2 ? 'NETWORKDAYS({1},{2})' : 'NETWORKDAYS({1},{2},{3:4})', [g.date(), g.date(), g.date(), g.date()], 'exact');
    g.add('WORKDAY', i % 2 ? 'WORKDAY({1},{2})' : 'WORKDAY({1},{2},{3:4})', [g.date(), num(g.int(-40, 40)), g.date(), g.date()], 'exact');
  }
}

function logic(g: Gen): void {
  for (let i = 0; i < 10; i++) {
    g.add('IF', g.pick(['IF({1}>{2},{1}-{2},"not more")', 'IF({1},"yes","no")', 'IF({1}>{2},TRUE)', 'IF({1}="",0,{1}*2)']), [g.mixed(), g.mixed()]);
    g.add('AND', 'AND({1}>0,{2}<100)', [g.mixed(), g.mixed()]);
    g.add('OR', 'OR({1}>0,{2}<0,FALSE)', [g.mixed(), g.mixed()]);
    g.add('NOT', 'NOT({1}>{2})', [g.mixed(), g.mixed()]);
    g.add('XOR', 'XOR({1}>0,{2}>0,TRUE)', [g.mixed(), g.mixed()]);
    g.add('TRUE', g.pick(['TRUE()', 'AND(TRUE(),{1}>0)', 'TRUE()+1']), [g.mixed()]);
    g.add('FALSE', g.pick(['FALSE()', 'OR(FALSE(),{1}>0)', 'FALSE()*5']), [g.mixed()]);
    g.add('IFERROR', 'IFERROR({1}/{2},"no ratio")', [g.mixed(), g.mixed()]);
    g.add('IFNA', 'IFNA(MATCH({1},{TK},0),-1)', [num(g.pick(['3', '4', '17', '40', '100']))]);
    g.add('CHOOSE', 'CHOOSE({1},"one","two",{2})', [num(g.pick(['1', '2', '3', '4', '0', '2.7'])), g.mixed()]);
    g.add('IFS', 'IFS({1}>100,"large",{1}>0,"positive",TRUE,"not positive")', [g.mixed()]);
    g.add('SWITCH', 'SWITCH(MOD(INT({1}),4),0,"zero",1,"one",2,"two")', [num(g.amount(100, 0.3))]);
  }
  // Bare TRUE and FALSE, as a template may write them.
  const bare = ['TRUE', 'FALSE', 'IF(TRUE,{1},{2})', 'AND(TRUE,{1}>0)', 'OR(FALSE,{1}<0)', '{1}>0=TRUE', 'TRUE+TRUE', 'IF({1}>0,TRUE,FALSE)', 'NOT(FALSE)', 'SUM({1},TRUE)'];
  for (const f of bare) for (let i = 0; i < 2; i++) g.add('TRUE/FALSE', f, [g.mixed(), g.mixed()]);
}

function information(g: Gen): void {
  for (let i = 0; i < 8; i++) {
    for (const fn of ['ISBLANK', 'ISNUMBER', 'ISTEXT', 'ISNONTEXT', 'ISLOGICAL']) g.add(fn, `${fn}({1})`, [g.mixed()]);
    g.add('ISERROR', 'ISERROR({1}/{2})', [g.mixed(), g.mixed()]);
    g.add('ISERR', 'ISERR(MATCH({1},{TK},0))', [num(g.int(0, 50))]);
    g.add('ISNA', 'ISNA(MATCH({1},{TK},0))', [num(g.int(0, 50))]);
    g.add('ISEVEN', 'ISEVEN({1})', [num(g.amount(100, 0.4))]);
    g.add('ISODD', 'ISODD({1})', [num(g.amount(100, 0.4))]);
    g.add('NA', g.pick(['NA()', 'IFERROR(NA(),{1})', 'ISNA(NA())']), [g.mixed()]);
    g.add('VLOOKUP', 'VLOOKUP({1},{T},2,FALSE)', [num(g.int(0, 45))]);
    g.add('VLOOKUP', 'VLOOKUP({1},{T},3,TRUE)', [num(g.amount(50, 0.1))]);
    g.add('VLOOKUP', 'VLOOKUP({1},{T},{2})', [num(g.int(0, 45)), num(g.pick(['1', '2', '3', '4', '0']))]);
    g.add('HLOOKUP', 'HLOOKUP({1},{TH},2,FALSE)', [num(g.int(0, 12))]);
    g.add('HLOOKUP', 'HLOOKUP({1},{TH},2,TRUE)', [num(g.amount(12, 0.1))]);
    g.add('MATCH', `MATCH({1},{TK},${g.pick(['0', '1'])})`, [num(g.amount(45, 0.1))], 'exact');
    g.add('MATCH', 'MATCH({1},{TD},-1)', [num(g.amount(100, 0.1))], 'exact');
    g.add('MATCH', 'MATCH({1},{TN},0)', [g.text()], 'exact');
    g.add('INDEX', 'INDEX({T},{1},{2})', [num(g.int(0, 22)), num(g.int(1, 3))]);
    g.add('INDEX', 'INDEX({TA},{1})', [num(g.int(1, 20))]);
  }
}

function nested(g: Gen): void {
  const forms = [
    'ROUND(SUM({1:4})*1.06,2)',
    'IF(AND({1}>0,{2}>0),ROUNDUP({1}/{2},1),ROUNDDOWN({1}-{2},0))',
    'TEXT(ROUND({1},2),"#,##0.00")&" "&UPPER(LEFT({3},3))',
    'IFERROR(ROUND(100*({1}-{2})/ABS({2}),2),0)',
    'MAX(0,MIN({1},{2}))+INT({4}/7)',
    'DATEDIF(DATE(YEAR({3}),1,1),{3},"D")+1',
    'EOMONTH(EDATE({3},{4}),0)-{3}',
    'CHOOSE(WEEKDAY({3},2),"Mon","Tue","Wed","Thu","Fri","Sat","Sun")',
    'SUMPRODUCT(({1:2}>0)*{1:2})',
    'LEN(SUBSTITUTE(TRIM({3}&" "&{3})," ",""))',
    'IF(ISNUMBER({1}),MROUND({1},SIGN({1})*0.05),"n/a")',
    'ROUND(YEARFRAC({3},EOMONTH({3},{4}),1)*{1},2)',
  ];
  for (let i = 0; i < 60; i++) {
    const f = forms[i % forms.length];
    const datey = /\{3\}/.test(f) && /(YEAR|EDATE|WEEKDAY|DATEDIF|YEARFRAC)/.test(f);
    const third = datey ? g.date() : g.text();
    g.add('nested', f, [num(g.chance(0.5) ? g.halfCent(1000) : g.amount(1000)), num(g.amount(1000)), third, num(g.int(-12, 12))]);
  }
}

/** The figures that first showed the portal computing otherwise than Excel, kept as cases. */
function knownFigures(g: Gen): void {
  g.add('ROUND', 'ROUND({1},2)', [num('1.005')], 'exact');
  g.add('ROUND', 'ROUND({1},2)', [num('0.285')], 'exact');
  g.add('ROUND', 'ROUND({1},2)', [num('-0.285')], 'exact');
  g.add('ROUNDDOWN', 'ROUNDDOWN({1}*100,0)', [num('4.35')], 'exact');
  g.add('INT', 'INT({1})', [num('-0.5')], 'exact');
  g.add('DATEDIF', 'DATEDIF({1},{2},"m")', [date(2023, 1, 31), date(2024, 2, 29)], 'exact');
  g.add('TRUE/FALSE', 'IF({1}>0,TRUE,FALSE)', [num('25035')]);
  g.add('STDEV.S', 'STDEV.S({1:4})', [num('1'), num('2'), num('4'), num('8')]);
  g.add('IFS', 'IFS({1}>10,"big",TRUE,"small")', [num('12')]);
  g.add('DAYS', 'DAYS({1},{2})', [date(2024, 3, 1), date(2023, 2, 28)], 'exact');
  // An empty cell read bare: a spreadsheet shows 0.
  for (const editor of ['numeric', 'text', 'date'] as const) g.add('empty', '{1}', [empty(editor)]);
  g.add('empty', 'IF(TRUE,{1})', [empty()]);
  g.add('empty', 'IF({1}="",{2},1)', [empty('text'), empty()]);
}

/** The corpus: deterministic for a seed (the same cases in the same order on every run). */
export function formulaCorpus(seed = CORPUS_SEED): CorpusCase[] {
  const g = new Gen(seeded(seed));
  rounding(g);
  maths(g);
  divisions(g);
  statistics(g);
  registerAggregates(g);
  texts(g);
  dates(g);
  logic(g);
  information(g);
  nested(g);
  knownFigures(g);
  return g.cases;
}
