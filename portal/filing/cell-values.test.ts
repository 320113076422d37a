import { describe, expect, it } from 'vitest';
import { formatCellValue, parseCellValue, requiredProblem, storedResult, workbookValue } from './cell-values.js';
import type { Cell } from './template-schema.js';

const num = (precision = 19, scale = 0): Cell => ({ editor: 'numeric', precision, scale });
const positions = { listValues: (g: number) => (g === 295 ? ['Director', 'Chairman'] : undefined) };

describe('cell values', () => {
  it('store numbers with exactly the cell scale, from text with grouping or from spreadsheet numbers', () => {
    expect(parseCellValue(num(19, 2), '1,234.5')).toEqual({ ok: true, value: '1234.50' });
    expect(parseCellValue(num(19, 2), 0.1 + 0.2)).toEqual({ ok: true, value: '0.30' });
    expect(parseCellValue(num(), '(1,000)')).toEqual({ ok: true, value: '-1000' });
    expect(parseCellValue(num(), '-0')).toEqual({ ok: true, value: '0' });
    expect(parseCellValue(num(19, 2), '007.10')).toEqual({ ok: true, value: '7.10' });
  });

  it('refuse numbers with too many decimals or digits, with the reason', () => {
    expect(parseCellValue(num(19, 2), '1.234')).toEqual({ ok: false, message: 'Enter at most 2 decimal places.' });
    expect(parseCellValue(num(), '1.5')).toEqual({ ok: false, message: 'Enter a whole number, without decimals.' });
    expect(parseCellValue(num(5, 2), '1234')).toEqual({ ok: false, message: 'Enter at most 3 digits before the decimal point.' });
    expect(parseCellValue(num(), 'abc')).toEqual({ ok: false, message: 'Enter a whole number, such as 1,234.' });
    expect(parseCellValue(num(), '1,23')).toMatchObject({ ok: false });
  });

  it('keep 19 digits exactly, beyond what a double holds', () => {
    expect(parseCellValue(num(19, 0), '9999999999999999999')).toEqual({ ok: true, value: '9999999999999999999' });
  });

  it('store currency with two decimals and show it grouped', () => {
    const cell: Cell = { editor: 'currency' };
    expect(parseCellValue(cell, '1234567.8')).toEqual({ ok: true, value: '1234567.80' });
    expect(formatCellValue(cell, '-1234567.80')).toBe('-1,234,567.80');
  });

  it('read dates as dd-mm-yyyy, ISO dates and spreadsheet dates, and refuse days not in the calendar', () => {
    const cell: Cell = { editor: 'date' };
    expect(parseCellValue(cell, '31-12-2025')).toEqual({ ok: true, value: '2025-12-31' });
    expect(parseCellValue(cell, '2025-02-01')).toEqual({ ok: true, value: '2025-02-01' });
    expect(parseCellValue(cell, new Date(Date.UTC(2024, 1, 29)))).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseCellValue(cell, '29-02-2025')).toEqual({ ok: false, message: '29-02-2025 is not a date in the calendar.' });
    expect(parseCellValue(cell, '12/31/2025')).toMatchObject({ ok: false });
    expect(formatCellValue(cell, '2025-12-31')).toBe('31-12-2025');
    expect(workbookValue(cell, '2025-01-01')).toBe(45658);
  });

  it('read 24-hour times and spreadsheet day fractions', () => {
    const cell: Cell = { editor: 'time' };
    expect(parseCellValue(cell, '9:05')).toEqual({ ok: true, value: '09:05' });
    expect(parseCellValue(cell, 0.75)).toEqual({ ok: true, value: '18:00' });
    expect(parseCellValue(cell, '24:00')).toEqual({ ok: false, message: 'Enter a time as hh:mm (24-hour), such as 14:30.' });
  });

  it('accept only listed dropdown values, spelled as listed', () => {
    const cell: Cell = { editor: 'dropdown', listgroup: 295 };
    expect(parseCellValue(cell, ' director ', positions)).toEqual({ ok: true, value: 'Director' });
    expect(parseCellValue(cell, 'Treasurer', positions)).toEqual({ ok: false, message: 'Choose one of the listed values.' });
    expect(parseCellValue({ editor: 'dropdown', listgroup: 1 }, 'Director', positions)).toMatchObject({ ok: false });
  });

  it('treat blank input as empty, and ask for it only where the cell may not stay empty', () => {
    expect(parseCellValue(num(), '  ')).toEqual({ ok: true, value: null });
    expect(requiredProblem(num(), null)).toBe('This cell must be filled in.');
    expect(requiredProblem({ ...num(), allowempty: true }, null)).toBeNull();
    expect(requiredProblem(num(), null, true)).toBeNull();
  });

  it('round formula results to the cell scale and refuse error results', () => {
    const cell: Cell = { editor: 'formula', precision: 10, scale: 2 };
    expect(storedResult(cell, 233.3333)).toEqual({ ok: true, value: '233.33' });
    expect(storedResult(cell, 1.005)).toEqual({ ok: true, value: '1.01' });
    expect(storedResult(cell, 1e12)).toMatchObject({ ok: false });
    expect(storedResult(cell, { type: 'DIV_BY_ZERO', value: '#DIV/0!' })).toEqual({ ok: false, message: 'The formula answers #DIV/0!.' });
  });
});
