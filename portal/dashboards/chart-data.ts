// The series of a dashboard chart: each data row is a declarative aggregate (count, sum or
// average of a field) over a module, grouped by month of a date field or by a lookup's names,
// with where conditions, run through the record engine's own pieces — the viewer's permission
// and entity scope, the where compiler, columns from metadata only. No admin-typed SQL exists.
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { AppError, errors } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { accessModule, applyScope } from '../../engine/records/module-access.js';
import { fromModule } from '../../engine/records/select-query.js';
import { applyWhere, normaliseWhere, whereFields } from '../../engine/records/where-compiler.js';
import { dialectOf } from '../../engine/db/connect.js';
import type { ChartDataRow } from '../../engine/metadata/screen-schemas.js';
import type { ResolvedField, ResolvedModule } from '../../engine/metadata/module-registry.js';

export interface ChartWindow {
  /** The chosen month (YYYY-MM): month groups cover the 12 months after it (seed 003 §9). */
  fromMonth: string;
  /** Only rows of this sector, for modules with a sector (or re_sector) field. */
  sector?: number | null;
}

export interface Series {
  label: string;
  color: string;
  /** Group label → value. */
  values: Map<string, number>;
}

/** The 12 month labels (YYYY-MM) starting with the month after `fromMonth`, in order. */
export function monthsAfter(fromMonth: string): string[] {
  const from = DateTime.fromFormat(fromMonth, 'yyyy-MM', { zone: 'utc' });
  if (!from.isValid) throw errors.badRequest('from_month must be a month as YYYY-MM or MM/YYYY');
  return Array.from({ length: 12 }, (_, i) => from.plus({ months: i + 1 }).toFormat('yyyy-MM'));
}

function fieldOf(module: ResolvedModule, name: string, what: string): ResolvedField {
  const f = module.fields.get(name);
  if (!f) throw errors.invalidField(module.name, name);
  if (f.def.secret) throw errors.invalidField(module.name, name);
  if (what === 'month' && f.type !== 'date' && f.type !== 'datetime') throw errors.badRequest(`${module.name}.${name} is not a date: it cannot be grouped by month`);
  if (what === 'value' && f.type !== 'integer' && f.type !== 'decimal') throw errors.badRequest(`${module.name}.${name} is not a number: it cannot be summed or averaged`);
  return f;
}

/** `strftime`/`DATE_FORMAT` of a column from metadata (an identifier binding, never text). */
function monthOf(db: Knex | Knex.Transaction, f: ResolvedField): Knex.Raw {
  const ref = `${f.alias}.${f.column}`;
  return dialectOf(db as Knex) === 'mysql' ? db.raw("DATE_FORMAT(??, '%Y-%m')", [ref]) : db.raw("strftime('%Y-%m', ??)", [ref]);
}

/**
 * The latest month (YYYY-MM), not after `notAfter`, in which a data row grouped by month counts
 * anything for the viewer (same scope, conditions and sector as its series), or null.
 */
export async function latestMonthOf(ctx: ActionContext, row: ChartDataRow, window: { sector?: number | null; notAfter: string }): Promise<string | null> {
  if (!('month' in row.groupBy)) return null;
  const { module, scopeRe } = accessModule(ctx, row.module, 'select');
  const group = fieldOf(module, row.groupBy.month, 'month');
  const end = DateTime.fromFormat(window.notAfter, 'yyyy-MM', { zone: 'utc' }).endOf('month').toFormat('yyyy-MM-dd');
  const where: unknown[] = [...(row.where ?? []), [group.name, '<=', end]];
  if (window.sector != null) {
    const sectorField = module.fields.get('sector') ?? module.fields.get('re_sector');
    if (sectorField) where.push([sectorField.name, '=', window.sector]);
  }
  const conditions = normaliseWhere(where, module);
  const db = ctx.db;
  const qb = fromModule(db, module, new Set([group.alias, ...whereFields(conditions).map((f) => f.alias)]));
  applyScope(db, qb, module, scopeRe);
  applyWhere(qb, conditions, module);
  // The newest row by the month's own index, not max(): under a row rule the database cannot answer
  // max() from the index alone and reads every row up to the end (it grew with the years of history).
  const column = `${group.alias}.${group.column}`;
  const found = (await qb.whereNotNull(column).orderBy(column, 'desc').first({ m: column })) as { m: unknown } | undefined;
  if (found?.m === null || found?.m === undefined) return null;
  const m = found.m instanceof Date ? DateTime.fromJSDate(found.m, { zone: 'utc' }) : DateTime.fromSQL(String(found.m), { zone: 'utc' });
  return m.isValid ? m.toFormat('yyyy-MM') : String(found.m).slice(0, 7);
}

export async function seriesOf(ctx: ActionContext, row: ChartDataRow, window: ChartWindow): Promise<Series> {
  const { module, scopeRe } = accessModule(ctx, row.module, 'select');
  const where: unknown[] = [...(row.where ?? [])];
  let group: ResolvedField;
  let months: string[] | undefined;
  if ('month' in row.groupBy) {
    group = fieldOf(module, row.groupBy.month, 'month');
    months = monthsAfter(window.fromMonth);
    const start = `${months[0]}-01`;
    const end = DateTime.fromFormat(months[11], 'yyyy-MM', { zone: 'utc' }).endOf('month').toFormat('yyyy-MM-dd');
    where.push([group.name, '>=', start], [group.name, '<=', end]);
  } else {
    const key = fieldOf(module, row.groupBy.lookup, 'lookup');
    const display = module.fields.get(`${key.name}_name_ind_field`);
    if (!display) throw errors.badRequest(`${module.name}.${key.name} is not a lookup: it cannot be grouped by name`);
    group = display;
  }
  if (window.sector != null) {
    const sectorField = module.fields.get('sector') ?? module.fields.get('re_sector');
    if (sectorField) where.push([sectorField.name, '=', window.sector]);
  }
  const value = row.aggregate === 'count' ? null : fieldOf(module, row.field ?? '', 'value');
  if (row.aggregate !== 'count' && !row.field) throw new AppError('E_VALIDATION', `A ${row.aggregate} needs a field`, { field: 'is required' });

  const conditions = normaliseWhere(where, module);
  const aliases = new Set([group.alias, ...whereFields(conditions).map((f) => f.alias), ...(value ? [value.alias] : [])]);
  const db = ctx.db;
  const qb = fromModule(db, module, aliases);
  applyScope(db, qb, module, scopeRe);
  applyWhere(qb, conditions, module);
  const keyExpr = months ? monthOf(db, group) : db.ref(`${group.alias}.${group.column}`);
  const valueRef = value ? [`${value.alias}.${value.column}`] : [];
  const valueExpr = row.aggregate === 'sum' ? db.raw('SUM(??)', valueRef) : row.aggregate === 'avg' ? db.raw('AVG(??)', valueRef) : db.raw('COUNT(*)');
  const rows = (await qb.select({ k: keyExpr, v: valueExpr }).groupBy(keyExpr as never)) as { k: unknown; v: unknown }[];

  const values = new Map<string, number>();
  for (const m of months ?? []) values.set(m, 0);
  for (const r of rows) {
    const label = r.k === null || r.k === undefined ? '(none)' : String(r.k);
    values.set(label, Math.round(Number(r.v ?? 0) * 100) / 100);
  }
  return { label: row.label, color: row.color, values };
}
