// The one HyperFormula configuration of the filing layer and the workbook built from a template:
// one sheet per tab (named by tab id), header rows, then body rows (an add-new-rows tab repeats
// its body row once per data row), then the summary's two rows after a blank one; a hidden
// `_ext` sheet holds the values of ext() and extform(). The designer, the entry grid and the
// server's checks on save and submit all evaluate through FormWorkbook; none re-implements a rule.
import { HyperFormula, type ConfigParams, type RawCellContent, type SimpleCellAddress, type SimpleCellRange } from 'hyperformula';
import { parseCellValue, storedResult, workbookValue, type StoredValue } from './cell-values.js';
import { registerExcelFunctions } from './excel-functions.js';
import { groupedNumberFormat } from './excel-number-format.js';
import { EXTERNAL_SHEET, translateFormula, type CodeTarget, type FormulaSite, type ReferenceLayout, type SheetLayout } from './formula-references.js';
import { tabCells, type CellPlace } from './template-grid.js';
import { asFigure, difference, allowance, splitEquality, type Tolerance } from './rule-equality.js';
import type { Cell, FormProperties, TemplateProblem } from './template-schema.js';
import { parseProblemInWords } from './formula-parse-words.js';

// Excel's results where HyperFormula's differ (excel-functions.ts), on the class, before any
// workbook is built: every HyperFormula the server, the entry grid and the designer build has them.
registerExcelFunctions();

/** HyperFormula standalone under the GPL v3 (the server's default). */
export const SERVER_LICENSE_KEY = 'gpl-v3';
/** HyperFormula inside handsontable's formulas plugin (the grid's default). */
export const GRID_LICENSE_KEY = 'internal-use-in-handsontable';
/** Handsontable's own key for non-commercial use and evaluation. */
export const HANDSONTABLE_LICENSE_KEY = 'non-commercial-and-evaluation';

/** The licence key to use: the operator's configured commercial key, else the default of the place. */
export function formulaLicenseKey(where: 'server' | 'grid', configured?: string | null): string {
  return configured?.trim() || (where === 'server' ? SERVER_LICENSE_KEY : GRID_LICENSE_KEY);
}

/**
 * The HyperFormula configuration, the same for the server and the grid (handsontable's formulas
 * plugin takes it as `engine: { hyperformula: HyperFormula, ...formulaConfig(key) }`).
 */
export function formulaConfig(licenseKey: string = SERVER_LICENSE_KEY): Partial<ConfigParams> {
  return {
    licenseKey,
    // Empty cells are 0 in arithmetic, as in the spreadsheets filers know.
    evaluateNullToZero: true,
    dateFormats: ['DD-MM-YYYY', 'YYYY-MM-DD'],
    timeFormats: ['hh:mm', 'hh:mm:ss'],
    nullDate: { year: 1899, month: 12, day: 30 },
    leapYear1900: false,
    functionArgSeparator: ',',
    decimalSeparator: '.',
    thousandSeparator: '',
    precisionRounding: 14,
    smartRounding: true,
    useArrayArithmetic: false,
    // Excel tells é from e in comparisons and criteria ("*Ña*" does not match "naïve").
    accentSensitive: true,
    // TEXT with a thousands separator ("#,##0.00"), which HyperFormula's formatter lacks.
    stringifyCurrency: groupedNumberFormat,
  };
}

/** Stored values by cell code; an add-new-rows cell has one per data row. */
export type FormValues = Record<string, StoredValue | StoredValue[]>;

export interface WorkbookOptions {
  /** HyperFormula licence key (default `gpl-v3`). */
  licenseKey?: string;
  /** Stored values (cell-values.ts forms) by code. Without them, data cells hold their template defaults. */
  values?: FormValues;
  /** Values of ext(NAME) by NAME and of extform(CODE) by CODE. */
  ext?: Record<string, number | string | boolean | null>;
  extform?: Record<string, number | string | boolean | null>;
  /** Values of prev(CODE) by CODE: the previous period's form (external-values.ts). */
  prev?: Record<string, number | string | boolean | null>;
  /** Data rows of add-new-rows tabs by tab id (default: the longest value list, at least 1). */
  rows?: Record<string, number>;
}

/** A data cell in one data row (row 0 outside add-new-rows tabs). */
export interface CellRef {
  code: string;
  row: number;
}

export interface CheckFailure {
  /** The cell (absent for form-level checks). */
  code?: string;
  row?: number;
  /** JSON path of the rule in the template. */
  path: string;
  message: string;
  /** `error` blocks a submission; `warning` (tier 2) asks for confirmation. */
  severity: 'error' | 'warning';
  /** An equality rule (`=LEFT=RIGHT`): what each side came to, and the difference its tolerance allowed. */
  sides?: { left: unknown; right: unknown; allowed?: number };
}

export interface CheckResult {
  disabled: CellRef[];
  failures: CheckFailure[];
}

interface CheckRule {
  kind: 'disable' | 'validation' | 'error' | 'warning';
  text: string | null;
  sheet: number;
  path: string;
  message: string;
  ref?: CellRef;
  cell?: Cell;
  /** The two sides of an equality rule, translated, and its tolerance. */
  sides?: { left: string; right: string; tolerance?: Tolerance };
}

interface Located {
  place: CellPlace;
  row: number;
}

const key = (sheet: number, row: number, col: number) => `${sheet},${row},${col}`;

function isTrue(v: unknown): boolean {
  return v === true || (typeof v === 'number' && v !== 0);
}

function isError(v: unknown): v is { type: string; value: string; message: string } {
  return typeof v === 'object' && v !== null && 'type' in v && 'value' in v;
}

function labelContent(value: Cell['value']): RawCellContent {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'number' ? value : `'${value}`;
}

export class FormWorkbook {
  readonly layout: ReferenceLayout;
  private readonly hf: HyperFormula;
  private readonly problemsFound: TemplateProblem[] = [];
  /** Paths of formulas calling a function outside the declared list (said once, not again as #NAME?). */
  private readonly refusedPaths = new Set<string>();
  private readonly rules: CheckRule[] = [];
  /** HyperFormula address of each data cell and row, and back. */
  private readonly addresses = new Map<string, Located & { address: SimpleCellAddress }>();
  private readonly formulaCells: { address: SimpleCellAddress; place: CellPlace; row: number }[] = [];

  private constructor(readonly template: FormProperties, options: WorkbookOptions) {
    const places = template.items.map((tab, i) => tabCells(tab, i));
    const sheets: SheetLayout[] = [];
    const names = new Set<string>();
    template.items.forEach((tab, i) => {
      const top = tab.header.items.length;
      const repeats = tab.type === 'add-new-rows';
      const longest = repeats ? Math.max(1, ...places[i].filter((p) => p.data && p.section === 'body').map((p) => { const v = options.values?.[p.cell.code ?? '']; return Array.isArray(v) ? v.length : 1; })) : 0;
      const bodyRows = repeats ? Math.max(1, options.rows?.[tab.id] ?? longest) : tab.items.length;
      const summary = tab.summary && !tab.summary.deleted;
      const widths = [...tab.header.items, ...tab.items].map((r) => r.length);
      let name = tab.id;
      while (names.has(name)) name = `${name}_`;
      names.add(name);
      sheets.push({ tab, name, bodyStart: top, bodyRows, rows: top + (repeats ? bodyRows : tab.items.length) + (summary ? 3 : 0), cols: Math.max(1, summary ? 2 : 1, ...widths) });
    });
    const codes = new Map<string, CodeTarget>();
    for (const list of places) {
      for (const p of list) {
        if (!p.data || !p.cell.code || codes.has(p.cell.code)) continue;
        const sheet = sheets[p.tabIndex];
        const row = p.section === 'summary' ? sheet.rows - 1 : sheet.bodyStart + p.row;
        codes.set(p.cell.code, { tabIndex: p.tabIndex, row, col: p.col, repeats: p.tab.type === 'add-new-rows' && p.section === 'body', body: p.section === 'body' });
      }
    }
    this.layout = { sheets, codes, externals: new Map() };

    // Sheet contents; formulas translated per site.
    const data: RawCellContent[][][] = sheets.map((s) => Array.from({ length: s.rows }, () => new Array<RawCellContent>(s.cols).fill(null)));
    const seen = new Set<string>();
    const problem = (path: string, message: string) => {
      const k = `${path}\n${message}`;
      if (!seen.has(k)) {
        seen.add(k);
        this.problemsFound.push({ path, message });
      }
    };
    for (const list of places) {
      for (const p of list) {
        if (p.covered) continue;
        const sheet = sheets[p.tabIndex];
        const repeated = p.data && p.tab.type === 'add-new-rows' && p.section === 'body';
        const baseRow =
          p.section === 'header' ? p.row : p.section === 'body' ? sheet.bodyStart + p.row : p.section === 'summary-header' ? sheet.rows - 2 : sheet.rows - 1;
        const count = repeated ? sheet.bodyRows : 1;
        for (let r = 0; r < count; r++) {
          const row = baseRow + r;
          if (!p.data) {
            data[p.tabIndex][row][p.col] = labelContent(p.cell.value);
            continue;
          }
          const code = p.cell.code ?? '';
          const address = { sheet: p.tabIndex, row, col: p.col };
          this.addresses.set(repeated ? `${code}#${r}` : code, { address, place: p, row: r });
          if (!p.cell.formula && !p.cell.disablecondition && !p.cell.validations) {
            data[p.tabIndex][row][p.col] = workbookValue(p.cell, this.initialValue(p.cell, code, r, options.values)) as RawCellContent;
            continue;
          }
          const ref: CellRef = { code, row: r };
          const site: FormulaSite = { tabIndex: p.tabIndex, row: baseRow, col: p.col, dataRow: r };
          if (p.cell.formula) {
            const t = translateFormula(p.cell.formula, this.layout, { ...site, relative: true });
            for (const m of [...t.refused, ...t.problems]) problem(`${p.path}/formula`, m);
            if (t.refused.length) this.refusedPaths.add(`${p.path}/formula`);
            data[p.tabIndex][row][p.col] = t.problems.length ? null : t.text;
            this.formulaCells.push({ address, place: p, row: r });
          } else {
            const stored = this.initialValue(p.cell, code, r, options.values);
            data[p.tabIndex][row][p.col] = workbookValue(p.cell, stored) as RawCellContent;
          }
          if (p.cell.disablecondition) this.addRule('disable', p.cell.disablecondition, site, `${p.path}/disablecondition`, '', problem, ref, p.cell);
          if (p.cell.validations) {
            this.addRule('validation', p.cell.validations, site, `${p.path}/validations`, p.cell.validationmsg ?? 'This value is not accepted.', problem, ref, p.cell);
          }
        }
      }
    }
    (template.tabvalidation ?? []).forEach((c, i) => this.addRule('error', c.formula, { tabIndex: 0 }, `/tabvalidation/${i}/formula`, c.message, problem, undefined, undefined, c.tolerance));
    (template.tier2 ?? []).forEach((c, i) => this.addRule('warning', c.formula, { tabIndex: 0 }, `/tier2/${i}/formula`, c.message, problem, undefined, undefined, c.tolerance));

    const external: RawCellContent[][] = [...this.layout.externals.keys()].map((k) => {
      const [kind, name] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
      const v = (kind === 'ext' ? options.ext : kind === 'prev' ? options.prev : options.extform)?.[name];
      return [v === undefined ? null : typeof v === 'string' ? `'${v}` : v];
    });
    const bySheet: Record<string, RawCellContent[][]> = {};
    sheets.forEach((s, i) => (bySheet[s.name] = data[i]));
    bySheet[EXTERNAL_SHEET] = external.length ? external : [[null]];
    this.hf = HyperFormula.buildFromSheets(bySheet, formulaConfig(options.licenseKey));
    // HyperFormula numbers sheets in the object's key order, which puts integer-like names
    // ("10" before "01") first: every address is taken from the tab's index to its sheet id.
    const ids = sheets.map((s) => this.hf.getSheetId(s.name)!);
    const placed = new Set<SimpleCellAddress>([...[...this.addresses.values()].map((a) => a.address), ...this.formulaCells.map((f) => f.address)]);
    for (const a of placed) a.sheet = ids[a.sheet];
    for (const rule of this.rules) rule.sheet = ids[rule.sheet];
    this.findFormulaProblems(problem);
  }

  /** A workbook of the template with optional stored values. */
  static build(template: FormProperties, options: WorkbookOptions = {}): FormWorkbook {
    return new FormWorkbook(template, options);
  }

  private initialValue(cell: Cell, code: string, row: number, values?: FormValues): StoredValue {
    if (values && code in values) {
      const v = values[code];
      return Array.isArray(v) ? (v[row] ?? null) : row === 0 ? v : null;
    }
    if (row > 0 || cell.value === undefined || cell.value === null) return null;
    // A default that is not a valid value of its cell holds nothing (the designer reports it).
    const parsed = parseCellValue(cell, cell.value, { listValues: () => [String(cell.value)] });
    return parsed.ok ? parsed.value : null;
  }

  private addRule(kind: CheckRule['kind'], formula: string, site: FormulaSite, path: string, message: string, problem: (p: string, m: string) => void, ref?: CellRef, cell?: Cell, tolerance = cell?.tolerance): void {
    const t = translateFormula(formula, this.layout, site);
    for (const m of [...t.refused, ...t.problems]) problem(path, m);
    if (t.refused.length) this.refusedPaths.add(path);
    const rule: CheckRule = { kind, text: t.problems.length ? null : t.text, sheet: site.tabIndex, path, message, ref, cell };
    // Equalities keep their sides apart: a failure shows both, and a tolerance compares them.
    const eq = kind === 'disable' || rule.text === null ? null : splitEquality(formula);
    if (eq) rule.sides = { left: translateFormula(eq.left, this.layout, site).text, right: translateFormula(eq.right, this.layout, site).text, tolerance };
    this.rules.push(rule);
  }

  private findFormulaProblems(problem: (p: string, m: string) => void): void {
    const cycles: { address: SimpleCellAddress; place: CellPlace; row: number }[] = [];
    for (const f of this.formulaCells) {
      const v = this.hf.getCellValue(f.address);
      if (!isError(v)) continue;
      if (v.type === 'CYCLE') cycles.push(f);
      else if (v.type === 'ERROR' && /^Parsing error/.test(v.message)) problem(`${f.place.path}/formula`, `The formula cannot be read: ${parseProblemInWords(v.message)}`);
      else if (v.type === 'NAME' && !this.refusedPaths.has(`${f.place.path}/formula`)) problem(`${f.place.path}/formula`, v.message);
    }
    for (const cycle of this.cyclesAmong(cycles)) {
      const names = cycle.map((c) => (c.row > 0 ? `${c.place.cell.code} (row ${c.row + 1})` : (c.place.cell.code ?? c.place.path)));
      problem(`${cycle[0].place.path}/formula`, `Circular reference: ${[...names, names[0]].join(' → ')}.`);
    }
    for (const rule of this.rules) {
      if (rule.text === null || (rule.ref && rule.ref.row > 0)) continue;
      if (!this.hf.validateFormula(rule.text)) {
        problem(rule.path, 'The formula cannot be read.');
        continue;
      }
      const v = this.hf.calculateFormula(rule.text, rule.sheet);
      if (isError(v) && (v.type === 'ERROR' || (v.type === 'NAME' && !this.refusedPaths.has(rule.path)))) problem(rule.path, /^Parsing error/.test(v.message) ? `The formula cannot be read: ${parseProblemInWords(v.message)}` : v.message || 'The formula cannot be read.');
    }
  }

  /** The cycles (strongly connected groups) among cells HyperFormula marked #CYCLE!, each in order. */
  private cyclesAmong(cells: { address: SimpleCellAddress; place: CellPlace; row: number }[]): (typeof cells)[] {
    const index = new Map(cells.map((c, i) => [key(c.address.sheet, c.address.row, c.address.col), i]));
    const inside = (a: SimpleCellAddress) => index.get(key(a.sheet, a.row, a.col));
    const edges = cells.map((c) => {
      const out: number[] = [];
      for (const p of this.hf.getCellPrecedents(c.address) as (SimpleCellAddress | SimpleCellRange)[]) {
        if ('start' in p) {
          cells.forEach((d, j) => {
            const a = d.address;
            if (a.sheet === p.start.sheet && a.row >= p.start.row && a.row <= p.end.row && a.col >= p.start.col && a.col <= p.end.col) out.push(j);
          });
        } else {
          const j = inside(p);
          if (j !== undefined) out.push(j);
        }
      }
      return out;
    });
    // Tarjan's strongly connected components.
    const order: number[] = new Array(cells.length).fill(-1);
    const low: number[] = new Array(cells.length).fill(0);
    const onStack: boolean[] = new Array(cells.length).fill(false);
    const stack: number[] = [];
    const groups: number[][] = [];
    let counter = 0;
    const visit = (v: number) => {
      order[v] = low[v] = counter++;
      stack.push(v);
      onStack[v] = true;
      for (const w of edges[v]) {
        if (order[w] === -1) {
          visit(w);
          low[v] = Math.min(low[v], low[w]);
        } else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
      }
      if (low[v] === order[v]) {
        const group: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          group.push(w);
        } while (w !== v);
        if (group.length > 1 || edges[v].includes(v)) groups.push(group);
      }
    };
    for (let v = 0; v < cells.length; v++) if (order[v] === -1) visit(v);
    // Each group as a path from its first cell (template order) back to it.
    return groups.map((group) => {
      const members = new Set(group);
      const start = Math.min(...group);
      const path = [start];
      const seen = new Set(path);
      let at = start;
      for (;;) {
        const next = edges[at].find((w) => members.has(w) && !seen.has(w));
        if (next === undefined) break;
        path.push(next);
        seen.add(next);
        at = next;
      }
      return path.map((i) => cells[i]);
    });
  }

  /** Problems of the template's formulas: unreadable, unknown functions or cells, circular references. */
  problems(): TemplateProblem[] {
    return [...this.problemsFound];
  }

  /** Data rows of a tab in this workbook. */
  rowCount(tabId: string): number {
    return this.layout.sheets.find((s) => s.tab.id === tabId)?.bodyRows ?? 0;
  }

  private located(code: string, row: number): Located & { address: SimpleCellAddress } {
    const a = this.addresses.get(code) ?? this.addresses.get(`${code}#${row}`);
    if (!a || a.row !== row) throw new Error(`No data cell ${code} in row ${row + 1}`);
    return a;
  }

  private address(code: string, row: number): SimpleCellAddress {
    return this.located(code, row).address;
  }

  /** What a formula sees in a cell: a number, text, boolean, null, or an error `{type, value}`. */
  value(code: string, row = 0): unknown {
    return this.hf.getCellValue(this.address(code, row));
  }

  /** Puts a stored value (cell-values.ts form) into a data cell; formulas recompute. */
  setValue(code: string, value: StoredValue, row = 0): void {
    const located = this.located(code, row);
    if (located.place.cell.formula) throw new Error(`${code} is a formula cell`);
    this.hf.setCellContents(located.address, [[workbookValue(located.place.cell, value) as RawCellContent]]);
  }

  /** The stored results of every formula cell (arrays for add-new-rows cells), errors as null. */
  results(): FormValues {
    const out: FormValues = {};
    for (const f of this.formulaCells) {
      const code = f.place.cell.code ?? '';
      const r = storedResult(f.place.cell, this.hf.getCellValue(f.address));
      const v = r.ok ? r.value : null;
      if (f.place.tab.type === 'add-new-rows' && f.place.section === 'body') ((out[code] ??= []) as StoredValue[])[f.row] = v;
      else out[code] = v;
    }
    return out;
  }

  /**
   * Disable conditions and validations with their messages, for the current values: cells whose
   * condition is TRUE are disabled (their own validations are then skipped); a validation of a
   * filled cell that is not TRUE fails with its message; a formula result that does not fit its
   * cell fails; form checks (tabvalidation: errors, tier2: warnings) likewise.
   */
  checks(): CheckResult {
    const disabled: CellRef[] = [];
    const off = new Set<string>();
    const failures: CheckFailure[] = [];
    const evaluate = (rule: CheckRule) => (rule.text === null ? null : this.hf.calculateFormula(rule.text, rule.sheet));
    for (const rule of this.rules) {
      if (rule.kind !== 'disable' || !rule.ref) continue;
      if (isTrue(evaluate(rule))) {
        disabled.push(rule.ref);
        off.add(`${rule.ref.code}#${rule.ref.row}`);
      }
    }
    for (const rule of this.rules) {
      if (rule.kind === 'disable') continue;
      if (rule.ref) {
        if (off.has(`${rule.ref.code}#${rule.ref.row}`)) continue;
        const own = this.value(rule.ref.code, rule.ref.row);
        if (!rule.cell?.formula && (own === null || own === '')) continue;
      }
      // Sides are computed only when a tolerance needs them or the rule failed (to show them).
      const sidesOf = (r: NonNullable<CheckRule['sides']>) => ({ left: this.hf.calculateFormula(r.left, rule.sheet), right: this.hf.calculateFormula(r.right, rule.sheet) });
      let sides = rule.sides?.tolerance ? sidesOf(rule.sides) : undefined;
      const a = sides ? asFigure(sides.left) : null;
      const b = sides ? asFigure(sides.right) : null;
      const allowed = rule.sides?.tolerance && a !== null && b !== null ? allowance(a, b, rule.sides.tolerance) : undefined;
      const passes = allowed !== undefined ? difference(a!, b!) <= allowed : isTrue(evaluate(rule));
      if (!passes && rule.sides) sides ??= sidesOf(rule.sides);
      if (!passes) {
        failures.push({ ...(rule.ref ? { code: rule.ref.code, row: rule.ref.row } : {}), path: rule.path, message: rule.message, severity: rule.kind === 'warning' ? 'warning' : 'error', ...(sides ? { sides: { ...sides, ...(allowed !== undefined ? { allowed } : {}) } } : {}) });
      }
    }
    for (const f of this.formulaCells) {
      const r = storedResult(f.place.cell, this.hf.getCellValue(f.address));
      if (!r.ok) failures.push({ code: f.place.cell.code, row: f.row, path: `${f.place.path}/formula`, message: r.message, severity: 'error' });
    }
    return { disabled, failures };
  }

  /** Releases HyperFormula's memory (the grid builds one per form it opens). */
  destroy(): void {
    this.hf.destroy();
  }
}

/** The problems of a template's formulas (no values): what the designer and the save check report. */
export function formulaProblems(template: FormProperties, licenseKey?: string): TemplateProblem[] {
  const wb = FormWorkbook.build(template, { licenseKey });
  try {
    return wb.problems();
  } finally {
    wb.destroy();
  }
}
