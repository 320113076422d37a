import { describe, expect, it } from 'vitest';
import { addNewRowsGridRows, CURRENCY_FORMAT, nextSummaryId, normaliseCell, normaliseTemplate } from './normalise.js';
import { demoTemplates } from './demo-templates.js';
import type { Cell } from './template-schema.js';

const norm = (cell: Cell) => {
  const c = structuredClone(cell);
  normaliseCell(c);
  return c;
};

describe('normalising on save', () => {
  it('gives numeric cells without precision, or above 19, a precision of 19', () => {
    expect(norm({ editor: 'numeric' }).precision).toBe(19);
    expect(norm({ editor: 'numeric', precision: 25 }).precision).toBe(19);
    expect(norm({ editor: 'numeric', precision: null }).precision).toBe(19);
    expect(norm({ editor: 'numeric', precision: 12 }).precision).toBe(12);
  });

  it('turns a blank scale, or one above 19, into 0', () => {
    expect(norm({ editor: 'numeric', scale: null }).scale).toBe(0);
    expect(norm({ editor: 'formula', formula: '=1', scale: 20 }).scale).toBe(0);
    expect(norm({ editor: 'numeric', scale: 4 }).scale).toBe(4);
  });

  it('makes a cell with a formula a disabled numeric formula cell, unless it is a Text cell, whose formula answers text', () => {
    expect(norm({ editor: 'numeric', formula: '1+1' })).toEqual({ editor: 'formula', formula: '=1+1', disabled: true, precision: 19, scale: 0, alignment: 'right' });
    expect(norm({ editor: 'formula', formula: '=2', disabled: false }).disabled).toBe(true);
    expect(norm({ editor: 'text', formula: '"a"&1' })).toEqual({ editor: 'text', formula: '="a"&1', disabled: true });
  });

  it('gives currency cells two decimals, shown as 0,0.00', () => {
    expect(norm({ editor: 'currency', precision: 5, scale: 0 })).toMatchObject({ precision: 19, scale: 2 });
    expect(CURRENCY_FORMAT).toBe('0,0.00');
  });

  it('drops precision and scale from cells that are not numbers', () => {
    expect(norm({ editor: 'date', precision: 19, scale: 0 })).toEqual({ editor: 'date' });
  });

  it('numbers summaries one above the highest, base 70', () => {
    const p = demoTemplates()[0].properties;
    expect(nextSummaryId(p)).toBe(71);
    expect(nextSummaryId(demoTemplates()[1].properties)).toBe(72);
  });

  it('shows add-new-rows grids with at least 20 rows plus one spare', () => {
    expect(addNewRowsGridRows(0)).toBe(21);
    expect(addNewRowsGridRows(35)).toBe(36);
  });

  it('recomputes addresses from positions, defaults freeze top to on and leaves its input alone', () => {
    const t = demoTemplates()[0];
    t.properties.items[0].items.reverse();
    delete t.properties.items[2].freezetop;
    const p = normaliseTemplate(t.properties, t.itemcode);
    expect(p.items[0].items[0][1]).toMatchObject({ Address: 'B3', x: 'B', y: 3, code: 'BNK0101011' });
    expect(p.items[2].freezetop).toBe(true);
    expect(t.properties.items[0].items[0][1].Address).toBeUndefined();
  });

  it('copies every part it changes: cells, tabs, summaries and code counters of its input stay as they were', () => {
    for (const t of demoTemplates()) {
      const input = t.properties;
      input.items[0].hide_rows = [2];
      input.items.forEach((tab) => tab.items.forEach((row) => row.forEach((cell) => delete cell.code)));
      const before = JSON.stringify(input);
      const p = normaliseTemplate(input, t.itemcode);
      expect(JSON.stringify(input)).toBe(before);
      expect(p.items[0].items[0].some((c) => c.code)).toBe(true);
    }
  });
});
