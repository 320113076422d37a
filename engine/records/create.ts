// Record.create, as a fixed pipeline of small steps: access → relation parent → scope stamp →
// values → state → lookups → insert → relation link → history → read back. The action runs it
// in one transaction, so a failure at any step leaves nothing behind.
import { AppError, errors } from '../errors/catalogue.js';
import { sqlDateTime } from '../db/clock.js';
import { insertCompiled } from '../db/compiled-statement.js';
import { bumpVersions } from '../db/change-versions.js';
import { BASE_ALIAS, linkColumnsOf, type ResolvedModule } from '../metadata/module-registry.js';
import type { EnvelopeValue, RecordsetValue } from '../protocol/envelope.js';
import type { ActionContext } from '../runtime/context.js';
import { accessModule, hasRowLimit } from './module-access.js';
import { assertWithinRules } from './row-rules.js';
import { checkDateRules, checkLookups, checkScreenReferences, checkValues, pairFields, sanitizeHtmlFields, translateConstraintError, type Row } from './write-values.js';
import { recordAudit, recordStateChange } from './record-history.js';
import { loadForWrite, readRecordset } from './record-read.js';
import { recountFor } from './counters.js';
import { checkRequiredWhen, checkTransitionPermission, prepareReply } from './thread-rules.js';
import { guardWrite } from './write-guards.js';

export interface Relation {
  /** 1: the parent id goes into `modulecolumn_name`; 2: a link record `{parent}_{module}` is added. */
  relation_type: 1 | 2;
  parent_name: string;
  parent_id: number;
  modulecolumn_name?: string;
}

export interface CreateArgs {
  module: string;
  fields: string[];
  values: unknown[];
  read?: string[];
  relation?: Relation;
}

/** Puts the current entity into the scope column (before validation, which may require it). */
function stampScope(module: ResolvedModule, given: Map<string, unknown>, scopeRe: number | null | undefined): void {
  if (scopeRe === undefined) return;
  const scope = module.entityScope;
  if (scope && 'parent' in scope && scopeRe !== null) return; // checked by parentInScope
  // A module scoped by its own id (RE-RE) cannot get a new row for the current entity.
  if (scopeRe === null || !scope || !('column' in scope) || !module.fields.get(scope.column)!.writable) {
    throw errors.noPermission(`${module.permissionName}.create`);
  }
  const v = given.get(scope.column);
  if (v !== undefined && v !== null && v !== '' && Number(v) !== scopeRe) {
    throw errors.noPermission(`${module.permissionName}.create for another reporting entity`);
  }
  given.set(scope.column, scopeRe);
}

/** A row of a `parent`-scoped module (a thread's attachment) may be added only under a parent the caller may see. */
async function parentInScope(ctx: ActionContext, module: ResolvedModule, given: Map<string, unknown>, scopeRe: number | null | undefined): Promise<void> {
  if (!module.scopeParent || (scopeRe === undefined && !hasRowLimit(module.scopeParent.module))) return;
  const field = [...module.fields.values()].find((f) => f.alias === 't' && f.column === module.scopeParent!.column)!;
  const id = Number(given.get(field.name));
  if (!Number.isInteger(id) || id < 1) throw errors.validation({ [field.name]: 'is required' });
  await loadForWrite(ctx, module.scopeParent.module, scopeRe, id);
}

function initialState(ctx: ActionContext, module: ResolvedModule, row: Row): number | null {
  const map = module.stateMap;
  if (!map || !module.fields.has('state')) return row.state === undefined || row.state === null ? null : Number(row.state);
  if (row.state === undefined || row.state === null) {
    row.state = map.default;
    return map.default;
  }
  const state = Number(row.state);
  if (state !== map.default && !map.transitions.some(([f, t]) => f === map.default && t === state)) {
    throw new AppError('E_STATETRANSITION', `A new ${module.name} record starts in state ${map.default}; state ${state} cannot be reached from it`);
  }
  if (state !== map.default) checkTransitionPermission(ctx, module, map.default, state);
  return state;
}

async function insertRow(ctx: ActionContext, module: ResolvedModule, row: Row): Promise<number> {
  try {
    return (await insertCompiled(ctx.db, module.table, row, module.idField))!;
  } catch (e) {
    translateConstraintError(e, module);
  }
}

/** Checks the parent; type 1 adds its id to the given values (before validation, which may require it). */
async function applyRelation(ctx: ActionContext, module: ResolvedModule, given: Map<string, unknown>, rel: Relation | undefined): Promise<(id: number) => Promise<void>> {
  if (!rel) return async () => {};
  const parentAccess = accessModule(ctx, rel.parent_name, 'select');
  await loadForWrite(ctx, parentAccess.module, parentAccess.scopeRe, rel.parent_id);
  if (rel.relation_type === 1) {
    const col = rel.modulecolumn_name && module.fields.get(rel.modulecolumn_name);
    if (!col || !col.writable) throw errors.invalidField(module.name, rel.modulecolumn_name ?? '(modulecolumn_name)');
    given.set(col.name, rel.parent_id);
    return async () => {};
  }
  const linkName = `${parentAccess.module.name}_${module.name}`;
  const link = accessModule(ctx, linkName, 'create').module;
  if (link.kind !== 'link') throw errors.badRequest(`${linkName} is not a link module`);
  const cols = linkColumnsOf(parentAccess.module.table, module.table);
  return async (id: number) => {
    const linkRow = { [cols.parentColumn]: rel.parent_id, [cols.childColumn]: id };
    await guardWrite(ctx, link, null, linkRow);
    await insertRow(ctx, link, { ...linkRow, link_updatectr: 1 });
    await bumpVersions(ctx.db, [link.table]);
  };
}

/**
 * `engineValues` (field → value) are set by the engine itself, not by the caller (an upload's
 * content hash, size and type), so they pass the read-only check that the caller's values get.
 */
export async function createRecord(ctx: ActionContext, args: CreateArgs, engineValues: Row = {}): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, args.module, 'create');
  const given = pairFields(module, args.fields, args.values);
  const addLink = await applyRelation(ctx, module, given, args.relation);
  stampScope(module, given, scopeRe);
  await parentInScope(ctx, module, given, scopeRe);
  const reply = await prepareReply(ctx, module, given, scopeRe);
  const row = checkValues(module, given, true);
  sanitizeHtmlFields(module, row, null);
  await module.hooks?.prepare?.(ctx, module, row, null);
  checkDateRules(module, row, null);
  if (reply) Object.assign(row, reply.values);
  checkRequiredWhen(module, row);
  for (const [name, v] of Object.entries(engineValues)) row[module.fields.get(name)!.column] = v;
  for (const f of module.fields.values()) if (f.def.stampCaller && f.alias === BASE_ALIAS) row[f.column] = ctx.caller?.userId ?? null;
  const state = initialState(ctx, module, row);
  // A domain's own rules and stamps (docs/resubmission-extension.md), past the caller's read-only check.
  const hooks = module.hooks;
  const hookFields = (await hooks?.beforeWrite?.(ctx, module, null, row)) ?? [];
  await checkLookups(ctx, module, row);
  await checkScreenReferences(ctx, module, row);
  await guardWrite(ctx, module, null, row);
  const who = ctx.caller?.userId ?? null;
  if (module.kind === 'link') {
    row.link_updatectr = 1;
  } else {
    Object.assign(row, { updatectr: 1, createon: sqlDateTime(), createby: who, updateon: sqlDateTime(), updateby: who });
  }
  const id = await insertRow(ctx, module, row);
  // A new row the caller's row rules would hide (a help desk category they may not see) is
  // refused. Without a domain hook to run on it, the read-back below (which reads through the
  // same rules) tells it, one round trip less; with one, before the hook sees the row.
  const rulesByReadBack = !hooks?.afterWrite;
  const withinRules = () => assertWithinRules(ctx.db, module, id, ctx.caller, (n) => ctx.services.modules.get(n));
  if (!rulesByReadBack) await withinRules();
  await addLink(id);
  await reply?.apply();
  if (state !== null && module.fields.has('state')) await recordStateChange(ctx.db, module, id, null, state, who, null);
  await hooks?.afterWrite?.(ctx, module, id, null, row);
  await recountFor(ctx.db, ctx.services.modules, module.table, [row]);
  let back: RecordsetValue | undefined;
  // The read-back comes before the audit's version bump (record-history.ts), so that the
  // table's version row is held for the commit alone.
  await recordAudit(ctx.db, module, id, 1, 'create', [...new Set([...given.keys(), ...Object.keys(engineValues), ...hookFields])], who, { after: { ...row, [module.idField]: id } }, async () => {
    back = await readRecordset(ctx, module, scopeRe, id, args.read ?? [module.idField, module.ctrField]);
    // No row back: outside the rules (refused here, with the rule group's message) or outside a
    // scope that reads it only later (a bulletin that starts tomorrow), answered as before.
    if (rulesByReadBack && back.rows.length === 0) await withinRules();
  });
  return [back!];
}
