// "Copy from last period" (docs/filing.md "Copy from last period"): the chosen tabs of an Open or
// Amendment Required form take the input values of the same entity's previous accepted form of
// the template (previous-form.ts), through Form.saveData's one pipeline, so every value is checked
// as if typed and the copy is one revision. Values are matched by cell code, which is stable
// across template versions; a code the form's version no longer has as an input cell is skipped
// and counted. An add-new-rows tab gets the previous form's number of data rows.
import { AppError } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { cellId, filedTemplate, placeContent, reachForm, storedCells } from './form-data.js';
import { assertWritable, saveFormData, type CellInput } from './form-save.js';
import { previousAcceptedForm } from './previous-form.js';

export interface CopyArgs {
  form: number;
  updatectr: number;
  /** Tab ids to copy; all the form's tabs when absent. */
  tabs?: string[];
}

export interface CopyResult {
  id: number;
  updatectr: number;
  /** The previous accepted form copied from, and the end of its period (yyyy-mm-dd). */
  previous: number;
  endon: string;
  /** Cells given a value from the previous form. */
  copied: number;
  /** Filled cells of the previous form whose code is no longer an input cell of this form's version. */
  skipped: number;
}

export const NO_PREVIOUS = 'There is no accepted return of this template for an earlier period to copy from.';

export async function copyFromPrevious(ctx: ActionContext, args: CopyArgs): Promise<CopyResult> {
  // The form's state and the caller's role are refused before the previous form is looked at.
  const form = await reachForm(ctx, args.form, 'update', { lock: true, entityOnly: true });
  await assertWritable(ctx, form);
  const filed = await filedTemplate(ctx.db, form);
  const { layout } = filed;
  const chosen = new Set(args.tabs ?? filed.properties.items.map((t) => t.id));
  const unknown = [...chosen].filter((id) => !layout.tab(id));
  if (unknown.length) throw new AppError('E_VALIDATION', 'The form has no such tab.', Object.fromEntries(unknown.map((id) => [id, 'The form has no such tab.'])));

  const previous = await previousAcceptedForm(ctx.db, form.id);
  if (!previous) throw new AppError('E_NOTFOUND', NO_PREVIOUS);
  const before = placeContent((await filedTemplate(ctx.db, previous)).layout, await storedCells(ctx.db, previous.id));

  // The previous form's data rows of each chosen add-new-rows tab (at least the tab's fewest).
  const rows: Record<string, number> = {};
  for (const tab of layout.repeatingTabs()) if (chosen.has(tab.id)) rows[tab.id] = Math.max(before.rows[tab.id] ?? 1, tab.minrowsize ?? 0, 1);

  // Every input cell of the chosen tabs takes the previous value, an empty one included: the tabs
  // become what was accepted last period.
  const cells: CellInput[] = [];
  const taken = new Set<string>();
  let copied = 0;
  for (const cell of layout.cells) {
    const c = cell.place.cell;
    if (!chosen.has(cell.tab) || c.editor === 'formula' || c.disabled === true) continue;
    const count = cell.repeats ? rows[cell.tab] : 1;
    for (let row = 0; row < count; row++) {
      const id = cellId(cell, row);
      const value = before.byCell.get(id) ?? null;
      if (value !== null) {
        taken.add(id);
        copied++;
      }
      cells.push({ tab: cell.tab, address: layout.address(cell, row, rows), value });
    }
  }
  // What the previous form held in the chosen tabs (by its own version) that found no input cell here.
  let skipped = 0;
  for (const [id, value] of before.byCell) {
    if (value === null || taken.has(id)) continue;
    const code = id.slice(0, id.lastIndexOf('#'));
    const now = layout.byCodeOf(code);
    const tab = now?.tab ?? before.storedAt.get(id)?.tab;
    if (tab !== undefined && chosen.has(tab)) skipped++;
  }

  const saved = await saveFormData(ctx, { form: form.id, updatectr: args.updatectr, cells, rows });
  return { ...saved, previous: previous.id, endon: previous.endon, copied, skipped };
}
