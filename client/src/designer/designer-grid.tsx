// The handsontable grid of one tab. It only shows the template (grid-view.ts) and reports what
// the user did; moves and removals are cancelled in the grid and applied to the template instead,
// so the template stays the one source of truth and cell codes travel with their cells.
import { useEffect, useMemo, useRef, useState } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import { CheckboxCellType, registerCellType, TextCellType } from 'handsontable/cellTypes';
import { AutoColumnSize, AutoRowSize, ContextMenu, CopyPaste, DropdownMenu, Filters, Formulas, HiddenRows, ManualColumnMove, ManualColumnResize, ManualRowMove, MergeCells, registerPlugin, UndoRedo } from 'handsontable/plugins';
import { HyperFormula } from 'hyperformula';
import 'handsontable/styles/handsontable.css';
import 'handsontable/styles/ht-theme-main.css';
import type { FormProperties } from '../../../engine/filing/template-schema.js';
import { formulaConfig, formulaLicenseKey, HANDSONTABLE_LICENSE_KEY } from '../../../engine/filing/formula-engine.js';
import { gridView, type PlacedProblem } from './grid-view';
import { keepStylesInFiles } from './csp-handsontable';
import type { Range } from './tab-edits';

// Only what the designer uses (registerAllModules makes the chunk about 100 kB gzip larger);
// Filters needs HiddenRows.
keepStylesInFiles();
registerCellType(TextCellType);
registerCellType(CheckboxCellType);
for (const plugin of [AutoColumnSize, AutoRowSize, ContextMenu, CopyPaste, DropdownMenu, Filters, Formulas, HiddenRows, ManualColumnMove, ManualColumnResize, ManualRowMove, MergeCells, UndoRedo]) registerPlugin(plugin);

/** Seed 001 §9: the grid is as tall as the window less 160 px (600 when unknown). */
export function gridHeight(): number {
  return typeof window === 'undefined' || !window.innerHeight ? 600 : Math.max(200, window.innerHeight - 160);
}

export interface GridActions {
  onSelect(range: Range, rows: number, cols: number): void;
  onValue(row: number, col: number, value: string): void;
  onMoveColumns(columns: number[], to: number): void;
  onMoveRows(rows: number[], to: number): void;
  onRemoveRows(rows: number[]): void;
  onRemoveColumns(cols: number[]): void;
}

export function DesignerGrid({ props, tabIndex, problems, actions }: { props: FormProperties; tabIndex: number; problems: PlacedProblem[]; actions: GridActions }) {
  const hot = useRef<HotTableRef>(null);
  const [height, setHeight] = useState(gridHeight);
  useEffect(() => {
    const onResize = () => setHeight(gridHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const view = useMemo(() => gridView(props, tabIndex), [props, tabIndex]);
  const cells = useMemo(() => {
    const bad = new Set(problems.filter((p) => p.tabIndex === tabIndex && p.row !== undefined).map((p) => `${p.row},${p.col}`));
    return view.cells.map((c) => (bad.has(`${c.row},${c.col}`) ? { ...c, className: `${c.className} cell-problem` } : c));
  }, [view, problems, tabIndex]);
  const act = useRef(actions);
  act.current = actions;
  const tab = props.items[tabIndex];
  const engine = useMemo(() => ({ hyperformula: HyperFormula, ...formulaConfig(formulaLicenseKey('grid')) }), []);
  const selectedCount = (kind: 'row' | 'col') => {
    const sel = hot.current?.hotInstance?.getSelectedRangeLast();
    if (!sel) return 0;
    return kind === 'row' ? Math.abs((sel.to.row ?? 0) - (sel.from.row ?? 0)) + 1 : Math.abs((sel.to.col ?? 0) - (sel.from.col ?? 0)) + 1;
  };

  // injectCoreCss is read by handsontable's constructor but not typed: the core CSS is imported as a
  // file above instead, so no <style> element is added at run time (the page's style-src is 'self').
  const noInjectedStyles = { injectCoreCss: false } as Record<string, unknown>;

  return (
    <div className="designer-grid" data-testid="designer-grid" data-tab={tab.id}>
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
        dropdownMenu
        contextMenu={['remove_row', 'remove_col']}
        manualRowMove
        manualColumnMove
        manualColumnResize
        outsideClickDeselects={false}
        formulas={{ engine, sheetName: tab.id }}
        height={height}
        width="100%"
        afterSelectionEnd={(row, col, row2, col2) => {
          if (row < 0 || col < 0) return;
          act.current.onSelect({ row, col, row2, col2 }, selectedCount('row'), selectedCount('col'));
        }}
        afterChange={(changes, source) => {
          if (!changes || source === 'loadData' || source === 'updateData') return;
          for (const [row, col, , value] of changes) act.current.onValue(row, Number(col), value === null || value === undefined ? '' : String(value));
        }}
        beforeColumnMove={(columns, finalIndex, _drop, possible) => {
          if (possible && finalIndex !== undefined) act.current.onMoveColumns(columns, finalIndex);
          return false;
        }}
        beforeRowMove={(rows, finalIndex, _drop, possible) => {
          if (possible && finalIndex !== undefined) act.current.onMoveRows(rows, finalIndex);
          return false;
        }}
        beforeRemoveRow={(_index, _amount, physical) => {
          act.current.onRemoveRows(physical);
          return false;
        }}
        beforeRemoveCol={(_index, _amount, physical) => {
          act.current.onRemoveColumns(physical);
          return false;
        }}
      />
    </div>
  );
}
