// A tab's extract table split into parts that every database can hold (docs/filing-periods.md
// "Extract tables"). MariaDB refuses a table whose row could exceed 8,126 bytes inline (about 880
// decimal(19,0) columns, or 390 text columns) or that has more than 1,017 columns; SQLite stops at
// 2,000. A tab of 2,000 cells, or of 500 dropdowns, would make the accept fail. So the cells go,
// in template order, into parts of at most PART_BYTES inline bytes and PART_COLUMNS columns: part
// 1 keeps the seed's name (`ST_` + form id + `_` + tab id), part k the same name cut to leave room
// for `_P{k}`. Every part has the key columns and one row per form × line number, so analysts
// join the parts on FORM_ID and LINENUMBER. A column stays in the part that first held it; a later
// version's new cells go to the last part while it has room, then to a new one.
//
// Pure (the designer's template check names the parts too).
import { LINE_NUMBER_COLUMN, TABLE_NAME_LIMIT, type ExtractColumn, type ExtractDefinition } from './extract-definition.js';

/** Inline bytes a part's cells may take: MariaDB's 8,126 less the key columns, null flags and room. */
export const PART_BYTES = 6_000;
/** Cell columns of a part: below InnoDB's 1,017 columns and SQLite's 2,000, with the key columns. */
export const PART_COLUMNS = 900;
/** What a column of unknown type (a cell a later version dropped) is counted as: the widest decimal's. */
const UNKNOWN_BYTES = 30;

const DIGIT_BYTES = [0, 1, 1, 2, 2, 3, 3, 4, 4];
const digits = (n: number) => Math.floor(n / 9) * 4 + DIGIT_BYTES[n % 9];

/** A numeric cell's column as created: its digits and decimals, within what both databases take. */
export function decimalDigits(c: Pick<ExtractColumn, 'precision' | 'scale'>): { precision: number; scale: number } {
  return { precision: Math.min(c.precision ?? 19, 65), scale: Math.min(c.scale ?? 0, 30) };
}

/** The bytes MariaDB keeps inline for a column of this type (a text column: its 20-byte pointer and flags). */
export function inlineBytes(c: Pick<ExtractColumn, 'type' | 'precision' | 'scale'>): number {
  if (c.type === 'numeric') {
    const { precision, scale } = decimalDigits(c);
    const decimals = Math.min(scale, precision);
    return digits(precision - decimals) + digits(decimals);
  }
  if (c.type === 'date') return 3;
  if (c.type === 'time') return 33;
  return 21;
}

/** The name of part `k` (1-based) of a tab's table. */
export function partTable(table: string, k: number): string {
  if (k === 1) return table;
  const suffix = `_P${k}`;
  return `${table.slice(0, TABLE_NAME_LIMIT - suffix.length)}${suffix}`;
}

export interface ExtractPart {
  table: string;
  /** The definition's cell columns this part holds, in template order. */
  columns: ExtractColumn[];
  /** Of them, those the part does not have yet (all of them for a new part). */
  added: ExtractColumn[];
  /** Whether the table exists already. */
  exists: boolean;
}

/**
 * The parts of a definition's cell columns, given the column names of the parts that exist
 * (`existing[k - 1]`: part k's cell columns, upper-cased or not). Existing columns stay where they
 * are; the others fill the last part, then new ones.
 */
export function extractParts(table: string, columns: readonly ExtractColumn[], existing: readonly (readonly string[])[] = []): ExtractPart[] {
  const byName = new Map(columns.map((c) => [c.name.toUpperCase(), c]));
  const parts = existing.map((names, i) => {
    const held = new Set(names.map((n) => n.toUpperCase()));
    let bytes = 0;
    for (const n of held) bytes += byName.has(n) ? inlineBytes(byName.get(n)!) : UNKNOWN_BYTES;
    return { table: partTable(table, i + 1), held, bytes, count: held.size, columns: [] as ExtractColumn[], added: [] as ExtractColumn[], exists: true };
  });
  const home = new Map<string, (typeof parts)[number]>();
  for (const p of parts) for (const n of p.held) home.set(n, p);
  for (const c of columns) {
    if (c.name === LINE_NUMBER_COLUMN) continue;
    const key = c.name.toUpperCase();
    let part = home.get(key);
    if (!part) {
      const cost = inlineBytes(c);
      part = parts[parts.length - 1];
      if (!part || part.bytes + cost > PART_BYTES || part.count + 1 > PART_COLUMNS) {
        part = { table: partTable(table, parts.length + 1), held: new Set(), bytes: 0, count: 0, columns: [], added: [], exists: false };
        parts.push(part);
      }
      part.held.add(key);
      part.bytes += cost;
      part.count += 1;
      part.added.push(c);
      home.set(key, part);
    }
    part.columns.push(c);
  }
  if (!parts.length) parts.push({ table, held: new Set(), bytes: 0, count: 0, columns: [], added: [], exists: false });
  return parts.map(({ table: name, columns: cs, added, exists }) => ({ table: name, columns: cs, added, exists }));
}

/** The tables a new definition's extract takes (the template check refuses two tabs sharing one). */
export function partTables(def: Pick<ExtractDefinition, 'table' | 'columns'>): string[] {
  return extractParts(def.table, def.columns).map((p) => p.table);
}
