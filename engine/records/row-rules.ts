// The regulator's row rules (seed 001 §6, 002 §6, 003 §6; docs/row-rules.md): which rows of a
// module a caller reaches, declared once in module metadata (`rowRules`) and evaluated here, the
// one evaluator. accessModule gives every channel (Record.select, counts, exports, PDF reports,
// dashboards, sidebar badges, attachments through their parent, API tokens, jobs) the module
// with the caller's rules planned into it; applyScope adds them to every statement.
//
// A rule group's first case whose `when` holds for the caller gives its conditions (none: no
// limit; `when: {}` holds for everyone); groups are AND-ed. Conditions are data compiled to knex
// builders through the where compiler: no SQL text comes from metadata or the caller.
import type { Knex } from 'knex';
import { LOGIN_TYPE, type Caller } from '../runtime/context.js';
import { BASE_ALIAS } from '../metadata/module-aliases.js';
import type { ResolvedField, ResolvedModule } from '../metadata/module-registry.js';
import type { RowRuleGroup, RuleCondition, RuleWhen } from '../metadata/module-schema.js';
import { AppError, errors } from '../errors/catalogue.js';
import { applyWhere, normaliseWhere, type NormalCondition } from './where-compiler.js';

type Db = Knex | Knex.Transaction;

/** What the rules know of a caller beyond roles and login type (loaded with the session's access). */
export interface RuleFacts {
  /** The value of the caller's position (user.position2's list entry value0, else its id). */
  position: number | null;
  /** The sector of the caller's current entity. */
  sector: number | null;
  /** The caller is linked to the current entity as its primary or a sub user. */
  primaryOrSub: boolean;
  /** The caller is the current entity's primary user (re_user.isprimary). */
  primary: boolean;
  /** The current entity's business profile and office details are both confirmed (docs/accounts.md "Profile confirmation"). */
  verified: boolean;
  /** The system parameters the rules name, code → trimmed value. */
  parameters: Record<string, string>;
}

/** The tables the facts are read from: part of the access cache's versions, so a changed position, sector or parameter applies at once. */
export const RULE_FACT_TABLES = ['user', 're', 'parameters', 'list'];

export const NO_FACTS: RuleFacts = { position: null, sector: null, primaryOrSub: false, primary: false, verified: false, parameters: {} };

/** A rule condition planned against the registry: fields resolved, caller values filled in. */
export type RulePlan =
  | { kind: 'where'; conditions: NormalCondition[] }
  | { kind: 'or' | 'and' | 'not'; items: RulePlan[] }
  | { kind: 'via'; column: string; target: ResolvedModule; items: RulePlan[] }
  | { kind: 'link'; table: string; parentColumn: string; childColumn: string; ids?: number[]; notIn?: number[] }
  | { kind: 'false' };

/** The caller's rows of a module: its planned conditions and a key naming them (cache keys). */
export interface RowLimit {
  plans: RulePlan[];
  key: string;
  /** Tables the conditions read besides the module's own (count cache versions). */
  tables: string[];
}

type Lookup = (name: string) => ResolvedModule | undefined;

/** Parameter codes the loaded metadata's rules name (read with the caller's access). */
export const RULE_PARAMETER_CODES = new Set<string>();

const LOGIN_TYPES: Record<NonNullable<RuleWhen['loginType']>, number> = { iru: LOGIN_TYPE.IRU, re: LOGIN_TYPE.RE, admin: LOGIN_TYPE.ADMIN };

/**
 * A parameter switch ({"parameter": {code, equals}}) holds when the parameter exists and its
 * value, trimmed, is `equals`: a missing parameter holds no switch. Code that reads a switch
 * outside the rules answers by this too, so the two never disagree.
 */
export function parameterHolds(value: unknown, equals: string): boolean {
  return value !== null && value !== undefined && String(value).trim() === equals;
}

export function whenHolds(when: RuleWhen, caller: Caller): boolean {
  const facts = caller.facts ?? NO_FACTS;
  if (when.loginType && caller.loginType !== LOGIN_TYPES[when.loginType]) return false;
  if (when.roles && !when.roles.some((r) => caller.roles.has(r))) return false;
  if (when.position && (facts.position === null || facts.position < when.position[0] || facts.position > when.position[1])) return false;
  if (when.sectors && (facts.sector === null || !when.sectors.includes(facts.sector))) return false;
  if (when.primaryOrSub !== undefined && facts.primaryOrSub !== when.primaryOrSub) return false;
  if (when.primary !== undefined && facts.primary !== when.primary) return false;
  if (when.verified !== undefined && facts.verified !== when.verified) return false;
  if (when.parameter && !parameterHolds(facts.parameters[when.parameter.code], when.parameter.equals)) return false;
  return true;
}

/** The conditions the groups give this caller: each group's first case that holds. */
export function conditionsFor(groups: RowRuleGroup[], caller: Caller): RuleCondition[] {
  const out: RuleCondition[] = [];
  for (const g of groups) {
    const hit = g.cases.find((c) => whenHolds(c.when, caller));
    if (hit) out.push(...hit.where);
  }
  return out;
}

type CallerValues = { userId: number | null; currentRe: number | null; sector: number | null };

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Plans conditions on `module`: own-table fields only, `via` a lookup field, `link` a link
 * module whose parent is this module. Throws (metadata errors) on anything else.
 */
export function planConditions(conditions: RuleCondition[], module: ResolvedModule, modules: Lookup, values: CallerValues, tables: Set<string>): RulePlan[] {
  return conditions.map((c) => planOne(c, module, modules, values, tables));
}

function planOne(c: RuleCondition, module: ResolvedModule, modules: Lookup, values: CallerValues, tables: Set<string>): RulePlan {
  const bad = (why: string) => new Error(`Module ${module.name}: row rule ${JSON.stringify(c)}: ${why}`);
  if (Array.isArray(c)) {
    const [name, op, raw] = c as [string, string, unknown];
    const field = module.fields.get(name);
    if (!field || field.alias !== BASE_ALIAS) throw bad(`${name} is not a field of its own table`);
    let value = raw;
    if (isObject(raw) && 'caller' in raw) {
      value = values[raw.caller as keyof CallerValues];
      // A fact the caller lacks (no current entity) matches no row, never "is null".
      if (value === null || value === undefined) return { kind: 'false' };
    }
    return { kind: 'where', conditions: normaliseWhere([c.length === 2 ? [name, op] : [name, op, value]], module) };
  }
  if ('or' in c) return { kind: 'or', items: planConditions(c.or, module, modules, values, tables) };
  if ('and' in c) return { kind: 'and', items: planConditions(c.and, module, modules, values, tables) };
  if ('not' in c) return { kind: 'not', items: planConditions(c.not, module, modules, values, tables) };
  if ('via' in c) {
    const field = module.fields.get(c.via);
    const targetName = field?.def.lookup?.module;
    const target = targetName ? modules(targetName) : undefined;
    if (!field || field.alias !== BASE_ALIAS || !target) throw bad(`via ${c.via} is not a lookup field of its own table`);
    tables.add(target.table);
    return { kind: 'via', column: field.column, target, items: planConditions(c.where, target, modules, values, tables) };
  }
  if ('valuesOf' in c || 'within' in c) throw bad('valuesOf and within are expanded before planning');
  const link = modules(c.link);
  if (!link || link.kind !== 'link' || !link.link) throw bad(`${c.link} is not a link module`);
  const parent = modules(link.link.parent);
  if (!parent || parent.table !== module.table) throw bad(`${c.link} does not link ${module.name}'s rows`);
  tables.add(link.table);
  return { kind: 'link', table: link.table, parentColumn: link.link.parentColumn, childColumn: link.link.childColumn, ids: c.in, notIn: c.notIn };
}

/** Checks every module's rules plan (fields, lookups, links) and notes the parameters they read. */
export function checkRowRules(modules: Lookup, all: ResolvedModule[]): void {
  for (const m of all) {
    for (const g of m.rowRules ?? []) {
      for (const c of g.cases) {
        if (c.when.parameter) RULE_PARAMETER_CODES.add(c.when.parameter.code);
        planConditions(checkedValuesOf(c.where, m, modules), m, modules, { userId: 1, currentRe: 1, sector: 1 }, new Set());
      }
    }
  }
}

/** For the metadata check: each `valuesOf` names a module with rules and a field of it, and stands for "no limit". */
function checkedValuesOf(conditions: RuleCondition[], m: ResolvedModule, modules: Lookup): RuleCondition[] {
  return conditions.map((c): RuleCondition => {
    if (Array.isArray(c)) return c;
    if ('or' in c) return { or: checkedValuesOf(c.or, m, modules) };
    if ('and' in c) return { and: checkedValuesOf(c.and, m, modules) };
    if ('not' in c) return { not: checkedValuesOf(c.not, m, modules) };
    if ('within' in c) {
      const target = modules(m.fields.get(c.within)?.def.lookup?.module ?? '');
      if (!target?.rowRules || m.fields.get(c.within)?.alias !== BASE_ALIAS) throw new Error(`Module ${m.name}: within ${c.within} is not a lookup field of its own table to a module with row rules`);
      return { and: [] as never };
    }
    if (!('valuesOf' in c)) return c;
    const target = modules(c.valuesOf.module);
    if (!target?.rowRules || !target.fields.has(c.valuesOf.field) || !m.fields.has(c.as ?? 'id')) {
      throw new Error(`Module ${m.name}: valuesOf ${c.valuesOf.module}.${c.valuesOf.field} names no module with row rules and that field`);
    }
    return { and: [] as never };
  });
}

/**
 * Replaces each `valuesOf` by the conditions the caller's rules of that module put on that field
 * alone, renamed to `as`: a top-level condition or group that names only the field is kept, one
 * that names anything else is left out (the list of choices may be wider; a write is still
 * checked against the module's whole rules by assertWithinRules).
 */
function expandValuesOf(conditions: RuleCondition[], caller: Caller, modules: Lookup, depth = 0, module?: ResolvedModule): RuleCondition[] {
  return conditions.map((c): RuleCondition => {
    if (Array.isArray(c) || !('valuesOf' in c || 'within' in c || 'or' in c || 'and' in c || 'not' in c)) return c;
    if ('or' in c) return { or: expandValuesOf(c.or, caller, modules, depth, module) };
    if ('and' in c) return { and: expandValuesOf(c.and, caller, modules, depth, module) };
    if ('not' in c) return { not: expandValuesOf(c.not, caller, modules, depth, module) };
    if ('within' in c) {
      // The looked-up module's own conditions for this caller, as a `via` (none: no limit).
      const target = modules(module?.fields.get(c.within)?.def.lookup?.module ?? '');
      if (!target || depth > 2) return { and: [] as never };
      const own = expandValuesOf(conditionsFor(target.rowRules ?? [], caller), caller, modules, depth + 1, target).filter(limitsSomething);
      return own.length ? { via: c.within, where: own } : ({ and: [] } as never);
    }
    const target = modules(c.valuesOf.module);
    if (!target || depth > 2) return { and: [] as never };
    const own = expandValuesOf(conditionsFor(target.rowRules ?? [], caller), caller, modules, depth + 1);
    const kept = own.map((x) => only(x, c.valuesOf.field, c.as ?? 'id')).filter((x): x is RuleCondition => x !== null);
    return { and: kept } as RuleCondition;
  });
}

/** False for the empty and-group an expansion leaves where it limits nothing. */
function limitsSomething(c: RuleCondition): boolean {
  return Array.isArray(c) || !('and' in c) || c.and.length > 0;
}

/** The condition with `field` renamed to `as` when it names no other field, else null. */
function only(c: RuleCondition, field: string, as: string): RuleCondition | null {
  if (Array.isArray(c)) return c[0] === field ? ([as, ...c.slice(1)] as RuleCondition) : null;
  for (const kind of ['or', 'and', 'not'] as const) {
    if (kind in c) {
      const members = (c as Record<string, RuleCondition[]>)[kind].map((m) => only(m, field, as));
      return members.every((m) => m !== null) ? ({ [kind]: members } as RuleCondition) : null;
    }
  }
  return null;
}

const limits = new WeakMap<ResolvedModule, Map<string, RowLimit | null>>();

/** The caller's limit on `module`'s rows (null: none), planned once per distinct condition set. */
export function rowLimitOf(module: ResolvedModule, caller: Caller, modules: Lookup): RowLimit | null {
  if (!module.rowRules) return null;
  return planGroups(module.rowRules, module, caller, modules, true);
}

/** The limit these groups put on the caller (null: none); `cache` keeps the plan per module and condition set. */
function planGroups(groups: RowRuleGroup[], module: ResolvedModule, caller: Caller, modules: Lookup, cache = false): RowLimit | null {
  const conditions = expandValuesOf(conditionsFor(groups, caller), caller, modules, 0, module).filter(limitsSomething);
  if (!conditions.length) return null;
  const values: CallerValues = { userId: caller.userId, currentRe: caller.currentRe, sector: caller.facts?.sector ?? null };
  const filled = JSON.stringify(conditions, (_k, v) => (isObject(v) && 'caller' in v ? values[v.caller as keyof CallerValues] : v));
  let byKey = cache ? limits.get(module) : undefined;
  if (cache && !byKey) limits.set(module, (byKey = new Map()));
  if (byKey?.has(filled)) return byKey.get(filled)!;
  const tables = new Set<string>();
  const limit: RowLimit = { plans: planConditions(conditions, module, modules, values, tables), key: filled, tables: [...tables].sort() };
  if (!byKey) return limit;
  if (byKey.size > 1000) byKey.clear();
  byKey.set(filled, limit);
  return limit;
}

/** Adds the planned conditions to `qb`, the module's table being aliased `alias`. */
export function applyRowLimit(db: Db, qb: Knex.QueryBuilder, module: ResolvedModule, limit: RowLimit, alias: string): void {
  let n = 0;
  const next = () => `${alias}_r${n++}`;
  const add = (b: Knex.QueryBuilder, plan: RulePlan, m: ResolvedModule, a: string): void => {
    if (isTrue(plan)) return;
    switch (plan.kind) {
      case 'false':
        b.whereRaw('1 = 0');
        return;
      case 'where':
        applyWhere(b, plan.conditions.map((c) => moveAlias(c, a)), m);
        return;
      case 'and':
        if (plan.items.length) b.where((w) => plan.items.forEach((p) => add(w, p, m, a)));
        return;
      case 'or':
        // An empty callback would vanish from the SQL: an always-true member was settled by isTrue.
        if (!plan.items.length) b.whereRaw('1 = 0');
        else b.where((w) => plan.items.forEach((p) => w.orWhere((x) => add(x, p, m, a))));
        return;
      case 'not':
        if (plan.items.every(isTrue)) b.whereRaw('1 = 0');
        else b.whereNot((w) => plan.items.forEach((p) => add(w, p, m, a)));
        return;
      case 'via': {
        const s = next();
        const sub = db({ [s]: plan.target.table }).select(db.raw('1')).where(`${s}.${plan.target.idField}`, db.ref(`${a}.${plan.column}`));
        plan.items.forEach((p) => add(sub, p, plan.target, s));
        b.whereExists(sub);
        return;
      }
      case 'link': {
        const s = next();
        const sub = db({ [s]: plan.table }).select(db.raw('1')).where(`${s}.${plan.parentColumn}`, db.ref(`${a}.${m.idField}`));
        if (plan.ids) sub.whereIn(`${s}.${plan.childColumn}`, plan.ids);
        if (plan.notIn) sub.whereNotIn(`${s}.${plan.childColumn}`, plan.notIn);
        b.whereExists(sub);
        return;
      }
    }
  };
  for (const p of limit.plans) add(qb, p, module, alias);
}

/**
 * The rows a limit hides, when it only hides rows whose own column holds one of a few values:
 * every planned condition is `column is null or column not in (…)` (or `!=`) on one column of the
 * module's table, so the limit is exactly NOT (column IN values). Null otherwise. Such a limit's
 * count is the count without it less the count of the hidden values (select-query.ts), which an
 * index on the column answers without reading every row (docs/row-rules.md "Rules that keep
 * their index").
 */
export function hiddenValues(limit: RowLimit): { field: ResolvedField; values: (string | number)[] } | null {
  let field: ResolvedField | null = null;
  const values = new Set<string | number>();
  /** One `is null` and one `not in`/`!=` on the same own column: NOT (column IN values). */
  const pair = (a: NormalCondition, b: NormalCondition): boolean => {
    const [isNull, not] = a.op === 'is null' ? [a, b] : [b, a];
    if (isNull.op !== 'is null' || !('field' in not) || !('field' in isNull) || isNull.field.column !== not.field.column || not.field.alias !== BASE_ALIAS) return false;
    if (not.op !== 'not in' && not.op !== '!=') return false;
    if (field && field.column !== not.field.column) return false;
    field = not.field;
    for (const v of (not.op === 'not in' ? not.value : [not.value]) as (string | number)[]) values.add(v);
    return true;
  };
  const single = (p: RulePlan): NormalCondition | null => (p.kind === 'where' && p.conditions.length === 1 ? p.conditions[0] : null);
  const negation = (p: RulePlan): boolean => {
    if (p.kind === 'where') return p.conditions.length > 0 && p.conditions.every((c) => c.op === 'or' && c.conditions.length === 2 && pair(c.conditions[0], c.conditions[1]));
    if (p.kind === 'and') return p.items.length > 0 && p.items.every(negation);
    if (p.kind === 'or' && p.items.length === 2) {
      const [a, b] = p.items.map(single);
      return Boolean(a && b && pair(a, b));
    }
    return false;
  };
  if (!limit.plans.length || !limit.plans.every(negation) || !field || !values.size) return null;
  return { field, values: [...values] };
}

/** A plan that limits nothing (an empty and-group, conditions that normalised to none). */
function isTrue(plan: RulePlan): boolean {
  if (plan.kind === 'where') return plan.conditions.length === 0;
  if (plan.kind === 'and') return plan.items.every(isTrue);
  if (plan.kind === 'or') return plan.items.some(isTrue);
  return false;
}

function moveAlias(c: NormalCondition, alias: string): NormalCondition {
  if ('conditions' in c) return { ...c, conditions: c.conditions.map((x) => moveAlias(x, alias)) };
  if ('field' in c) return { ...c, field: { ...c.field, alias } };
  return c;
}

/**
 * A written row must stay one the caller reaches (a help desk case of a category the caller may
 * not see is refused, not created): checked inside the write's transaction, so a refusal undoes it.
 * The refusal says what to choose instead: the `refusal` of the first rule group the row leaves
 * (each group planned alone, only on this failure path), else the generic message.
 */
export async function assertWithinRules(db: Db, module: ResolvedModule, id: number, caller?: Caller | null, modules?: Lookup): Promise<void> {
  if (!module.rowLimit) return;
  if (await reaches(db, module, module.rowLimit, id)) return;
  let message: string | undefined;
  if (caller && modules) {
    for (const group of module.rowRules ?? []) {
      if (!group.refusal) continue;
      const limit = planGroups([group], module, caller, modules);
      if (limit && !(await reaches(db, module, limit, id))) {
        message = group.refusal;
        break;
      }
    }
  }
  throw message ? new AppError('E_NOPERMISSION', message) : errors.noPermission(`${module.permissionName}: this record is outside the rows your role may reach`);
}

async function reaches(db: Db, module: ResolvedModule, limit: RowLimit, id: number): Promise<boolean> {
  const qb = db({ [BASE_ALIAS]: module.table }).where(`${BASE_ALIAS}.${module.idField}`, id).first(db.raw('1 as ok'));
  applyRowLimit(db, qb, module, limit, BASE_ALIAS);
  return Boolean(await qb);
}

/** Loads the rule facts of a user for the given current entity. */
export async function loadRuleFacts(db: Db, userId: number, currentRe: number | null, linked: number[]): Promise<RuleFacts> {
  const codes = [...RULE_PARAMETER_CODES];
  const [user, re, link, params] = await Promise.all([
    db({ u: 'user' }).leftJoin({ l: 'list' }, 'l.id', 'u.position2').where('u.id', userId).first('u.position2 as position2', 'l.value0 as value0'),
    currentRe === null ? undefined : db('re').where({ id: currentRe }).first('sector', 'verifybizinfo', 'verifyoffice'),
    currentRe === null ? undefined : db('re_user').where({ link_fk_re: currentRe, link_fk_user: userId }).first('isprimary'),
    codes.length ? db('parameters').whereIn('code', codes).select('code', 'value0') : [],
  ]);
  let position: number | null = null;
  if (user && user.position2 !== null && user.position2 !== undefined) {
    const v = Number(user.value0 ?? user.position2);
    position = Number.isFinite(v) ? v : null;
  }
  const parameters: Record<string, string> = {};
  for (const p of params as { code: string; value0: unknown }[]) parameters[String(p.code)] = String(p.value0 ?? '').trim();
  return {
    position,
    sector: re && re.sector !== null ? Number(re.sector) : null,
    primaryOrSub: currentRe !== null && linked.includes(currentRe),
    primary: Boolean(Number(link?.isprimary ?? 0)),
    verified: Boolean(re) && re.verifybizinfo !== null && re.verifybizinfo !== undefined && re.verifyoffice !== null && re.verifyoffice !== undefined,
    parameters,
  };
}
