// The record engine's steps for the thread rules modules declare (docs/threads.md): a reply
// moves its thread's state (replyTo), states that need a condition (stateRequires), fields
// writable only in some states (writableWhen) or required only in some cases (requiredWhen),
// and the stamps of closing (closing). Run by create.ts and update.ts inside the write's
// transaction, so a thread and its reply, or a state and its stamps, never part.
import { AppError, errors } from '../errors/catalogue.js';
import { sqlDateTime } from '../db/clock.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { LOGIN_TYPE, type ActionContext } from '../runtime/context.js';
import { meetsAll, type RowCondition } from '../metadata/row-conditions.js';
import { loadForWrite } from './record-read.js';
import { recordAudit, recordStateChange } from './record-history.js';
import type { Row } from './write-values.js';

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** States of a state map that lead nowhere: a thread in one of them is final and takes no reply. */
export function finalStates(module: ResolvedModule): number[] {
  const map = module.stateMap;
  if (!map) return [];
  const from = new Set(map.transitions.map(([f]) => f));
  return [...new Set(map.transitions.map(([, t]) => t))].filter((s) => !from.has(s));
}

/** requiredWhen: fields required because of other values of the same record (`row`: its columns after the write). */
export function checkRequiredWhen(module: ResolvedModule, row: Row): void {
  const problems: Record<string, string> = {};
  for (const [field, conditions] of Object.entries(module.rules?.requiredWhen ?? {})) {
    if (isEmpty(row[field]) && meetsAll(row, conditions as RowCondition[])) problems[field] = 'is required';
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
}

/** writableWhen: a changed field whose conditions the stored record does not meet is refused. */
export function checkWritableWhen(module: ResolvedModule, stored: Row, changed: string[]): void {
  const rules = module.rules?.writableWhen ?? {};
  const problems: Record<string, string> = {};
  for (const field of changed) {
    const conditions = rules[field] as RowCondition[] | undefined;
    if (conditions && !meetsAll(stored, conditions)) problems[field] = 'cannot be changed in the record\'s current state';
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
}

/** stateRequires: entering `to` needs the record (stored values with the new ones over them) to meet its conditions. */
export function checkStateRequires(module: ResolvedModule, record: Row, to: number): void {
  const conditions = module.rules?.stateRequires?.[String(to)] as RowCondition[] | undefined;
  if (conditions && !meetsAll(record, conditions)) {
    throw new AppError('E_STATETRANSITION', `${module.name} cannot go to state ${to}: the record does not meet the condition of that state`);
  }
}

/**
 * closing: on entering a closing state the stamp (now), whole days since creation and the closer
 * (`by`), and blank `fill` fields take their source field's value (`record`: the stored values with
 * the new ones over them); any other state clears the stamps.
 */
export function closingValues(module: ResolvedModule, to: number, createon: unknown, now = new Date(), by: number | null = null, record: Row = {}): Row {
  const closing = module.rules?.closing;
  if (!closing) return {};
  const stamps = closingFields(module).filter((f) => !(f in (closing.fill ?? {})));
  if (!closing.states.includes(to)) return Object.fromEntries(stamps.map((f) => [f, null]));
  const created = Date.parse(`${String(createon).replace(' ', 'T').slice(0, 19)}Z`);
  const days = Number.isNaN(created) ? null : Math.max(0, Math.floor((now.getTime() - created) / 86_400_000));
  const out: Row = { [closing.stamp]: sqlDateTime(now) };
  if (closing.days) out[closing.days] = days;
  if (closing.by) out[closing.by] = by;
  for (const [field, source] of Object.entries(closing.fill ?? {})) if (isEmpty(record[field])) out[field] = record[source] ?? null;
  return out;
}

/** Every field closing may set (for the audit of a state change). */
export function closingFields(module: ResolvedModule): string[] {
  const closing = module.rules?.closing;
  if (!closing) return [];
  return [closing.stamp, closing.days, closing.by, ...Object.keys(closing.fill ?? {})].filter((f): f is string => Boolean(f));
}

/** The permission a move of the state map needs (`{Module}.action.approve`), if the move names one. */
export function transitionPermission(module: ResolvedModule, from: number | null, to: number): string | undefined {
  return module.stateMap?.permissions.get(`${from}>${to}`);
}

/** A gated move by a caller without its permission is refused with E_NOPERMISSION naming it. */
export function checkTransitionPermission(ctx: ActionContext, module: ResolvedModule, from: number | null, to: number): void {
  const permission = transitionPermission(module, from, to);
  if (permission && !ctx.caller?.permissions.has(permission)) throw errors.noPermission(permission);
}

export interface PreparedReply {
  /** Column values the engine sets on the reply itself (its author's role). */
  values: Row;
  /** Moves and stamps the thread, once the reply row exists. */
  apply(): Promise<void>;
}

/**
 * replyTo, before the reply's values are checked: the thread named by the reply's parent field
 * must be one the caller may see (the reply module's scope) and not final; the reply takes the
 * thread's entity (its scope column), which a caller may not contradict.
 */
export async function prepareReply(ctx: ActionContext, module: ResolvedModule, given: Map<string, unknown>, scopeRe: number | null | undefined): Promise<PreparedReply | null> {
  const rule = module.rules?.replyTo;
  if (!rule) return null;
  const parent = ctx.services.modules.get(rule.module)!;
  const parentId = Number(given.get(rule.field));
  if (!given.has(rule.field) || !Number.isInteger(parentId) || parentId < 1) throw errors.validation({ [rule.field]: 'is required' });
  // The thread is read (and locked) within the caller's scope: another entity's thread is refused.
  const thread = await loadForWrite(ctx, parent, scopeRe, parentId, { lock: true });
  const state = thread.state === null ? null : Number(thread.state);
  if (state !== null && finalStates(parent).includes(state)) {
    throw new AppError('E_STATETRANSITION', `${parent.name} #${parentId} is final (state ${state}) and takes no more replies`);
  }
  // The base module's scope column (a variant may be scoped through the thread instead).
  const scope = (module.def.variantOf ? ctx.services.modules.get(module.def.variantOf)! : module).entityScope;
  const parentScope = parent.entityScope;
  if (scope && 'column' in scope && parentScope && 'column' in parentScope) {
    const mine = given.get(scope.column);
    const theirs = thread[parent.fields.get(parentScope.column)!.column];
    if (!isEmpty(mine) && Number(mine) !== Number(theirs)) throw errors.validation({ [scope.column]: `must be the entity of ${parent.name} #${parentId}` });
    given.set(scope.column, theirs);
  }
  const caller = ctx.caller!;
  const kind = caller.loginType === LOGIN_TYPE.RE ? 're' : 'iru';
  const values: Row = rule.authorRole ? { [rule.authorRole.field]: rule.authorRole[kind] } : {};
  return {
    values,
    async apply() {
      const to = rule.states[kind];
      const now = sqlDateTime();
      const set: Row = { state: to, updatectr: Number(thread.updatectr) + 1, updateon: now, updateby: caller.userId };
      for (const f of rule.stamp ?? []) set[parent.fields.get(f)!.column] = now;
      if (to !== state) Object.assign(set, closingValues(parent, to, thread.createon, new Date(), caller.userId, thread));
      await ctx.db(parent.table).where(parent.idField, parentId).update(set);
      if (to !== state) await recordStateChange(ctx.db, parent, parentId, state, to, caller.userId, `reply in ${module.name}`);
      const changed = Object.keys(set).filter((c) => !['updatectr', 'updateon', 'updateby'].includes(c) && (c !== 'state' || to !== state));
      await recordAudit(ctx.db, parent, parentId, Number(thread.updatectr) + 1, 'update', changed, caller.userId, { before: thread, after: { ...thread, ...set } });
    },
  };
}
