// Job.ExportListExcel's arguments (seed 001 §7: title, columnNames, module, fields, where, order)
// and the plan made from them, the same at submit time (to answer mistakes at once) and at run
// time (with the submitter's access as it is then). The rows come from the record engine's own
// select plan (planSelect), so the export sees exactly what Record.select would: the module's
// permission, the entity scope, the where compiler, the order.
import { Type, type Static } from '@sinclair/typebox';
import type { ActionContext } from '../../runtime/context.js';
import { SelectArgs } from '../../records/record-schemas.js';
import { errors } from '../../errors/catalogue.js';
import type { ResolvedModule } from '../../metadata/module-registry.js';
import { accessModule } from '../../records/module-access.js';
import { parseOrder, type OrderTerm } from '../../records/order-parser.js';
import { planSelect, type SelectPlan } from '../../records/select-query.js';
import type { SheetColumn } from './sheet-writer.js';

const { module, fields, where, order } = SelectArgs.properties;

export const ExportArgs = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200, description: 'Sheet name and download file name' })),
    columnNames: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500, description: 'Column titles, one per field, in order; default: the fields\' titles' })),
    module,
    fields,
    where,
    order,
  },
  { additionalProperties: false },
);
export type ExportArgs = Static<typeof ExportArgs>;

/** The rows an .xlsx sheet holds below its header row. */
export const MAX_SHEET_ROWS = 1_048_575;

export interface ExportPlan {
  module: ResolvedModule;
  plan: SelectPlan;
  order: OrderTerm[];
  columns: SheetColumn[];
}

export function planExport(ctx: ActionContext, args: ExportArgs, pageRows: number): ExportPlan {
  const { module, scopeRe } = accessModule(ctx, args.module, 'select');
  const plan = planSelect(ctx.db, module, scopeRe, { fields: args.fields, where: args.where, order: args.order, limit: pageRows, offset: 0 });
  if (args.columnNames && args.columnNames.length !== plan.fields.length) {
    throw errors.badRequest(`columnNames has ${args.columnNames.length} titles for ${plan.fields.length} fields`);
  }
  const columns = plan.fields.map((f, i) => ({ title: args.columnNames?.[i] ?? f.def.title ?? f.name, type: f.type, scale: f.def.scale }));
  return { module, plan, order: parseOrder(args.order, module), columns };
}
