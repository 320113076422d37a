// The portal's formulas checked against an independent spreadsheet engine: the formula corpus
// (portal/testing/formula-corpus.ts), every demo template and a twelve-tab template are computed
// by FormWorkbook, written to one .xlsx with the Excel export's own formula translation, and
// recalculated by LibreOffice headless; every result must agree. docs/form-templates.md,
// "Checked against LibreOffice".
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusForm, CORPUS_ITEM, type CaseSite } from '../../portal/testing/corpus-template.js';
import { formulaCorpus, seeded } from '../../portal/testing/formula-corpus.js';
import { FormulaXlsx, type SheetCell } from '../../portal/testing/formula-xlsx.js';
import { largeTemplate } from '../../portal/testing/large-template.js';
import { recalculate, sofficePath, type RecalculatedWorkbook } from '../../engine/testing/libreoffice.js';
import { agree, describeOutcome, libreOutcome, portalOutcome, type Outcome } from '../../portal/testing/sheet-outcomes.js';
import { storedResult, type StoredValue } from './cell-values.js';
import { demoTemplates } from './demo-templates.js';
import { FORMULA_FUNCTIONS } from './formula-functions.js';
import { FormWorkbook, type FormValues } from './formula-engine.js';
import { normaliseTemplate } from './normalise.js';
import { checkTemplate } from './template-check.js';
import { dataCells } from './template-grid.js';
import type { Cell, FormProperties } from './template-schema.js';

const soffice = sofficePath();
// .ci/run installs LibreOffice: in CI its absence fails the run; elsewhere the comparison is skipped.
const skipLibreOffice = !soffice && !process.env.CI;
if (skipLibreOffice) console.warn('LibreOffice (soffice) is not installed: the comparison of the portal\'s formulas with LibreOffice is skipped. Install libreoffice-calc-nogui to run it.');

/**
 * Where LibreOffice answers otherwise than Excel, by Excel's own documentation (Microsoft's page of
 * the function; the same rules are in ECMA-376 Part 1 §18.17.7, the formulas of the .xlsx format).
 * These cases are not skipped: the portal must give Excel's answer, and each rule must still
 * match a case of the corpus. Most are errors: LibreOffice's own "invalid argument" (Err:502) has
 * no Excel error of its own and is saved in an .xlsx file as #VALUE!, where Excel answers #NUM!
 * or #DIV/0!. docs/form-templates.md lists them.
 */
interface ExcelDocumented {
  /** The function (the corpus family). */
  fn: string;
  /** The cases, in words as the page puts them. */
  when: string;
  applies: (site: CaseSite, x: number[]) => boolean;
  /** Excel's answer (what the portal must give) and LibreOffice's. */
  excel: string | ((site: CaseSite) => string);
  libreOffice: string;
  reference: string;
}

const MS = 'https://support.microsoft.com/en-us/office/';
const countIn = (site: CaseSite) => site.inputs.filter((i) => i.input.editor === 'numeric' && i.input.value !== null).length;
const kOf = (site: CaseSite) => Number(/,(\d+)\)$/.exec(site.formula)?.[1]);
const weekType = (site: CaseSite) => Number(/,(\d+)\)$/.exec(site.formula)?.[1] ?? 1);
const lateDecember = (site: CaseSite) => /^\d{4}-12-(2[5-9]|3[01])$/.test(site.inputs[0]?.input.value ?? '');

/** WEEKNUM by Excel's "system 1", by counting: week 1 holds 1 January; each later day on the type's first weekday opens the next week. */
function weeksCounted(site: CaseSite): string {
  const start = { 1: 0, 17: 0, 2: 1, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6 }[weekType(site)]!;
  const [y, m, d] = site.inputs[0].input.value!.split('-').map(Number);
  let week = 1;
  for (let t = Date.UTC(y, 0, 2); t <= Date.UTC(y, m - 1, d); t += 86_400_000) if (new Date(t).getUTCDay() === start) week++;
  return String(week);
}

const LIBREOFFICE_NOT_EXCEL: readonly ExcelDocumented[] = [
  { fn: 'MROUND', when: 'the number and the multiple have different signs', applies: (_, [n, m]) => n !== 0 && m !== 0 && Math.sign(n) !== Math.sign(m), excel: '#NUM!', libreOffice: 'a multiple', reference: `${MS}mround-function-c299c3b0-15a5-426d-aa4b-d2d5b3baf427` },
  { fn: 'CEILING', when: 'a positive number with a negative significance', applies: (_, [n, s]) => n > 0 && s < 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}ceiling-function-0a5cd7c8-0720-4f0a-bd2c-c943e510899f` },
  { fn: 'FLOOR', when: 'a positive number with a negative significance', applies: (_, [n, s]) => n > 0 && s < 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}floor-function-14bb497c-24f2-4e04-b327-b0b4de5a8886` },
  { fn: 'FLOOR', when: 'a significance of 0', applies: (_, [n, s]) => n !== 0 && s === 0, excel: '#DIV/0!', libreOffice: '#VALUE!', reference: `${MS}floor-function-14bb497c-24f2-4e04-b327-b0b4de5a8886` },
  { fn: 'SQRT', when: 'a negative number', applies: (_, [n]) => n < 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}sqrt-function-654975c2-05c4-4831-9a24-2c65e4040fdf` },
  { fn: 'LN', when: 'a number not above 0', applies: (_, [n]) => n <= 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}ln-function-81fe1ed7-dac9-4acd-ba1d-07a142c6118f` },
  { fn: 'LOG', when: 'a number or base not above 0', applies: (_, [n, b]) => n <= 0 || b <= 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}log-function-4e82f196-1ca9-4747-8fb0-6c4a3abb3280` },
  { fn: 'LOG', when: 'base 1 (its logarithm is 0, the divisor)', applies: (site, [n, b]) => n > 0 && b === 1 && site.formula.includes(','), excel: '#DIV/0!', libreOffice: '#VALUE!', reference: `${MS}log-function-4e82f196-1ca9-4747-8fb0-6c4a3abb3280` },
  { fn: 'FACT', when: 'a negative number', applies: (_, [n]) => n < 0, excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}fact-function-ca8588c2-15f2-41c0-8e8c-c11bd471a4f3` },
  { fn: 'COMBIN', when: 'a negative number, or fewer items than chosen', applies: (_, [n, k]) => n < 0 || k < 0 || Math.trunc(n) < Math.trunc(k), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}combin-function-12a3f276-0a21-423a-8de6-06990aaf638a` },
  { fn: 'GCD', when: 'a negative argument', applies: (_, x) => x.some((v) => v < 0), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}gcd-function-d5107a51-69e3-461f-8e4c-ddfc21b5073a` },
  { fn: 'LCM', when: 'a negative argument', applies: (_, x) => x.some((v) => v < 0), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}lcm-function-7152b67a-8bb5-4075-ae5c-06ede5563c94` },
  { fn: 'QUOTIENT', when: 'a denominator of 0', applies: (_, [, d]) => d === 0, excel: '#DIV/0!', libreOffice: '#VALUE!', reference: `${MS}quotient-function-9f7bf099-2a18-4282-8fa4-65290cc99dee` },
  { fn: 'LARGE', when: 'k above the count of numbers', applies: (site) => kOf(site) > countIn(site), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}large-function-3af0af19-1190-42bb-bb8b-01672ec00a64` },
  { fn: 'SMALL', when: 'k above the count of numbers', applies: (site) => kOf(site) > countIn(site), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}small-function-17da8222-7c82-42b2-961b-14c45384df07` },
  { fn: 'DATEDIF', when: 'a start date after the end date', applies: (site) => (site.inputs[0]?.input.value ?? '') > (site.inputs[1]?.input.value ?? ''), excel: '#NUM!', libreOffice: '#VALUE!', reference: `${MS}datedif-function-25dba1a4-2812-480b-84dd-8b32a451b35c` },
  // Not on the page: Excel changes case letter by letter (one letter to one), so ß, which has no
  // one-letter capital there, stays ß; LibreOffice writes the capital ẞ (U+1E9E).
  { fn: 'UPPER', when: 'text with ß', applies: (site) => site.inputs.some((i) => i.input.value?.includes('ß')), excel: '"ÜNÏCÖDÉ STRAßE"', libreOffice: '"ÜNÏCÖDÉ STRAẞE"', reference: `${MS}upper-function-c11f29b3-d1a3-4537-8df6-04d0049963d6` },
  { fn: 'WEEKNUM', when: 'the last days of December, types other than 21 ("system 1": the week holding 1 January is week 1)', applies: (site) => lateDecember(site) && weekType(site) !== 21, excel: weeksCounted, libreOffice: '1 (week 1 of the next year)', reference: `${MS}weeknum-function-e5c43a03-b4ab-426c-b411-b18c13c75340` },
  { fn: 'VLOOKUP', when: 'a column number beyond the table', applies: (_, [, col]) => col > 3, excel: '#REF!', libreOffice: '#VALUE!', reference: `${MS}vlookup-function-0bbc8083-26fe-4963-8ab8-93a18ad188a1` },
];

const family = (name: string) => name.replace(/ \d+$/, '');
const excelOf = (site: CaseSite) => {
  const d = documented(site)!;
  return typeof d.excel === 'string' ? d.excel : d.excel(site);
};

function documented(site: CaseSite): ExcelDocumented | undefined {
  const x = site.inputs.map((i) => (i.input.editor === 'numeric' ? Number(i.input.value ?? 0) : Number.NaN));
  return LIBREOFFICE_NOT_EXCEL.find((d) => d.fn === family(site.name) && d.applies(site, x));
}

const corpus = formulaCorpus();
const form = corpusForm(corpus);

/** A form's inputs filled from a seed: numbers to the cell's scale, dates, times, text, list names. */
function fill(template: FormProperties, seed: number, rows = 5): FormValues {
  const rnd = seeded(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const value = (cell: Cell): StoredValue => {
    switch (cell.editor) {
      case 'numeric':
      case 'currency': {
        const scale = cell.editor === 'currency' ? 2 : (cell.scale ?? 0);
        const m = int(2_000_000) - 200_000;
        return (m / 10 ** scale).toFixed(scale);
      }
      case 'date':
        return `20${String(20 + int(8))}-${String(1 + int(12)).padStart(2, '0')}-${String(1 + int(28)).padStart(2, '0')}`;
      case 'time':
        return `${String(int(24)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')}`;
      case 'dropdown':
        return 'December';
      default:
        return ['Ernst & Young', 'Łódź branch', 'PwC'][int(3)];
    }
  };
  const values: FormValues = {};
  for (const p of dataCells(template)) {
    if (p.cell.formula || !p.cell.code) continue;
    values[p.cell.code] = p.tab.type === 'add-new-rows' && p.section === 'body' ? Array.from({ length: rows }, () => (int(6) ? value(p.cell) : null)) : value(p.cell);
  }
  return values;
}

/** Every formula cell of a form as a site to compare (each data row on add-new-rows tabs). */
function formulaSites(wb: FormWorkbook, label: string): CaseSite[] {
  const sites: CaseSite[] = [];
  for (const p of dataCells(wb.template)) {
    if (!p.cell.formula || !p.cell.code) continue;
    const rows = p.tab.type === 'add-new-rows' && p.section === 'body' ? wb.rowCount(p.tab.id) : 1;
    for (let r = 0; r < rows; r++) sites.push({ name: `${label} ${p.cell.code}${rows > 1 ? ` row ${r + 1}` : ''}`, formula: p.cell.formula, inputs: [], code: p.cell.code, row: r, compare: 'relative' });
  }
  return sites;
}

interface Checked {
  site: CaseSite;
  at: SheetCell;
  portal: Outcome;
  libre: Outcome;
  /** The portal's stored result (rounded to the cell's scale) and the one LibreOffice's value gives. */
  stored?: { portal: StoredValue; libre: StoredValue };
}

interface Part {
  wb: FormWorkbook;
  sites: CaseSite[];
  cells: Map<string, SheetCell>;
}

function compare(part: Part, libre: RecalculatedWorkbook): Checked[] {
  const results = part.wb.results();
  const cells = new Map(dataCells(part.wb.template).map((p) => [p.cell.code, p.cell]));
  return part.sites.map((site) => {
    const at = part.cells.get(site.row ? `${site.code}#${site.row}` : site.code) ?? part.cells.get(`${site.code}#0`)!;
    const lo = libre.get(at.sheet)?.get(at.address);
    const checked: Checked = { site, at, portal: portalOutcome(part.wb.value(site.code, site.row)), libre: libreOutcome(lo) };
    const cell = cells.get(site.code)!;
    const own = results[site.code];
    const portalStored = Array.isArray(own) ? (own[site.row] ?? null) : (own ?? null);
    if (typeof lo === 'number') {
      const r = storedResult(cell, lo);
      checked.stored = { portal: portalStored, libre: r.ok ? r.value : null };
    }
    return checked;
  });
}

function disagreements(checked: Checked[]): string[] {
  return checked
    .filter((c) => !agree(c.portal, c.libre, c.site.compare))
    .map((c) => {
      const inputs = c.site.inputs.map((i) => `${i.code}=${i.input.value === null ? '(empty)' : JSON.stringify(i.input.value)} (${i.input.editor})`).join(', ');
      return `${c.site.name}: ${c.site.formula}${inputs ? ` with ${inputs}` : ''}; in the file ${c.at.sheet}!${c.at.address} =${c.at.formula}; portal ${describeOutcome(c.portal)}, LibreOffice ${describeOutcome(c.libre)}`;
    });
}

describe('the formula corpus', () => {
  it('holds at least 2,000 cases and calls every declared function at least three times', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(2000);
    const calls = new Map<string, number>();
    for (const c of corpus) for (const m of c.formula.matchAll(/([A-Z][A-Z0-9.]*)\s*\(/g)) calls.set(m[1], (calls.get(m[1]) ?? 0) + 1);
    const bare = corpus.filter((c) => /(^|[^A-Z.(])(TRUE|FALSE)([^A-Z(]|$)/.test(c.formula)).length;
    const rare = FORMULA_FUNCTIONS.filter((f) => (calls.get(f.name) ?? 0) < 3).map((f) => `${f.name} (${calls.get(f.name) ?? 0})`);
    expect(rare).toEqual([]);
    expect(bare).toBeGreaterThanOrEqual(20);
  });

  it('is the same on every run: generated from a fixed seed', () => {
    expect(formulaCorpus()).toEqual(corpus);
    expect(formulaCorpus(1)).not.toEqual(corpus);
  });

  it('is a template the portal accepts at save, spread over more than ten tabs', () => {
    const check = checkTemplate(form.properties, { itemcode: CORPUS_ITEM });
    expect(check.problems).toEqual([]);
    expect(form.properties.items.length).toBeGreaterThan(10);
  });
});

describe.skipIf(skipLibreOffice)('the portal computes what LibreOffice computes', () => {
  const parts = new Map<string, Part>();
  let libre: RecalculatedWorkbook;

  beforeAll(async () => {
    const file = new FormulaXlsx();
    const corpusTemplate = normaliseTemplate(form.properties, CORPUS_ITEM);
    const wb = FormWorkbook.build(corpusTemplate, { values: form.values, rows: form.rows });
    parts.set('corpus', { wb, sites: form.sites, cells: file.add(wb, form.values) });
    demoTemplates().forEach((demo, i) => {
      const template = normaliseTemplate(demo.properties, demo.itemcode);
      const values = fill(template, 100 + i);
      const demoWb = FormWorkbook.build(template, { values });
      parts.set(demo.code, { wb: demoWb, sites: formulaSites(demoWb, demo.code), cells: file.add(demoWb, values, `${demo.code} `) });
    });
    const large = normaliseTemplate(largeTemplate({ tabs: 12 }), 'BIG01');
    const largeValues = fill(large, 200);
    const largeWb = FormWorkbook.build(large, { values: largeValues });
    parts.set('large', { wb: largeWb, sites: formulaSites(largeWb, 'BIG-01'), cells: file.add(largeWb, largeValues, 'L') });
    libre = await recalculate(await file.buffer(), { timeoutMs: 240_000 });
  }, 300_000);

  it('agrees on every case of the corpus, apart from those where LibreOffice departs from Excel\'s documentation', () => {
    const checked = compare(parts.get('corpus')!, libre);
    expect(checked.length).toBe(form.sites.length);
    expect(disagreements(checked.filter((c) => !documented(c.site)))).toEqual([]);
  });

  it('gives Excel\'s documented answer wherever LibreOffice departs from it, and each such rule still meets a case', () => {
    const checked = compare(parts.get('corpus')!, libre).filter((c) => documented(c.site));
    const wrong = checked
      .filter((c) => describeOutcome(c.portal) !== excelOf(c.site))
      .map((c) => `${c.site.name}: ${c.site.formula}; Excel ${excelOf(c.site)} (${documented(c.site)!.reference}), portal ${describeOutcome(c.portal)}`);
    expect(wrong).toEqual([]);
    const met = new Set(checked.map((c) => documented(c.site)));
    expect(LIBREOFFICE_NOT_EXCEL.filter((d) => !met.has(d)).map((d) => `${d.fn}: ${d.when}`)).toEqual([]);
    // Where LibreOffice does answer as the rule says, it still does (a newer LibreOffice that agrees with Excel is welcome too).
    const otherwise = checked.filter((c) => !agree(c.portal, c.libre, c.site.compare) && /^[#"]/.test(documented(c.site)!.libreOffice) && describeOutcome(c.libre) !== documented(c.site)!.libreOffice);
    expect(otherwise.map((c) => `${c.site.name}: LibreOffice ${describeOutcome(c.libre)}`)).toEqual([]);
  });

  it('agrees on every formula of every demo template, and on what the form stores', () => {
    for (const demo of demoTemplates()) {
      const checked = compare(parts.get(demo.code)!, libre);
      expect(checked.length, demo.code).toBeGreaterThan(0);
      expect(disagreements(checked), demo.code).toEqual([]);
      expect(checked.filter((c) => c.stored && c.stored.portal !== c.stored.libre).map((c) => `${c.site.name}: stored ${c.stored!.portal}, from LibreOffice ${c.stored!.libre}`), demo.code).toEqual([]);
    }
  });

  it('agrees on all 600 formulas of a twelve-tab template, each reading its own tab', () => {
    const checked = compare(parts.get('large')!, libre);
    expect(checked.length).toBe(600);
    expect(disagreements(checked)).toEqual([]);
    expect(checked.filter((c) => c.stored && c.stored.portal !== c.stored.libre).map((c) => c.site.name)).toEqual([]);
  });
});
