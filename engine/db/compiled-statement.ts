// Statements that knex builds once and the engine runs many times. Building and compiling a
// query costs more than running a small indexed one, so hot paths keep the compiled SQL and its
// bindings (still bindings: nothing is ever put into the SQL text) and hand them to `raw`.
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
 * Compiled statements by a key that determines them completely (the caller's promise), per
 * dialect. Bounded: a key that never repeats only costs an eviction.
 */
export class StatementCache {
  private readonly cache: BoundedCache<CompiledStatement>;

  constructor(max: number) {
    this.cache = new BoundedCache(max);
  }

  get(db: Db, key: string, build: () => Knex.QueryBuilder): CompiledStatement {
    const full = `${dialectOf(db as Knex)}|${key}`;
    let statement = this.cache.get(full);
    if (!statement) {
      statement = compile(build());
      this.cache.set(full, statement);
    }
    return statement;
  }
}
