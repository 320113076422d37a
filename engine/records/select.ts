// Record.select: a page of rows and the total count matching the conditions.
import { errors } from '../errors/catalogue.js';
import { text, type EnvelopeValue } from '../protocol/envelope.js';
import type { ActionContext } from '../runtime/context.js';
import { accessModule } from './module-access.js';
import { planSelect, type SelectPlan, type ShapedStatement } from './select-query.js';
import { toRecordset } from './recordset.js';
import { countOf } from './count-cache.js';
import { keptRows } from './page-cache.js';
import { selectCompiled, TemplateCache, type Row } from '../db/compiled-statement.js';
import { relabelStateGroups } from './state-groups.js';
import { withoutDroppedIndex } from './index-hint.js';

// Paging through a list, filtering it, asks for statements of the same few shapes again and
// again: each shape is compiled once, its values (page, filter values, entity) are bindings.
const rowTemplates = new TemplateCache(2_000);

/** A plan's rows through its shape's compiled statement (the read-back of a write uses it too). */
export function planRows(ctx: ActionContext, plan: SelectPlan): Promise<Record<string, unknown>[]> {
  if (plan.anchored) return anchoredRows(ctx.db, plan.anchored);
  const statement = rowTemplates.statement(ctx.db, plan.rowsShape, plan.rowsValues, plan.rowsTemplate, plan.rows);
  return selectCompiled(ctx.db, statement).catch((err: unknown) => {
    // An index named to MariaDB (index-hint.ts) was dropped under the running engine.
    const unhinted = withoutDroppedIndex(ctx.db, err, statement);
    if (!unhinted) throw err;
    return selectCompiled(ctx.db, unhinted);
  });
}

const shaped = (db: ActionContext['db'], s: ShapedStatement): Promise<Row[]> => selectCompiled(db, rowTemplates.statement(db, s.shape, s.values, s.template, s.build));

/** A deep page under a rule that hides a few values (select-query.ts anchoredPage): its anchor's row, then the page from it. */
export async function anchoredRows(db: ActionContext['db'], anchored: NonNullable<SelectPlan['anchored']>): Promise<Row[]> {
  const [anchor] = await shaped(db, anchored.anchor);
  if (!anchor) return [];
  const rows = await shaped(db, anchored.page(anchor, false));
  return anchored.short(anchor, rows.length) ? shaped(db, anchored.page(anchor, true)) : rows;
}

export interface SelectArgs {
  module: string;
  fields?: string[];
  where?: unknown;
  order?: unknown;
  max?: number | string;
  pageIndex?: number | string;
}

function positive(v: number | string | undefined, name: string, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw errors.badRequest(`${name} must be a whole number of at least 1`);
  return n;
}

export async function selectRecords(ctx: ActionContext, args: SelectArgs): Promise<EnvelopeValue[]> {
  const { module, scopeRe } = accessModule(ctx, args.module, 'select');
  // A profile tab's rows only while the tab is shown to the entity (docs/re-profile.md).
  await ctx.services.modules.app.beforeSelect?.(ctx, module);
  const { defaultPageSize, maxPageSize } = ctx.services.config;
  const max = positive(args.max, 'max', defaultPageSize);
  if (max > maxPageSize) throw errors.badRequest(`max must be at most ${maxPageSize}`);
  const pageIndex = positive(args.pageIndex, 'pageIndex', 1);
  const plan = planSelect(ctx.db, module, scopeRe, { fields: args.fields, where: args.where, order: args.order, limit: max, offset: (pageIndex - 1) * max }, true);
  const rows = keptRows(ctx, module, plan, async () => {
    const read = await planRows(ctx, plan);
    relabelStateGroups(module, read);
    return read;
  });
  const [rowValues, total] = await Promise.all([rows, countOf(ctx, module, plan)]);
  return [toRecordset(plan.fields, rowValues), text(String(total))];
}
