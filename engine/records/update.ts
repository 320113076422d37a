// Record.update and Record.delete: an atomic compare-and-set on the update counter. A stale
// counter changes nothing and answers E_CONCURRENT with the record as now stored and the
// fields that moved since the caller's version.
import { AppError, errors } from '../errors/catalogue.js';
import { sqlDateTime } from '../db/clock.js';
import type { ResolvedField, ResolvedModule } from '../metadata/module-registry.js';
import { text, type EnvelopeValue } from '../protocol/envelope.js';
import type { ActionContext } from '../actions/context.js';
import { accessModule } from './module-access.js';
import { checkLookups, checkScreenReferences, checkValues, pairFields, translateConstraintError } from './write-values.js';
import { fieldsChangedSince, recordAudit, recordStateChange } from './record-history.js';
import { loadForWrite, readRecordObject, readRecordset } from './record-read.js';
import { toCell } from './value-codec.js';

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
function differs(field: ResolvedField, stored: unknown, next: unknown): boolean {
  if (field.type === 'decimal' && stored != null && next != null) return Number(stored) !== Number(next);
  return toCell(stored, field.type, field.def.scale) !== toCell(next, field.type, field.def.scale);
}

function checkTransition(module: ResolvedModule, from: number | null, to: number): void {
  const map = module.stateMap;
  if (!map || from === to) return;
  if (!map.transitions.some(([f, t]) => f === from && t === to)) {
    throw new AppError('E_STATETRANSITION', `${module.name} cannot go from state ${from ?? 'none'} to state ${to}`);
  }
}

export async function updateRecord(ctx: ActionContext, args: UpdateArgs): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, args.module, 'update');
  const given = pairFields(module, args.fields, args.values);
  const { id, ctr } = identity(module, given);
  const stored = await loadForWrite(ctx, module, scopeRe, id, { lock: true });
  if (Number(stored[module.ctrField]) !== ctr) await concurrent(ctx, module, scopeRe, id, ctr);
  const row = checkValues(module, given, false);
  const scope = module.entityScope;
  if (scopeRe !== undefined && scope && 'column' in scope) {
    const col = module.fields.get(scope.column)!.column;
    if (col in row && Number(row[col]) !== scopeRe) throw errors.noPermission(`${module.permissionName}.update for another reporting entity`);
  }
  const stateChange = module.fields.has('state') && 'state' in row && Number(row.state) !== Number(stored.state);
  if (stateChange) {
    if (row.state === null) throw errors.validation({ state: 'is required' });
    checkTransition(module, stored.state === null ? null : Number(stored.state), Number(row.state));
  }
  await checkLookups(ctx, module, row);
  await checkScreenReferences(ctx, module, row, stored);
  // Forms send every field back; the audit (and so E_CONCURRENT's `changed`) keeps only real changes.
  const changed = [...given.keys()].filter((name) => {
    const f = module.fields.get(name)!;
    return differs(f, stored[f.column], row[f.column]);
  });
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
  if (stateChange) await recordStateChange(ctx.db, module, id, stored.state === null ? null : Number(stored.state), Number(row.state), who, args.reason ?? null);
  await recordAudit(ctx.db, module, id, ctr + 1, 'update', changed, who);
  return [await readRecordset(ctx, module, scopeRe, id, args.read ?? [module.idField, module.ctrField])];
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
  const qb = ctx.db(module.table).where(module.idField, id).andWhere(module.ctrField, ctr);
  let affected: number;
  try {
    affected = await qb.delete();
  } catch (e) {
    translateConstraintError(e, module);
  }
  if (affected !== 1) await concurrent(ctx, module, scopeRe, id, ctr);
  await recordAudit(ctx.db, module, id, ctr + 1, 'delete', [], ctx.caller?.userId ?? null);
  return [text('1')];
}
