// Which mouse opening of a handsontable grid's cell editor is taken: the designer's and the entry
// grid's alike.
import { useCallback, useEffect, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';

/**
 * Handsontable counts two single clicks on one cell within half a second as a double click, even
 * with typing and Enter in between: a user who clicks back on the cell just typed into would get
 * its editor open on the old text, and what they type next would be appended to it. Only a real
 * double click (the browser's click count) opens the editor on a cell's text; as handsontable may
 * have paired the wrong clicks, the browser's double click on `box` opens it when handsontable did
 * not. Answers the grid's `beforeBeginEditing` hook, a function that never changes.
 */
export function useRealDoubleClickEditing(hot: RefObject<HotTableRef | null>, box: RefObject<HTMLElement | null>) {
  const beforeBeginEditing = useCallback((_row: number, _col: number, _value: unknown, event: unknown): boolean | void => {
    if (event instanceof MouseEvent && event.detail < 2) return false;
  }, []);
  useEffect(() => {
    const el = box.current;
    const onDoubleClick = (e: MouseEvent) => {
      const grid = hot.current?.hotInstance;
      const td = e.target instanceof Element ? e.target.closest('td') : null;
      const at = grid?.getSelectedRangeActive()?.highlight;
      if (!grid || !td || !at || !at.isCell()) return;
      const { row, col } = at;
      const clicked = grid.getCoords(td);
      if (row === null || col === null || clicked?.row !== row || clicked.col !== col || grid.getCellMeta(row, col).readOnly) return;
      // A refused opening leaves no editor ready: selecting the cell again prepares one.
      if (!grid.getActiveEditor()) grid.selectCell(row, col);
      const editor = grid.getActiveEditor();
      if (!editor || editor.isOpened()) return;
      editor.enableFullEditMode();
      editor.beginEditing();
    };
    el?.addEventListener('dblclick', onDoubleClick);
    return () => el?.removeEventListener('dblclick', onDoubleClick);
  }, [hot, box]);
  return beforeBeginEditing;
}
