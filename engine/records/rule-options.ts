// The values of a field with fixed `options` that a caller may write under the module's row
// rules (docs/row-rules.md): an Excel import's Form Type (docs/excel.md). The rules' conditions
// that name only that field are compiled by the one evaluator (row-rules.ts, the where compiler)
// and run against the options themselves, so what a create page offers is what a write keeps.
import type { Knex } from 'knex';
import type { Caller } from '../runtime/context.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { RuleCondition } from '../metadata/module-schema.js';
import { applyRowLimit, conditionsFor, planConditions } from './row-rules.js';

type Db = Knex | Knex.Transaction;
type Option = string | number;

/**
 * The options of `module`'s field `name` the caller's rules allow, in the metadata's order. A
 * rule condition that names any other field is left out here (the row's other columns are not
 * known yet); the whole rules still decide every write (assertWithinRules).
 */
export async function ruleOptions(db: Db, module: ResolvedModule, name: string, caller: Caller, modules: (name: string) => ResolvedModule | undefined): Promise<Option[]> {
  const field = module.fields.get(name);
  const options = field?.def.options ?? [];
  if (!field || !options.length) return [];
  const kept = conditionsFor(module.rowRules ?? [], caller).filter((c) => namesOnly(c, name));
  if (!kept.length) return [...options];
  const values = { userId: caller.userId, currentRe: caller.currentRe, sector: caller.facts?.sector ?? null };
  const plans = planConditions(kept, module, modules, values, new Set());
  // One row per option, `{column}` holding it, filtered by the planned conditions.
  const alias = 'o';
  // Built by knex: each option a bound value, the column from metadata an identifier.
  const derived = db.queryBuilder().unionAll(options.map((v, i) => db.select(db.raw('? as ??', [i, 'n']), db.raw('? as ??', [v, field.column]))));
  const qb = db.from(derived.as(alias)).select(`${alias}.n`);
  applyRowLimit(db, qb, module, { plans, key: '', tables: [] }, alias);
  const hit = new Set(((await qb) as { n: unknown }[]).map((r) => Number(r.n)));
  return options.filter((_v, i) => hit.has(i));
}

/** Whether a condition (or group) names the field and nothing else (no `via`, `link` or `valuesOf`). */
function namesOnly(c: RuleCondition, name: string): boolean {
  if (Array.isArray(c)) return c[0] === name;
  for (const kind of ['or', 'and', 'not'] as const) {
    if (kind in c) return (c as Record<string, RuleCondition[]>)[kind].every((m) => namesOnly(m, name));
  }
  return false;
}
