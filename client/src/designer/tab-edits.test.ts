import { describe, expect, it } from 'vitest';
import type { FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { designerRows } from '../../../portal/filing/template-grid.js';
import { duplicateTab, mergeCells, moveColumn, moveProblem, moveRow, removeColumns, removeRows, setColumnCount, setHeaderTop, setRowCount, updateCell } from './tab-edits';

const tab = (): Tab => ({
  id: '01', title: 'T', display_name: 'Tab', type: 'normal',
  header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: '2024' }, { value: '2025' }]] },
  items: [
    [{ value: 'Cash' }, { editor: 'numeric', code: 'ABC01001' }, { editor: 'numeric', code: 'ABC01002' }],
    [{ value: 'Loans' }, { editor: 'numeric', code: 'ABC01003' }, { editor: 'numeric', code: 'ABC01004' }],
  ],
});

describe('tab edits', () => {
  it('refuses moves of no or several rows and columns with the seed messages', () => {
    expect(moveProblem('column', 2, tab())).toBe('Please move one column at a time');
    expect(moveProblem('column', 0, tab())).toBe('Please move one column.');
    expect(moveProblem('row', 3, tab())).toBe('Please move one row at a time');
    expect(moveProblem('row', 0, tab())).toBe('Please move one row.');
    expect(moveProblem('row', 1, { ...tab(), type: 'add-new-rows' })).toBe('Allow Add New Rows cannot move rows');
    expect(moveProblem('column', 1, tab())).toBeNull();
  });

  it('moves a body row and a column with their codes', () => {
    const moved = moveRow(tab(), 2, 1);
    expect(moved.items[0][0].value).toBe('Loans');
    expect(moved.items[0][1].code).toBe('ABC01003');
    const cols = moveColumn(tab(), 2, 1);
    expect(cols.header.items[0].map((c) => c.value)).toEqual(['Item', '2025', '2024']);
    expect(cols.items[0][1].code).toBe('ABC01002');
  });

  it('merges header cells into the top-left one and refuses header-to-body merges', () => {
    const r = mergeCells(tab(), { row: 0, col: 1, row2: 0, col2: 2 });
    expect('tab' in r && r.tab.header.items[0][1].colspan).toBe(2);
    expect(mergeCells(tab(), { row: 0, col: 1, row2: 1, col2: 1 })).toEqual({ problem: 'Header and body cells cannot be merged together.' });
  });

  it('changes row and column counts and keeps every row the same width', () => {
    const t = setColumnCount(setRowCount(tab(), 5), 4);
    expect(designerRows(t)).toHaveLength(5);
    expect(designerRows(t).every((r) => r.length === 4)).toBe(true);
    expect(designerRows(setColumnCount(t, 2)).every((r) => r.length === 2)).toBe(true);
  });

  it('moves rows between header and body with Top Row count, between 0 and 10', () => {
    expect(setHeaderTop(tab(), 2).header.items).toHaveLength(2);
    expect(setHeaderTop(tab(), 2).header.top).toBe(2);
    expect(setHeaderTop(tab(), 0).items).toHaveLength(3);
    expect(setHeaderTop(tab(), 40).header.top).toBe(10);
  });

  it('removes rows and columns and shrinks merges that lose cells', () => {
    const merged = mergeCells(tab(), { row: 0, col: 1, row2: 0, col2: 2 });
    if (!('tab' in merged)) throw new Error('not merged');
    const t = removeColumns(merged.tab, [2]);
    expect(t.header.items[0][1].colspan).toBeUndefined();
    expect(removeRows(tab(), [1]).items).toHaveLength(1);
  });

  it('sets and clears cell attributes', () => {
    const t = updateCell(tab(), 1, 1, { precision: 10, scale: 2 });
    expect(t.items[0][1]).toMatchObject({ precision: 10, scale: 2 });
    expect(updateCell(t, 1, 1, { precision: undefined }).items[0][1].precision).toBeUndefined();
  });

  it('duplicates a tab with a new id and fresh codes, the original keeping its own', () => {
    const props: FormProperties = { id: 'ABC', title: 'Form', items: [tab()] };
    const next = duplicateTab(props, 0, 'ABC');
    expect(next.items.map((t) => t.id)).toEqual(['01', '02']);
    expect(next.items[0].items[0][1].code).toBe('ABC01001');
    const copyCodes = next.items[1].items.flat().map((c) => c.code).filter(Boolean);
    expect(copyCodes).toHaveLength(4);
    expect(copyCodes.every((c) => c!.startsWith('ABC02'))).toBe(true);
  });
});
