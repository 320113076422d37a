// Builds the SELECT of a module: its table as `t`, the child table of a link module as `c`,
// one LEFT JOIN per lookup that a requested column or condition needs (never a query per
// row), the entity scope, the where conditions and the order.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, CHILD_ALIAS, type ResolvedField, type ResolvedModule } from '../metadata/module-registry.js';
import { applyWhere, normaliseWhere, whereFields } from './where-compiler.js';
import { applyOrder, parseOrder } from './order-parser.js';
import { applyScope } from './module-access.js';

type Db = Knex | Knex.Transaction;

export function resolveFields(module: ResolvedModule, names: string[] | undefined): ResolvedField[] {
  const list = names && names.length ? names : module.defaultFields;
  const seen = new Set<string>();
  return list.map((name) => {
    const f = module.fields.get(name);
    if (!f) throw errors.invalidField(module.name, name);
    if (seen.has(name)) throw errors.badRequest(`Field "${name}" is asked for twice`);
    seen.add(name);
    return f;
  });
}

/** Names of the lookup joins that the given fields read from. */
function aliasesOf(fields: ResolvedField[]): Set<string> {
  return new Set(fields.map((f) => f.alias));
}

/** FROM and the joins that `aliases` need. */
export function fromModule(db: Db, module: ResolvedModule, aliases: Set<string>): Knex.QueryBuilder {
  const qb = db({ [BASE_ALIAS]: module.table });
  if (module.child) qb.join({ [CHILD_ALIAS]: module.child.table }, `${CHILD_ALIAS}.id`, `${BASE_ALIAS}.${module.child.linkColumn}`);
  for (const lk of module.lookups) {
    if (aliases.has(lk.alias)) qb.leftJoin({ [lk.alias]: lk.table }, `${lk.alias}.id`, `${lk.fromAlias}.${lk.fromColumn}`);
  }
  return qb;
}

export interface SelectPlan {
  fields: ResolvedField[];
  rows: Knex.QueryBuilder;
  count: Knex.QueryBuilder;
}

export interface SelectInput {
  fields?: string[];
  where?: unknown;
  order?: unknown;
  limit: number;
  offset: number;
}

export function planSelect(db: Db, module: ResolvedModule, scopeRe: number | null | undefined, input: SelectInput): SelectPlan {
  const fields = resolveFields(module, input.fields);
  const conditions = normaliseWhere(input.where ?? [], module);
  const order = parseOrder(input.order, module);
  const filterFields = whereFields(conditions);
  const rowAliases = aliasesOf([...fields, ...filterFields, ...order.map((o) => o.field)]);

  const rows = fromModule(db, module, rowAliases).select(fields.map((f) => `${f.alias}.${f.column} as ${f.name}`));
  applyScope(db, rows, module, scopeRe);
  applyWhere(rows, conditions, module);
  applyOrder(rows, order);
  rows.limit(input.limit).offset(input.offset);

  // Lookups are LEFT JOINs on a key, so they never change the count: only joins a condition needs.
  const count = fromModule(db, module, aliasesOf(filterFields)).count({ n: '*' });
  applyScope(db, count, module, scopeRe);
  applyWhere(count, conditions, module);
  return { fields, rows, count };
}
