// Form.saveData (docs/filing.md "Data"): a fixed pipeline of small steps in the action's
// transaction — reach and lock the form, check the counter, the state and the caller's role,
// resolve and check every cell named, then write only the cells that changed, one revision and
// the new counter. Every offending cell is named at once; on any refusal nothing is written.
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { recordAudit, recordStateChange } from '../../engine/records/record-history.js';
import { recountFor } from '../../engine/records/counters.js';
import { parseCellValue, type StoredValue } from './cell-values.js';
import { cellId, filedTemplate, listValuesFor, placeContent, reachForm, storedCells, type FiledTemplate, type FormContent, type FormRow } from './form-data.js';
import { cellKey, type CellAt, type DataCell } from './form-layout.js';
import { cellsChangedSince, writeRevision, type CellChanges } from './form-revisions.js';
import { FORM_STATE, WRITABLE_STATES } from './form-states.js';
import { isFormulaCell } from './normalise.js';
import { buildWorkbook, isReadOnly } from './form-values.js';
import { externalValues } from './external-values.js';
import type { ExternalSource } from './external-sources.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { assertNotFrozen } from './batch-freeze.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Saving a form\'s cells writes the form row and reads its batch\'s freeze after the form was reached and locked through the caller\'s rules',
);

/** Cells of one save that the audit log shows values of (Form.history has every one). */
const AUDITED_CELLS = 200;

export type CellInput = { tab: string; address: string; value: unknown } | { code: string; value: unknown };

export interface SaveArgs {
  form: number;
  updatectr: number;
  cells: CellInput[];
  rows?: Record<string, number>;
  dryRun?: boolean;
}

/** Who may write a form's cells: those who prepare it (entity roles 25 and 27). */
export const PREPARE_PERMISSION = 'REForm.action.prepare';

// Rows per statement: knex writes a multi-row insert on SQLite as one compound SELECT, which
// SQLite caps at 500 terms.
const CHUNK = 400;

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** A form whose state, batch or caller does not allow writing its cells is refused before anything is read. */
export async function assertWritable(ctx: ActionContext, form: FormRow): Promise<void> {
  if (!ctx.caller?.permissions.has(PREPARE_PERMISSION)) throw errors.noPermission(PREPARE_PERMISSION);
  // The freeze first: it is what the filer must hear about, whatever the form's state.
  await assertNotFrozen(ctx.db, form.formbatch);
  if (!WRITABLE_STATES.has(form.state)) throw new AppError('E_STATETRANSITION', 'The cells of this form can no longer be changed: it has been sent on for sign-off or submitted.');
}

type ListValues = Awaited<ReturnType<typeof listValuesFor>>;

interface Resolved {
  writes: Map<string, { at: CellAt; value: StoredValue }>;
  rows: Record<string, number>;
  problems: Record<string, string>;
}

/** Every cell named, located, checked for being an input cell and parsed by its cell's rules. */
async function resolveCells(filed: FiledTemplate, content: FormContent, args: SaveArgs, listsFor: (wanted: unknown[]) => Promise<ListValues>): Promise<Resolved> {
  const { layout } = filed;
  const problems: Record<string, string> = {};
  const rows = { ...content.rows };
  const fixedRows = new Set<string>();
  for (const [tabId, count] of Object.entries(args.rows ?? {})) {
    const tab = layout.tab(tabId);
    if (!tab) problems[tabId] = 'The form has no such tab.';
    else if (tab.type !== 'add-new-rows') problems[tabId] = 'Rows can be added only on add-new-rows tabs.';
    else if (tab.maxrowsize !== undefined && count > tab.maxrowsize) problems[tabId] = `The tab takes at most ${tab.maxrowsize} rows.`;
    else if (count < (tab.minrowsize ?? 0)) problems[tabId] = `The tab needs at least ${tab.minrowsize} rows.`;
    else {
      rows[tabId] = Math.max(1, count);
      fixedRows.add(tabId);
    }
  }
  const located: { at: CellAt; key: string; value: unknown }[] = [];
  for (const input of args.cells) {
    if ('code' in input) {
      const cell = layout.byCodeOf(input.code);
      if (!cell) problems[input.code] = 'The form has no cell with this code.';
      else located.push({ at: { cell, row: 0 }, key: cellKey(cell.tab, layout.address(cell, 0, rows)), value: input.value });
      continue;
    }
    const key = cellKey(input.tab, input.address);
    const found = layout.locate(input.tab, input.address, rows);
    if (!found) {
      problems[key] = 'There is no input cell here.';
      continue;
    }
    if (found.beyond) {
      const tab = found.cell.place.tab;
      if (fixedRows.has(tab.id)) {
        problems[key] = `The tab has ${rows[tab.id]} rows: this cell is below them.`;
        continue;
      }
      if (tab.maxrowsize !== undefined && found.row >= tab.maxrowsize) {
        problems[key] = `The tab takes at most ${tab.maxrowsize} rows.`;
        continue;
      }
      rows[tab.id] = Math.max(rows[tab.id] ?? 1, found.row + 1);
    }
    located.push({ at: found, key, value: input.value });
  }
  // Only the list entries the written dropdown cells name are read (by value), not whole lists.
  const listValues = await listsFor(located.filter((l) => l.at.cell.place.cell.editor === 'dropdown').map((l) => l.value));
  const writes = new Map<string, { at: CellAt; value: StoredValue }>();
  for (const { at, key, value } of located) {
    const c = at.cell.place.cell;
    if (isFormulaCell(c)) problems[key] = 'This cell is calculated by a formula and cannot be written.';
    else if (c.disabled === true) problems[key] = 'This cell is disabled and cannot be written.';
    else {
      const parsed = parseCellValue(c, value, { listValues });
      if (!parsed.ok) problems[key] = parsed.message;
      else writes.set(cellId(at.cell, at.row), { at, value: parsed.value });
    }
  }
  return { writes, rows, problems };
}

interface CellWrite {
  cell: DataCell;
  row: number;
  value: StoredValue;
}

/** The cells whose stored row changes: written cells, rows cut off, summaries moved by a row count. */
function plannedWrites(filed: FiledTemplate, content: FormContent, resolved: Resolved): CellWrite[] {
  const { layout } = filed;
  const out = new Map<string, CellWrite>();
  for (const [id, w] of resolved.writes) out.set(id, { cell: w.at.cell, row: w.at.row, value: w.value });
  for (const [id, value] of content.byCell) {
    if (out.has(id)) continue;
    const hash = id.lastIndexOf('#');
    const cell = layout.byCodeOf(id.slice(0, hash))!;
    const row = Number(id.slice(hash + 1));
    if (cell.repeats && row >= layout.bodyRows(cell.place.tab, resolved.rows)) out.set(id, { cell, row, value: null });
    else if (cell.place.section === 'summary' && resolved.rows[cell.tab] !== content.rows[cell.tab]) out.set(id, { cell, row, value });
  }
  return [...out.values()];
}

export interface SaveResult {
  id: number;
  updatectr: number;
}

/**
 * What a caller already read of the form in the same transaction, with the form locked and its
 * counter as `args.updatectr` says (the Excel import compares with the stored values first): not
 * read a second time.
 */
export interface FormRead {
  filed: FiledTemplate;
  stored: Awaited<ReturnType<typeof storedCells>>;
  listValues: Awaited<ReturnType<typeof listValuesFor>>;
}

export async function saveFormData(ctx: ActionContext, args: SaveArgs, read?: FormRead): Promise<SaveResult> {
  const form = await reachForm(ctx, args.form, 'update', { lock: true, entityOnly: true });
  if (form.updatectr !== args.updatectr) {
    const changed = await cellsChangedSince(ctx.db, form.id, args.updatectr);
    throw new AppError('E_CONCURRENT', undefined, { form: form.id, updatectr: form.updatectr, changed });
  }
  await assertWritable(ctx, form);
  const filed = read?.filed ?? (await filedTemplate(ctx.db, form));
  const stored = read?.stored ?? (await storedCells(ctx.db, form.id));
  const content = placeContent(filed.layout, stored);
  const resolved = await resolveCells(filed, content, args, async (wanted) => read?.listValues ?? (await listValuesFor(ctx.db, filed.layout, wanted)));
  if (Object.keys(resolved.problems).length) throw errors.validation(resolved.problems);

  const planned = plannedWrites(filed, content, resolved);
  // Disable conditions are judged on the values as they will be: a value written into a cell
  // that its condition turns off is refused like a write to a disabled cell.
  if (filed.layout.hasDisableConditions) {
    const externals = await externalValues(ctx.db, form, filed, { licenseKey: ctx.services.config.formulaLicenseKey, root: ctx.services.db });
    refuseDisabledWrites(ctx, filed, nextContent(filed, content, planned, resolved.rows), resolved, externals);
  }

  const changes: CellChanges = {};
  for (const w of planned) {
    const id = cellId(w.cell, w.row);
    const before = content.byCell.get(id) ?? null;
    if (before !== w.value) changes[cellKey(w.cell.tab, filed.layout.address(w.cell, w.row, resolved.rows))] = [before, w.value];
  }
  if (args.dryRun) return { id: form.id, updatectr: form.updatectr };

  await writeCells(ctx, form.id, filed, content, planned, resolved.rows);
  const who = ctx.caller?.userId ?? null;
  const ctr = form.updatectr + 1;
  // The first save of a form returned for amendment reopens it (Amendment Required → Open).
  const state = form.state === FORM_STATE.amendment ? FORM_STATE.open : form.state;
  const affected = await ctx.db('form').where({ id: form.id, updatectr: form.updatectr }).update({ updatectr: ctr, state, updateon: sqlDateTime(), updateby: who });
  if (affected !== 1) throw new AppError('E_CONCURRENT', undefined, { form: form.id, changed: [] });
  if (state !== form.state) {
    await recordStateChange(ctx.db, ctx.services.modules.get('REForm')!, form.id, form.state, state, who, null);
    await recountFor(ctx.db, ctx.services.modules, 'form', [{ formbatch: form.formbatch }]);
  }
  await writeRevision(ctx.db, form.id, ctr, state, who, changes);
  // The audit log: the state and the changed cells (`tab!address` → value, the first
  // AUDITED_CELLS of them; the revision keeps them all), under the one field name `cells`.
  const cells = Object.entries(changes);
  const before: Record<string, unknown> = { state: form.state, cells: Object.fromEntries(cells.slice(0, AUDITED_CELLS).map(([k, [was]]) => [k, was])) };
  const after: Record<string, unknown> = { state, cells: Object.fromEntries(cells.slice(0, AUDITED_CELLS).map(([k, [, now]]) => [k, now])) };
  if (cells.length > AUDITED_CELLS) after.cells_not_shown = cells.length - AUDITED_CELLS;
  const written = [...(state !== form.state ? ['state'] : []), ...(cells.length ? ['cells'] : []), ...(cells.length > AUDITED_CELLS ? ['cells_not_shown'] : [])];
  await recordAudit(ctx.db, ctx.services.modules.get('REForm')!, form.id, ctr, 'update', written, who, { before, after });
  return { id: form.id, updatectr: ctr };
}

function refuseDisabledWrites(ctx: ActionContext, filed: FiledTemplate, next: FormContent, resolved: Resolved, externals: readonly ExternalSource[]): void {
  const wb = buildWorkbook(filed, next, ctx.services.config.formulaLicenseKey, externals);
  try {
    const disabled = new Set(wb.checks().disabled.map((d) => `${d.code}#${d.row}`));
    const problems: Record<string, string> = {};
    for (const w of resolved.writes.values()) {
      if (w.value !== null && isReadOnly(w.at, disabled)) problems[cellKey(w.at.cell.tab, filed.layout.address(w.at.cell, w.at.row, resolved.rows))] = 'This cell is disabled by the values of other cells and cannot be written.';
    }
    if (Object.keys(problems).length) throw errors.validation(problems);
  } finally {
    wb.destroy();
  }
}

function nextContent(filed: FiledTemplate, content: FormContent, planned: readonly CellWrite[], rows: Record<string, number>): FormContent {
  const byCell = new Map(content.byCell);
  for (const w of planned) {
    const id = cellId(w.cell, w.row);
    if (w.value === null) byCell.delete(id);
    else byCell.set(id, w.value);
  }
  const values: FormContent['values'] = {};
  for (const [id, value] of byCell) {
    const hash = id.lastIndexOf('#');
    const cell = filed.layout.byCodeOf(id.slice(0, hash))!;
    const row = Number(id.slice(hash + 1));
    if (cell.repeats) ((values[cell.code] ??= []) as StoredValue[])[row] = value;
    else values[cell.code] = value;
  }
  for (const v of Object.values(values)) if (Array.isArray(v)) for (let i = 0; i < v.length; i++) v[i] ??= null;
  return { values, rows, byCell, storedAt: content.storedAt };
}

/** Replaces the stored rows of the planned cells: the old row (where it was) out, the new one in. */
async function writeCells(ctx: ActionContext, form: number, filed: FiledTemplate, content: FormContent, planned: readonly CellWrite[], rows: Record<string, number>): Promise<void> {
  const old = new Map<string, string[]>();
  const inserts: Record<string, unknown>[] = [];
  for (const w of planned) {
    const id = cellId(w.cell, w.row);
    const at = content.storedAt.get(id);
    if (at) {
      const list = old.get(at.tab);
      if (list) list.push(at.address);
      else old.set(at.tab, [at.address]);
    }
    if (w.value !== null) inserts.push({ form, tab: w.cell.tab, address: filed.layout.address(w.cell, w.row, rows), code: w.cell.code, value: w.value });
  }
  for (const [tab, addresses] of old) for (const part of chunks(addresses)) await ctx.db('formcell').where({ form, tab }).whereIn('address', part).delete();
  for (const part of chunks(inserts)) await ctx.db('formcell').insert(part);
}
