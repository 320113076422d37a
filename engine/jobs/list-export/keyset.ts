// Keyset paging over a list's order: the next page is the rows that sort after the last row of
// this one, so every page costs the same however deep the export is (an OFFSET would re-read
// every row before it) and no connection is held between pages (on SQLite the pool has one).
// The order always ends in the id (order-parser.ts), so "after" is exact. Both databases sort
// NULL first ascending and last descending; the conditions below follow that.
import type { Knex } from 'knex';
import type { OrderTerm } from '../../records/order-parser.js';

type Db = Knex | Knex.Transaction;
export type KeyValues = unknown[];

const keyAlias = (i: number) => `__k${i}`;
const columnOf = (t: OrderTerm) => `${t.field.alias}.${t.field.column}`;

/** Adds the order columns to the select, as `__k0…`, so the last row of a page carries its keys. */
export function selectKeys(qb: Knex.QueryBuilder, order: OrderTerm[]): Knex.QueryBuilder {
  return qb.select(order.map((t, i) => `${columnOf(t)} as ${keyAlias(i)}`));
}

export function keysOf(row: Record<string, unknown>, order: OrderTerm[]): KeyValues {
  return order.map((_, i) => row[keyAlias(i)] ?? null);
}

/**
 * A key value bound for comparison with its column. MariaDB compares a DECIMAL with a string
 * (how mysql2 hands DECIMAL back) as doubles; cast back to DECIMAL so equal stays equal.
 */
function bound(db: Db, t: OrderTerm, v: unknown, dialect: 'sqlite' | 'mysql'): Knex.Value | Knex.Raw {
  if (dialect === 'mysql' && t.field.type === 'decimal') return db.raw('CAST(? AS DECIMAL(65, 30))', [v as Knex.Value]);
  return v as Knex.Value;
}

/** Rows that sort after `last`: for some term i, equal on the terms before it and beyond it on i. */
export function whereAfter(db: Db, qb: Knex.QueryBuilder, order: OrderTerm[], last: KeyValues, dialect: 'sqlite' | 'mysql'): Knex.QueryBuilder {
  const first = order[0];
  // A plain range on the leading column lets both planners start from the index (the OR below alone would not).
  if (first && first.dir === 'asc' && last[0] !== null) qb.where(columnOf(first), '>=', bound(db, first, last[0], dialect));
  return qb.where((any) => {
    order.forEach((term, i) => {
      const v = last[i];
      // Descending, NULL sorts last: nothing is beyond a NULL but more NULLs, which a later term orders.
      if (term.dir === 'desc' && v === null) return;
      any.orWhere((branch) => {
        for (let j = 0; j < i; j++) {
          const prev = last[j];
          if (prev === null) branch.whereNull(columnOf(order[j]));
          else branch.where(columnOf(order[j]), bound(db, order[j], prev, dialect));
        }
        if (v === null) branch.whereNotNull(columnOf(term));
        else if (term.dir === 'asc') branch.where(columnOf(term), '>', bound(db, term, v, dialect));
        else branch.where((d) => d.where(columnOf(term), '<', bound(db, term, v, dialect)).orWhereNull(columnOf(term)));
      });
    });
  });
}
