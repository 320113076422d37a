// Where each cell of a template sits: its section (header, body, summary), its row and column,
// its JSON path, whether a merge covers it and whether it holds data. Every other module of the
// filing layer walks templates through here, so "what is a data cell" is decided once.
import type { Cell, FormProperties, Tab } from './template-schema.js';

export type Section = 'header' | 'body' | 'summary-header' | 'summary';

export interface CellPlace {
  tabIndex: number;
  tab: Tab;
  section: Section;
  /** Row index within the section's rows. */
  row: number;
  /** Column index (0 = A). */
  col: number;
  cell: Cell;
  /** JSON pointer into the template's properties. */
  readonly path: string;
  /** Covered by another cell's colspan/rowspan: not shown, holds nothing. */
  covered: boolean;
  /** Holds data: has an editor, sits in a body or summary row and outside the left label columns. */
  data: boolean;
}

/** `A`, `B`, …, `Z`, `AA`, … for column index 0, 1, …. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Column index of a letter (`A` → 0). */
export function columnIndex(letter: string): number {
  let n = 0;
  for (const ch of letter) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The tab's rows as the designer shows them: header rows, then body rows. */
export function designerRows(tab: Tab): Cell[][] {
  return [...tab.header.items, ...tab.items];
}

/** `"row,col"` keys (designer rows) of the cells covered by merges of the tab. */
export function coveredKeys(tab: Tab): Set<string> {
  const covered = new Set<string>();
  const rows = designerRows(tab);
  rows.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      const rs = cell.rowspan ?? 1;
      const cs = cell.colspan ?? 1;
      if (rs === 1 && cs === 1) return;
      for (let i = r; i < r + rs; i++) for (let j = c; j < c + cs; j++) if (i !== r || j !== c) covered.add(`${i},${j}`);
    });
  });
  return covered;
}

const SECTION_PATH: Record<Section, string> = { header: 'header/items', body: 'items', 'summary-header': 'summary/header', summary: 'summary/items' };

/** A place is made for every cell on every walk: its JSON path is only spelled out when asked for. */
class Place implements CellPlace {
  constructor(
    readonly tabIndex: number,
    readonly tab: Tab,
    readonly section: Section,
    readonly row: number,
    readonly col: number,
    readonly cell: Cell,
    readonly covered: boolean,
    readonly data: boolean,
  ) {}

  get path(): string {
    return `/items/${this.tabIndex}/${SECTION_PATH[this.section]}/${this.row}/${this.col}`;
  }
}

/** Every cell of one tab, header rows first, then body rows, then the summary (unless deleted). */
export function tabCells(tab: Tab, tabIndex: number): CellPlace[] {
  const out: CellPlace[] = [];
  const merged = tab.header.items.some((r) => r.some((c) => (c.rowspan ?? 1) > 1 || (c.colspan ?? 1) > 1)) || tab.items.some((r) => r.some((c) => (c.rowspan ?? 1) > 1 || (c.colspan ?? 1) > 1));
  const covered = merged ? coveredKeys(tab) : null;
  const top = tab.header.items.length;
  const left = tab.header.left;
  tab.header.items.forEach((cells, r) =>
    cells.forEach((cell, c) => out.push(new Place(tabIndex, tab, 'header', r, c, cell, covered?.has(`${r},${c}`) ?? false, false))),
  );
  tab.items.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      const isCovered = covered?.has(`${top + r},${c}`) ?? false;
      out.push(new Place(tabIndex, tab, 'body', r, c, cell, isCovered, !isCovered && c >= left && cell.editor !== undefined));
    }),
  );
  if (tab.summary && !tab.summary.deleted) {
    tab.summary.header[0]?.forEach((cell, c) => out.push(new Place(tabIndex, tab, 'summary-header', 0, c, cell, false, false)));
    tab.summary.items[0]?.forEach((cell, c) => out.push(new Place(tabIndex, tab, 'summary', 0, c, cell, false, cell.editor !== undefined)));
  }
  return out;
}

/** Every cell of every tab. */
export function templateCells(props: FormProperties): CellPlace[] {
  return props.items.flatMap((tab, i) => tabCells(tab, i));
}

/** The data cells (those that get codes and extract columns), in template order. */
export function dataCells(props: FormProperties): CellPlace[] {
  return templateCells(props).filter((p) => p.data);
}
