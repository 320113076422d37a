// The caller's rows of the filing modules (entities, submissions, forms) for the regulator's
// period actions, which query these tables themselves: opening a period, the completeness
// report and the late notice act on, count and name only what the caller's lists show
// (docs/filing-periods.md "Whose rows").
import type { ActionContext } from '../../engine/runtime/context.js';
import { rowsOf, type CallerRows } from '../../engine/records/scoped-rows.js';

export interface FilingRows {
  re: CallerRows;
  batch: CallerRows;
  form: CallerRows;
}

export function filingRowsOf(ctx: ActionContext): FilingRows {
  return { re: rowsOf(ctx, 'RE'), batch: rowsOf(ctx, 'FormBatch'), form: rowsOf(ctx, 'Form') };
}
