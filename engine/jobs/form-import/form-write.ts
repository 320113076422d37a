// Writing one workbook's cells into its form: in a transaction of its own, through
// Form.saveData's own pipeline (saveFormData: reach and lock, state, role, every cell parsed by
// its cell's rules). All or nothing per form: any problem, ours or saveData's, rolls it back.
import type ExcelJS from 'exceljs';
import type { ActionContext } from '../../actions/context.js';
import { AppError } from '../../errors/catalogue.js';
import { filedTemplate, reachForm } from '../../filing/form-data.js';
import { cellKey, type DataCell } from '../../filing/form-layout.js';
import { saveFormData, type CellInput } from '../../filing/form-save.js';
import { cellInput } from './cell-input.js';
import { tabSheetNames } from '../form-export/sheet-names.js';
import type { WorkbookMap } from './workbook-map.js';
import type { SheetValues, WorkbookValues } from './workbook-values.js';
import { categoryMismatch, typeFitsCategory } from './import-types.js';

export interface CellProblem {
  /** `sheet!A1`, or the form/tab when no cell is at fault. */
  at: string;
  sheet: string | null;
  address: string | null;
  code: string | null;
  rule: string;
  message: string;
}

interface Source {
  sheet: string;
  address: string;
  code: string | null;
}

class RolledBack extends Error {}

/** The rule a saveData message is about: its messages are the catalogue of cell rules. */
function ruleOf(message: string): string {
  if (/no cell with this code/.test(message)) return 'unknown-code';
  if (/formula/.test(message)) return 'formula';
  if (/disabled/.test(message)) return 'disabled';
  if (/rows?\b/.test(message)) return 'rows';
  if (/no input cell/.test(message)) return 'no-input-cell';
  if (/digits|decimal/.test(message)) return 'precision';
  if (/listed values|list of values/.test(message)) return 'dropdown';
  return 'value';
}

/** Form.saveData's limit on a tab's rows: a sheet filled further is read no further. */
const MAX_ROWS = 100_000;

const blank = (v: ExcelJS.CellValue) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The data rows of an add-new-rows tab's sheet: down to the first row with none of its inputs filled (at least 1). */
function dataRows(ws: SheetValues, cells: readonly DataCell[], addressOf: (cell: DataCell, row: number) => string): number {
  let n = 0;
  while (n < MAX_ROWS && cells.some((c) => !blank(ws.value(addressOf(c, n))))) n++;
  return Math.max(1, n);
}

const problemAt = (src: Source, rule: string, message: string): CellProblem => ({ at: `${src.sheet}!${src.address}`, sheet: src.sheet, address: src.address, code: src.code, rule, message });

/**
 * Writes the workbook's input cells into form `formId`; answers the problems (none: written).
 * Formula cells of the template are skipped: their values come from the template's formulas.
 * With an import's Form Type, a form whose template category is of the other kind (App I/II or
 * not) is refused whole, rule `form-type` (import-types.ts).
 */
export async function writeWorkbookToForm(ctx: ActionContext, wb: WorkbookValues, map: WorkbookMap | null, formId: number, importType: number | null = null): Promise<{ problems: CellProblem[]; cells: number }> {
  const problems: CellProblem[] = [];
  let written = 0;
  try {
    await ctx.db.transaction(async (trx) => {
      const tctx: ActionContext = { ...ctx, db: trx };
      const form = await reachForm(tctx, formId, 'update', { entityOnly: true });
      if (importType !== null) {
        const template = form.formtemplate === null ? undefined : await trx('formtemplate').where({ id: form.formtemplate }).first('category');
        const category = template?.category === null || template?.category === undefined ? null : Number(template.category);
        if (!typeFitsCategory(importType, category)) {
          problems.push({ at: '', sheet: null, address: null, code: null, rule: 'form-type', message: categoryMismatch(form.id, importType, category) });
          throw new RolledBack();
        }
      }
      const { layout } = await filedTemplate(trx, form);
      const inputs: CellInput[] = [];
      const sources = new Map<string, Source>();
      const rows: Record<string, number> = {};
      const take = (src: Source, tab: string | null, value: unknown, editor?: string) => {
        const read = cellInput(value as ExcelJS.CellValue, editor);
        if (!read.ok) return problems.push(problemAt(src, read.rule, read.message));
        if (tab === null) {
          inputs.push({ code: src.code!, value: read.value as never });
          sources.set(src.code!, src);
        } else {
          inputs.push({ tab, address: src.address, value: read.value as never });
          sources.set(cellKey(tab, src.address), src);
        }
      };
      if (map) {
        for (const m of map.cells) {
          const cell = layout.byCodeOf(m.code);
          if (cell?.place.cell.editor === 'formula') continue;
          const ws = wb.sheet(m.sheet);
          const src = { sheet: m.sheet, address: m.address, code: m.code };
          if (!ws) {
            problems.push(problemAt(src, 'sheet', `The workbook has no sheet ${m.sheet}.`));
            continue;
          }
          take(src, cell ? cell.tab : null, ws.value(m.address), cell?.place.cell.editor);
        }
      } else {
        // No map: each tab's sheet by its name, each input cell at its template address; an
        // add-new-rows tab's data rows run from its first body row down to the first row with no
        // input filled (`dataRows`), and the form takes that many rows.
        const tabs = layout.template.items;
        const names = new Map(tabSheetNames(tabs).map((name, i) => [tabs[i].id, name]));
        const inputCells = layout.cells.filter((c) => c.place.cell.editor !== 'formula');
        for (const tab of layout.repeatingTabs()) {
          const ws = wb.sheet(names.get(tab.id)!);
          if (ws) rows[tab.id] = dataRows(ws, inputCells.filter((c) => c.tab === tab.id && c.repeats), (c, r) => layout.address(c, r, {}));
        }
        for (const cell of inputCells) {
          const sheet = names.get(cell.tab)!;
          const ws = wb.sheet(sheet);
          if (!ws) continue;
          const count = cell.repeats ? (rows[cell.tab] ?? 1) : 1;
          for (let r = 0; r < count; r++) {
            const address = layout.address(cell, r, rows);
            take({ sheet, address, code: cell.code }, cell.tab, ws.value(address), cell.place.cell.editor);
          }
        }
      }
      const current = await trx('form').where({ id: form.id }).first('updatectr');
      try {
        // With problems of our own, saveData still checks the rest (dryRun), so every bad cell is listed at once.
        await saveFormData(tctx, { form: form.id, updatectr: Number(current.updatectr), cells: inputs, ...(Object.keys(rows).length ? { rows } : {}), dryRun: problems.length > 0 });
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'E_VALIDATION') throw e;
        for (const [key, message] of Object.entries(e.details as Record<string, string>)) {
          const src = sources.get(key) ?? { sheet: key.split('!')[0], address: key.split('!')[1] ?? '', code: null };
          problems.push(problemAt(src, ruleOf(message), message));
        }
      }
      if (problems.length) throw new RolledBack();
      written = inputs.length;
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
  }
  return { problems, cells: written };
}
