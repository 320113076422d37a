// A form being filled, without React: the template version's workbook (FormWorkbook, the one
// HyperFormula configuration), the values as the server holds them and as the user has typed
// them, and the grid each tab shows. The grid of a tab IS the workbook's sheet of that tab
// (header rows, body rows — one per data row on add-new-rows tabs —, then the summary after a
// blank row), so a grid cell's address is the cell's address in PROTOCOL.md §7 (`01!C7`).
// Every value is parsed and formatted by portal/filing/cell-values.ts; nothing here re-states a rule.
import { FormWorkbook, type CheckFailure, type FormValues } from '../../../portal/filing/formula-engine.js';
import { formatCellValue, parseCellValue, storedResult, type StoredValue } from '../../../portal/filing/cell-values.js';
import { columnIndex, columnLetter, coveredKeys, tabCells, type CellPlace } from '../../../portal/filing/template-grid.js';
import { isNumericEditor } from '../../../portal/filing/normalise.js';
import type { Cell, FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { describeExternal, externalRef, workbookExternals, type ExternalSource } from '../../../portal/filing/external-sources.js';
import { externalKeys } from '../../../portal/filing/formula-references.js';
import { explainFailure } from '../../../portal/filing/rule-explain.js';

/** One row of Form.getData's recordset. */
export interface DataRow {
  tab: string;
  address: string;
  code: string | null;
  value: string | null;
}

/** A data cell in the grid: which template cell, which data row. */
export interface Site {
  key: string;
  tabIndex: number;
  tab: Tab;
  row: number;
  col: number;
  address: string;
  place: CellPlace;
  cell: Cell;
  code: string;
  dataRow: number;
  /** Body cell of an add-new-rows tab (its rows come and go). */
  repeats: boolean;
}

export interface GridCellLook {
  row: number;
  col: number;
  className: string;
  readOnly: boolean;
  /** Dropdown cells: the list group whose values the cell takes (searched page by page: list-lookup.ts). */
  listgroup?: number;
}

export interface EntryView {
  data: (string | null)[][];
  merges: { row: number; col: number; rowspan: number; colspan: number }[];
  cells: GridCellLook[];
  colWidths: number[];
  /** Sheet rows of the header (frozen when the tab says so). */
  top: number;
}

export interface SaveChanges {
  cells: ({ code: string; value: StoredValue } | { tab: string; address: string; value: StoredValue })[];
  rows?: Record<string, number>;
}

export type ListValues = (listgroup: number) => readonly string[] | undefined;

export const cellKey = (tabId: string, address: string) => `${tabId}!${address}`;

/** `C7` → sheet row 6, column 2. */
export function parseAddress(address: string): { row: number; col: number } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]*)$/.exec(address);
  return m ? { row: Number(m[2]) - 1, col: columnIndex(m[1]) } : null;
}

function lookOf(cell: Cell, header: boolean): string {
  const names = new Set((cell.className ?? '').split(' ').filter(Boolean));
  if (header) names.add('table-header');
  if (cell.formula) names.add('cell-formula');
  else if (cell.editor && cell.disabled) names.add('cell-disabled');
  else if (cell.editor) names.add('cell-input');
  const align = cell.alignment ?? (isNumericEditor(cell.editor) ? 'right' : undefined);
  if (align) names.add(align === 'left' ? 'htLeft' : align === 'center' ? 'htCenter' : 'htRight');
  if (cell.note) names.add('has-note');
  return [...names].join(' ');
}

export class FormEntry {
  private wb!: FormWorkbook;
  private sites = new Map<string, Site>();
  /** What the server holds, by site key. */
  private saved = new Map<string, StoredValue>();
  /** What the grid holds now (parsed), by site key. */
  private current = new Map<string, StoredValue>();
  /** Text that did not parse, shown as typed with its message. */
  private raw = new Map<string, { text: string; message: string }>();
  private savedRows: Record<string, number> = {};
  private rows: Record<string, number> = {};
  private results: FormValues = {};
  private failures: CheckFailure[] = [];
  private disabled = new Set<string>();

  /**
   * `rows`: data rows of the add-new-rows tabs as the server holds them (Form.getData); `externals`:
   * the extform()/prev() values it answered, each with its source (read-only: the grid shows where they came from).
   */
  constructor(readonly template: FormProperties, data: DataRow[], private readonly listValues: ListValues, rows?: Record<string, number>, private readonly licenseKey?: string, readonly externals: readonly ExternalSource[] = []) {
    this.rows = { ...this.rowsOf(data), ...rows };
    this.savedRows = { ...this.rows };
    this.build();
    for (const d of data) {
      const site = this.siteOf(d);
      if (site && !site.cell.formula) this.saved.set(site.key, d.value);
    }
    this.current = new Map(this.saved);
    this.rebuild();
  }

  /** Data rows of each add-new-rows tab: the last row the server holds, at least minrowsize, at least 1. */
  private rowsOf(data: DataRow[]): Record<string, number> {
    const rows: Record<string, number> = {};
    for (const tab of this.template.items) {
      if (tab.type !== 'add-new-rows') continue;
      const top = tab.header.items.length;
      let n = Math.max(1, tab.minrowsize ?? 0);
      for (const d of data) {
        const at = d.tab === tab.id && d.value !== null ? parseAddress(d.address) : null;
        if (at) n = Math.max(n, at.row - top + 1);
      }
      rows[tab.id] = Math.min(n, tab.maxrowsize ?? n);
    }
    return rows;
  }

  private siteOf(d: DataRow): Site | undefined {
    const site = this.sites.get(cellKey(d.tab, d.address)) ?? (d.code ? this.siteOfCode(d.code) : undefined);
    return site && (site.code === d.code || d.code === null || site.repeats) ? site : d.code ? this.siteOfCode(d.code) : site;
  }

  /** Lays the sites out on the workbook's sheets for the current row counts. */
  private build(): void {
    this.wb?.destroy();
    this.wb = FormWorkbook.build(this.template, { values: this.inputValues(), rows: this.rows, licenseKey: this.licenseKey, ...workbookExternals(this.externals) });
    this.sites.clear();
    this.template.items.forEach((tab, tabIndex) => {
      const sheet = this.wb.layout.sheets[tabIndex];
      for (const p of tabCells(tab, tabIndex)) {
        if (!p.data || !p.cell.code) continue;
        const repeats = tab.type === 'add-new-rows' && p.section === 'body';
        const base = p.section === 'summary' ? sheet.rows - 1 : sheet.bodyStart + p.row;
        for (let r = 0; r < (repeats ? sheet.bodyRows : 1); r++) {
          const address = `${columnLetter(p.col)}${base + r + 1}`;
          const key = cellKey(tab.id, address);
          this.sites.set(key, { key, tabIndex, tab, row: base + r, col: p.col, address, place: p, cell: p.cell, code: p.cell.code, dataRow: r, repeats });
        }
      }
    });
  }

  /** The stored values of the input cells in FormWorkbook's shape (arrays on add-new-rows tabs). */
  private inputValues(): FormValues {
    const values: FormValues = {};
    for (const s of this.sites.values()) {
      if (s.cell.formula) continue;
      const v = this.current.get(s.key) ?? null;
      if (s.repeats) ((values[s.code] ??= []) as StoredValue[])[s.dataRow] = v;
      else values[s.code] = v;
    }
    // A code never seen (first build) keeps the template default out: the server's values rule.
    for (const s of this.sites.values()) if (!s.cell.formula && !(s.code in values)) values[s.code] = null;
    return values;
  }

  /** Rebuilds the workbook with the current values (after rows come or go) and recomputes. */
  private rebuild(): void {
    this.build();
    this.recompute();
  }

  private recompute(): void {
    this.results = this.wb.results();
    const checks = this.wb.checks();
    this.failures = checks.failures;
    this.disabled = new Set(checks.disabled.map((d) => `${d.code}#${d.row}`));
  }

  /** The site of a code in a data row (row 0 outside add-new-rows tabs). */
  siteOfCode(code: string, dataRow = 0): Site | undefined {
    for (const s of this.sites.values()) if (s.code === code && s.dataRow === dataRow) return s;
    return undefined;
  }

  site(tabIndex: number, row: number, col: number): Site | undefined {
    const tab = this.template.items[tabIndex];
    return tab ? this.sites.get(cellKey(tab.id, `${columnLetter(col)}${row + 1}`)) : undefined;
  }

  siteByKey(key: string): Site | undefined {
    return this.sites.get(key);
  }

  /** The value a site shows: a formula's result, the typed text that did not parse, or the stored value. */
  shown(site: Site): string {
    if (site.cell.formula) {
      const r = this.results[site.code];
      const v = Array.isArray(r) ? (r[site.dataRow] ?? null) : (r ?? null);
      return formatCellValue(site.cell, v);
    }
    const bad = this.raw.get(site.key);
    return bad ? bad.text : formatCellValue(site.cell, this.current.get(site.key) ?? null);
  }

  isDisabled(site: Site): boolean {
    return Boolean(site.cell.disabled || site.cell.formula || this.disabled.has(`${site.code}#${site.dataRow}`));
  }

  /** Puts what the user typed into a cell: parsed by the one value model, formulas recompute. */
  input(site: Site, text: string): { ok: true } | { ok: false; message: string } {
    const parsed = parseCellValue(site.cell, text, { listValues: this.listValues });
    if (!parsed.ok) {
      this.raw.set(site.key, { text, message: parsed.message });
      return parsed;
    }
    this.raw.delete(site.key);
    this.current.set(site.key, parsed.value);
    this.wb.setValue(site.code, parsed.value, site.dataRow);
    this.recompute();
    return { ok: true };
  }

  /** Local problems by site key: values that did not parse, and failed validations of `onchange` cells (all when `all`), explained with their values as the server words them. */
  problems(all = false): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of this.failures) {
      if (f.code === undefined) continue;
      const s = this.siteOfCode(f.code, f.row ?? 0);
      if (s && (all || s.cell.onchange)) out.set(s.key, explainFailure(this.template, f, this.wb, this.externals));
    }
    for (const [key, bad] of this.raw) out.set(key, bad.message);
    return out;
  }

  /** Form-level failures (tab validations, tier 2), each explained with its values as the server words it. */
  formFailures(): CheckFailure[] {
    return this.failures.filter((f) => f.code === undefined).map((f) => ({ ...f, message: explainFailure(this.template, f, this.wb, this.externals) }));
  }

  /**
   * Where the values a cell's formula reads from other forms came from, one line each
   * (`prev(BNK0101003) Total assets = 25,035, from BNK-01, period ending 31/10/2026`); null when it reads none.
   */
  externalNote(site: Site): string | null {
    if (!this.externals.length || !site.cell.formula) return null;
    const cited = new Set(externalKeys(site.cell.formula).map((k) => k.replace(':', '(') + ')'));
    const lines = this.externals.filter((e) => cited.has(externalRef(e))).map(describeExternal);
    return lines.length ? lines.join('\n') : null;
  }

  rowCount(tabId: string): number {
    return this.rows[tabId] ?? 0;
  }

  canAddRow(tab: Tab): boolean {
    return tab.type === 'add-new-rows' && this.rowCount(tab.id) < (tab.maxrowsize ?? Infinity);
  }

  canRemoveRow(tab: Tab): boolean {
    return tab.type === 'add-new-rows' && this.rowCount(tab.id) > Math.max(1, tab.minrowsize ?? 0);
  }

  /** Adds a data row at the end of an add-new-rows tab. */
  addRow(tab: Tab): void {
    if (!this.canAddRow(tab)) return;
    this.rows = { ...this.rows, [tab.id]: this.rowCount(tab.id) + 1 };
    this.rebuild();
  }

  /** Removes data row `dataRow` of an add-new-rows tab; the rows below move up. */
  removeRow(tab: Tab, dataRow: number): void {
    if (!this.canRemoveRow(tab)) return;
    const n = this.rowCount(tab.id);
    const moved = new Map<string, StoredValue>();
    for (const s of this.sites.values()) {
      if (s.tab.id !== tab.id || !s.repeats || s.cell.formula) continue;
      if (s.dataRow < dataRow) continue;
      const below = [...this.sites.values()].find((x) => x.tab.id === tab.id && x.code === s.code && x.dataRow === s.dataRow + 1);
      moved.set(s.key, below ? (this.current.get(below.key) ?? null) : null);
    }
    for (const [k, v] of moved) {
      this.current.set(k, v);
      this.raw.delete(k);
    }
    this.rows = { ...this.rows, [tab.id]: n - 1 };
    this.rebuild();
  }

  /** The cells that differ from what the server holds, and the changed row counts: Form.saveData's input. */
  changes(): SaveChanges {
    const cells: SaveChanges['cells'] = [];
    const keys = new Set([...this.current.keys(), ...this.saved.keys()]);
    for (const key of keys) {
      const site = this.sites.get(key);
      const now = site ? (this.current.get(key) ?? null) : null;
      if (now === (this.saved.get(key) ?? null)) continue;
      const [tab, address] = key.split('!');
      cells.push(site && !site.repeats ? { code: site.code, value: now } : { tab, address, value: now });
    }
    const rows = Object.fromEntries(Object.entries(this.rows).filter(([t, n]) => n !== this.savedRows[t]));
    return Object.keys(rows).length ? { cells, rows } : { cells };
  }

  get dirty(): boolean {
    return this.raw.size > 0 || this.changes().cells.length > 0 || this.changes().rows !== undefined;
  }

  get hasBadValues(): boolean {
    return this.raw.size > 0;
  }

  /** After a save: what the grid holds is what the server holds. */
  markSaved(): void {
    this.saved = new Map([...this.current].filter(([k]) => this.sites.has(k)));
    this.savedRows = { ...this.rows };
  }

  /** The grid of one tab: the workbook's sheet with labels, values and results, and each cell's look. */
  view(tabIndex: number, readOnly: boolean, marks: { problems: Map<string, string>; queries: Set<string> }): EntryView {
    const tab = this.template.items[tabIndex];
    const sheet = this.wb.layout.sheets[tabIndex];
    const data: (string | null)[][] = Array.from({ length: sheet.rows }, () => new Array<string | null>(sheet.cols).fill(null));
    const cells: GridCellLook[] = [];
    const merges: EntryView['merges'] = [];
    const colWidths = new Array<number>(sheet.cols).fill(110);
    const covered = coveredKeys(tab);
    const top = tab.header.items.length;
    const label = (row: number, col: number, cell: Cell, header: boolean) => {
      data[row][col] = cell.value === undefined || cell.value === null ? null : String(cell.value);
      cells.push({ row, col, className: lookOf(cell, header), readOnly: true });
    };
    tab.header.items.forEach((r, i) => r.forEach((cell, c) => {
      if (covered.has(`${i},${c}`)) return;
      label(i, c, cell, true);
      if ((cell.rowspan ?? 1) > 1 || (cell.colspan ?? 1) > 1) merges.push({ row: i, col: c, rowspan: cell.rowspan ?? 1, colspan: cell.colspan ?? 1 });
    }));
    const widths = new Array<number>(sheet.cols).fill(0);
    for (const r of [...tab.header.items, ...tab.items]) r.forEach((cell, c) => { if (cell.width && c < widths.length) widths[c] = Math.max(widths[c], cell.width); });
    widths.forEach((w, c) => { if (w) colWidths[c] = w; });
    tab.items.forEach((r, i) => r.forEach((cell, c) => {
      if (covered.has(`${top + i},${c}`) || (cell.editor && c >= tab.header.left)) return;
      label(sheet.bodyStart + i, c, cell, false);
      if (tab.type !== 'add-new-rows' && ((cell.rowspan ?? 1) > 1 || (cell.colspan ?? 1) > 1)) merges.push({ row: top + i, col: c, rowspan: cell.rowspan ?? 1, colspan: cell.colspan ?? 1 });
    }));
    if (tab.summary && !tab.summary.deleted) tab.summary.header[0]?.forEach((cell, c) => label(sheet.rows - 2, c, cell, true));
    for (const s of this.sites.values()) {
      if (s.tabIndex !== tabIndex) continue;
      data[s.row][s.col] = this.shown(s);
      const disabled = this.isDisabled(s);
      const names = [lookOf(s.cell, false)];
      if (disabled && !s.cell.formula) names.push('cell-disabled');
      if (marks.problems.has(s.key)) names.push('cell-problem');
      if (marks.queries.has(s.code)) names.push('has-query');
      if (this.externalNote(s)) names.push('cell-external');
      const look: GridCellLook = { row: s.row, col: s.col, className: names.join(' '), readOnly: readOnly || disabled };
      if (s.cell.editor === 'dropdown' && s.cell.listgroup) look.listgroup = s.cell.listgroup;
      cells.push(look);
    }
    return { data, merges, cells, colWidths, top };
  }

  /** Releases the workbook's HyperFormula. */
  destroy(): void {
    this.wb.destroy();
  }
}

/** A formula result or stored value for a cell as text, for read-only displays (the history diff). */
export function shownValue(cell: Cell | undefined, value: StoredValue): string {
  if (!cell) return value ?? '';
  const r = cell.formula ? storedResult(cell, value === null || !isNumericEditor(cell.editor) ? value : Number(value)) : { ok: true as const, value };
  return formatCellValue(cell, r.ok ? r.value : value);
}
