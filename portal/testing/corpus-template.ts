// The formula corpus (formula-corpus.ts) as one template and the stored values of one form of it,
// so that the portal computes every case through FormWorkbook as it computes a filed form:
//
//   01 IN-A     inputs of the cases that read another tab (before theirs)
//   02 LOOKUP   the lookup tables: 20 rows of key, name, amount, descending key; then keys across a
//               row, amounts under them
//   03 REG      an add-new-rows register of 16 data rows: amount, quantity, name, date and four row formulas
//   04…         the cases, 200 a tab: label, up to four inputs, the formula in column F
//   last IN-B   inputs of the cases that read another tab (after theirs)
//
// Input cells are given values as the save pipeline stores them (parseCellValue), so a value the
// portal would refuse is caught here rather than computed.
import { cellCode } from '../filing/cell-codes.js';
import { parseCellValue, type StoredValue } from '../filing/cell-values.js';
import type { FormValues } from '../filing/formula-engine.js';
import type { Cell, FormProperties, Tab } from '../filing/template-schema.js';
import { date, num, seeded, text, type Comparison, type CorpusCase, type CorpusInput } from '../../portal/testing/formula-corpus.js';

export const CORPUS_ITEM = 'DIFF';
const CASES_PER_TAB = 200;
const REGISTER_ROWS = 16;

/** One computed cell of the corpus form: a case's formula, or a register row formula. */
export interface CaseSite {
  name: string;
  /** The template formula as stored (placeholders replaced by references). */
  formula: string;
  inputs: { code: string; input: CorpusInput }[];
  code: string;
  /** Data row (add-new-rows register), else 0. */
  row: number;
  compare: Comparison;
}

export interface CorpusForm {
  properties: FormProperties;
  values: FormValues;
  rows: Record<string, number>;
  sites: CaseSite[];
}

const EDITOR_CELL: Record<CorpusInput['editor'], Cell> = {
  numeric: { editor: 'numeric', precision: 19, scale: 4 },
  date: { editor: 'date' },
  text: { editor: 'text' },
  time: { editor: 'time' },
};

function stored(cell: Cell, input: CorpusInput): StoredValue {
  const parsed = parseCellValue(cell, input.value);
  if (!parsed.ok) throw new Error(`The corpus value ${JSON.stringify(input.value)} is not a value of a ${cell.editor} cell: ${parsed.message}`);
  return parsed.value;
}

class TabBuilder {
  private counter = 0;
  readonly rows: Cell[][] = [];
  constructor(readonly id: string) {}
  code(): string {
    return cellCode(CORPUS_ITEM, this.id, ++this.counter);
  }
  get count(): number {
    return this.counter;
  }
}

const tab = (id: string, title: string, rows: Cell[][], extra: Partial<Tab> = {}): Tab => ({
  id, title, display_name: title, type: 'normal', header: { top: 0, left: 1, items: [] }, items: rows, ...extra,
});

/** The lookup tab: `{T}` keys 0…45 ascending (unique), names, amounts; `{TH}` below it. */
function lookupTab(b: TabBuilder, values: FormValues, rnd: () => number): Record<'T' | 'TK' | 'TN' | 'TA' | 'TD' | 'TH', string> {
  const keys = new Set<number>();
  while (keys.size < 20) keys.add(Math.floor(rnd() * 46));
  const names = ['Kuala Lumpur', 'Ünïcödé Straße', 'ąčęėįšųūž', 'Ωmega βeta', '日本語のテキスト', 'İstanbul', 'café au lait', 'a', 'ABC def GHI', "O'Brien & Co.", '12.5', 'total assets', 'MiXeD cAsE', 'x-y-z', 'naïve résumé', 'Ärger über Öl', 'Łódź', 'Ñandú', 'tab one two', 'last'];
  const first: string[] = [];
  const last: string[] = [];
  [...keys].sort((a, c) => a - c).forEach((key, r) => {
    const cells: Cell[] = [{ ...EDITOR_CELL.numeric, code: b.code() }, { ...EDITOR_CELL.text, code: b.code() }, { ...EDITOR_CELL.numeric, code: b.code() }, { ...EDITOR_CELL.numeric, code: b.code() }];
    values[cells[0].code!] = stored(cells[0], num(key));
    values[cells[1].code!] = stored(cells[1], text(names[r]));
    values[cells[2].code!] = stored(cells[2], num((Math.floor(rnd() * 2000000) - 500000) / 100));
    // The keys in descending order, for MATCH(…,-1).
    values[cells[3].code!] = stored(cells[3], num(100 - key));
    if (r === 0) first.push(...cells.map((c) => c.code!));
    if (r === 19) last.push(...cells.map((c) => c.code!));
    b.rows.push([{ value: `Row ${r + 1}` }, ...cells, ...Array.from({ length: 6 }, (): Cell => ({}))]);
  });
  const hKeys: Cell[] = [];
  const hValues: Cell[] = [];
  for (let c = 0; c < 10; c++) {
    const k = { ...EDITOR_CELL.numeric, code: b.code() };
    values[k.code!] = stored(k, num(c + 1 + Math.floor(c / 3)));
    hKeys.push(k);
  }
  for (let c = 0; c < 10; c++) {
    const v = { ...EDITOR_CELL.numeric, code: b.code() };
    values[v.code!] = stored(v, num((Math.floor(rnd() * 100000) - 20000) / 100));
    hValues.push(v);
  }
  b.rows.push([{ value: 'Keys' }, ...hKeys], [{ value: 'Amounts' }, ...hValues]);
  const range = (a: string, z: string) => `cell(${a}):cell(${z})`;
  return {
    T: range(first[0], last[2]),
    TK: range(first[0], last[0]),
    TN: range(first[1], last[1]),
    TA: range(first[2], last[2]),
    TD: range(first[3], last[3]),
    TH: range(hKeys[0].code!, hValues[9].code!),
  };
}

/** The register: one pattern row of four inputs and four formulas, 16 data rows of values. */
function registerTab(b: TabBuilder, values: FormValues, rnd: () => number): { tab: Tab; refs: Record<'CA' | 'CB' | 'CC' | 'CD' | 'CE', string>; sites: CaseSite[] } {
  const [amount, quantity, name, when] = [b.code(), b.code(), b.code(), b.code()];
  const formulas = [
    ['amount × quantity', `=cell(${amount})*cell(${quantity})`, 'relative'],
    ['amount ÷ quantity', `=ROUND(cell(${amount})/cell(${quantity}),2)`, 'exact'],
    ['name', `=IF(cell(${name})="","(none)",UPPER(LEFT(cell(${name}),3)))`, 'relative'],
    ['months to year end', `=DATEDIF(cell(${when}),DATE(2025,12,31),"M")`, 'exact'],
  ] as const;
  const formulaCodes = formulas.map(() => b.code());
  const cells: Cell[] = [
    { ...EDITOR_CELL.numeric, code: amount, allowempty: true },
    { ...EDITOR_CELL.numeric, code: quantity, allowempty: true },
    { ...EDITOR_CELL.text, code: name, allowempty: true },
    { ...EDITOR_CELL.date, code: when },
    ...formulas.map(([, formula], i): Cell => ({ editor: 'formula', code: formulaCodes[i], formula, precision: 19, scale: 4 })),
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const inputs: CorpusInput[][] = [];
  for (let r = 0; r < REGISTER_ROWS; r++) {
    const row: CorpusInput[] = [
      num(rnd() < 0.15 ? null : (Math.floor(rnd() * 2000000) - 300000) / 1000),
      num(pick([null, '0', '1', '2.5', '3', '-4', '10', '0.125'])),
      text(pick(['', 'Kuala Lumpur', 'Łódź', 'ab', 'naïve résumé', 'İstanbul', 'total assets'])),
      rnd() < 0.4 ? date(2024, 2, 29) : date(2020 + Math.floor(rnd() * 6), 1 + Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)),
    ];
    inputs.push(row);
  }
  [amount, quantity, name, when].forEach((code, c) => (values[code] = inputs.map((row) => stored(cells[c], row[c]))));
  const sites: CaseSite[] = [];
  formulas.forEach(([label, formula, compare], f) => {
    for (let r = 0; r < REGISTER_ROWS; r++) {
      sites.push({ name: `register ${label}, row ${r + 1}`, formula, code: formulaCodes[f], row: r, compare, inputs: [amount, quantity, name, when].map((code, c) => ({ code, input: inputs[r][c] })) });
    }
  });
  const register: Tab = {
    id: b.id, title: 'REG', display_name: 'Register', type: 'add-new-rows', minrowsize: 1, maxrowsize: 100,
    header: { top: 1, left: 0, items: [['Amount', 'Quantity', 'Name', 'Date', 'A×Q', 'A÷Q', 'Name', 'Months'].map((value) => ({ value }))] },
    items: [cells],
  };
  const col = (code: string) => `col(${code})`;
  return { tab: register, refs: { CA: col(amount), CB: col(quantity), CC: col(name), CD: col(when), CE: col(formulaCodes[0]) }, sites };
}

/** The template and form of the corpus. */
export function corpusForm(cases: readonly CorpusCase[]): CorpusForm {
  const rnd = seeded(7);
  const values: FormValues = {};
  const before = new TabBuilder('01');
  const lookup = new TabBuilder('02');
  const table = lookupTab(lookup, values, rnd);
  const reg = registerTab(new TabBuilder('03'), values, rnd);
  const caseTabs = Math.ceil(cases.length / CASES_PER_TAB);
  const after = new TabBuilder(String(4 + caseTabs).padStart(2, '0'));
  const builders: TabBuilder[] = [];
  const sites: CaseSite[] = [...reg.sites];
  const shared: Record<string, string> = { ...table, ...reg.refs };

  cases.forEach((c, i) => {
    const t = Math.floor(i / CASES_PER_TAB);
    const b = (builders[t] ??= new TabBuilder(String(4 + t).padStart(2, '0')));
    const home = c.crossTab === 'before' ? before : c.crossTab === 'after' ? after : b;
    const inputCells: Cell[] = c.inputs.map((input) => ({ ...EDITOR_CELL[input.editor], code: home.code(), allowempty: true }));
    inputCells.forEach((cell, k) => (values[cell.code!] = stored(cell, c.inputs[k])));
    const slots: Cell[] = [0, 1, 2, 3].map((k) => inputCells[k] ?? {});
    const codes = inputCells.map((cell) => cell.code!);
    const formula = `=${c.formula.replace(/\{(\d)(?::(\d))?\}|\{([A-Z]{1,2})\}/g, (whole, a?: string, z?: string, name?: string) => {
      if (name) {
        if (!(name in shared)) throw new Error(`${c.name}: unknown placeholder ${whole}`);
        return shared[name];
      }
      const from = codes[Number(a) - 1];
      const to = z ? codes[Number(z) - 1] : undefined;
      if (!from || (z && !to)) throw new Error(`${c.name}: ${whole} names an input the case does not have`);
      return to ? `cell(${from}):cell(${to})` : `cell(${from})`;
    })}`;
    const code = b.code();
    if (home === b) b.rows.push([{ value: c.name }, ...slots, { editor: 'formula', code, formula, precision: 19, scale: 4 }]);
    else {
      home.rows.push([{ value: `input of ${c.name}` }, ...slots]);
      b.rows.push([{ value: c.name }, {}, {}, {}, {}, { editor: 'formula', code, formula, precision: 19, scale: 4 }]);
    }
    sites.push({ name: c.name, formula, code, row: 0, compare: c.compare, inputs: codes.map((cd, k) => ({ code: cd, input: c.inputs[k] })) });
  });

  const items: Tab[] = [
    tab(before.id, 'IN-A', before.rows.length ? before.rows : [[{ value: 'none' }]]),
    tab(lookup.id, 'LOOKUP', lookup.rows),
    reg.tab,
    ...builders.map((b) => tab(b.id, `C${b.id}`, b.rows)),
    tab(after.id, 'IN-B', after.rows.length ? after.rows : [[{ value: 'none' }]]),
  ];
  const codecounters: Record<string, number> = {};
  for (const b of [before, lookup, after, ...builders]) codecounters[b.id] = b.count;
  codecounters['03'] = 8;
  return {
    properties: { id: 'DIFF-01', title: 'Formulas checked against LibreOffice', codecounters, items },
    values,
    rows: { '03': REGISTER_ROWS },
    sites,
  };
}
