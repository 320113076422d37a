// The forms a resubmission request names (seed 003 §2.2, §3 ResubmissionForm, §4.1, §7): the
// `_forms` entry of Record.create / Record.update on (RE-)Resubmission, a JSON list of
// `{form, properties: [{id, dataitem}]}`. Every form must be an accepted form (45) of a
// completed submission (71) of the request's entity, every tab one of the form's, every tab a
// data item, all forms of the request's form category; the list replaces the request's forms
// in the write's transaction.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Knex } from 'knex';
import { errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import type { Caller } from '../../engine/runtime/context.js';
import { isSenior, positionValue } from '../filing/adhoc-forms.js';
import { RESUBMISSION_MESSAGES as M, RESUBMITTABLE_BATCH_STATE, RESUBMITTABLE_FORM_STATE } from './resubmission-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Checks the forms a resubmission names (of its entity, limited to the caller\'s Form rows) and replaces them, inside the record engine\'s write of a request the caller reached; reads the sector of the caller\'s current entity');

type Db = Knex | Knex.Transaction;

export const FORMS_FIELD = 'forms';

const Tab = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }), dataitem: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) });
export const RequestedForms = Type.Array(Type.Object({ form: Type.Integer({ minimum: 1 }), properties: Type.Array(Tab, { maxItems: 200 }) }), { maxItems: 200 });
export type RequestedForms = Static<typeof RequestedForms>;

/** Category ids (seed 003 §6). */
export const CATEGORY = { main: 100211, smd: 100212, app: 100213 } as const;
/** Seed 003 §2.2: entities of these sectors choose the form category in a dialog. */
export const CATEGORY_DIALOG_SECTORS = new Set([1, 2, 4, 5]);
/** Seed 003 §6: a position from 19000 to 19999 is limited to App I/II. */
const APP_ONLY_POSITIONS = { from: 19000, to: 19999 } as const;

/** Seed 002 §9: the resubmission's form category from the form's: 57 → 100212, 73-76 → 100213, others 100211. */
export function resubmissionCategory(formCategory: number | null): number {
  if (formCategory === 57) return 100212;
  if (formCategory !== null && formCategory >= 73 && formCategory <= 76) return 100213;
  return 100211;
}

/** A form's resubmission category: its own when it is one of the three, else by seed 002 §9's codes. */
export function formCategoryOf(category: unknown): number {
  const c = category === null || category === undefined ? null : Number(category);
  if (c === CATEGORY.main || c === CATEGORY.smd || c === CATEGORY.app) return c;
  return resubmissionCategory(c);
}

export interface CategoryChoice {
  sector: number | null;
  /** Whether the create screen asks for the form category (sectors 1, 2, 4, 5). */
  dialog: boolean;
  categories: number[];
}

/**
 * The form categories the caller may ask a resubmission for (seed 003 §2.2, §6): Main and SMD for
 * entities of the dialog sectors, App I/II too for a senior user (role 27, position 10000-19999,
 * linked) of a sector 1 entity, and App I/II only for a senior user in position 19000-19999.
 * Entities of other sectors ask for main forms.
 */
export async function categoryChoice(db: Db, caller: Caller): Promise<CategoryChoice> {
  const entity = caller.currentRe === null ? null : await db('re').where({ id: caller.currentRe }).first('sector');
  const sector = entity?.sector === null || entity?.sector === undefined ? null : Number(entity.sector);
  if (sector === null || !CATEGORY_DIALOG_SECTORS.has(sector)) return { sector, dialog: false, categories: [CATEGORY.main] };
  if (sector === 1 && (await isSenior(db, caller, caller.currentRe!))) {
    const position = await positionValue(db, caller.userId);
    if (position !== null && position >= APP_ONLY_POSITIONS.from && position <= APP_ONLY_POSITIONS.to) return { sector, dialog: true, categories: [CATEGORY.app] };
    return { sector, dialog: true, categories: [CATEGORY.main, CATEGORY.smd, CATEGORY.app] };
  }
  return { sector, dialog: true, categories: [CATEGORY.main, CATEGORY.smd] };
}

/** Parses `_forms` (a JSON text, as Record.* values are scalars); a bad shape is E_VALIDATION. */
export function parseRequestedForms(raw: unknown): RequestedForms {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw errors.validation({ [FORMS_FIELD]: 'must be a JSON list of {form, properties: [{id, dataitem}]}' });
    }
  }
  if (!Value.Check(RequestedForms, value)) throw errors.validation({ [FORMS_FIELD]: 'must be a JSON list of {form, properties: [{id, dataitem}]}' });
  return value;
}

interface FormRow {
  id: number;
  re: number;
  state: number;
  category: unknown;
  properties: unknown;
  batchstate: number | null;
}

function tabIdsOf(properties: unknown): Set<string> {
  try {
    const p = typeof properties === 'string' ? JSON.parse(properties) : properties;
    const items = Array.isArray(p?.items) ? p.items : [];
    return new Set(items.map((i: { id?: unknown }) => String(i?.id ?? '')));
  } catch {
    return new Set();
  }
}

/**
 * Checks the forms of a request of entity `re` (seed 003 §2.2, §4.1, §5) and answers the form
 * category they share (the one given, else theirs). `among`, a subquery of form ids (the caller's
 * Form rows, scoped-rows.ts), is what the caller may name: the forms Resubmission.searchForms offers.
 */
export async function checkRequestedForms(db: Db, re: number, forms: RequestedForms, formcategory: number | null, among?: Knex.QueryBuilder): Promise<number> {
  const tabs = forms.flatMap((f) => f.properties);
  if (!forms.length || forms.some((f) => !f.properties.length) || tabs.some((t) => !String(t.dataitem ?? '').trim())) throw errors.validation({ [FORMS_FIELD]: M.required });
  const ids = forms.map((f) => f.form);
  if (new Set(ids).size !== ids.length) throw errors.validation({ [FORMS_FIELD]: 'names a form more than once' });
  const rows: FormRow[] = await db({ f: 'form' })
    .leftJoin({ b: 'formbatch' }, 'b.id', 'f.formbatch')
    .whereIn('f.id', ids)
    .modify((q) => {
      if (among) q.whereIn('f.id', among);
    })
    .select('f.id', 'f.re', 'f.state', 'f.category', 'f.properties', 'b.state as batchstate');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  let category = formcategory;
  for (const f of forms) {
    const row = byId.get(f.form);
    // Another entity's form, or one outside the caller's rows, reads exactly like a missing one.
    if (!row || Number(row.re) !== re) throw errors.validation({ [FORMS_FIELD]: `Form #${f.form} not found.` });
    if (Number(row.state) !== RESUBMITTABLE_FORM_STATE || Number(row.batchstate) !== RESUBMITTABLE_BATCH_STATE) {
      throw errors.validation({ [FORMS_FIELD]: `Form #${f.form} cannot be resubmitted: only accepted forms of completed submissions can.` });
    }
    const known = tabIdsOf(row.properties);
    const unknown = f.properties.find((t) => !known.has(t.id));
    if (unknown) throw errors.validation({ [FORMS_FIELD]: `Form #${f.form} has no tab ${unknown.id}.` });
    const own = formCategoryOf(row.category);
    category ??= own;
    if (own !== category) throw errors.validation({ [FORMS_FIELD]: `Form #${f.form} is not of the request's form category.` });
  }
  return category!;
}

/** Replaces the request's forms with `forms` (the caller checked them). */
export async function writeRequestedForms(db: Db, resubmission: number, re: number, forms: RequestedForms, who: number | null): Promise<void> {
  await db('resubmissionform').where({ resubmission }).delete();
  const now = sqlDateTime();
  for (const f of forms) {
    const properties = JSON.stringify(f.properties.map((t) => ({ id: t.id, dataitem: String(t.dataitem ?? '').trim() })));
    await db('resubmissionform').insert({ resubmission, form: f.form, properties, re, updatectr: 1, createon: now, createby: who, updateon: now, updateby: who });
  }
  await bumpVersions(db, ['resubmissionform']);
}
