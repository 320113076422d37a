// The validations of a sheet as few, disjoint rectangles.
import { describe, expect, it } from 'vitest';
import { ValidationRanges } from './validation-ranges.js';

describe('validation ranges', () => {
  it('joins cells sharing a validation down each column, then across columns of the same rows', () => {
    const whole = { type: 'whole' };
    const text = { type: 'textLength' };
    const r = new ValidationRanges<object>();
    // B2:D11 whole numbers (rows added out of order), E2:E6 text, B12 whole too: column B runs on.
    for (let row = 11; row >= 2; row--) for (const col of [3, 1, 2]) r.add(row, col, whole);
    for (let row = 2; row <= 6; row++) r.add(row, 4, text);
    r.add(12, 1, whole);
    expect(r.ranges()).toEqual([['B2:B12', whole], ['C2:D11', whole], ['E2:E6', text]]);
  });

  it('never overlaps ranges, whatever the order of rows and the gaps between them', () => {
    const a = { type: 'decimal' };
    const b = { type: 'date' };
    const r = new ValidationRanges<object>();
    for (const row of [2, 10, 3, 11, 4]) r.add(row, 1, a);
    r.add(5, 1, b);
    r.add(2, 2, a);
    r.add(3, 2, a);
    expect(r.ranges()).toEqual([['B2:B4', a], ['B5', b], ['B10:B11', a], ['C2:C3', a]]);
  });
});
