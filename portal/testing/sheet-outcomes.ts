// One formula result as two spreadsheet engines answer it, and whether they agree: the portal's
// (a HyperFormula cell value from FormWorkbook.value) and LibreOffice's (libreoffice.ts). Numbers
// agree to a relative 1e-9, or exactly where the value is a rounded one; text exactly; booleans;
// errors by kind (#DIV/0!, #VALUE!, #NUM!, #N/A, #NAME?…).
import type { SheetResult } from '../../engine/testing/libreoffice.js';
import type { Comparison } from '../../portal/testing/formula-corpus.js';

export type Outcome =
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; value: string }
  | { kind: 'empty' }
  | { kind: 'missing' };

/** What the portal's workbook holds in a cell. */
export function portalOutcome(v: unknown): Outcome {
  if (v === null || v === undefined) return { kind: 'empty' };
  if (typeof v === 'number') return { kind: 'number', value: v };
  if (typeof v === 'string') return { kind: 'text', value: v };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (typeof v === 'object' && 'value' in v) return { kind: 'error', value: String((v as { value: unknown }).value) };
  return { kind: 'text', value: String(v) };
}

/** What LibreOffice saved for a formula cell (undefined: the cell was not in its file). */
export function libreOutcome(v: SheetResult | undefined): Outcome {
  if (v === undefined) return { kind: 'missing' };
  if (v === null) return { kind: 'empty' };
  if (typeof v === 'number') return { kind: 'number', value: v };
  if (typeof v === 'string') return { kind: 'text', value: v };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  return { kind: 'error', value: v.error };
}

/** A time read back from a date-formatted cell is rounded to the millisecond (exceljs). */
const MILLISECOND = 1 / 86_400_000;

export function agree(a: Outcome, b: Outcome, compare: Comparison): boolean {
  if (a.kind === 'number' && b.kind === 'number') {
    if (compare === 'exact') return a.value === b.value;
    const gap = Math.abs(a.value - b.value);
    if (compare === 'time') return gap <= MILLISECOND;
    return gap === 0 || gap <= 1e-9 * Math.max(Math.abs(a.value), Math.abs(b.value));
  }
  if (a.kind !== b.kind) return false;
  return !('value' in a) || a.value === (b as typeof a).value;
}

export function describeOutcome(o: Outcome): string {
  switch (o.kind) {
    case 'number':
      return String(o.value);
    case 'text':
      return JSON.stringify(o.value);
    case 'boolean':
      return o.value ? 'TRUE' : 'FALSE';
    case 'error':
      return o.value;
    case 'empty':
      return '(empty)';
    case 'missing':
      return '(no such cell in the file)';
  }
}
