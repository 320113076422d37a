// The reference syntax of template formulas (seed 001 §3: cell, rc, col, ext, extform) and its
// translation into HyperFormula formulas. A stored formula never holds a sheet address: cells
// are named by their stable codes, so moving rows and columns never breaks a formula.
//
//   cell(CODE)              the data cell CODE, in any tab of the form; inside an add-new-rows
//                           tab, a cell of the same tab means the same data row
//   cell(CODE1):cell(CODE2) the rectangle between two cells of the same tab
//   rc(ROWS, COLS)          the cell ROWS rows down and COLS columns right of the formula's own
//                           cell (rc(0,-1): the cell on its left; rc(0,0): the cell itself)
//   col(CODE)               every body row of CODE's column (all data rows of an add-new-rows
//                           tab): SUM(col(CODE)), COUNT(col(CODE))
//   ext(NAME)               refused at template save: nothing fills it (prev() and extform()
//                           are the filled references); a version saved earlier computes it blank
//   extform(CODE)           the cell CODE of another form of the same batch (its code carries
//                           that template's item code); the server fills it (external-values.ts)
//   prev(CODE)              the cell CODE of this template in the same entity's previous period
//                           (its last accepted form with an earlier period end); blank without one
//
// Everything else is Excel's formula language: the functions declared in formula-functions.ts
// (any other is refused), operators, "text", and the literals TRUE and FALSE (written TRUE() and
// FALSE() for HyperFormula). Function names are case-insensitive; codes and names may be quoted
// ("BNK0101003").
import { declaredFunction } from './formula-functions.js';
import type { Tab } from './template-schema.js';

export type RefFunction = 'cell' | 'rc' | 'col' | 'ext' | 'extform' | 'prev';
const REF_FUNCTIONS = new Set<string>(['cell', 'rc', 'col', 'ext', 'extform', 'prev']);

/** Where a data cell sits in the workbook built for a form. */
export interface CodeTarget {
  tabIndex: number;
  /** Sheet row of the cell; for an add-new-rows body cell, the row of the first data row. */
  row: number;
  col: number;
  /** Body cell of an add-new-rows tab: one per data row. */
  repeats: boolean;
  /** Body cell (col() may name it). */
  body: boolean;
}

/** The layout of one tab's sheet. */
export interface SheetLayout {
  tab: Tab;
  name: string;
  bodyStart: number;
  /** Body rows in the sheet (data rows for add-new-rows). */
  bodyRows: number;
  /** Rows and columns of the sheet. */
  rows: number;
  cols: number;
}

export interface ReferenceLayout {
  sheets: SheetLayout[];
  codes: ReadonlyMap<string, CodeTarget>;
  /** Sheet slot of each external (`ext:NAME`, `extform:CODE`, `prev:CODE`), in order of first use. */
  externals: Map<string, number>;
}

/** Where the formula sits: its tab, and its cell (absent for form-level checks). */
export interface FormulaSite {
  tabIndex: number;
  row?: number;
  col?: number;
  /** The data row of an add-new-rows tab the formula is evaluated for. */
  dataRow?: number;
  /**
   * Write same-sheet references relative to the site's cell (B5, not $B$5): HyperFormula then
   * parses formulas of one shape once (row totals). Only for formulas placed in their own cell.
   */
  relative?: boolean;
}

export interface Translation {
  /** The HyperFormula formula (absolute references, quoted sheet names). */
  text: string;
  /** Codes the formula cites through cell() and col(). */
  codes: string[];
  problems: string[];
  /**
   * Functions outside the declared list, one sentence each: refused when a template is saved, yet
   * the text stays usable, so a form filed on a version saved before the list still computes.
   */
  refused: string[];
}

export const EXTERNAL_SHEET = '_ext';

const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** An A1 address (`$B$5`, or `B5` for a relative site), with its sheet when it is another than the site's. */
export function a1(layout: ReferenceLayout, site: FormulaSite, tabIndex: number, row: number, col: number): string {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  const address = site.relative ? `${letters}${row + 1}` : `$${letters}$${row + 1}`;
  return tabIndex === site.tabIndex ? address : `${quoteSheet(layout.sheets[tabIndex].name)}!${address}`;
}

function unquote(arg: string): string {
  const t = arg.trim();
  return /^"[^"]*"$/.test(t) ? t.slice(1, -1) : t;
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT = /[A-Za-z0-9_.$]/;
const A1_LIKE = /^\$?[A-Za-z]{1,3}\$?[0-9]+$/;
const BOOLEAN_LITERAL = /^(TRUE|FALSE)$/i;

/** Translates one stored formula for a site. Problems are sentences; the text is usable only without them. */
export function translateFormula(formula: string, layout: ReferenceLayout, site: FormulaSite): Translation {
  const problems: string[] = [];
  const refused: string[] = [];
  const codes: string[] = [];
  const src = formula.trimStart().startsWith('=') ? formula.trim() : `=${formula.trim()}`;
  let out = '';
  let i = 0;
  const n = src.length;

  const cellTarget = (code: string): { tabIndex: number; row: number; col: number } | null => {
    const t = layout.codes.get(code);
    if (!t) {
      problems.push(`cell(${code}) names no cell of this form.`);
      return null;
    }
    codes.push(code);
    if (!t.repeats) return { tabIndex: t.tabIndex, row: t.row, col: t.col };
    if (t.tabIndex !== site.tabIndex) {
      problems.push(`cell(${code}) is in an add-new-rows tab: use col(${code}) with SUM or another aggregate.`);
      return null;
    }
    return { tabIndex: t.tabIndex, row: t.row + (site.dataRow ?? 0), col: t.col };
  };

  const readCall = (): string[] | null => {
    // At "(": the arguments up to the matching ")" (reference arguments hold no parentheses).
    const close = src.indexOf(')', i);
    if (close < 0) return null;
    const args = src.slice(i + 1, close).split(',');
    i = close + 1;
    return args.map((a) => a.trim());
  };

  const skipSpaces = (from: number) => {
    let j = from;
    while (j < n && src[j] === ' ') j++;
    return j;
  };

  const reference = (fn: string, args: string[]): string => {
    const bad = (message: string) => {
      problems.push(message);
      return '0';
    };
    switch (fn) {
      case 'cell': {
        if (args.length !== 1 || !args[0]) return bad('cell() takes one cell code: cell(BNK0101003).');
        const t = cellTarget(unquote(args[0]));
        if (!t) return '0';
        // A range: cell(A):cell(B).
        const colon = skipSpaces(i);
        const next = skipSpaces(colon + 1);
        if (src[colon] === ':' && /^cell\s*\(/i.test(src.slice(next))) {
          i = src.indexOf('(', next);
          const other = readCall();
          if (!other || other.length !== 1) return bad('A range is written cell(CODE1):cell(CODE2).');
          const u = cellTarget(unquote(other[0]));
          if (!u) return '0';
          if (u.tabIndex !== t.tabIndex) return bad(`cell(${unquote(args[0])}):cell(${unquote(other[0])}) spans two tabs.`);
          const from = a1(layout, site, t.tabIndex, Math.min(t.row, u.row), Math.min(t.col, u.col));
          const to = a1(layout, { tabIndex: t.tabIndex, relative: site.relative }, t.tabIndex, Math.max(t.row, u.row), Math.max(t.col, u.col));
          return `${from}:${to}`;
        }
        return a1(layout, site, t.tabIndex, t.row, t.col);
      }
      case 'rc': {
        if (args.length !== 2 || !args.every((a) => /^[+-]?\d+$/.test(a))) return bad('rc() takes two whole numbers: rc(ROWS, COLUMNS).');
        if (site.row === undefined || site.col === undefined) return bad('rc() needs a cell of its own: use cell(CODE) here.');
        const row = site.row + (site.dataRow ?? 0) + Number(args[0]);
        const col = site.col + Number(args[1]);
        const sheet = layout.sheets[site.tabIndex];
        if (row < 0 || col < 0 || row >= sheet.rows || col >= sheet.cols) return bad(`rc(${args[0]},${args[1]}) points outside the tab.`);
        return a1(layout, site, site.tabIndex, row, col);
      }
      case 'col': {
        if (args.length !== 1 || !args[0]) return bad('col() takes one cell code: col(BNK0101003).');
        const code = unquote(args[0]);
        const t = layout.codes.get(code);
        if (!t) return bad(`col(${code}) names no cell of this form.`);
        if (!t.body) return bad(`col(${code}) names a summary cell, which has no column.`);
        codes.push(code);
        const sheet = layout.sheets[t.tabIndex];
        const from = a1(layout, site, t.tabIndex, sheet.bodyStart, t.col);
        const to = a1(layout, { tabIndex: t.tabIndex, relative: site.relative }, t.tabIndex, sheet.bodyStart + Math.max(sheet.bodyRows, 1) - 1, t.col);
        return `${from}:${to}`;
      }
      case 'ext':
      case 'extform':
      case 'prev': {
        const name = args.length === 1 ? unquote(args[0]) : '';
        if (!/^[A-Za-z][A-Za-z0-9_.]{0,63}$/.test(name)) return bad(`${fn}() takes one name: ${fn === 'ext' ? 'ext(fye)' : `${fn}(BNK0201003)`}.`);
        if (fn === 'ext') {
          // Nothing fills ext(): a rule over it would see blanks in every form. Refused at save;
          // a version saved before still computes (blank), as versions never change.
          refused.push(`ext(${name}) is not filled by the portal: write prev(CODE) for the previous period's figures, or extform(CODE) for a cell of another form of the submission.`);
        }
        if (fn === 'prev') {
          // The previous period is a form of this same template: its cell must exist here, and hold one value.
          const t = layout.codes.get(name);
          if (!t) return bad(`prev(${name}) names no cell of this form.`);
          if (t.repeats) return bad(`prev(${name}) is in an add-new-rows tab: refer to a total of it (a summary or a SUM formula cell).`);
        }
        const key = `${fn}:${name}`;
        let slot = layout.externals.get(key);
        if (slot === undefined) {
          slot = layout.externals.size;
          layout.externals.set(key, slot);
        }
        return `${quoteSheet(EXTERNAL_SHEET)}!$A$${slot + 1}`;
      }
      default:
        return bad(`${fn}() is not a reference.`);
    }
  };

  while (i < n) {
    const ch = src[i];
    if (ch === '"') {
      // A string literal ("" is a quote inside it).
      let j = i + 1;
      while (j < n && !(src[j] === '"' && src[j + 1] !== '"')) j += src[j] === '"' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "'") {
      problems.push('Sheet references are not used in templates: name cells as cell(CODE).');
      out += ch;
      i++;
    } else if (/[0-9]/.test(ch)) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|^[0-9]+\.?/.exec(src.slice(i))!;
      // 1E+15 as Excel writes it; HyperFormula reads the exponent only with a small e.
      out += m[0].toLowerCase();
      i += m[0].length;
    } else if (IDENT_START.test(ch)) {
      let j = i + 1;
      while (j < n && IDENT.test(src[j])) j++;
      const word = src.slice(i, j);
      const after = skipSpaces(j);
      if (src[after] === '(' && !REF_FUNCTIONS.has(word.toLowerCase()) && !declaredFunction(word)) {
        // Only the declared functions compute as Excel does on every channel (formula-functions.ts).
        refused.push(`${word.toUpperCase()} cannot be used in a template formula: use one of the functions listed in the template guide.`);
        out += word;
        i = j;
      } else if (src[after] !== '(' && BOOLEAN_LITERAL.test(word) && src[after] !== '!') {
        // Excel's TRUE and FALSE literals; HyperFormula knows only the functions TRUE() and FALSE().
        out += `${word.toUpperCase()}()`;
        i = j;
      } else if (src[after] === '(' && REF_FUNCTIONS.has(word.toLowerCase())) {
        i = after;
        const args = readCall();
        if (!args) {
          problems.push(`${word}( is not closed.`);
          out += src.slice(after - word.length);
          break;
        }
        out += reference(word.toLowerCase(), args);
      } else {
        if (src[after] !== '(' && (A1_LIKE.test(word) || src[after] === '!')) {
          problems.push(`${word} is a sheet address: name cells as cell(CODE) so the formula survives moves.`);
        }
        out += word;
        i = j;
      }
    } else {
      out += ch;
      i++;
    }
  }
  return { text: out, codes, problems, refused };
}

/** The externals a formula needs, as `ext:NAME` / `extform:CODE` / `prev:CODE` keys (no layout needed). */
export function externalKeys(formula: string): string[] {
  const keys: string[] = [];
  for (const m of formula.matchAll(/\b(ext|extform|prev)\s*\(\s*"?([A-Za-z][A-Za-z0-9_.]*)"?\s*\)/gi)) keys.push(`${m[1].toLowerCase()}:${m[2]}`);
  return keys;
}
