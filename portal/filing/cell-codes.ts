// Stable cell codes (seed 001 §9): item code + tab id + a counter of three digits (four past
// 999), e.g. `BNK01` + `02` + `007` = `BNK0102007`. A code is the cell's name everywhere: the
// extract column, formulas (`cell(BNK0102007)`), imports, the API. It is given once to a data
// cell and then never changed, whatever rows or columns move, and never given again after the
// cell is removed: the form keeps a high-water mark per tab id (`codecounters`), which outlives
// the tab itself.
import { dataCells, templateCells, type CellPlace } from './template-grid.js';
import type { FormProperties } from './template-schema.js';

const ITEM_CODE = /^[A-Za-z][A-Za-z0-9]{0,19}$/;
const MAX_COUNTER = 9999;

/** True when `itemcode` can prefix cell codes (a letter, then letters and digits, at most 20). */
export function isItemCode(itemcode: string): boolean {
  return ITEM_CODE.test(itemcode);
}

/** The item code used when a template has none: its form id without non-alphanumerics (`BNK-01` → `BNK01`). */
export function defaultItemCode(formId: string): string {
  const code = formId.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  return /^[A-Za-z]/.test(code) ? code : `F${code}`.slice(0, 20);
}

/** The code of the `counter`-th cell of tab `tabId`. */
export function cellCode(itemcode: string, tabId: string, counter: number): string {
  return `${itemcode}${tabId}${String(counter).padStart(3, '0')}`;
}

/** The counter of a code minted for this item code and tab, or null when it is another's. */
export function codeCounter(code: string, itemcode: string, tabId: string): number | null {
  const prefix = `${itemcode}${tabId}`;
  if (!code.startsWith(prefix)) return null;
  const rest = code.slice(prefix.length);
  return /^[0-9]{3,4}$/.test(rest) ? Number(rest) : null;
}

/**
 * Gives a code to every data cell that lacks one, or whose code an earlier cell of the template
 * already holds (a duplicated tab): the first holder keeps it. Existing codes are never changed.
 * Mutates `props` (normaliseTemplate calls it on its own copy); answers the codes it gave.
 */
export function assignCellCodes(props: FormProperties, itemcode: string): string[] {
  if (!isItemCode(itemcode)) throw new Error(`"${itemcode}" cannot prefix cell codes: a letter, then letters and digits, at most 20`);
  const counters: Record<string, number> = { ...(props.codecounters ?? {}) };
  const taken = new Set<string>();
  const needing: CellPlace[] = [];
  for (const place of templateCells(props)) {
    const code = place.cell.code;
    if (code && !taken.has(code)) {
      taken.add(code);
      // A code minted for this tab that is above the mark (copied in, imported) raises the mark.
      const n = codeCounter(code, itemcode, place.tab.id);
      if (n !== null && n > (counters[place.tab.id] ?? 0)) counters[place.tab.id] = n;
    } else if (place.data) {
      needing.push(place);
    } else if (code) {
      delete place.cell.code; // a duplicate on a label cell names nothing
    }
  }
  const given: string[] = [];
  for (const place of needing) {
    const tabId = place.tab.id;
    let code: string;
    do {
      const next = (counters[tabId] ?? 0) + 1;
      if (next > MAX_COUNTER) throw new Error(`tab ${tabId} has used all ${MAX_COUNTER} cell codes`);
      counters[tabId] = next;
      code = cellCode(itemcode, tabId, next);
    } while (taken.has(code));
    taken.add(code);
    place.cell.code = code;
    given.push(code);
  }
  props.codecounters = counters;
  return given;
}

/** Data cells by code. */
export function indexCells(props: FormProperties): Map<string, CellPlace> {
  const index = new Map<string, CellPlace>();
  for (const place of dataCells(props)) if (place.cell.code && !index.has(place.cell.code)) index.set(place.cell.code, place);
  return index;
}

/** The data cell holding `code`, or undefined. */
export function findCell(props: FormProperties, code: string): CellPlace | undefined {
  for (const place of dataCells(props)) if (place.cell.code === code) return place;
  return undefined;
}

/** Codes held by more than one cell, with the paths of the later holders (a check for templates saved elsewhere). */
export function duplicateCodes(props: FormProperties): { code: string; path: string }[] {
  const seen = new Set<string>();
  const out: { code: string; path: string }[] = [];
  for (const place of templateCells(props)) {
    const code = place.cell.code;
    if (!code) continue;
    if (seen.has(code)) out.push({ code, path: `${place.path}/code` });
    else seen.add(code);
  }
  return out;
}
