// Validation of the values a caller writes, walking field metadata by flag (type, length,
// required, options, lookups), so a new field gets its checks for free. All problems of one
// call are collected and answered together as an E_VALIDATION field → message map.
import type { Knex } from 'knex';
import { chartDataProblem, SCREEN_MODULES, screenProblem } from '../metadata/screen-files.js';
import type { ChartData, ScreenModule } from '../metadata/screen-schemas.js';
import { chartReferenceProblems, screenReferenceProblems } from '../metadata/screen-references.js';
import { AppError, errors } from '../errors/catalogue.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { fromInput, isAllowedOption, ValueError } from './value-codec.js';
import type { ActionContext } from '../runtime/context.js';
import { sqlDate } from '../db/clock.js';
import { BASE_ALIAS } from '../metadata/module-registry.js';
import { sanitizeRichText } from '../html/sanitize-rich-text.js';
import { selectCompiled, sentinel, TemplateCache } from '../db/compiled-statement.js';

export type Row = Record<string, unknown>;

/** Pairs `fields` with `values`; refuses unknown or repeated names and unequal lengths. */
export function pairFields(module: ResolvedModule, fields: string[], values: unknown[]): Map<string, unknown> {
  if (fields.length !== values.length) throw errors.badRequest(`fields has ${fields.length} names but values has ${values.length} values`);
  const out = new Map<string, unknown>();
  fields.forEach((name, i) => {
    if (!module.fields.has(name)) throw errors.invalidField(module.name, name);
    if (out.has(name)) throw errors.badRequest(`Field "${name}" is given twice`);
    out.set(name, values[i]);
  });
  return out;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Converts and checks the writable values. `creating` adds the required-field check for
 * fields not given at all. Returns column → stored value.
 */
export function checkValues(module: ResolvedModule, given: Map<string, unknown>, creating: boolean): Row {
  const problems: Record<string, string> = {};
  const row: Row = {};
  for (const [name, raw] of given) {
    const field = module.fields.get(name)!;
    if (!field.writable) {
      problems[name] = 'is read-only';
      continue;
    }
    if (field.def.required && isEmpty(raw)) {
      problems[name] = field.def.requiredMessage ?? 'is required';
      continue;
    }
    try {
      let v = fromInput(raw, field);
      if (typeof v === 'string' && field.type === 'datetime' && field.def.dayBound) v = `${v.slice(0, 10)} ${field.def.dayBound === 'start' ? '00:00:00' : '23:59:59'}`;
      if (v !== null && field.def.options && !isAllowedOption(v, field.def.options)) {
        problems[name] = `must be one of ${field.def.options.join(', ')}`;
        continue;
      }
      row[field.column] = v;
    } catch (e) {
      if (!(e instanceof ValueError)) throw e;
      problems[name] = e.message;
    }
  }
  if (creating) {
    for (const field of module.fields.values()) {
      if (field.alias !== 't' || !field.writable || given.has(field.name)) continue;
      // A new record starts where its (the variant's own) state map starts (create.ts initialState).
      if (field.name === 'state' && module.stateMap) row[field.column] = module.stateMap.default;
      else if (field.def.default !== undefined && field.def.default !== null) row[field.column] = fromInput(field.def.default, field);
      else if (field.def.required) problems[field.name] = field.def.requiredMessage ?? 'is required';
    }
  }
  const screenIssue = screenDefinitionProblem(module, row);
  if (screenIssue && !problems[screenIssue[0]]) problems[screenIssue[0]] = screenIssue[1];
  if (Object.keys(problems).length) throw errors.validation(problems);
  return row;
}

/**
 * Rich-text fields (`html` in the field's metadata) of the values about to be written, run through
 * the allow-list (docs/security.md), over the stored row of an update (`stored`, null on create).
 * A conditional field (`{ field, in }`) is sanitised when the row, as it will be, meets its condition;
 * a change of the condition alone sanitises the stored text too.
 */
export function sanitizeHtmlFields(module: ResolvedModule, row: Row, stored: Row | null): void {
  for (const field of module.fields.values()) {
    const html = field.def.html;
    if (!html || field.alias !== BASE_ALIAS) continue;
    let touched = field.column in row;
    if (typeof html === 'object') {
      const by = module.fields.get(html.field)!;
      const value = by.column in row ? row[by.column] : stored?.[by.column];
      if (value === null || value === undefined || !html.in.some((v) => String(v) === String(value))) continue;
      touched ||= by.column in row;
    }
    const text = field.column in row ? row[field.column] : stored?.[field.column];
    if (!touched || typeof text !== 'string') continue;
    const clean = sanitizeRichText(text);
    // Markup with nothing left to show is no value: a required field says so rather than store it.
    if (field.def.required && clean.trim() === '') throw errors.validation({ [field.name]: field.def.requiredMessage ?? 'is required' });
    row[field.column] = clean;
  }
}

/** The day (YYYY-MM-DD) of a stored date or date-time value; null when there is none. */
function dayOf(v: unknown): string | null {
  if (v instanceof Date) return sqlDate(v);
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null;
}

function addDays(day: string, days: number): string {
  return sqlDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/**
 * The module's date rules (ModuleDef.dateRules) on the values about to be written (`row`,
 * column → value) over the stored row of an update (`stored`, empty on create).
 */
export function checkDateRules(module: ResolvedModule, row: Row, stored: Row | null): void {
  const problems: Record<string, string> = {};
  const today = sqlDate();
  for (const rule of module.dateRules) {
    const field = module.fields.get(rule.field)!;
    const given = field.column in row;
    const day = dayOf(given ? row[field.column] : stored?.[field.column]);
    if (!day || problems[rule.field]) continue;
    if (rule.notBefore === 'today' && given && (!stored || dayOf(stored[field.column]) !== day) && day < today) {
      problems[rule.field] = 'cannot be before today';
    }
    if (rule.after) {
      const other = module.fields.get(rule.after)!;
      const from = dayOf(other.column in row ? row[other.column] : stored?.[other.column]);
      const days = rule.days ?? 1;
      if (from && day < addDays(from, days)) problems[rule.field] = `must be at least ${days} day${days === 1 ? '' : 's'} after ${rule.after}`;
    }
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
}

const lookupProbes = new TemplateCache(1_000);

/** Every lookup value written must name an existing record of the looked-up table. */
export async function checkLookups(ctx: ActionContext, module: ResolvedModule, row: Row): Promise<void> {
  const given = module.lookups.filter((lk) => lk.fromAlias === 't' && row[lk.fromColumn] !== undefined && row[lk.fromColumn] !== null);
  if (!given.length) return;
  // One statement for all of them (a round trip each was most of a small create's cost):
  // SELECT (SELECT id FROM list WHERE id = ? LIMIT 1) AS l0, (SELECT id FROM re …) AS l1, …
  // Compiled once per module and set of given lookups, the ids bindings.
  const ids = given.map((lk) => row[lk.fromColumn] as Knex.Value);
  const probe = (id: (i: number) => Knex.Value) => ctx.db.select(given.map((lk, i) => ctx.db.raw('(?) as ??', [ctx.db(lk.table).where({ id: id(i) }).first('id'), `l${i}`])));
  const shape = `${module.name}|${given.map((lk) => lk.field).join(',')}`;
  const [found] = await selectCompiled(ctx.db, lookupProbes.statement(ctx.db, shape, ids, () => probe(sentinel), () => probe((i) => ids[i])));
  const problems: Record<string, string> = {};
  given.forEach((lk, i) => {
    if (found[`l${i}`] === null || found[`l${i}`] === undefined) problems[lk.field] = `refers to a record that does not exist (${String(row[lk.fromColumn])})`;
  });
  if (Object.keys(problems).length) throw errors.validation(problems);
}

/**
 * A screen definition's (or a chart's data rows') modules, fields, list views and forms must
 * exist (after its schema, checked in checkValues). `stored` is the row before an update, for the form's own module.
 */
export async function checkScreenReferences(ctx: ActionContext, module: ResolvedModule, row: Row, stored: Row = {}): Promise<void> {
  if (module.name === 'DashboardChart' && typeof row.data === 'string') {
    const [problem] = chartReferenceProblems(ctx.services.modules, JSON.parse(row.data) as ChartData);
    if (problem) throw errors.validation({ data: problem });
  }
  if (!(SCREEN_MODULES as string[]).includes(module.name) || typeof row.properties !== 'string') return;
  const own = (row.module ?? stored.module ?? null) as string | null;
  const problems = await screenReferenceProblems(ctx.db, ctx.services.modules, module.name as ScreenModule, JSON.parse(row.properties), own);
  if (problems.length) throw errors.validation({ properties: problems[0] });
}

/** Turns a unique-key violation of either driver into E_VALIDATION naming the field. */
/** A driver's error for a duplicate key (SQLite or MySQL/MariaDB). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; errno?: number } | null;
  return err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.errno === 1062;
}

export function translateConstraintError(e: unknown, module: ResolvedModule): never {
  const err = e as { code?: string; errno?: number; message?: string };
  const msg = err.message ?? '';
  if (isUniqueViolation(e)) {
    const col = /UNIQUE constraint failed: \w+\.(\w+)/.exec(msg)?.[1] ?? /for key '(?:[\w]+\.)?(\w+)'/.exec(msg)?.[1] ?? 'value';
    const field = [...module.fields.values()].find((f) => f.alias === 't' && (col === f.column || col === `${module.table}_${f.column}_unique`));
    throw errors.validation({ [field?.name ?? col]: 'is already used by another record' });
  }
  if (err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || err.errno === 1452 || err.errno === 1451) {
    throw new AppError('E_VALIDATION', 'This record refers to, or is referred to by, another record', {});
  }
  throw e;
}

/** Screen metadata (WebList, WebListview, WebForms, chart data) must follow its schema to be stored. */
function screenDefinitionProblem(module: ResolvedModule, row: Row): [string, string] | null {
  if ((SCREEN_MODULES as string[]).includes(module.name) && typeof row.properties === 'string') {
    const problem = screenProblem(module.name as ScreenModule, JSON.parse(row.properties));
    return problem ? ['properties', problem] : null;
  }
  if (module.name === 'DashboardChart' && typeof row.data === 'string') {
    const problem = chartDataProblem(JSON.parse(row.data));
    return problem ? ['data', problem] : null;
  }
  return null;
}
