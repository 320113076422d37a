// The values a form's formulas read from other forms (docs/form-templates.md "Formula reference
// syntax"): extform(CODE) from the form of the same batch whose template's item code starts CODE,
// prev(CODE) from the same entity's previous accepted form of this template (previous-form.ts).
// A source's input cells are read as stored and its formula cells as computed over its own
// inputs (a source's own extform()/prev() are not followed). One statement reads the cells of
// each source form; a source whose formulas must be computed is kept per revision.
import type { Knex } from 'knex';
import { BoundedCache } from '../../engine/cache/bounded-cache.js';
import { rowsOf } from '../../engine/records/scoped-rows.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import type { StoredValue } from './cell-values.js';
import { cellLabels } from './cell-labels.js';
import { externalReferences, formulasReadOtherForms, sourceText, withheldExternal, type ExternalKind, type ExternalSource } from './external-sources.js';
import { filedTemplate, placeContent, storedCells, type FiledTemplate, type FormRow } from './form-data.js';
import { FormWorkbook, type FormValues } from './formula-engine.js';
import { previousAcceptedForm } from './previous-form.js';
import { FORM_STATE } from './form-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('extform() and prev() read their source forms whoever can see them, so every check computes with the true values; what a caller is shown of them goes through the caller\'s Form rows (shownExternals)');

type Db = Knex | Knex.Transaction;

export interface ExternalOptions {
  licenseKey?: string;
  /** The engine's own handle (not a transaction): computed sources are kept per database. */
  root?: Knex;
}

interface SourceForm {
  id: number;
  formtemplate: number | null;
  templateversion: number | null;
  updatectr: number;
  endon: string | null;
  itemcode: string;
}

const dateText = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

// Formula results of source forms by form, counter and template version: a counter names one set of values for good.
const computed = new WeakMap<object, BoundedCache<FormValues>>();

/** The extform() and prev() values of a form's template, each with its source (empty when it uses none). */
export async function externalValues(db: Db, form: Pick<FormRow, 'id'> & Partial<Pick<FormRow, 'formbatch'>>, filed: FiledTemplate, opts: ExternalOptions = {}): Promise<ExternalSource[]> {
  const refs = externalReferences(filed.properties);
  if (!refs.length) return [];
  const wanted = (kind: ExternalKind) => refs.filter((r) => r.kind === kind).map((r) => r.code);
  const out: ExternalSource[] = [];
  const blank = (kind: ExternalKind, code: string, missing: string, label = code) => out.push({ kind, code, value: null, type: 'text', label, form: null, source: null, missing });

  const prevCodes = wanted('prev');
  if (prevCodes.length) {
    const prev = await previousAcceptedForm(db, form.id);
    if (!prev) {
      const labels = cellLabels(filed.properties);
      for (const code of prevCodes) blank('prev', code, `There is no accepted ${filed.properties.id} form of an earlier period, so the previous period's figures are blank.`, labels.get(code) ?? code);
    } else out.push(...(await readSource(db, 'prev', prevCodes, { ...prev, itemcode: '' }, opts)));
  }

  const formCodes = wanted('extform');
  if (formCodes.length) {
    const batch = form.formbatch !== undefined ? form.formbatch : ((await db('form').where({ id: form.id }).first('formbatch'))?.formbatch ?? null);
    if (batch === null) for (const code of formCodes) blank('extform', code, 'This form is not part of a submission, so values from its other forms are blank.');
    else {
      const rows = await db('form')
        .join('formtemplate', 'formtemplate.id', 'form.formtemplate')
        .where('form.formbatch', batch)
        .whereNot('form.id', form.id)
        .orderBy('form.id')
        .select('form.id', 'form.formtemplate', 'form.templateversion', 'form.updatectr', 'form.endon', 'formtemplate.itemcode');
      const forms: SourceForm[] = rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), formtemplate: Number(r.formtemplate), templateversion: r.templateversion === null ? null : Number(r.templateversion), updatectr: Number(r.updatectr), endon: dateText(r.endon), itemcode: String(r.itemcode ?? '') }));
      // A code is item code + tab id (2 digits) + counter (3 or 4 digits); the longest item code that fits wins.
      const ownerOf = (code: string) => forms.filter((f) => f.itemcode && code.startsWith(f.itemcode) && /^\d{5,6}$/.test(code.slice(f.itemcode.length))).sort((a, b) => b.itemcode.length - a.itemcode.length)[0];
      const bySource = new Map<SourceForm, string[]>();
      for (const code of formCodes) {
        const owner = ownerOf(code);
        if (!owner) blank('extform', code, `No other form of this submission has the cell ${code}, so its value is blank.`);
        else bySource.set(owner, [...(bySource.get(owner) ?? []), code]);
      }
      for (const [source, codes] of bySource) out.push(...(await readSource(db, 'extform', codes, source, opts)));
    }
  }
  return out;
}

/**
 * The values as `ctx`'s caller is shown them (Form.getData, the explained messages, the validation
 * report): a value whose source form is outside the caller's Form rows (a team's categories, an
 * entity user's seniority) is withheld (withheldExternal). The checks compute with `externals`.
 */
export async function shownExternals(ctx: ActionContext, externals: readonly ExternalSource[]): Promise<ExternalSource[]> {
  const sources = [...new Set(externals.map((e) => e.form).filter((f): f is number => f !== null))];
  if (!sources.length) return [...externals];
  const reached = new Set((await rowsOf(ctx, 'Form').from('s').whereIn('s.id', sources).pluck('s.id')).map(Number));
  return externals.map((e) => (e.form === null || reached.has(e.form) ? e : withheldExternal(e)));
}

/**
 * Cells `codes` of a form as prev() reads its source (inputs as stored, formulas computed over its
 * own inputs): the variance check reads a period's form and its previous form this one way.
 */
export function formCellValues(db: Db, form: Omit<SourceForm, 'itemcode'>, codes: string[], opts: ExternalOptions = {}): Promise<ExternalSource[]> {
  return readSource(db, 'prev', codes, form, opts);
}

/** The cells `codes` of one source form: inputs as stored, formulas computed (one statement for its cells). */
async function readSource(db: Db, kind: ExternalKind, codes: string[], source: Omit<SourceForm, 'itemcode'> & { itemcode?: string }, opts: ExternalOptions): Promise<ExternalSource[]> {
  const filed = await filedTemplate(db, source);
  const labels = cellLabels(filed.properties);
  const where = sourceText(filed.properties.id, source.endon);
  const cells = codes.map((code) => ({ code, cell: filed.layout.byCodeOf(code) }));
  const needsFormulas = cells.some((c) => c.cell?.place.cell.editor === 'formula');
  const inputs = new Map<string, StoredValue>();
  let results = needsFormulas ? keptResults(filed, source, opts) : {};
  if (needsFormulas && !results) results = await acceptedResults(db, filed, source.id, cells.flatMap((c) => (c.cell?.place.cell.editor === 'formula' ? [c.code] : [])));
  if (needsFormulas && !results) {
    // Its formulas are computed over all its inputs (then kept for this revision of it).
    const stored = await storedCells(db, source.id);
    for (const s of stored) if (s.code !== null && !inputs.has(s.code)) inputs.set(s.code, s.value);
    results = computedResults(filed, source, stored, opts);
  } else {
    const rows = await db('formcell').where({ form: source.id }).whereIn('code', codes).select('code', 'address', 'value');
    for (const r of rows) if (!inputs.has(String(r.code))) inputs.set(String(r.code), r.value === null ? null : String(r.value));
  }
  const computedValues = results ?? {};
  return cells.map(({ code, cell }): ExternalSource => {
    const base = { kind, code, form: source.id, source: where, label: labels.get(code) ?? code };
    if (!cell) return { ...base, value: null, type: 'text', missing: `${where} has no cell ${code}, so its value is blank.` };
    if (cell.repeats) return { ...base, value: null, type: 'text', missing: `${code} of ${filed.properties.id} is in an add-new-rows tab: refer to a total of it instead.` };
    const c = cell.place.cell;
    const value = c.editor === 'formula' ? ((computedValues[code] as StoredValue | undefined) ?? null) : (inputs.get(code) ?? null);
    return { ...base, value, type: c.editor ?? 'text', missing: null };
  });
}

const resultKey = (filed: FiledTemplate, source: { id: number; updatectr: number }) => `${source.id}:${source.updatectr}:${filed.id}:${filed.version}`;

function cacheOf(root: Knex): BoundedCache<FormValues> {
  let cache = computed.get(root);
  if (!cache) computed.set(root, (cache = new BoundedCache<FormValues>(20)));
  return cache;
}

/**
 * The formula results of an accepted source form as its acceptance kept them (accepted-values.ts),
 * without building its workbook: the same values, as long as its cells cannot have changed since
 * (it is Accepted now, and its last acceptance is kept) and no formula cell of its template reads
 * another form (the kept values were computed with those; a source is read over its own inputs
 * only). Checks that read other forms (tier 2, validations) do not change a formula's result.
 * Undefined when that does not hold. A period of hundreds of entities compared by the variance
 * check, or a prev() check, then reads rows instead of computing a workbook per form.
 */
async function acceptedResults(db: Db, filed: FiledTemplate, form: number, codes: string[]): Promise<FormValues | undefined> {
  if (!codes.length || formulasReadOtherForms(filed.properties)) return undefined;
  const kept = await db('form').join('acceptedform', 'acceptedform.form', 'form.id').where('form.id', form).where('form.state', FORM_STATE.accepted)
    .where('acceptedform.templateversion', filed.version).first('form.id');
  if (!kept) return undefined;
  // An empty result is not kept (acceptedcell leaves out empty cells): it reads as null.
  const rows = await db('acceptedcell').where({ form }).whereIn('code', codes).whereNull('rownum').select('code', 'value');
  return Object.fromEntries(rows.map((r: { code: string; value: string }) => [String(r.code), String(r.value)]));
}

/** The formula results of a source form at this revision, when already computed. */
function keptResults(filed: FiledTemplate, source: { id: number; updatectr: number }, opts: ExternalOptions): FormValues | undefined {
  return opts.root ? cacheOf(opts.root).get(resultKey(filed, source)) : undefined;
}

function computedResults(filed: FiledTemplate, source: { id: number; updatectr: number }, stored: Awaited<ReturnType<typeof storedCells>>, opts: ExternalOptions): FormValues {
  const content = placeContent(filed.layout, stored);
  const wb = FormWorkbook.build(filed.properties, { values: content.values, rows: content.rows, licenseKey: opts.licenseKey });
  try {
    const results = wb.results();
    if (opts.root) cacheOf(opts.root).set(resultKey(filed, source), results);
    return results;
  } finally {
    wb.destroy();
  }
}
