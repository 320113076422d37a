// A form as the filing actions work on it: its row (reached within the caller's scope), the
// template version it is filed on, and its stored cell values (table formcell) arranged by cell
// code and data row for the workbook (formula-engine.ts).
import type { Knex } from 'knex';
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import { accessModule } from '../../engine/records/module-access.js';
import { loadForWrite } from '../../engine/records/record-read.js';
import { BoundedCache } from '../../engine/cache/bounded-cache.js';
import { sqlDate } from '../../engine/db/clock.js';
import type { StoredValue } from './cell-values.js';
import type { FormValues } from './formula-engine.js';
import { FormLayout, type DataCell } from './form-layout.js';
import { templateVersion } from './template-versions.js';
import type { FormProperties } from './template-schema.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Loads a form and its list choices after the filing action has reached the form through the caller\'s Form or REForm rules (loadFormFor)',
);

type Db = Knex | Knex.Transaction;

export interface FormRow {
  id: number;
  re: number;
  formbatch: number | null;
  state: number;
  updatectr: number;
  formtemplate: number | null;
  templateversion: number | null;
  preparedby: number | null;
}

export interface FiledTemplate {
  id: number;
  version: number;
  properties: FormProperties;
  layout: FormLayout;
}

/** A stored cell value: where it sits and the code of its template cell. */
export interface StoredCell {
  tab: string;
  address: string;
  code: string | null;
  value: StoredValue;
}

/** The stored values of a form, placed on its layout. */
export interface FormContent {
  /** Values by code (arrays by data row on add-new-rows tabs), for the workbook. */
  values: FormValues;
  /** Data rows of each add-new-rows tab. */
  rows: Record<string, number>;
  /** The stored value of every filled cell by `code#row`. */
  byCell: Map<string, StoredValue>;
  /** Where each stored cell was written (`code#row` → tab and address), to replace it. */
  storedAt: Map<string, { tab: string; address: string }>;
}

export const cellId = (cell: DataCell, row: number) => `${cell.code}#${row}`;

const FORM_COLUMNS = ['id', 're', 'formbatch', 'state', 'updatectr', 'formtemplate', 'templateversion', 'preparedby'];

function asForm(row: Record<string, unknown>): FormRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { id: Number(row.id), re: Number(row.re), formbatch: n(row.formbatch), state: Number(row.state), updatectr: Number(row.updatectr), formtemplate: n(row.formtemplate), templateversion: n(row.templateversion), preparedby: n(row.preparedby) };
}

/**
 * The form, if the caller may reach it: an entity user only the current entity's forms (REForm),
 * regulator staff any (Form). Anything else is `Form not found.` (another entity's form included:
 * its existence is not told). `lock` holds the row for the write's transaction.
 */
export async function reachForm(ctx: ActionContext, id: number, verb: 'select' | 'update', opts: { lock?: boolean; entityOnly?: boolean } = {}): Promise<FormRow> {
  // `entityOnly`: what only the entity does (writing cells) goes through REForm for every caller.
  // Staff write cells only in a job that works for an entity (an Excel import they run for it):
  // otherwise they have no current entity, and are told so rather than that the form is missing.
  if (opts.entityOnly && !isReUser(ctx.caller) && (ctx.caller?.currentRe ?? null) === null) throw new AppError('E_NOPERMISSION', "Only the reporting entity's own users write the cells of its forms.");
  const { module, scopeRe } = accessModule(ctx, opts.entityOnly || isReUser(ctx.caller) ? 'REForm' : 'Form', verb);
  try {
    return asForm(await loadForWrite(ctx, module, scopeRe, id, opts));
  } catch (e) {
    if (e instanceof AppError && (e.code === 'E_NOTFOUND' || e.code === 'E_NOPERMISSION')) throw errors.notFound('Form');
    throw e;
  }
}

export async function readFormRow(db: Db, id: number): Promise<FormRow> {
  return asForm(await db('form').where({ id }).first(FORM_COLUMNS));
}

/** The form's period end as YYYY-MM-DD, or null for a form without one. */
export async function readFormEnd(db: Db, id: number): Promise<string | null> {
  const row = await db('form').where({ id }).first('endon');
  const endon: unknown = row?.endon;
  if (endon === null || endon === undefined) return null;
  return endon instanceof Date ? sqlDate(endon) : String(endon).slice(0, 10);
}

// Reading and parsing a large template is the costly part; published versions never change, so
// the parsed one is kept, keyed by template, version, publication time and stored length (one
// process may serve several databases, as the tests do, whose ids coincide).
const templates = new BoundedCache<FiledTemplate>(200);

/** The template version the form is filed on; a form without one has no cells to fill. */
export async function filedTemplate(db: Db, form: Pick<FormRow, 'id' | 'formtemplate' | 'templateversion'>): Promise<FiledTemplate> {
  if (form.formtemplate === null || form.templateversion === null) throw new AppError('E_NOTFOUND', 'This form has no template to fill in.');
  const stamp = await db('formtemplate_version').where({ template: form.formtemplate, version: form.templateversion }).first('createon', db.raw('length(properties) as n'));
  if (!stamp) throw new AppError('E_NOTFOUND', 'This form has no template to fill in.');
  const created = stamp.createon instanceof Date ? stamp.createon.toISOString() : String(stamp.createon);
  const key = `${form.formtemplate}:${form.templateversion}:${created}:${stamp.n}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const found = await templateVersion(db, form.formtemplate, form.templateversion);
  if (!found?.properties) throw new AppError('E_NOTFOUND', 'This form has no template to fill in.');
  const properties = JSON.parse(found.properties) as FormProperties;
  const filed = { id: form.formtemplate, version: form.templateversion, properties, layout: new FormLayout(properties) };
  templates.set(key, filed);
  return filed;
}

export async function storedCells(db: Db, form: number): Promise<StoredCell[]> {
  const rows = await db('formcell').where({ form }).select('tab', 'address', 'code', 'value');
  return rows.map((r: Record<string, unknown>) => ({ tab: String(r.tab), address: String(r.address), code: r.code === null ? null : String(r.code), value: r.value === null ? null : String(r.value) }));
}

/** Stored cells placed by their codes (a code no longer in the version is left out). */
export function placeContent(layout: FormLayout, cells: readonly StoredCell[]): FormContent {
  const values: FormValues = {};
  const rows: Record<string, number> = {};
  const byCell = new Map<string, StoredValue>();
  const storedAt = new Map<string, { tab: string; address: string }>();
  for (const t of layout.repeatingTabs()) rows[t.id] = 1;
  for (const s of cells) {
    const cell = s.code === null ? undefined : layout.byCodeOf(s.code);
    if (!cell) continue;
    const row = layout.storedRow(cell, s.address);
    if (row === null) continue;
    byCell.set(cellId(cell, row), s.value);
    storedAt.set(cellId(cell, row), { tab: s.tab, address: s.address });
    if (cell.repeats) {
      ((values[cell.code] ??= []) as StoredValue[])[row] = s.value;
      rows[cell.tab] = Math.max(rows[cell.tab], row + 1);
    } else values[cell.code] = s.value;
  }
  // Rows between filled ones hold nothing (not undefined) for the workbook.
  for (const v of Object.values(values)) if (Array.isArray(v)) for (let i = 0; i < v.length; i++) v[i] ??= null;
  return { values, rows, byCell, storedAt };
}

/** A dropdown value as the lists are searched by it: trimmed, lower case (parseCellValue's rule). */
const listKey = (v: unknown): string => String(v).trim().toLowerCase();

/** Bindings per statement when looking entries up by value (SQLite's limit is 32,766; MariaDB's far more). */
const LOOKUP_CHUNK = 500;

/**
 * Active entry names of the list groups the dropdowns of a template use (strict dropdowns). With
 * `wanted` (the texts about to be parsed), only the entries those texts name are read, by value:
 * a save of a form whose list has thousands of entries reads the few it writes, not the list.
 * Without it (the export's validations), every entry.
 */
export async function listValuesFor(db: Db, layout: FormLayout, wanted?: Iterable<unknown>): Promise<(group: number) => readonly string[] | undefined> {
  const groups = [...new Set(layout.cells.map((c) => c.place.cell.listgroup).filter((g): g is number => typeof g === 'number'))];
  const byGroup = new Map<number, string[]>();
  if (groups.length) {
    const active = await db('listgroup').whereIn('id', groups).andWhere((q) => q.where('state', 33).orWhereNull('state')).pluck('id');
    for (const g of active) byGroup.set(Number(g), []);
    const entries = () => db('list').whereIn('listgroup', active).andWhere((q) => q.where('state', 33).orWhereNull('state'));
    let rows: { listgroup: unknown; name: unknown }[] = [];
    if (!wanted) rows = await entries().orderBy('displayorder').select('listgroup', 'name');
    else if (active.length) {
      const texts = [...new Set([...wanted].filter((v) => v !== null && v !== undefined && typeof v !== 'object').map((v) => String(v).trim()).filter(Boolean))];
      for (let i = 0; i < texts.length; i += LOOKUP_CHUNK) {
        const chunk = texts.slice(i, i + LOOKUP_CHUNK);
        const keys = [...new Set(chunk.map(listKey))];
        // Exact spellings (an index on the name serves them) and any case or padding: SQLite's
        // lower() folds ASCII only, so a non-ASCII spelling is also matched as given.
        const marks = keys.map(() => '?').join(', ');
        rows.push(...(await entries().andWhere((q) => q.whereIn('name', chunk).orWhereRaw(`lower(trim(name)) in (${marks})`, keys)).orderBy('displayorder').select('listgroup', 'name')));
      }
    }
    for (const r of rows) byGroup.get(Number(r.listgroup))?.push(String(r.name));
  }
  return (group) => byGroup.get(group);
}

/** The values of the dropdown cells among `cells` (what listValuesFor needs to parse them). */
export function dropdownTexts(layout: FormLayout, cells: Iterable<{ code: string | null; value: unknown }>): unknown[] {
  const out: unknown[] = [];
  for (const c of cells) if (c.value !== null && c.code !== null && layout.byCodeOf(c.code)?.place.cell.editor === 'dropdown') out.push(c.value);
  return out;
}
