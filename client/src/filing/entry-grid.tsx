// The handsontable grid of one tab of a form being filled. It shows what FormEntry computed (the
// workbook's sheet: values, formula results, disabled cells, problems) and reports what the user
// typed; formulas are evaluated by the model's FormWorkbook, so the grid itself runs none.
// Strict CSP as in the designer: core CSS imported as files, no injected styles (csp-handsontable).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import { DropdownCellType, registerCellType, TextCellType } from 'handsontable/cellTypes';
import { AutoRowSize, CopyPaste, HiddenColumns, HiddenRows, MergeCells, registerPlugin } from 'handsontable/plugins';
import 'handsontable/styles/handsontable.css';
import 'handsontable/styles/ht-theme-main.css';
import { HANDSONTABLE_LICENSE_KEY } from '../../../portal/filing/formula-engine.js';
import { columnLetter } from '../../../portal/filing/template-grid.js';
import { keepStylesInFiles } from '../designer/csp-handsontable';
import { hiddenIndexes } from '../designer/designer-grid';
import type { Tab } from '../../../portal/filing/template-schema.js';
import type { EntryView } from './entry-model';
import type { ListLookup } from './list-lookup';
import { pagedListEditor } from './paged-list-editor';
import { useRealDoubleClickEditing } from '../ui/real-double-click-editing';

keepStylesInFiles();
registerCellType(TextCellType);
registerCellType(DropdownCellType);
for (const plugin of [AutoRowSize, CopyPaste, HiddenColumns, HiddenRows, MergeCells]) registerPlugin(plugin);

// Read by handsontable's constructor, not in its typings: the core CSS is imported as a file.
const NO_INJECTED_STYLES = { injectCoreCss: false } as Record<string, unknown>;

/** A small form's first guess: theme rows are 29 px, plus the column header and a scroll bar. */
function contentHeight(view: EntryView): number {
  return 30 + view.data.length * 29 + 18;
}

/** At most the window's height less a little air: scrolled into view by the page, the whole grid shows. */
function windowRoom(): number {
  return typeof window === 'undefined' || !window.innerHeight ? 600 : Math.max(200, window.innerHeight - 24);
}

/** What the rendered table needs: its full height (headers and every row) and its sideways scroll bar. */
function measuredHeight(root: HTMLElement | null | undefined): number | null {
  const holder = root?.querySelector<HTMLElement>('.ht_master .wtHolder');
  const hider = holder?.querySelector<HTMLElement>('.wtHider');
  if (!holder || !hider || hider.offsetHeight === 0) return null;
  const scrollbar = holder.scrollWidth > holder.clientWidth ? holder.offsetHeight - holder.clientHeight || 17 : 0;
  return hider.offsetHeight + scrollbar + 2;
}

/**
 * Right-aligned cells (numbers) of a column the grid's right edge cuts through: their text would
 * sit in the hidden part and the visible part would look empty, so they show from the left
 * (`cut-by-edge`), cut by the edge where it cuts the column, and whole on hover.
 */
function markCutByEdge(root: HTMLElement | null | undefined): void {
  const holder = root?.querySelector<HTMLElement>('.ht_master .wtHolder');
  if (!holder) return;
  const edge = holder.getBoundingClientRect().left + holder.clientWidth;
  for (const td of holder.querySelectorAll<HTMLTableCellElement>('td.htRight, td.cut-by-edge')) {
    const r = td.getBoundingClientRect();
    const cut = r.left < edge - 1 && r.right > edge + 1;
    td.classList.toggle('cut-by-edge', cut);
    if (cut && !td.title) td.title = td.textContent ?? '';
  }
}

export interface EntryGridProps {
  tabId: string;
  /** The tab's hidden rows and columns (the designer's Table Properties) are hidden from filers too. */
  tab: Tab;
  view: EntryView;
  freezeTop: boolean;
  /** Problem message by address (`C7`), shown on the cell as its title. */
  problems: Map<string, string>;
  notes: Map<string, string>;
  onInput(row: number, col: number, text: string): void;
  onSelect(row: number, col: number): void;
  /** Where the dropdown cells' values are searched (30 at a time) and remembered. */
  lists: ListLookup;
}

/**
 * The grid's scroll boxes are layout, not content: Handsontable gives them role=presentation and
 * tabindex=-1, which together make assistive technology expose them inside the treegrid (axe:
 * aria-required-children, critical). The keyboard works on the grid's cells, never on these
 * boxes, so the tabindex goes and the boxes are presentation as they say.
 */
function presentationOnly(root: HTMLElement | undefined): void {
  root?.querySelectorAll('.wtHolder[tabindex][role=presentation]').forEach((e) => e.removeAttribute('tabindex'));
}

export function EntryGrid({ tabId, tab, view, freezeTop, problems, notes, onInput, onSelect, lists }: EntryGridProps) {
  const hot = useRef<HotTableRef>(null);
  const listEditor = useMemo(() => pagedListEditor(lists), [lists]);
  // First a guess from the rows' count, then what the rendered table measures (rows wrap, themes differ).
  const [need, setNeed] = useState(() => contentHeight(view));
  const [room, setRoom] = useState(windowRoom);
  useEffect(() => {
    const onResize = () => setRoom(windowRoom());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const props = useRef({ onInput, onSelect, problems, notes });
  props.current = { onInput, onSelect, problems, notes };

  const cells = useMemo(
    // A dropdown cell shows handsontable's arrow and edits with the paged list (its values are
    // checked by the entry model, not by handsontable's validator).
    () => view.cells.map((c) => (c.listgroup ? { row: c.row, col: c.col, className: c.className, readOnly: c.readOnly, renderer: 'dropdown', editor: listEditor, listgroup: c.listgroup } : c)),
    [view, listEditor],
  );
  const hidden = useMemo(() => {
    const h = hiddenIndexes(tab.type === 'add-new-rows' ? undefined : tab.hide_rows, tab.hide_cols);
    return { rows: { rows: h.rows, indicators: false }, columns: { columns: h.columns, indicators: false } };
  }, [tab]);
  // The data array is copied: handsontable edits the array it is given.
  const data = useMemo(() => view.data.map((r) => [...r]), [view]);
  // Hooks handed to handsontable never change: a new function would make the wrapper update the
  // grid's settings on every render, and a re-render there re-fires selection hooks (a loop).
  const afterRenderer = useCallback((td: HTMLTableCellElement, row: number, col: number) => {
    const address = `${columnLetter(col)}${row + 1}`;
    td.dataset.address = address;
    const problem = props.current.problems.get(address);
    const note = props.current.notes.get(address);
    if (problem) td.dataset.problem = problem;
    else delete td.dataset.problem;
    td.title = problem ?? note ?? '';
    // Redrawn cells start from their own alignment; the edge is measured again after the render.
    td.classList.remove('cut-by-edge');
  }, []);
  const afterRender = useCallback(() => {
    const root = hot.current?.hotInstance?.rootElement;
    markCutByEdge(root);
    presentationOnly(root);
    const measured = measuredHeight(root);
    if (measured !== null) setNeed((old) => (Math.abs(old - measured) > 1 ? measured : old));
  }, []);
  const afterSelectionEnd = useCallback((row: number, col: number) => {
    if (row >= 0 && col >= 0) props.current.onSelect(row, col);
  }, []);
  const afterChange = useCallback((changes: [number, string | number, unknown, unknown][] | null, source: string) => {
    if (!changes || source === 'loadData' || source === 'updateData') return;
    for (const [row, col, before, after] of changes) {
      if (before === after) continue;
      props.current.onInput(row, Number(col), after === null || after === undefined ? '' : String(after));
    }
  }, []);
  const box = useRef<HTMLDivElement>(null);
  const beforeBeginEditing = useRealDoubleClickEditing(hot, box);
  // Problems and notes are drawn by afterRenderer: a change of them alone redraws the grid.
  useEffect(() => {
    hot.current?.hotInstance?.render();
  }, [problems, notes]);

  return (
    <div ref={box} className="designer-grid entry-grid" data-testid="entry-grid" data-tab={tabId}>
      <HotTable
        ref={hot}
        {...NO_INJECTED_STYLES}
        themeName="ht-theme-main"
        licenseKey={HANDSONTABLE_LICENSE_KEY}
        data={data}
        cell={cells}
        mergeCells={view.merges.length ? view.merges : false}
        colWidths={view.colWidths}
        rowHeaders
        colHeaders
        fixedRowsTop={freezeTop ? view.top : 0}
        hiddenRows={hidden.rows}
        hiddenColumns={hidden.columns}
        outsideClickDeselects={false}
        // As tall as its rows as measured, up to the window's height: the grid scrolls with the
        // page, and no row is cut at the bottom of a box of its own with the page below it empty;
        // a form taller than the window scrolls inside a grid that the page shows whole.
        height={Math.min(need, room)}
        width="100%"
        // Every cell says where it is and what is wrong with it: the message shows on hover and
        // in the panel under the grid (and browser tests find cells by address).
        afterRenderer={afterRenderer}
        afterRender={afterRender}
        afterScrollHorizontally={afterRender}
        afterSelectionEnd={afterSelectionEnd}
        afterChange={afterChange as never}
        beforeBeginEditing={beforeBeginEditing}
      />
    </div>
  );
}
