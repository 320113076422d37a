// A tab's extract table in parts every database can hold (extract-parts.ts): cells in template
// order, each part within the inline bytes and columns MariaDB and SQLite allow, the seed's name on
// the first, columns staying where they are when a later version adds cells.
import { describe, expect, it } from 'vitest';
import type { ExtractColumn } from './extract-definition.js';
import { extractParts, inlineBytes, PART_BYTES, PART_COLUMNS, partTable, partTables } from './extract-parts.js';

const numeric = (n: number, scale = 0): ExtractColumn => ({ name: `C${n}`, type: 'numeric', precision: 19, scale, title: '', table: 'ST_X_01' });
const text = (n: number): ExtractColumn => ({ name: `T${n}`, type: 'text', title: '', table: 'ST_X_01' });
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const bytesOf = (cs: ExtractColumn[]) => cs.reduce((b, c) => b + inlineBytes(c), 0);

describe('extract parts', () => {
  it('keeps a tab that fits in one table under the seed\'s name', () => {
    const parts = extractParts('ST_BNK_01_01', range(500).map((n) => numeric(n)));
    expect(parts.map((p) => [p.table, p.columns.length, p.exists])).toEqual([['ST_BNK_01_01', 500, false]]);
  });

  it('splits 2,000 numeric cells into parts of at most the bytes and columns a MariaDB row holds, every cell once and in order', () => {
    const columns = range(2000).map((n) => numeric(n, 2));
    const parts = extractParts('ST_BIG_01_01', columns);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.table)).toEqual(parts.map((_, i) => (i === 0 ? 'ST_BIG_01_01' : `ST_BIG_01_01_P${i + 1}`)));
    for (const p of parts) {
      expect(bytesOf(p.columns)).toBeLessThanOrEqual(PART_BYTES);
      expect(p.columns.length).toBeLessThanOrEqual(PART_COLUMNS);
    }
    expect(parts.flatMap((p) => p.columns.map((c) => c.name))).toEqual(columns.map((c) => c.name));
  });

  it('counts text cells by their pointer, so 500 dropdowns take two parts', () => {
    const parts = extractParts('ST_DRP_01_01', range(500).map(text));
    expect(parts).toHaveLength(2);
    expect(parts[0].columns.length * inlineBytes(text(1))).toBeLessThanOrEqual(PART_BYTES);
  });

  it('keeps existing columns in their parts and puts a new version\'s cells in the last part while it has room', () => {
    const v1 = range(1000).map((n) => numeric(n));
    const first = extractParts('ST_X_01', v1);
    const existing = first.map((p) => p.columns.map((c) => c.name));
    const v2 = [...v1.filter((c) => c.name !== 'C5'), numeric(1001), numeric(1002)];
    const again = extractParts('ST_X_01', v2, existing);
    expect(again.map((p) => p.table)).toEqual(first.map((p) => p.table));
    expect(again.every((p) => p.exists)).toBe(true);
    expect(again.at(-1)!.added.map((c) => c.name)).toEqual(['C1001', 'C1002']);
    expect(again.slice(0, -1).every((p) => p.added.length === 0)).toBe(true);
    // A full last part: the new cells start a new one.
    const full = [range(Math.floor(PART_BYTES / inlineBytes(numeric(1)))).map((n) => `C${n}`)];
    const grown = extractParts('ST_X_01', [...range(full[0].length).map((n) => numeric(n)), numeric(5000)], full);
    expect(grown.map((p) => [p.table, p.exists, p.added.map((c) => c.name)])).toEqual([['ST_X_01', true, []], ['ST_X_01_P2', false, ['C5000']]]);
  });

  it('cuts a long name to leave room for the part number, within 32 characters', () => {
    const long = 'ST_ABCDEFGHIJKLMNOPQRSTUVWXYZ_01';
    expect(long).toHaveLength(32);
    expect(partTable(long, 2)).toBe('ST_ABCDEFGHIJKLMNOPQRSTUVWXYZ_P2');
    expect(partTable(long, 12)).toHaveLength(32);
    expect(partTables({ table: long, columns: range(1500).map((n) => numeric(n)) })).toHaveLength(3);
  });
});
