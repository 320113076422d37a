// The handsontable grid of one tab. It only shows the template (grid-view.ts) and reports what
// the user did; moves and removals are cancelled in the grid and applied to the template instead,
// so the template stays the one source of truth and cell codes travel with their cells.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import { CheckboxCellType, registerCellType, TextCellType } from 'handsontable/cellTypes';
import { AutoColumnSize, AutoRowSize, ContextMenu, CopyPaste, DropdownMenu, Filters, Formulas, HiddenColumns, HiddenRows, ManualColumnMove, ManualColumnResize, ManualRowMove, MergeCells, registerPlugin, UndoRedo } from 'handsontable/plugins';
import 'handsontable/styles/handsontable.css';
import 'handsontable/styles/ht-theme-main.css';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { HANDSONTABLE_LICENSE_KEY } from '../../../portal/filing/formula-engine.js';
import { gridView, type PlacedProblem } from './grid-view';
import { addReachedSheets, gridWorkbook } from './designer-workbook';
import { columnIndex } from '../../../portal/filing/template-grid.js';
import { keepStylesInFiles } from './csp-handsontable';
import type { Range } from './tab-edits';
import { useRealDoubleClickEditing } from '../ui/real-double-click-editing';

// Only what the designer uses (registerAllModules makes the chunk about 100 kB gzip larger);
// Filters needs HiddenRows.
keepStylesInFiles();
registerCellType(TextCellType);
registerCellType(CheckboxCellType);
for (const plugin of [AutoColumnSize, AutoRowSize, ContextMenu, CopyPaste, DropdownMenu, Filters, Formulas, HiddenColumns, HiddenRows, ManualColumnMove, ManualColumnResize, ManualRowMove, MergeCells, UndoRedo]) registerPlugin(plugin);

/** Seed 001 §9: the grid is as tall as the window less 160 px (600 when unknown). */
export function gridHeight(): number {
  return typeof window === 'undefined' || !window.innerHeight ? 600 : Math.max(200, window.innerHeight - 160);
}

/**
 * The context menu offers only these (seed 001 §2.2); the column menu only removal and the
 * filters, since any other grid edit (insert, alignment, read-only) would bypass the template.
 */
export { addReachedSheets, designerWorkbook, reachedSheets } from './designer-workbook';

export const CONTEXT_MENU = ['remove_row', 'remove_col'];
export const COLUMN_MENU = ['remove_col', '---------', 'filter_by_condition', 'filter_operators', 'filter_by_condition2', 'filter_by_value', 'filter_action_bar'];

/** Hide Rows (1-based sheet rows) and Hide Cols (letters) as grid indexes. */
export function hiddenIndexes(rows: number[] | undefined, cols: string[] | undefined): { rows: number[]; columns: number[] } {
  return { rows: (rows ?? []).map((r) => r - 1).filter((r) => r >= 0), columns: (cols ?? []).map(columnIndex).filter((c) => c >= 0) };
}

export interface GridActions {
  onSelect(range: Range, rows: number, cols: number): void;
  onValue(row: number, col: number, value: string): void;
  onMoveColumns(columns: number[], to: number): void;
  onMoveRows(rows: number[], to: number): void;
  onRemoveRows(rows: number[]): void;
  onRemoveColumns(cols: number[]): void;
}

interface GridProps {
  props: FormProperties;
  tabIndex: number;
  problems: PlacedProblem[];
  actions: GridActions;
}

/**
 * The grid is drawn again only when the template, the tab or the problems change: a selection
 * re-rendering the page must not reach handsontable, whose updateSettings rebuilds the context and
 * column menus (closing a menu the right-click that selected the cell has just opened). The
 * page's actions (a new object each render) are handed on through a ref behind stable functions.
 */
export function DesignerGrid({ actions, ...rest }: GridProps) {
  const latest = useRef(actions);
  latest.current = actions;
  const stable = useMemo<GridActions>(
    () => ({
      onSelect: (...a) => latest.current.onSelect(...a),
      onValue: (...a) => latest.current.onValue(...a),
      onMoveColumns: (...a) => latest.current.onMoveColumns(...a),
      onMoveRows: (...a) => latest.current.onMoveRows(...a),
      onRemoveRows: (...a) => latest.current.onRemoveRows(...a),
      onRemoveColumns: (...a) => latest.current.onRemoveColumns(...a),
    }),
    [],
  );
  return <MemoisedGrid {...rest} actions={stable} />;
}

const MemoisedGrid = memo(DesignerGridView);

function DesignerGridView({ props, tabIndex, problems, actions }: GridProps) {
  const hot = useRef<HotTableRef>(null);
  const [height, setHeight] = useState(gridHeight);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onResize = () => setHeight(gridHeight());
    window.addEventListener('resize', onResize);
    // The grid's width follows its box, which changes without a window resize when the side
    // accordion is folded away or opened again.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => hot.current?.hotInstance?.refreshDimensions());
    if (box.current) observer?.observe(box.current);
    return () => {
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, []);
  const beforeBeginEditing = useRealDoubleClickEditing(hot, box);
  const view = useMemo(() => gridView(props, tabIndex), [props, tabIndex]);
  const cells = useMemo(() => {
    const bad = new Set(problems.filter((p) => p.tabIndex === tabIndex && p.row !== undefined).map((p) => `${p.row},${p.col}`));
    return view.cells.map((c) => (bad.has(`${c.row},${c.col}`) ? { ...c, className: `${c.className} cell-problem` } : c));
  }, [view, problems, tabIndex]);
  const tab = props.items[tabIndex];
  // Built once per grid (the page mounts a new grid per tab): other tabs cannot change meanwhile.
  const [engine] = useState(() => gridWorkbook(props, tabIndex));
  // A formula edited to cite a tab outside the workbook brings that tab's sheet in.
  useEffect(() => {
    if (addReachedSheets(engine, props, tabIndex)) hot.current?.hotInstance?.render();
  }, [engine, props, tabIndex]);
  // Handsontable destroys only the engines it built: this one goes with the grid, after the
  // grid's own teardown (which still unregisters from it) has run.
  useEffect(() => () => void setTimeout(() => engine.destroy(), 0), [engine]);
  const hidden = useMemo(() => hiddenIndexes(tab.type === 'add-new-rows' ? undefined : tab.hide_rows, tab.hide_cols), [tab.hide_rows, tab.hide_cols, tab.type]);
  const selectedCount = (kind: 'row' | 'col') => {
    const sel = hot.current?.hotInstance?.getSelectedRangeLast();
    if (!sel) return 0;
    return kind === 'row' ? Math.abs((sel.to.row ?? 0) - (sel.from.row ?? 0)) + 1 : Math.abs((sel.to.col ?? 0) - (sel.from.col ?? 0)) + 1;
  };

  // Selections and edits come in visual rows; a filter takes rows out of the view, so they are
  // turned into the template's (physical) rows. Columns are never reordered in the grid (a move is
  // applied to the template instead) and hidden columns keep their indexes.
  const physicalRow = (row: number) => hot.current?.hotInstance?.toPhysicalRow(row) ?? row;

  // New data makes handsontable apply the selection again and, on its next render, move the
  // keyboard to the selected cell: typing in a side panel field would lose the field after the
  // first key hands its text on. While a field outside the grid has the keyboard it keeps it.
  const keepOutsideFocus = useCallback(() => {
    const grid = hot.current?.hotInstance;
    const active = document.activeElement;
    if (!grid || !(active instanceof HTMLElement) || grid.rootElement.contains(active) || !active.matches('input, textarea, select')) return;
    const focus = grid.getFocusManager();
    focus.suspend();
    // The render that would move the keyboard runs within the same update.
    queueMicrotask(() => focus.resume());
  }, []);

  // injectCoreCss is read by handsontable's constructor but not typed: the core CSS is imported as a
  // file above instead, so no <style> element is added at run time (the page's style-src is 'self').
  const noInjectedStyles = { injectCoreCss: false } as Record<string, unknown>;

  return (
    <div ref={box} className="designer-grid" data-testid="designer-grid" data-tab={tab.id}>
      <HotTable
        ref={hot}
        {...noInjectedStyles}
        themeName="ht-theme-main"
        licenseKey={HANDSONTABLE_LICENSE_KEY}
        data={view.data}
        cell={cells}
        mergeCells={view.merges}
        colWidths={view.colWidths.map((w) => w ?? 110)}
        rowHeaders
        colHeaders
        filters
        dropdownMenu={COLUMN_MENU}
        contextMenu={CONTEXT_MENU}
        hiddenRows={{ rows: hidden.rows, indicators: true }}
        hiddenColumns={{ columns: hidden.columns, indicators: true }}
        fixedRowsTop={tab.freezetop === false ? 0 : tab.header.items.length}
        manualRowMove
        manualColumnMove
        manualColumnResize
        outsideClickDeselects={false}
        formulas={{ engine, sheetName: tab.id }}
        height={height}
        width="100%"
        beforeUpdateData={keepOutsideFocus}
        beforeLoadData={keepOutsideFocus}
        beforeBeginEditing={beforeBeginEditing}
        afterSelectionEnd={(row, col, row2, col2) => {
          if (row < 0 || col < 0) return;
          actions.onSelect({ row: physicalRow(row), col, row2: physicalRow(row2), col2 }, selectedCount('row'), selectedCount('col'));
        }}
        afterChange={(changes, source) => {
          if (!changes || source === 'loadData' || source === 'updateData') return;
          for (const [row, col, , value] of changes) actions.onValue(physicalRow(row), Number(col), value === null || value === undefined ? '' : String(value));
        }}
        beforeColumnMove={(columns, finalIndex, _drop, possible) => {
          if (possible && finalIndex !== undefined) actions.onMoveColumns(columns, finalIndex);
          return false;
        }}
        beforeRowMove={(rows, finalIndex, _drop, possible) => {
          if (possible && finalIndex !== undefined) actions.onMoveRows(rows.map(physicalRow), physicalRow(finalIndex));
          return false;
        }}
        beforeRemoveRow={(_index, _amount, physical) => {
          actions.onRemoveRows(physical);
          return false;
        }}
        beforeRemoveCol={(_index, _amount, physical) => {
          actions.onRemoveColumns(physical);
          return false;
        }}
      />
    </div>
  );
}
