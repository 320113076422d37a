// Small readers of Record.* answers for protocol tests: a select as plain objects, a write's
// read-back row, and an exception with its JSON details.
import { expect } from 'vitest';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../protocol/envelope.js';
import type { TestEngine } from './test-engine.js';

export type Row = Record<string, unknown>;

export interface Page {
  columns: string[];
  rows: Row[];
  /** The count text of value 1, as a number. */
  total: number;
}

/** The values of a call that must succeed; a failure shows its exception in the test output. */
export function ok(values: EnvelopeValue[]): EnvelopeValue[] {
  expect(values[0]?.type, JSON.stringify(values[0])).not.toBe('exception');
  return values;
}

export function asPage(values: EnvelopeValue[]): Page {
  const [set, count] = ok(values) as [RecordsetValue, EnvelopeValue];
  expect(set.type).toBe('recordset');
  expect(count?.type).toBe('text');
  return { columns: set.columns.map((c) => c.name), rows: recordsetObjects(set), total: Number(count.type === 'text' ? count.text : NaN) };
}

export async function select(t: TestEngine, cookie: string, args: Record<string, unknown>, action = 'Record.select'): Promise<Page> {
  return asPage(await t.call(action, [args], cookie));
}

/** The single row a create/update answers with. */
export function readBack(values: EnvelopeValue[]): Row {
  const [set] = ok(values) as [RecordsetValue];
  expect(set.type).toBe('recordset');
  expect(set.rows).toHaveLength(1);
  return recordsetObjects(set)[0];
}

export interface Failure {
  code: string;
  message: string;
  /** The parsed JSON of the text value that follows the exception, if any. */
  details?: unknown;
}

export function failure(values: EnvelopeValue[]): Failure {
  const [ex, detail] = values;
  if (ex?.type !== 'exception') throw new Error(`expected an exception, got ${JSON.stringify(values).slice(0, 500)}`);
  const out: Failure = { code: ex.code, message: ex.message };
  if (detail) {
    if (detail.type !== 'text') throw new Error(`expected a text value after the exception, got ${detail.type}`);
    out.details = JSON.parse(detail.text);
  }
  expect(values.length).toBeLessThanOrEqual(2);
  return out;
}

export const ids = (page: Page): number[] => page.rows.map((r) => Number(r.id));
export const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
