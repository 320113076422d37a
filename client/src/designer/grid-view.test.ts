import { describe, expect, it } from 'vitest';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { gridView, placeProblems } from './grid-view';

const props = (): FormProperties => ({
  id: 'ABC', title: 'Form',
  items: [{
    id: '01', title: 'T', display_name: 'Tab', type: 'normal',
    header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: 'Amount', colspan: 2 }, {}]] },
    items: [[{ value: 'Cash' }, { editor: 'numeric', code: 'ABC01001' }, { editor: 'formula', code: 'ABC01002', formula: '=cell(ABC01001)*2' }]],
  }],
});

describe('the grid view of a tab', () => {
  it('shows labels, merges, and formulas translated to sheet addresses', () => {
    const v = gridView(props(), 0);
    expect(v.data[0]).toEqual(['Item', 'Amount', null]);
    expect(v.merges).toEqual([{ row: 0, col: 1, rowspan: 1, colspan: 2 }]);
    expect(String(v.data[1][2])).toMatch(/^=.*B\$?2/);
    expect(v.cells.find((c) => c.row === 1 && c.col === 2)).toMatchObject({ readOnly: true });
    expect(v.cells.find((c) => c.row === 1 && c.col === 1)?.className).toContain('htRight');
  });

  it('shows an add-new-rows tab with at least 20 body rows plus one spare, the extra rows read-only', () => {
    const p = props();
    p.items[0].type = 'add-new-rows';
    const v = gridView(p, 0);
    expect(v.data).toHaveLength(1 + 21);
    expect(v.cells.filter((c) => c.row === 21 && c.readOnly)).toHaveLength(3);
    expect(v.cells.find((c) => c.row === 1 && c.col === 1)?.readOnly).toBe(false);
  });

  it('places the server problems at designer rows (header rows first)', () => {
    const placed = placeProblems(props(), { 'properties/items/0/items/0/2/formula': 'Circular', 'properties/items/0/header/items/0/1/colspan': 'Overlap', 'properties/title': 'Required' });
    expect(placed).toEqual([
      { tabIndex: 0, row: 1, col: 2, field: 'formula', message: 'Circular' },
      { tabIndex: 0, row: 0, col: 1, field: 'colspan', message: 'Overlap' },
      { tabIndex: -1, field: 'title', message: 'Required' },
    ]);
  });
});
