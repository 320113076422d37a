import { describe, expect, it } from 'vitest';
import { demoTemplates } from '../../../portal/filing/demo-templates.js';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { alignmentOf, cellKey, tabLayout, valuesOf, visibleTabs } from './consolidated-layout';

const demo = (code: string): FormProperties => demoTemplates().find((t) => t.code === code)!.properties;
const texts = (row: { cells: { text: string }[] }) => row.cells.map((c) => c.text);

describe('the consolidated layout', () => {
  it('draws a merged header once with its spans and leaves the covered cells out', () => {
    const { rows } = tabLayout(demo('BNK-01').items[0]);
    expect(rows[0].cells.map((c) => [c.address, c.text, c.rowSpan, c.colSpan])).toEqual([
      ['A1', 'Item', 2, 1],
      ['B1', "Amount (RM'000)", 1, 2],
    ]);
    // A2 is under Item's rowspan: the second header row starts at B2.
    expect(rows[1].cells.map((c) => c.address)).toEqual(['B2', 'C2']);
    expect(rows[2].cells.map((c) => [c.address, c.kind])).toEqual([['A3', 'label'], ['B3', 'data'], ['C3', 'data']]);
  });

  it('takes column widths from single-column cells and right-aligns numbers unless set', () => {
    const { rows, columns } = tabLayout(demo('BNK-01').items[0]);
    expect(columns).toEqual([320, 140, 140]);
    expect(rows[2].cells.map((c) => c.align)).toEqual([undefined, 'right', 'right']);
    expect(alignmentOf({ editor: 'numeric', alignment: 'left' })).toBe('left');
    expect(alignmentOf({ value: 'x', className: 'bold htCenter' })).toBe('center');
    expect(alignmentOf({ editor: 'formula' })).toBe('right');
    expect(alignmentOf({ editor: 'text' })).toBeUndefined();
  });

  it('formats values by the cell model: grouped numbers, dd-mm-yyyy dates, blanks for missing ones', () => {
    const values = valuesOf([
      { tab: '01', address: 'B3', value: '1234567.5' },
      { tab: '03', address: 'B2', value: '2025-03-31' },
      { tab: '03', address: 'B5', value: '2500000.00' },
    ]);
    const [assets, , notes] = demo('BNK-01').items;
    expect(texts(tabLayout(assets, values).rows[2])).toEqual(['Cash and short-term funds', '1,234,567.5', '']);
    const n = tabLayout(notes, values).rows;
    expect(texts(n[1])).toEqual(['Date the statements were approved by the board', '31-03-2025']);
    expect(texts(n[4])).toEqual(['Paid-up capital (RM)', '2,500,000.00']);
  });

  it('shows an add-new-rows tab as its header and one row per filed row (the pattern row alone for a template)', () => {
    const register = demo('TRC-02').items[0];
    expect(tabLayout(register).rows).toHaveLength(3);
    const values = valuesOf([
      { tab: '01', address: 'A3', value: 'Aminah Yusof' },
      { tab: '01', address: 'D3', value: '1000' },
      { tab: '01', address: 'A5', value: 'Lim Wei' },
      { tab: '02', address: 'B9', value: 'ignored: another tab' },
    ]);
    const { rows } = tabLayout(register, values);
    expect(rows).toHaveLength(5);
    expect(rows[0].cells.map((c) => [c.text, c.colSpan])).toEqual([['Person', 3], ['Shareholding', 3]]);
    expect(rows[2].cells[0].text).toBe('Aminah Yusof');
    expect(rows[2].cells[3].text).toBe('1,000');
    expect(rows[3].cells.every((c) => c.text === '')).toBe(true);
    expect(rows[4].cells[0].address).toBe('A5');
    // Form.getData's row count wins: a summary's cells below the data rows do not add rows.
    expect(tabLayout(register, new Map([[cellKey('01', 'B9'), 'a summary value']]), { '01': 2 }).rows).toHaveLength(4);
  });

  it('adds the tab summary after a blank row (header row 10, values row 11 under 1 + 7 rows), and skips a deleted one', () => {
    const required = demo('INS-03').items[1];
    const { summary } = tabLayout(required, new Map([[cellKey('02', 'B11'), '850']]));
    expect(texts(summary[0])).toEqual(['Reporting calendar', 'Total capital required']);
    expect(summary[1].cells[1]).toMatchObject({ address: 'B11', text: '850', align: 'right' });
    expect(tabLayout({ ...required, summary: { ...required.summary!, deleted: true } }).summary).toEqual([]);
  });

  it('leaves hidden rows and columns out, shrinking the merges that span them', () => {
    const assets = structuredClone(demo('BNK-01').items[0]);
    // Row 2 (the second header row) and column B (under "Amount", the merge's first cell).
    assets.hide_rows = [2];
    assets.hide_cols = ['B'];
    const { rows, columns, headerRows } = tabLayout(assets);
    expect(headerRows).toBe(1);
    expect(rows[0].cells.map((c) => [c.address, c.text, c.rowSpan, c.colSpan])).toEqual([
      ['A1', 'Item', 1, 1],
      // The merge's first cell is hidden: its visible part stays, blank.
      ['C1', '', 1, 1],
    ]);
    expect(rows[1].cells.map((c) => c.address)).toEqual(['A3', 'C3']);
    expect(columns).toEqual([320, 140]);
    // Hidden rows are not offered on add-new-rows tabs: a stray list is ignored there.
    const register = { ...demo('TRC-02').items[0], hide_rows: [3] };
    expect(tabLayout(register).rows).toHaveLength(3);
  });

  it('gives a pill to every tab but hidden ones', () => {
    const props = demo('INS-03');
    props.items[1].hide = true;
    expect(visibleTabs(props).map((t) => [t.tab.id, t.index])).toEqual([['01', 0], ['03', 2]]);
  });
});
