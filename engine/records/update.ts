// Record.update and Record.delete: an atomic compare-and-set on the update counter. A stale
// counter changes nothing and answers E_CONCURRENT with the record as now stored and the
// fields that moved since the caller's version.
import { AppError, errors } from '../errors/catalogue.js';
import { sqlDateTime } from '../db/clock.js';
import { BASE_ALIAS, type ResolvedField, type ResolvedModule } from '../metadata/module-registry.js';
import { text, type EnvelopeValue, type RecordsetValue } from '../protocol/envelope.js';
import type { ActionContext } from '../runtime/context.js';
import { accessModule } from './module-access.js';
import { assertWithinRules } from './row-rules.js';
import { checkDateRules, checkLookups, checkScreenReferences, checkValues, pairFields, sanitizeHtmlFields, translateConstraintError } from './write-values.js';
import { fieldsChangedSince, recordAudit, recordStateChange } from './record-history.js';
import { loadForWrite, readRecordObject, readRecordset } from './record-read.js';
import { fromInput, toCell } from './value-codec.js';
import { countsMayChange, recountFor } from './counters.js';
import { checkRequiredWhen, checkStateRequires, checkTransitionPermission, checkWritableWhen, closingValues } from './thread-rules.js';
import { guardWrite } from './write-guards.js';

export interface UpdateArgs {
  module: string;
  fields: string[];
  values: unknown[];
  read?: string[];
  /** Why the state changed; kept in the record's state history. */
  reason?: string;
}

function identity(module: ResolvedModule, given: Map<string, unknown>): { id: number; ctr: number } {
  const id = Number(given.get(module.idField));
  const ctr = Number(given.get(module.ctrField));
  const problems: Record<string, string> = {};
  if (!given.has(module.idField) || !Number.isInteger(id) || id < 1) problems[module.idField] = 'is required to say which record to change';
  if (!given.has(module.ctrField) || !Number.isInteger(ctr) || ctr < 0) problems[module.ctrField] = 'is required: send the value you read';
  if (Object.keys(problems).length) throw errors.validation(problems);
  given.delete(module.idField);
  given.delete(module.ctrField);
  return { id, ctr };
}

async function concurrent(ctx: ActionContext, module: ResolvedModule, scopeRe: number | null | undefined, id: number, ctr: number): Promise<never> {
  const record = await readRecordObject(ctx, module, scopeRe, id);
  if (!record) throw errors.notFound(`${module.name} #${id}`);
  const changed = await fieldsChangedSince(ctx.db, module, id, ctr);
  throw new AppError('E_CONCURRENT', undefined, { record, changed });
}

/** Whether a value about to be written differs from the stored one, compared as wire values. */
export function differs(field: ResolvedField, stored: unknown, next: unknown): boolean {
  if (field.type === 'decimal' && stored != null && next != null) return Number(stored) !== Number(next);
  return toCell(stored, field.type, field.def.scale) !== toCell(next, field.type, field.def.scale);
}

/**
 * Forms send every field back: a read-only field sent with the value it already holds is left
 * out instead of refused (RE-RE's entity identifiers and status on the RE user's entity form),
 * while a read-only field sent with another value still answers `is read-only`.
 */
function dropUnchangedReadOnly(module: ResolvedModule, given: Map<string, unknown>, stored: Record<string, unknown>): void {
  for (const [name, raw] of given) {
    const f = module.fields.get(name)!;
    if (f.writable || f.alias !== BASE_ALIAS) continue;
    let v: unknown;
    try {
      v = fromInput(raw, f);
    } catch {
      continue;
    }
    if (!differs(f, stored[f.column], v)) given.delete(name);
  }
}

/** The move must be in the state map, and a move that names a permission needs the caller to hold it. */
function checkTransition(ctx: ActionContext, module: ResolvedModule, from: number | null, to: number): void {
  const map = module.stateMap;
  if (!map || from === to) return;
  if (!map.transitions.some(([f, t]) => f === from && t === to)) {
    throw new AppError('E_STATETRANSITION', `${module.name} cannot go from state ${from ?? 'none'} to state ${to}`);
  }
  checkTransitionPermission(ctx, module, from, to);
}

/** `engineValues` (field → value) are set by a domain action, not the caller (a query's resubmission), past the read-only check. */
export async function updateRecord(ctx: ActionContext, args: UpdateArgs, engineValues: Record<string, unknown> = {}): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, args.module, 'update');
  const given = pairFields(module, args.fields, args.values);
  const { id, ctr } = identity(module, given);
  const stored = await loadForWrite(ctx, module, scopeRe, id, { lock: true });
  if (Number(stored[module.ctrField]) !== ctr) await concurrent(ctx, module, scopeRe, id, ctr);
  dropUnchangedReadOnly(module, given, stored);
  const row = checkValues(module, given, false);
  sanitizeHtmlFields(module, row, stored);
  await module.hooks?.prepare?.(ctx, module, row, stored);
  for (const [name, v] of Object.entries(engineValues)) row[module.fields.get(name)!.column] = v;
  checkDateRules(module, row, stored);
  const scope = module.entityScope;
  if (scopeRe !== undefined && scope && 'column' in scope) {
    const col = module.fields.get(scope.column)!.column;
    if (col in row && Number(row[col]) !== scopeRe) throw errors.noPermission(`${module.permissionName}.update for another reporting entity`);
  }
  const stateChange = module.fields.has('state') && 'state' in row && Number(row.state) !== Number(stored.state);
  let closed: Record<string, unknown> = {};
  if (stateChange) {
    if (row.state === null) throw errors.validation({ state: 'is required' });
    checkTransition(ctx, module, stored.state === null ? null : Number(stored.state), Number(row.state));
    checkStateRequires(module, { ...stored, ...row }, Number(row.state));
    closed = closingValues(module, Number(row.state), stored.createon, new Date(), ctx.caller?.userId ?? null, { ...stored, ...row });
    Object.assign(row, closed);
  }
  await checkLookups(ctx, module, row);
  await checkScreenReferences(ctx, module, row, stored);
  // Forms send every field back; the audit (and so E_CONCURRENT's `changed`) keeps only real changes.
  const changed = [...given.keys(), ...Object.keys(engineValues)].filter((name) => {
    const f = module.fields.get(name)!;
    return differs(f, stored[f.column], row[f.column]);
  });
  checkWritableWhen(module, stored, changed);
  checkRequiredWhen(module, { ...stored, ...row });
  for (const f of Object.keys(closed)) if (!changed.includes(f)) changed.push(f);
  // A domain's own rules and stamps (docs/resubmission-extension.md), past the caller's read-only check.
  const hooks = module.hooks;
  for (const f of (await hooks?.beforeWrite?.(ctx, module, stored, row)) ?? []) if (!changed.includes(f)) changed.push(f);
  await guardWrite(ctx, module, stored, { ...stored, ...row });
  const who = ctx.caller?.userId ?? null;
  const set: Record<string, unknown> = { ...row, [module.ctrField]: ctr + 1 };
  if (module.kind !== 'link') Object.assign(set, { updateon: sqlDateTime(), updateby: who });
  // The scope was checked on this very version (loadForWrite); the counter pins the version.
  const qb = ctx.db(module.table).where(module.idField, id).andWhere(module.ctrField, ctr);
  let affected: number;
  try {
    affected = await qb.update(set);
  } catch (e) {
    translateConstraintError(e, module);
  }
  if (affected !== 1) await concurrent(ctx, module, scopeRe, id, ctr);
  // The row must stay within the caller's row rules (a category moved out of sight is refused).
  await assertWithinRules(ctx.db, module, id, ctx.caller, (n) => ctx.services.modules.get(n));
  if (stateChange) await recordStateChange(ctx.db, module, id, stored.state === null ? null : Number(stored.state), Number(row.state), who, args.reason ?? null);
  // A module's own consequences of a state move (a form's sign-off stamps, say), in this transaction.
  if (stateChange) await hooks?.afterStateChange?.(ctx, module, id, stored.state === null ? null : Number(stored.state), Number(row.state), args.reason);
  await hooks?.afterWrite?.(ctx, module, id, stored, row);
  if (countsMayChange(ctx.services.modules, module.table, stored, row)) await recountFor(ctx.db, ctx.services.modules, module.table, [stored, { ...stored, ...row }]);
  let back: RecordsetValue | undefined;
  // Read back before the audit's version bump, which is then held for the commit alone.
  await recordAudit(ctx.db, module, id, ctr + 1, 'update', changed, who, { before: stored, after: { ...stored, ...set } }, async () => {
    back = await readRecordset(ctx, module, scopeRe, id, args.read ?? [module.idField, module.ctrField]);
  });
  return [back!];
}

export interface DeleteArgs {
  module: string;
  fields: string[];
  values: unknown[];
}

export async function deleteRecord(ctx: ActionContext, args: DeleteArgs): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, args.module, 'delete');
  const given = pairFields(module, args.fields, args.values);
  const { id, ctr } = identity(module, given);
  if (given.size) throw errors.badRequest(`Record.delete takes only ${module.idField} and ${module.ctrField}`);
  const stored = await loadForWrite(ctx, module, scopeRe, id, { lock: true });
  if (Number(stored[module.ctrField]) !== ctr) await concurrent(ctx, module, scopeRe, id, ctr);
  await guardWrite(ctx, module, stored, null);
  // What goes with the row (a submission's forms, a form's cells), in this transaction.
  await module.hooks?.beforeDelete?.(ctx, module, stored);
  const qb = ctx.db(module.table).where(module.idField, id).andWhere(module.ctrField, ctr);
  let affected: number;
  try {
    affected = await qb.delete();
  } catch (e) {
    translateConstraintError(e, module);
  }
  if (affected !== 1) await concurrent(ctx, module, scopeRe, id, ctr);
  await recountFor(ctx.db, ctx.services.modules, module.table, [stored]);
  await recordAudit(ctx.db, module, id, ctr + 1, 'delete', [], ctx.caller?.userId ?? null, { before: stored });
  return [text('1')];
}
