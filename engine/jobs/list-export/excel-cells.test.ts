import { describe, expect, it } from 'vitest';
import { excelValue, numFmtOf } from './excel-cells.js';

describe('Excel cells of wire values', () => {
  it('make dates and date-times real dates at UTC midnight or the stored UTC time', () => {
    expect(excelValue('2024-03-05', 'date')).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(excelValue('2024-03-05 15:04:09', 'datetime')).toEqual(new Date(Date.UTC(2024, 2, 5, 15, 4, 9)));
    expect(excelValue('not a date', 'date')).toBe('not a date');
    expect(excelValue('2024-0x-05', 'date')).toBe('2024-0x-05');
  });

  it('make numbers numbers, booleans booleans, and keep text within what a cell holds', () => {
    expect(excelValue('42', 'integer')).toBe(42);
    expect(excelValue('6250000.50', 'decimal')).toBe(6250000.5);
    expect(excelValue('1', 'boolean')).toBe(true);
    expect(excelValue('0', 'boolean')).toBe(false);
    expect(excelValue('=HYPERLINK("x")', 'string')).toBe('=HYPERLINK("x")');
    expect((excelValue('x'.repeat(40_000), 'text') as string).length).toBe(32_767);
    expect(excelValue(null, 'date')).toBeNull();
  });

  it('show dates DD/MM/YYYY and amounts with their scale', () => {
    expect(numFmtOf('date')).toBe('dd/mm/yyyy');
    expect(numFmtOf('datetime')).toBe('dd/mm/yyyy hh:mm:ss');
    expect(numFmtOf('decimal', 3)).toBe('#,##0.000');
    expect(numFmtOf('decimal', 0)).toBe('#,##0');
    expect(numFmtOf('string')).toBeUndefined();
  });
});
