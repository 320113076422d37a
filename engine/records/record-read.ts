// Reading one record back: for `read` after a write, and for the E_CONCURRENT details.
import { errors } from '../errors/catalogue.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { RecordsetValue } from '../protocol/envelope.js';
import type { ActionContext } from '../runtime/context.js';
import { applyScope } from './module-access.js';
import { planSelect } from './select-query.js';
import { planRows } from './select.js';
import { toRecordset } from './recordset.js';
import { toCell } from './value-codec.js';
import { relabelStateGroups } from './state-groups.js';

export async function readRecordset(
  ctx: ActionContext,
  module: ResolvedModule,
  scopeRe: number | null | undefined,
  id: number,
  fields: string[] | undefined,
): Promise<RecordsetValue> {
  const plan = planSelect(ctx.db, module, scopeRe, { fields, where: [[module.idField, '=', id]], limit: 1, offset: 0 });
  const rows = await planRows(ctx, plan);
  relabelStateGroups(module, rows);
  return toRecordset(plan.fields, rows);
}

/** The record as now stored, as a field → wire value object (for E_CONCURRENT details). */
export async function readRecordObject(ctx: ActionContext, module: ResolvedModule, scopeRe: number | null | undefined, id: number) {
  const plan = planSelect(ctx.db, module, scopeRe, { where: [[module.idField, '=', id]], limit: 1, offset: 0 });
  const row = (await planRows(ctx, plan))[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  // E_CONCURRENT's record shows the states as the caller sees them (RE-Extension: In Progress).
  relabelStateGroups(module, [row]);
  return Object.fromEntries(plan.fields.map((f) => [f.name, toCell(row[f.name], f.type, f.def?.scale)]));
}

/**
 * The stored base row (own table only) within the caller's scope. A row outside the caller's
 * scope or rules answers exactly as one that does not exist (E_NOTFOUND): no answer tells a
 * hidden row from a missing one (docs/security.md "One access evaluator"). `lock` reads it
 * FOR UPDATE (MariaDB; SQLite writers are serialised anyway): racing writers queue here, so a
 * loser's E_CONCURRENT details are read after the winner committed, not from a stale snapshot.
 */
export async function loadForWrite(
  ctx: ActionContext,
  module: ResolvedModule,
  scopeRe: number | null | undefined,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<Record<string, unknown>> {
  const qb = ctx.db({ t: module.table }).where(`t.${module.idField}`, id).first('t.*');
  if (opts.lock) qb.forUpdate();
  applyScope(ctx.db, qb, module, scopeRe);
  const row = (await qb) as Record<string, unknown> | undefined;
  if (row) return row;
  throw errors.notFound(`${module.name} #${id}`);
}
