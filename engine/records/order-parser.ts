// The `order` of Record.select (PROTOCOL.md §4): "createon desc, code asc", "name",
// [["createon", "desc"], ["code"]], [{field, dir}] or a mix of terms in an array.
// Nothing given → the module's defaultOrder. The id field is always the last key, so pages
// of rows with equal sort values come back in a stable order; it takes the last term's
// direction, so `createon desc` is `createon desc, id desc`: an index on (createon) serves it
// read backwards on both databases (SQLite's rowid and InnoDB's primary key end every index).
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import type { ResolvedField, ResolvedModule } from '../metadata/module-registry.js';
import { isGroupedSort } from './state-groups.js';

export interface OrderTerm {
  field: ResolvedField;
  dir: 'asc' | 'desc';
}

export const MAX_ORDER_TERMS = 10;

type RawTerm = { name: unknown; dir: unknown; path: string };

export function parseOrder(raw: unknown, module: ResolvedModule): OrderTerm[] {
  const given = rawTerms(raw);
  const terms = given.length ? given : module.defaultOrder.map(([name, dir], i) => ({ name, dir, path: `defaultOrder[${i}]` }));
  if (terms.length > MAX_ORDER_TERMS) throw errors.badRequest(`order: at most ${MAX_ORDER_TERMS} terms, not ${terms.length}`);
  const out: OrderTerm[] = [];
  for (const { name, dir, path } of terms) {
    const field = typeof name === 'string' ? module.fields.get(name) : undefined;
    if (!field || field.def.secret) throw errors.invalidField(module.name, String(name));
    const d = dir === undefined ? 'asc' : typeof dir === 'string' ? dir.trim().toLowerCase() : undefined;
    if (d !== 'asc' && d !== 'desc') throw errors.badRequest(`${path}: direction ${JSON.stringify(dir)} must be asc or desc`);
    // A variant's grouped states (state-groups.ts) do not sort apart: the term is left out.
    if (isGroupedSort(module, field.name)) continue;
    // A repeated field cannot change the order any more; keep its first direction.
    if (!out.some((t) => t.field.name === field.name)) out.push({ field, dir: d });
  }
  if (!out.some((t) => t.field.name === module.idField)) {
    const id = module.fields.get(module.idField);
    if (id) out.push({ field: id, dir: out.length ? out[out.length - 1].dir : 'asc' });
  }
  return out;
}

function rawTerms(raw: unknown): RawTerm[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string') {
    if (!raw.trim()) return [];
    return raw.split(',').map((term, i) => textTerm(term, `order[${i}]`));
  }
  if (!Array.isArray(raw)) throw errors.badRequest('order: must be "field dir, ..." or [[field, dir], ...]');
  return raw.map((item: unknown, i) => {
    const path = `order[${i}]`;
    if (typeof item === 'string') return textTerm(item, path);
    if (Array.isArray(item) && (item.length === 1 || item.length === 2)) return { name: item[0], dir: item[1], path };
    if (typeof item === 'object' && item !== null && 'field' in item && Object.keys(item).every((k) => k === 'field' || k === 'dir')) {
      const o = item as { field: unknown; dir?: unknown };
      return { name: o.field, dir: o.dir, path };
    }
    throw errors.badRequest(`${path}: a term is "field dir", [field, dir] or {field, dir}`);
  });
}

function textTerm(term: string, path: string): RawTerm {
  const words = term.trim().split(/\s+/);
  if (!words[0] || words.length > 2) throw errors.badRequest(`${path}: ${JSON.stringify(term.trim())} is not "field [asc|desc]"`);
  return { name: words[0], dir: words[1], path };
}

export function applyOrder(qb: Knex.QueryBuilder, terms: OrderTerm[]): Knex.QueryBuilder {
  for (const t of terms) qb.orderBy(`${t.field.alias}.${t.field.column}`, t.dir);
  return qb;
}
