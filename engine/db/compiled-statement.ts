// Statements that knex builds once and the engine runs many times. Building and compiling a
// query costs more than running a small indexed one, so hot paths keep the compiled SQL and its
// bindings (still bindings: nothing is ever put into the SQL text) and hand them to `raw`.
//
// A template is compiled once per shape (what decides the SQL text) with a sentinel in place of
// every value; each binding of the compiled statement is then either a value's slot or a
// constant of the builder (a LIKE's escape character). Running it for other values (another
// page, another filter value) is filling an array, not building a query.
import type { Knex } from 'knex';
import { BoundedCache } from '../cache/bounded-cache.js';
import { dialectOf } from './connect.js';

type Db = Knex | Knex.Transaction;
export type Row = Record<string, unknown>;

export interface CompiledStatement {
  sql: string;
  bindings: readonly Knex.Value[];
}

export function compile(qb: Knex.QueryBuilder): CompiledStatement {
  const { sql, bindings } = qb.toSQL();
  return { sql, bindings };
}

/** Runs a compiled SELECT and answers its rows, the same on both drivers. */
export async function selectCompiled(db: Db, statement: CompiledStatement): Promise<Row[]> {
  const result = await db.raw(statement.sql, statement.bindings as Knex.Value[]);
  // mysql2 answers raw queries as [rows, fields]; better-sqlite3 as the rows.
  return (dialectOf(db as Knex) === 'mysql' ? (result as unknown[])[0] : result) as Row[];
}

/**
 * Sentinels stand for values while a template is built: whole numbers no column holds and no
 * builder writes (limit and offset need numbers), far above any id or count.
 */
const SENTINEL_BASE = 9_007_199_254_000_000;
export const sentinel = (slot: number): number => SENTINEL_BASE + slot;
const slotOf = (b: unknown): number => (typeof b === 'number' && b >= SENTINEL_BASE ? b - SENTINEL_BASE : -1);

/** A binding of a template: a value's slot, or a constant the builder put there. */
type Part = { slot: number } | { constant: Knex.Value };

export interface StatementTemplate {
  sql: string;
  parts: Part[];
}

/**
 * Compiles a builder made with `sentinel(i)` for values 0..slots-1. Answers null when a value
 * did not come out as a binding of its own (so a template would lose it): callers then compile
 * the statement with its values instead.
 */
export function compileTemplate(qb: Knex.QueryBuilder, slots: number): StatementTemplate | null {
  const { sql, bindings } = qb.toSQL();
  if (sql.includes(String(SENTINEL_BASE).slice(0, 10))) return null;
  const seen = new Set<number>();
  const parts = bindings.map((b): Part => {
    const slot = slotOf(b);
    if (slot < 0) return { constant: b };
    if (slot >= slots) throw new Error(`compileTemplate: binding of unknown slot ${slot}`);
    seen.add(slot);
    return { slot };
  });
  return seen.size === slots ? { sql, parts } : null;
}

export function fillTemplate(t: StatementTemplate, values: readonly Knex.Value[]): CompiledStatement {
  return { sql: t.sql, bindings: t.parts.map((p) => ('slot' in p ? values[p.slot] : p.constant)) };
}

/**
 * Templates by a shape key that determines the SQL text completely (the caller's promise), per
 * dialect. Bounded: a shape that never repeats only costs an eviction.
 */
export class TemplateCache {
  private readonly cache: BoundedCache<StatementTemplate | null>;

  constructor(max: number) {
    this.cache = new BoundedCache(max);
  }

  /** The statement for `values`, from the cached template of `shape` (built by `template`), else by `build`. */
  statement(db: Db, shape: string, values: readonly Knex.Value[], template: () => Knex.QueryBuilder, build: () => Knex.QueryBuilder): CompiledStatement {
    const key = `${dialectOf(db as Knex)}|${shape}`;
    let t = this.cache.get(key);
    if (t === undefined) {
      t = compileTemplate(template(), values.length);
      this.cache.set(key, t);
    }
    return t ? fillTemplate(t, values) : compile(build());
  }
}

const inserts = new TemplateCache(1_000);

/** A value knex's raw bindings would not pass through as one value (an array is spread into a list). */
const plainValue = (v: unknown): boolean => v === null || typeof v !== 'object' || v instanceof Date || Buffer.isBuffer(v);

/**
 * INSERT of one row through a template per table and column set (the hot writes: a record, its
 * history and audit rows). Answers the new row's id when `idColumn` is given: SQLite by
 * RETURNING, MySQL by the statement's insert id. Undefined values are left out, as knex does.
 */
export async function insertCompiled(db: Db, table: string, row: Row, idColumn?: string): Promise<number | undefined> {
  const columns = Object.keys(row).filter((c) => row[c] !== undefined);
  const mysql = dialectOf(db as Knex) === 'mysql';
  const build = (value: (column: string, i: number) => unknown) => {
    const qb = db(table).insert(Object.fromEntries(columns.map((c, i) => [c, value(c, i)])));
    return idColumn && !mysql ? qb.returning(idColumn) : qb;
  };
  const values = columns.map((c) => row[c]);
  const statement = values.every(plainValue)
    ? inserts.statement(db, `insert|${table}|${idColumn ?? ''}|${columns.join(',')}`, values as Knex.Value[], () => build((_, i) => sentinel(i)), () => build((c) => row[c]))
    : compile(build((c) => row[c]));
  const result = await db.raw(statement.sql, statement.bindings as Knex.Value[]);
  if (!idColumn) return undefined;
  return Number(mysql ? (result as [{ insertId: number }])[0].insertId : (result as Row[])[0][idColumn]);
}
