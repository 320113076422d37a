// Writing one workbook's cells into its form: in a transaction of its own, through
// Form.saveData's own pipeline (saveFormData: reach and lock, state, role, every cell parsed by
// its cell's rules). All or nothing per form: any problem, ours or saveData's, rolls it back.
// Only what the workbook changes is written (docs/excel.md, "What an import writes"): an empty
// cell is not a write (except within a line of an add-new-rows tab, taken whole), nor a value
// equal to the form's, so an unchanged export writes nothing and no revision; with "replace the
// whole form" every input cell the workbook leaves empty is cleared and each add-new-rows tab has
// exactly the workbook's lines.
import type ExcelJS from 'exceljs';
import type { ActionContext } from '../../../engine/runtime/context.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { parseCellValue } from '../../filing/cell-values.js';
import { isFormulaCell } from '../../filing/normalise.js';
import { cellId, filedTemplate, type FiledTemplate, listValuesFor, placeContent, reachForm, storedCells } from '../../filing/form-data.js';
import { cellKey, type DataCell, type FormLayout } from '../../filing/form-layout.js';
import { externalKeys } from '../../filing/formula-references.js';
import { saveFormData, type CellInput } from '../../filing/form-save.js';
import { cellInput } from './cell-input.js';
import type { NamedCell } from './cell-names.js';
import { categoryMismatch, typeFitsCategory } from './import-types.js';
import { formImportRefusal } from './import-allow.js';
import { cellLabels } from '../../filing/cell-labels.js';
import { cellProblem, isBlank, readFormCells, type CellProblem, type ReadCell } from './workbook-cells.js';
import type { WorkbookMap } from './workbook-map.js';
import type { WorkbookValues } from './workbook-values.js';

export type { CellProblem } from './workbook-cells.js';

export interface WriteOptions {
  importType?: number | null;
  /** Clear every input cell the workbook leaves empty, and keep only its lines ("replace the whole form"). */
  replace?: boolean;
  /** The workbook's `RP_<code>` defined names (cell-names.ts). */
  names?: ReadonlyMap<string, NamedCell>;
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

const isFormula = (v: ExcelJS.CellValue) => typeof v === 'object' && v !== null && ('formula' in v || 'sharedFormula' in v);

/** A formula cell the export writes as its value only (ext()/extform(), or no formula): a value there is what the export wrote. */
const writtenAsValue = (cell: DataCell) => !cell.place.cell.formula || externalKeys(cell.place.cell.formula).length > 0;

/**
 * Lines deleted from an add-new-rows tab of this form's own export: the workbook has fewer lines
 * than the map says were exported, and the form holds a value on a line beyond them. Without
 * "replace the whole form" an import removes no line, so keeping the form's later lines under
 * the workbook's would shift them: refused, one problem for the tab.
 */
function deletedLines(layout: FormLayout, map: WorkbookMap, lines: Record<string, number>, stored: ReadonlyMap<string, unknown>): CellProblem[] {
  const exported: Record<string, number> = {};
  const perCode = new Map<string, number>();
  for (const m of map.cells) {
    const cell = layout.byCodeOf(m.code);
    if (!cell?.repeats) continue;
    const n = (perCode.get(m.code) ?? 0) + 1;
    perCode.set(m.code, n);
    exported[cell.tab] = Math.max(exported[cell.tab] ?? 0, n);
  }
  const out: CellProblem[] = [];
  for (const [tabId, n] of Object.entries(lines)) {
    const had = exported[tabId] ?? 0;
    if (n >= had) continue;
    const left = layout.cells.some((c) => c.tab === tabId && c.repeats && [...Array(had - n).keys()].some((k) => stored.get(cellId(c, n + k)) != null));
    if (!left) continue;
    const tab = layout.tab(tabId)!;
    out.push(cellProblem(tabId, null, null, 'rows', `Tab ${tab.title} had ${had} lines when this workbook was exported and has ${n} now: an import removes lines only when it replaces the whole form. Choose "Replace the whole form" on the import, or delete the lines in the portal.`));
  }
  return out;
}

/**
 * Writes the workbook's changes into form `formId`; answers the problems (none: written) and the
 * number of cells changed (0: nothing changed, and nothing was written). With an import's Form
 * Type, a form whose template category is of the other kind (App I/II or not) is refused whole,
 * rule `form-type` (import-types.ts); one the Import Allow rules refuse, rule `import-allow`.
 */
/** Each cell's problem says which cell of the form it is in words: its tab and its label. */
function nameCells(problems: CellProblem[], filed: FiledTemplate): void {
  const labels = cellLabels(filed.properties);
  for (const p of problems) {
    if (!p.code) continue;
    const tab = filed.layout.tab(p.at.slice(0, p.at.indexOf('!')));
    p.label = [tab ? `Tab ${tab.title}` : '', labels.get(p.code) ?? `Code ${p.code}`].filter(Boolean).join(', ');
  }
}

export async function writeWorkbookToForm(ctx: ActionContext, wb: WorkbookValues, map: WorkbookMap | null, formId: number, opts: WriteOptions = {}): Promise<{ problems: CellProblem[]; cells: number }> {
  const problems: CellProblem[] = [];
  let written = 0;
  try {
    await ctx.db.transaction(async (trx) => {
      const tctx: ActionContext = { ...ctx, db: trx };
      const form = await reachForm(tctx, formId, 'update', { lock: true, entityOnly: true });
      if (opts.importType !== undefined && opts.importType !== null) {
        const template = form.formtemplate === null ? undefined : await trx('formtemplate').where({ id: form.formtemplate }).first('category');
        const category = template?.category === null || template?.category === undefined ? null : Number(template.category);
        if (!typeFitsCategory(opts.importType, category)) {
          problems.push({ at: '', sheet: null, address: null, code: null, rule: 'form-type', message: categoryMismatch(opts.importType, category) });
          throw new RolledBack();
        }
      }
      // The regulator's Import Allow rules (import-allow.ts): a refused form is this workbook's problem.
      const refusal = await formImportRefusal(trx, form);
      if (refusal) {
        problems.push({ at: '', sheet: null, address: null, code: null, rule: 'import-allow', message: refusal });
        throw new RolledBack();
      }
      const filed = await filedTemplate(trx, form);
      const { layout } = filed;
      const stored = await storedCells(trx, form.id);
      const content = placeContent(layout, stored);
      const found = readFormCells(layout, wb, map, opts.names ?? new Map());
      // The list entries the workbook's dropdown cells name, looked up by value (not whole lists).
      const dropdowns = found.read.filter((rc) => rc.cell.place.cell.editor === 'dropdown').map((rc) => cellInput(rc.value, 'dropdown'));
      const listValues = await listValuesFor(trx, layout, dropdowns.flatMap((r) => (r.ok ? [r.value] : [])));
      problems.push(...found.problems);

      // The form's lines after the import: the workbook's with "replace", else never fewer than it has.
      const rows: Record<string, number> = {};
      for (const [tab, n] of Object.entries(found.lines)) {
        const next = opts.replace ? Math.max(1, n) : Math.max(content.rows[tab] ?? 1, n);
        if (next !== (content.rows[tab] ?? 1)) rows[tab] = next;
      }
      if (!opts.replace && map?.form === form.id) problems.push(...deletedLines(layout, map, found.lines, content.byCell));
      const finalRows = { ...content.rows, ...rows };
      const inputs: CellInput[] = [];
      const sources = new Map<string, ReadCell>();
      const given = new Set<string>();
      for (const rc of found.read) {
        const c = rc.cell.place.cell;
        if (isBlank(rc.value)) {
          // A line of an add-new-rows tab is one record, taken whole: its empty cells empty the
          // form's line too, so a line is never a mix of two.
          if (rc.cell.repeats && !isFormulaCell(c) && c.disabled !== true && content.byCell.get(cellId(rc.cell, rc.row)) != null) {
            inputs.push({ tab: rc.cell.tab, address: layout.address(rc.cell, rc.row, finalRows), value: null });
            given.add(cellId(rc.cell, rc.row));
          }
          continue;
        }
        const formAddress = layout.address(rc.cell, rc.row, finalRows);
        const at = cellKey(rc.cell.tab, formAddress);
        const where = { sheet: rc.sheet, address: rc.address };
        if (isFormulaCell(c)) {
          if (!isFormula(rc.value) && !writtenAsValue(rc.cell)) problems.push(cellProblem(at, where, rc.cell.code, 'formula', "This cell is calculated by the template's formula; a value typed over it is not imported."));
          continue;
        }
        given.add(cellId(rc.cell, rc.row));
        const read = cellInput(rc.value, c.editor);
        if (!read.ok) {
          problems.push(cellProblem(at, where, rc.cell.code, read.rule, read.message));
          continue;
        }
        // A value the form already holds is no write (a disabled cell's too). Parsed here only
        // where the form holds a value: saveData parses every value it is given anyway.
        const before = content.byCell.get(cellId(rc.cell, rc.row)) ?? null;
        if (before !== null) {
          const parsed = parseCellValue(c, read.value, { listValues });
          if (parsed.ok && parsed.value === before) continue;
        }
        if (c.disabled === true) {
          problems.push(cellProblem(at, where, rc.cell.code, 'disabled', 'This cell is disabled in the template; a changed value is not imported.'));
          continue;
        }
        inputs.push({ tab: rc.cell.tab, address: formAddress, value: read.value as never });
        sources.set(at, rc);
      }
      if (opts.replace) {
        // Every input cell the workbook left empty (or does not have) and the form fills is cleared;
        // lines beyond the workbook's are cut by the row count.
        for (const [id, value] of content.byCell) {
          if (value === null || given.has(id)) continue;
          const hash = id.lastIndexOf('#');
          const cell = layout.byCodeOf(id.slice(0, hash));
          const row = Number(id.slice(hash + 1));
          if (!cell || isFormulaCell(cell.place.cell) || cell.place.cell.disabled === true) continue;
          if (cell.repeats && row >= (finalRows[cell.tab] ?? 1)) continue;
          inputs.push({ tab: cell.tab, address: layout.address(cell, row, finalRows), value: null });
        }
      }
      const changes = inputs.length > 0 || Object.keys(rows).length > 0;
      try {
        // With problems of our own, or nothing to change, saveData still checks the form and the
        // rest (dryRun), so every bad cell is listed at once and nothing is written.
        await saveFormData(tctx, { form: form.id, updatectr: form.updatectr, cells: inputs, ...(Object.keys(rows).length ? { rows } : {}), dryRun: problems.length > 0 || !changes }, { filed, stored, listValues });
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'E_VALIDATION') throw e;
        for (const [key, message] of Object.entries(e.details as Record<string, string>)) {
          const src = sources.get(key);
          const tab = layout.tab(key);
          problems.push(src ? cellProblem(key, { sheet: src.sheet, address: src.address }, src.cell.code, ruleOf(message), message) : cellProblem(key, null, null, ruleOf(message), tab ? `Tab ${tab.title}: ${message}` : message));
        }
      }
      nameCells(problems, filed);
      if (problems.length) throw new RolledBack();
      written = inputs.length;
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
  }
  return { problems, cells: written };
}
