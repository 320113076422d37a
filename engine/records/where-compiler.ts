// The `where` of Record.select (PROTOCOL.md §4) in two steps: normaliseWhere turns the
// client's JSON and the module's metadata into canonical conditions (pure; refusals are
// AppErrors), applyWhere adds them to a knex builder on qualified columns, every value bound.
//
// What is accepted, decided here:
// - where: undefined/null → no conditions; otherwise an array of conditions, AND-ed.
// - A condition: [field, operator, value] ([field, operator] for is null / is not null);
//   {field, operator, value} (the original clients' object form, same meaning);
//   {"or": [condition, ...]}; {"and": [condition, ...]} (an AND inside an or);
//   ["$filter", name, params?]: a named filter of the module's metadata, its `{"param": n}`
//   placeholders replaced by params[n] (checked against the declared type), `{"now": ""}` by
//   the current UTC date-time.
// - Operators are case-insensitive with whitespace collapsed. Canonical forms: <> → !=,
//   = [list] → in, != [list] → not in, = null → is null, != null → is not null,
//   is not null/"null" → is not null, empty in → false, empty not in → true,
//   empty or-group → false, empty and-group → true.
// - NULL: =, !=, <…, like, not like, in, not in keep SQL meaning (a NULL column never
//   matches). `is not v` is the NULL-inclusive inequality: (col <> v OR col IS NULL).
//   A null inside an in-list is refused rather than silently matching nothing.
// - like / not like: `%` and `_` sent by the client stay wildcards (the original clients send
//   `%value%`) and `\` escapes them (ESCAPE '\' on both dialects); containsPattern() builds a
//   literal "contains". Case-insensitive on MariaDB (utf8mb4_unicode_ci) and, for ASCII, on
//   SQLite; MariaDB keeps json columns utf8mb4_bin, so like on json is case-sensitive there.
// - Values are coerced by field type: integers, decimals, booleans (true/false/1/0 → 1/0),
//   dates YYYY-MM-DD or DD/MM/YYYY, date-times YYYY-MM-DD HH:mm[:ss]. A date-only value on a
//   date-time field means its day: 00:00:00 for between's lower bound, < and >=, 23:59:59
//   for between's upper bound, <= and >; other operators need the time.
// - Limits: 200 condition nodes (leaves, groups, expanded filter conditions), groups nested
//   8 deep, 1000 values in a list. A comma-joined list cannot carry commas or empty values.
import type { Knex } from 'knex';
import { sqlDate, sqlDateTime } from '../db/clock.js';
import { splitDateTime } from './value-codec.js';
import { AppError, errors } from '../errors/catalogue.js';
import type { ResolvedField, ResolvedModule } from '../metadata/module-registry.js';
import type { FieldType } from '../metadata/module-schema.js';
import { expandStateGroups } from './state-groups.js';

export type RawWhere = unknown;
type Scalar = string | number;
type ValueOp = '=' | '!=' | '<' | '>' | '<=' | '>=' | 'is not' | 'like' | 'not like';
type LeafOp = ValueOp | 'between' | 'in' | 'not in' | 'is null' | 'is not null';

export type NormalCondition =
  | { op: ValueOp; field: ResolvedField; value: Scalar }
  | { op: 'between'; field: ResolvedField; value: [Scalar, Scalar] }
  | { op: 'in' | 'not in'; field: ResolvedField; value: Scalar[] }
  | { op: 'is null' | 'is not null'; field: ResolvedField }
  | { op: 'or'; conditions: NormalCondition[] }
  /** A named filter's `linked`: EXISTS (table.match = row id AND table.column = value). */
  | { op: 'exists'; id: ResolvedField; table: string; match: string; column: string; value: Scalar }
  | { op: 'and'; conditions: NormalCondition[] }
  | { op: 'true' }
  | { op: 'false' };

export const MAX_CONDITIONS = 200;
export const MAX_DEPTH = 8;
export const MAX_LIST = 1000;

const OPERATORS = new Map<string, LeafOp>([
  ['=', '='], ['!=', '!='], ['<>', '!='], ['<', '<'], ['>', '>'], ['<=', '<='], ['>=', '>='],
  ['like', 'like'], ['not like', 'not like'], ['between', 'between'], ['in', 'in'], ['not in', 'not in'],
  ['is null', 'is null'], ['is not null', 'is not null'], ['is not', 'is not'],
]);

// Which field types each operator may touch (Directus-style allow-list).
const ALL: readonly FieldType[] = ['string', 'text', 'integer', 'decimal', 'date', 'datetime', 'boolean', 'json'];
const EQUAL = ALL.filter((t) => t !== 'json');
const ORDERED: readonly FieldType[] = ['string', 'integer', 'decimal', 'date', 'datetime'];
const TEXTUAL: readonly FieldType[] = ['string', 'text', 'json'];
const LISTED = ALL.filter((t) => t !== 'json' && t !== 'text');
const ALLOWED: Record<LeafOp, readonly FieldType[]> = {
  '=': EQUAL, '!=': EQUAL, 'is not': EQUAL,
  '<': ORDERED, '>': ORDERED, '<=': ORDERED, '>=': ORDERED, between: ORDERED,
  like: TEXTUAL, 'not like': TEXTUAL,
  in: LISTED, 'not in': LISTED,
  'is null': ALL, 'is not null': ALL,
};
// Where a date-only value falls in its day on a date-time field, per operator.
const DAY_BOUND: Partial<Record<LeafOp, 'start' | 'end'>> = { '<': 'start', '>=': 'start', '<=': 'end', '>': 'end' };

interface Ctx {
  module: ResolvedModule;
  nodes: number;
  now: Date;
  /** Set when a condition took its value from `now` (a named filter's `{"now": ""}`). */
  readsClock: boolean;
}

/** Escapes LIKE wildcards and wraps in `%…%`: a literal "contains" for callers that need one. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function normaliseWhere(raw: RawWhere, module: ResolvedModule, opts: { now?: Date } = {}): NormalCondition[] {
  return normaliseWhereClocked(raw, module, opts).conditions;
}

/** The normal conditions, and whether they depend on the time they were made at (then they must not be kept). */
export function normaliseWhereClocked(raw: RawWhere, module: ResolvedModule, opts: { now?: Date } = {}): { conditions: NormalCondition[]; readsClock: boolean } {
  if (raw === undefined || raw === null) return { conditions: [], readsClock: false };
  if (!Array.isArray(raw)) throw errors.badRequest('where: must be an array of conditions');
  const ctx: Ctx = { module, nodes: 0, now: opts.now ?? new Date(), readsClock: false };
  const conditions = andList(raw, 'where', 0, ctx);
  return { conditions, readsClock: ctx.readsClock };
}

/**
 * A string that is equal for two condition lists exactly when they select the same rows of the
 * same module: field names, operators and typed values (a Date by its instant).
 */
export function conditionsKey(conditions: NormalCondition[]): string {
  return JSON.stringify(conditions, (key, value) => (key === 'field' && value && typeof value === 'object' ? (value as ResolvedField).name : value));
}

/** Every field the conditions read, so the caller knows which lookup joins they need. */
export function whereFields(conditions: NormalCondition[], out: ResolvedField[] = []): ResolvedField[] {
  for (const c of conditions) {
    if ('field' in c) out.push(c.field);
    else if ('conditions' in c) whereFields(c.conditions, out);
  }
  return out;
}

function andList(items: unknown[], path: string, depth: number, ctx: Ctx): NormalCondition[] {
  return items.flatMap((item, i) => condition(item, `${path}[${i}]`, depth, ctx)).filter((c) => c.op !== 'true');
}

function condition(item: unknown, path: string, depth: number, ctx: Ctx): NormalCondition[] {
  if (++ctx.nodes > MAX_CONDITIONS) throw errors.badRequest(`${path}: more than ${MAX_CONDITIONS} conditions`);
  if (Array.isArray(item)) {
    if (item[0] === '$filter') return namedFilter(item, path, ctx);
    if (item.length < 2 || item.length > 3) throw errors.badRequest(`${path}: a condition is [field, operator, value], not ${item.length} elements`);
    return [leaf(item[0], item[1], item[2], (k) => `${path}[${k}]`, ctx)];
  }
  if (isObject(item)) {
    const keys = Object.keys(item);
    if (keys.length === 1 && (keys[0] === 'or' || keys[0] === 'and')) {
      const kind = keys[0];
      const list = item[kind];
      if (depth >= MAX_DEPTH) throw errors.badRequest(`${path}: groups are nested more than ${MAX_DEPTH} levels deep`);
      if (!Array.isArray(list)) throw errors.badRequest(`${path}.${kind}: must be an array of conditions`);
      if (kind === 'and') return [{ op: 'and', conditions: andList(list, `${path}.and`, depth + 1, ctx) }];
      const members = list.map((c, i) => {
        const conds = condition(c, `${path}.or[${i}]`, depth + 1, ctx);
        return conds.length === 1 ? conds[0] : { op: 'and' as const, conditions: conds };
      });
      return [{ op: 'or', conditions: members }];
    }
    if (keys.includes('field') && keys.includes('operator') && keys.every((k) => k === 'field' || k === 'operator' || k === 'value')) {
      const names = ['field', 'operator', 'value'] as const;
      return [leaf(item.field, item.operator, item.value, (k) => `${path}.${names[k]}`, ctx)];
    }
  }
  throw errors.badRequest(`${path}: a condition is [field, operator, value], {"or": [...]} or ["$filter", name, params]`);
}

function leaf(rawField: unknown, rawOp: unknown, value: unknown, at: (k: 0 | 1 | 2) => string, ctx: Ctx): NormalCondition {
  const field = fieldOf(rawField, ctx.module);
  if (typeof rawOp !== 'string') throw errors.badRequest(`${at(1)}: the operator must be a string`);
  let op = OPERATORS.get(rawOp.trim().toLowerCase().replace(/\s+/g, ' '));
  if (!op) throw errors.invalidOperator(rawOp, field.name);
  const nullValue = value === null || (op === 'is not' && typeof value === 'string' && value.trim().toLowerCase() === 'null');
  if (nullValue && op === '=') op = 'is null';
  else if (nullValue && (op === '!=' || op === 'is not')) op = 'is not null';
  else if (Array.isArray(value) && op === '=') op = 'in';
  else if (Array.isArray(value) && op === '!=') op = 'not in';
  // A variant's grouped states (RE-Extension: -1 "In Progress") stand for their members.
  const grouped = field.name === 'state' || field.name === 'state_name_ind_field' ? expandStateGroups(ctx.module, op, value, field.name) : null;
  if (grouped) ({ op, value } = grouped);
  if (!ALLOWED[op].includes(field.type)) throw errors.invalidOperator(rawOp.trim(), field.name);

  switch (op) {
    case 'is null':
    case 'is not null':
      return { op, field };
    case 'in':
    case 'not in': {
      const items = listOf(value, at(2));
      if (!items.length) return { op: op === 'in' ? 'false' : 'true' };
      const coerced = items.map((v, i) => coerce(field.type, field.name, v, `${at(2)}[${i}]`));
      return { op, field, value: [...new Set(coerced)] };
    }
    case 'between': {
      const [lo, hi] = boundsOf(value, at(2));
      return { op, field, value: [coerce(field.type, field.name, lo, at(2), 'start'), coerce(field.type, field.name, hi, at(2), 'end')] };
    }
    case 'like':
    case 'not like':
      if (typeof value === 'number' && Number.isFinite(value)) return { op, field, value: String(value) };
      if (typeof value !== 'string') throw errors.badRequest(`${at(2)}: ${op} needs a text pattern (field ${field.name})`);
      return { op, field, value };
    default:
      if (value === undefined) throw errors.badRequest(`${at(2)}: operator "${op}" needs a value`);
      return { op, field, value: coerce(field.type, field.name, value, at(2), DAY_BOUND[op]) };
  }
}

function fieldOf(raw: unknown, module: ResolvedModule): ResolvedField {
  const field = typeof raw === 'string' ? module.fields.get(raw) : undefined;
  // Secret columns (password hashes) must not become an oracle through filters.
  if (!field || field.def.secret) throw errors.invalidField(module.name, String(raw));
  return field;
}

function namedFilter(item: unknown[], path: string, ctx: Ctx): NormalCondition[] {
  const { module } = ctx;
  if (item.length < 2 || item.length > 3) throw errors.badRequest(`${path}: a named filter is ["$filter", name, params?]`);
  const name = item[1];
  if (typeof name !== 'string' || !Object.hasOwn(module.filters, name)) {
    throw new AppError('E_INVALIDFIELD', `Filter "${String(name)}" is not a filter of ${module.name}`);
  }
  const filter = module.filters[name];
  const declared = filter.params ?? [];
  const given = item[2] ?? [];
  if (!Array.isArray(given)) throw errors.badRequest(`${path}[2]: the parameters of filter "${name}" must be an array`);
  if (given.length !== declared.length) {
    throw errors.badRequest(`${path}[2]: filter "${name}" takes ${declared.length} parameter(s), not ${given.length}`);
  }
  // Parameters are checked against their declared type; the field's own rules apply after.
  declared.forEach((p, i) => {
    const v = given[i];
    for (const [j, x] of (Array.isArray(v) ? v : [v]).entries()) {
      coerce(p.type, p.name, x, Array.isArray(v) ? `${path}[2][${i}][${j}]` : `${path}[2][${i}]`, 'start');
    }
  });
  const linked: NormalCondition[] = [];
  if (filter.linked) {
    const { table, match, column, param } = filter.linked;
    linked.push({ op: 'exists', id: module.fields.get(module.idField)!, table, match, column, value: coerce(declared[param].type, declared[param].name, given[param], `${path}[2][${param}]`) });
  }
  return linked.concat((filter.where ?? []).map(([f, op, v], i) => {
    const at = (k: number) => `${path}(${name})[${i}][${k}]`;
    if (++ctx.nodes > MAX_CONDITIONS) throw errors.badRequest(`${at(0)}: more than ${MAX_CONDITIONS} conditions`);
    const fill = (x: unknown): unknown => {
      if (!isObject(x)) return x;
      if ('param' in x) {
        const n = Number(x.param);
        if (!(n < given.length)) throw errors.badRequest(`${at(2)}: filter "${name}" uses parameter ${n}, which it does not declare`);
        return given[n];
      }
      if ('now' in x) {
        ctx.readsClock = true;
        return formatNow(ctx.now, module.fields.get(f)?.type === 'date');
      }
      return x;
    };
    return leaf(f, op, Array.isArray(v) ? v.map(fill) : fill(v), at, ctx);
  }));
}

function listOf(value: unknown, path: string): unknown[] {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  else if (typeof value === 'number') items = [value];
  else throw errors.badRequest(`${path}: in needs a list: an array or a comma-joined string`);
  if (items.length > MAX_LIST) throw errors.badRequest(`${path}: more than ${MAX_LIST} values in a list`);
  const at = items.findIndex((v) => v === null || v === undefined);
  if (at >= 0) throw errors.badRequest(`${path}[${at}]: null cannot be in a list; add an is null condition in an or-group`);
  return items;
}

function boundsOf(value: unknown, path: string): [unknown, unknown] {
  const bounds = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  const ok = Array.isArray(bounds) && bounds.length === 2 && bounds.every((b) => b !== null && b !== undefined && b !== '');
  if (!ok) throw errors.badRequest(`${path}: between needs two bounds, "a,b" or [a, b]`);
  return bounds as [unknown, unknown];
}

function coerce(type: FieldType, name: string, v: unknown, path: string, bound?: 'start' | 'end'): Scalar {
  // Never echo a whole structure: it may be huge or nested beyond what stringify survives.
  const shown = typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : Array.isArray(v) ? 'a list' : isObject(v) ? 'an object' : String(v);
  const bad = (what: string) => errors.badRequest(`${path}: ${shown} is not ${what} (field ${name})`);
  switch (type) {
    case 'integer':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
      if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) return Number(v);
      throw bad('an integer');
    case 'decimal':
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      if (typeof v === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(v)) return Number(v);
      throw bad('a number');
    case 'boolean': {
      const s = typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (s === true || s === 1 || s === '1' || s === 'true') return 1;
      if (s === false || s === 0 || s === '0' || s === 'false') return 0;
      throw bad('a boolean (true, false, 1 or 0)');
    }
    case 'date': {
      const d = typeof v === 'string' ? splitDateTime(v) : undefined;
      if (!d || d.time) throw bad('a date (YYYY-MM-DD)');
      return d.date;
    }
    case 'datetime': {
      const d = typeof v === 'string' ? splitDateTime(v) : undefined;
      if (!d) throw bad('a date-time (YYYY-MM-DD HH:mm:ss)');
      if (d.time) return `${d.date} ${d.time}`;
      if (!bound) throw bad('a date-time with a time (use between for a whole day)');
      return `${d.date} ${bound === 'start' ? '00:00:00' : '23:59:59'}`;
    }
    default:
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      throw bad('a text value');
  }
}

// Stored date-times are UTC (engine/db/clock.ts), so "now" is too.
function formatNow(now: Date, dateOnly: boolean): string {
  return dateOnly ? sqlDate(now) : sqlDateTime(now);
}

export function applyWhere(qb: Knex.QueryBuilder, conditions: NormalCondition[], module: ResolvedModule): Knex.QueryBuilder {
  for (const c of conditions) applyOne(qb, c, module, false);
  return qb;
}

/** Adds one condition, joined to the previous ones by AND, or by OR inside an or-group. */
function applyOne(qb: Knex.QueryBuilder, c: NormalCondition, module: ResolvedModule, or: boolean): void {
  if (c.op === 'true' || alwaysTrue(c)) return;
  // Constants carry no input: the only raw SQL without bindings.
  const never = () => void (or ? qb.orWhereRaw('1 = 0') : qb.whereRaw('1 = 0'));
  const nest = (fn: (b: Knex.QueryBuilder) => void) => void (or ? qb.orWhere(fn) : qb.where(fn));
  if (c.op === 'false') return never();
  if (c.op === 'and' || c.op === 'or') {
    // An empty callback would vanish from the SQL (changing an OR), so constants are settled here.
    const members = c.conditions.filter((m) => !alwaysTrue(m));
    if (!members.length) return never();
    return nest((b) => members.forEach((m) => applyOne(b, m, module, c.op === 'or')));
  }
  if (c.op === 'exists') {
    const { id, table, match, column, value } = c;
    // Identifiers come from module metadata only; the value is bound.
    const sub = function (this: Knex.QueryBuilder) {
      this.select(1).from(table).whereRaw('?? = ??', [`${table}.${match}`, `${id.alias}.${id.column}`]).andWhere(`${table}.${column}`, value);
    };
    return void (or ? qb.orWhereExists(sub) : qb.whereExists(sub));
  }
  const col = `${c.field.alias}.${c.field.column}`;
  switch (c.op) {
    case 'is null': return void (or ? qb.orWhereNull(col) : qb.whereNull(col));
    case 'is not null': return void (or ? qb.orWhereNotNull(col) : qb.whereNotNull(col));
    case 'in': return void (or ? qb.orWhereIn(col, c.value) : qb.whereIn(col, c.value));
    case 'not in': return void (or ? qb.orWhereNotIn(col, c.value) : qb.whereNotIn(col, c.value));
    case 'between': return void (or ? qb.orWhereBetween(col, c.value) : qb.whereBetween(col, c.value));
    case 'is not': return nest((b) => void b.where(col, '<>', c.value).orWhereNull(col));
    case 'like':
    case 'not like': {
      // knex has no LIKE … ESCAPE; `??` binds the identifier, `?` the pattern and the escape char.
      const sql = `?? ${c.op} ? escape ?`;
      const bindings = [col, c.value, '\\'];
      return void (or ? qb.orWhereRaw(sql, bindings) : qb.whereRaw(sql, bindings));
    }
    default: {
      const op = c.op === '!=' ? '<>' : c.op;
      return void (or ? qb.orWhere(col, op, c.value) : qb.where(col, op, c.value));
    }
  }
}

function alwaysTrue(c: NormalCondition): boolean {
  if (c.op === 'true') return true;
  if (c.op === 'and') return c.conditions.every(alwaysTrue);
  if (c.op === 'or') return c.conditions.some(alwaysTrue);
  return false;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
