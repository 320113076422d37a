// The rules a form's values are held to before it may be submitted (docs/filing.md "Submission"):
// cells that must be filled, each value against its cell's type and list, the template's cell
// validations with their own messages, formula results that must fit their cells, the form's
// tab validations (errors) and tier-2 checks (warnings), and the fewest rows of add-new-rows tabs.
import type { ActionContext } from '../../engine/runtime/context.js';
import { parseCellValue, requiredProblem } from './cell-values.js';
import { cellId, dropdownTexts, filedTemplate, listValuesFor, placeContent, storedCells, type FiledTemplate, type FormContent, type FormRow } from './form-data.js';
import { cellKey, type CellAt } from './form-layout.js';
import { buildWorkbook, eachCell } from './form-values.js';
import { isFormulaCell } from './normalise.js';
import type { FormWorkbook } from './formula-engine.js';
import type { ExternalSource } from './external-sources.js';
import { externalValues, shownExternals } from './external-values.js';
import { explainFailure } from './rule-explain.js';

export interface RuleBreach {
  tab: string | null;
  address: string | null;
  code: string | null;
  /** required | type | validation | formula | minrows | tabvalidation | tier2 */
  rule: string;
  /** `error` blocks a submission; `warning` does not. */
  severity: 'error' | 'warning';
  message: string;
  /** Where the rule sits in the template (`/tabvalidation/0/formula`), for a check the workbook ran. */
  path?: string;
}

type ListValues = (group: number) => readonly string[] | undefined;

function rowIsEmpty(filed: FiledTemplate, content: FormContent, tab: string, row: number): boolean {
  return filed.layout.cells.every((c) => c.tab !== tab || !c.repeats || isFormulaCell(c.place.cell) || (content.byCell.get(cellId(c, row)) ?? null) === null);
}

/**
 * `externals`: the extform()/prev() values the workbook was built with, as the caller is shown them
 * (shownExternals): named in the messages of rules that read them, a withheld one as not shown.
 */
export function formBreaches(filed: FiledTemplate, content: FormContent, wb: FormWorkbook, listValues: ListValues, externals: readonly ExternalSource[] = []): RuleBreach[] {
  const { layout } = filed;
  const out: RuleBreach[] = [];
  const checks = wb.checks();
  const disabled = new Set(checks.disabled.map((d) => `${d.code}#${d.row}`));
  const at = (a: CellAt) => ({ tab: a.cell.tab, address: layout.address(a.cell, a.row, content.rows), code: a.cell.code });
  const emptyRows = new Map<string, boolean>();
  for (const a of eachCell(filed, content.rows)) {
    const cell = a.cell.place.cell;
    if (isFormulaCell(cell)) continue;
    const value = content.byCell.get(cellId(a.cell, a.row)) ?? null;
    if (value === null) {
      if (a.cell.repeats) {
        const k = `${a.cell.tab}#${a.row}`;
        if (!emptyRows.has(k)) emptyRows.set(k, rowIsEmpty(filed, content, a.cell.tab, a.row));
        if (emptyRows.get(k)) continue;
      }
      const message = requiredProblem(cell, null, cell.disabled === true || disabled.has(cellId(a.cell, a.row)));
      if (message) out.push({ ...at(a), rule: 'required', severity: 'error', message });
      continue;
    }
    const parsed = parseCellValue(cell, value, { listValues });
    if (!parsed.ok) out.push({ ...at(a), rule: 'type', severity: 'error', message: parsed.message });
  }
  for (const f of checks.failures) {
    // A failed rule explains itself with its values (rule-explain.ts).
    const message = explainFailure(filed.properties, f, wb, externals);
    if (f.code !== undefined) {
      const cell = layout.byCodeOf(f.code);
      if (!cell) continue;
      const row = f.row ?? 0;
      out.push({ tab: cell.tab, address: layout.address(cell, row, content.rows), code: cell.code, rule: f.path.endsWith('/formula') ? 'formula' : 'validation', severity: f.severity, message, path: f.path });
    } else {
      out.push({ tab: null, address: null, code: null, rule: f.path.startsWith('/tier2') ? 'tier2' : 'tabvalidation', severity: f.severity, message, path: f.path });
    }
  }
  for (const tab of layout.repeatingTabs()) {
    const min = tab.minrowsize ?? 0;
    let filled = 0;
    for (let r = 0; r < layout.bodyRows(tab, content.rows); r++) if (!rowIsEmpty(filed, content, tab.id, r)) filled++;
    if (filled < min) out.push({ tab: tab.id, address: null, code: null, rule: 'minrows', severity: 'error', message: `Fill in at least ${min} row${min === 1 ? '' : 's'} (${filled} filled).` });
  }
  return out;
}

/**
 * The blocking breaches as E_VALIDATION details: a cell as `01!C7`, a tab-wide rule as its tab id
 * (`01`), a form-level check by its place in the template (`/tabvalidation/0`).
 */
export function breachDetails(breaches: readonly RuleBreach[], template: FiledTemplate['properties']): Record<string, string> {
  const out: Record<string, string> = {};
  const formChecks = template.tabvalidation ?? [];
  for (const b of breaches) {
    if (b.severity !== 'error') continue;
    let key: string;
    if (b.tab !== null && b.address !== null) key = cellKey(b.tab, b.address);
    else if (b.tab !== null) key = b.tab;
    else if (b.path) key = b.path.replace(/\/formula$/, '');
    else key = `/tabvalidation/${Math.max(0, formChecks.findIndex((c) => c.message === b.message))}`;
    out[key] ??= b.message;
  }
  return out;
}

/** Every breach of a stored form, read fresh in the caller's transaction. */
export async function storedFormBreaches(ctx: ActionContext, form: Pick<FormRow, 'id' | 'formtemplate' | 'templateversion'> & Partial<Pick<FormRow, 'formbatch'>>): Promise<{ filed: FiledTemplate; breaches: RuleBreach[] }> {
  const filed = await filedTemplate(ctx.db, form);
  const licenseKey = ctx.services.config.formulaLicenseKey;
  const [cells, externals] = await Promise.all([storedCells(ctx.db, form.id), externalValues(ctx.db, form, filed, { licenseKey, root: ctx.services.db })]);
  const listValues = await listValuesFor(ctx.db, filed.layout, dropdownTexts(filed.layout, cells));
  const content = placeContent(filed.layout, cells);
  const wb = buildWorkbook(filed, content, licenseKey, externals);
  try {
    // The rules run over the true values; their messages name only what the caller may see.
    return { filed, breaches: formBreaches(filed, content, wb, listValues, await shownExternals(ctx, externals)) };
  } finally {
    wb.destroy();
  }
}

/** The blocking breaches of a form about to be submitted, as E_VALIDATION details (empty: none). */
export async function submissionProblems(ctx: ActionContext, form: Pick<FormRow, 'id' | 'formtemplate' | 'templateversion'>): Promise<Record<string, string>> {
  const { filed, breaches } = await storedFormBreaches(ctx, form);
  return breachDetails(breaches, filed.properties);
}
