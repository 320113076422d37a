// The rows of the bulk extract of a period (docs/integrators.md "Accepted data"): one row per
// accepted cell value of every form of the period the caller may see, in long format. Forms come
// from `acceptedform` (each form's latest acceptance), limited to the caller's Form rows (an
// entity user: REForm, its current entity's) and, for an entity user who is not an approver, to
// templates not marked approver-view-only, as the form list shows them. Cells are read form by
// form in pages on the primary key, so memory holds one page whatever the period's size.
import type { Knex } from 'knex';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import { rowsOf, type CallerRows } from '../../engine/records/scoped-rows.js';
import { accessModule } from '../../engine/records/module-access.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { mayDownloadApproverOnly } from './approver-view.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Names the entity and template of each accepted form the extract reached through the caller\'s Form or REForm rows (rowsOf)',
);

export interface ExtractFilter {
  /** Period end, YYYY-MM-DD. */
  period: string;
  sector?: number;
  /** Template code. */
  template?: string;
}

/** The extract's columns, in file order. */
export const EXTRACT_COLUMNS = ['form_id', 'entity_code', 'entity_name', 'period_end', 'template_code', 'template_version', 'cell_code', 'row_number', 'value', 'accepted_on'] as const;

export interface ExtractRow {
  form_id: number;
  entity_code: string;
  entity_name: string;
  period_end: string;
  template_code: string;
  template_version: number;
  cell_code: string;
  /** The data row (from 1) on add-new-rows tabs; null elsewhere. */
  row_number: number | null;
  value: string;
  /** UTC, `YYYY-MM-DDTHH:mm:ssZ`. */
  accepted_on: string;
}

export interface ExtractForm {
  form: number;
  entity_code: string;
  entity_name: string;
  period_end: string;
  template_code: string;
  template_version: number;
  accepted_on: string;
  cells: number;
}

type Db = Knex | Knex.Transaction;

const FORMS_PER_QUERY = 500;
export const PAGE_ROWS = 10_000;

const isoDateTime = (v: unknown) => `${String(v).slice(0, 19).replace(' ', 'T')}Z`;

/**
 * The caller's forms as Form.getData reaches them: regulator staff their Form rows (team rules
 * included), an entity user its current entity's (REForm), each needing the module's select
 * permission (E_NOPERMISSION otherwise).
 */
export function callerForms(ctx: ActionContext): CallerRows {
  const name = isReUser(ctx.caller) ? 'REForm' : 'Form';
  accessModule(ctx, name, 'select');
  return rowsOf(ctx, name);
}

/** The accepted forms of the period the caller may see, by form id, with how many cells each holds. */
export async function extractForms(ctx: ActionContext, f: ExtractFilter, db: Db = ctx.db): Promise<ExtractForm[]> {
  const forms = callerForms(ctx);
  const qb = db({ a: 'acceptedform' })
    .join({ r: 're' }, 'r.id', 'a.re')
    .join({ ft: 'formtemplate' }, 'ft.id', 'a.formtemplate')
    .where('a.endon', f.period)
    .whereIn('a.form', forms.ids(db));
  if (f.sector !== undefined) qb.where('r.sector', f.sector);
  if (f.template !== undefined) qb.where('ft.code', f.template);
  if (!mayDownloadApproverOnly(ctx)) qb.where((q) => q.where('ft.approverviewonly', false).orWhereNull('ft.approverviewonly'));
  const rows = await qb
    .orderBy('a.form')
    .select('a.form', 'r.companyno', 'r.otherno', 'r.name', 'a.endon', 'ft.code', 'a.templateversion', 'a.acceptedon', db('acceptedcell').count('*').where('form', db.ref('a.form')).as('cells'));
  return rows.map((r: Record<string, unknown>) => ({
    form: Number(r.form),
    // The company number; an entity registered by its other number (a branch) has only that.
    entity_code: String(r.companyno ?? '').trim() || String(r.otherno ?? '').trim(),
    entity_name: String(r.name ?? ''),
    period_end: String(r.endon).slice(0, 10),
    template_code: String(r.code),
    template_version: Number(r.templateversion),
    accepted_on: isoDateTime(r.acceptedon),
    cells: Number(r.cells),
  }));
}

/**
 * The extract's rows of `forms`, a page at a time, form by form and each form's cells in template
 * order. A page holds whole forms (about `pageRows` rows; one larger form alone), read in one
 * statement with the form's acceptance, so each form's rows are of one acceptance even when it is
 * accepted again while the extract runs.
 */
export async function* extractPages(db: Db, forms: readonly ExtractForm[], pageRows = PAGE_ROWS): AsyncGenerator<ExtractRow[]> {
  const byId = new Map(forms.map((f) => [f.form, f]));
  let i = 0;
  while (i < forms.length) {
    const ids: number[] = [];
    for (let n = 0; i < forms.length && ids.length < FORMS_PER_QUERY && (ids.length === 0 || n + forms[i].cells <= pageRows); i++) {
      n += forms[i].cells;
      ids.push(forms[i].form);
    }
    const cells: Record<string, unknown>[] = await db({ c: 'acceptedcell' })
      .join({ a: 'acceptedform' }, 'a.form', 'c.form')
      .whereIn('c.form', ids)
      .orderBy([{ column: 'c.form' }, { column: 'c.ord' }])
      .select('c.form', 'c.code', 'c.rownum', 'c.value', 'a.templateversion', 'a.acceptedon');
    if (!cells.length) continue;
    const page: ExtractRow[] = new Array(cells.length);
    let form: ExtractForm | undefined;
    let acceptedOn = '';
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k];
      const id = Number(c.form);
      if (form?.form !== id) {
        form = byId.get(id)!;
        acceptedOn = isoDateTime(c.acceptedon);
      }
      page[k] = {
        form_id: id, entity_code: form.entity_code, entity_name: form.entity_name, period_end: form.period_end, template_code: form.template_code, template_version: Number(c.templateversion),
        cell_code: String(c.code), row_number: c.rownum === null ? null : Number(c.rownum), value: String(c.value), accepted_on: acceptedOn,
      };
    }
    yield page;
  }
}
