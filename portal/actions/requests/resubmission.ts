// Resubmission actions beyond Record.* (docs/resubmission-extension.md): what the Request
// Resubmission screen needs to offer only what the server accepts (the form categories of the
// caller, the forms that may be asked for), and running the reopening of approved requests now.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text, type Column } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { isReUser, type ActionContext } from '../../../engine/runtime/context.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { categoryChoice, formCategoryOf } from '../../requests/resubmission-forms.js';
import { RESUBMITTABLE_BATCH_STATE, RESUBMITTABLE_FORM_STATE } from '../../requests/resubmission-states.js';
import { reopenDue } from '../../requests/resubmission-reopen.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Joins the batch state and calendar name to the caller\'s own Form rows (rowsOf) that the resubmission search lists');

/**
 * An entity user asks for its current entity; the regulator's staff name one their team covers
 * (editing a request): another is answered as a missing one (RE's row rules, scoped-rows.ts).
 */
async function entityOf(ctx: ActionContext, given: number | undefined): Promise<number> {
  const caller = ctx.caller!;
  if (isReUser(caller)) {
    if (!caller.permissions.has('RE-Resubmission.create') && !caller.permissions.has('RE-Resubmission.update')) throw errors.noPermission('RE-Resubmission.create');
    if (caller.currentRe === null) throw errors.noPermission('RE-Resubmission.create (no current entity)');
    return caller.currentRe;
  }
  if (!caller.permissions.has('Resubmission.update')) throw errors.noPermission('Resubmission.update');
  if (given === undefined) throw errors.validation({ re: 'is required' });
  await rowsOf(ctx, 'RE').get(given);
  return given;
}

export const resubmissionCategories = defineAction({
  name: 'Resubmission.formCategories',
  summary: 'The form categories the caller may ask a resubmission for, and whether the create screen asks (sectors 1, 2, 4, 5)',
  args: [],
  access: 'session',
  permission: 'RE-Resubmission.create',
  writes: false,
  answer: 'value 0: text JSON {sector, dialog, categories: [100211 Main, 100212 SMD, 100213 App I/II …]}',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    if (!isReUser(ctx.caller)) throw errors.noPermission('RE-Resubmission.create (entity users)');
    return [text(JSON.stringify(await categoryChoice(ctx.db, ctx.caller!)))];
  },
});

const SEARCH_COLUMNS = ['id', 'calendar', 'calendar_name', 'endon', 'code', 'name', 'formcategory', 'properties'];

export const resubmissionSearchForms = defineAction({
  name: 'Resubmission.searchForms',
  summary: "Forms an entity may ask to resubmit: accepted (45) forms of completed (71) submissions, by year, month, code and name, of one form category; only forms the caller's form list shows",
  args: [
    Type.Object(
      {
        re: Type.Optional(recordId('RE', 'The entity (regulator staff only; an entity user searches its current entity)')),
        year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2999 })),
        month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
        code: Type.Optional(Type.String({ maxLength: 50 })),
        name: Type.Optional(Type.String({ maxLength: 255 })),
        formcategory: Type.Optional(Type.Integer({ minimum: 1 })),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: false,
  answer: `value 0: recordset ${SEARCH_COLUMNS.join(', ')} (properties: the form's tabs, [{id, title, display_name}]), period end descending then code, at most 200`,
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const re = await entityOf(ctx, a.re);
    // The caller's forms only (Form's rules: a team's categories, an entity user's seniority).
    const q = rowsOf(ctx, 'Form')
      .from('f')
      .join({ b: 'formbatch' }, 'b.id', 'f.formbatch')
      .leftJoin({ c: 'list' }, 'c.id', 'f.calendar')
      .where('f.re', re)
      .andWhere('f.state', RESUBMITTABLE_FORM_STATE)
      .andWhere('b.state', RESUBMITTABLE_BATCH_STATE)
      .orderBy('f.endon', 'desc')
      .orderBy('f.code', 'asc')
      .limit(200)
      .select('f.id', 'f.calendar', 'c.name as calendar_name', 'f.endon', 'f.code', 'f.name', 'f.category', 'f.properties');
    if (a.year !== undefined) {
      const from = `${a.year}-${String(a.month ?? 1).padStart(2, '0')}-01`;
      const to = a.month === undefined ? `${a.year}-12-31` : `${a.year}-${String(a.month).padStart(2, '0')}-31`;
      q.andWhere('f.endon', '>=', from).andWhere('f.endon', '<=', to);
    } else if (a.month !== undefined) {
      throw errors.validation({ year: 'is required with a month' });
    }
    if (a.code?.trim()) q.andWhere('f.code', 'like', `%${a.code.trim()}%`);
    if (a.name?.trim()) q.andWhere('f.name', 'like', `%${a.name.trim()}%`);
    const rows = (await q).filter((r: Record<string, unknown>) => a.formcategory === undefined || formCategoryOf(r.category) === a.formcategory);
    const cell = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? null : String(v).slice(0, 10));
    const tabs = (p: unknown) => {
      try {
        const parsed = typeof p === 'string' ? JSON.parse(p) : p;
        return JSON.stringify((Array.isArray(parsed?.items) ? parsed.items : []).map((i: Record<string, unknown>) => ({ id: i.id, title: i.title, display_name: i.display_name })));
      } catch {
        return '[]';
      }
    };
    return [
      recordset(
        SEARCH_COLUMNS.map((name): Column => ({ name, type: name === 'id' || name === 'calendar' || name === 'formcategory' ? 'integer' : name === 'endon' ? 'date' : name === 'properties' ? 'json' : 'string' })),
        rows.map((r: Record<string, unknown>) => [String(r.id), cell(r.calendar), cell(r.calendar_name), iso(r.endon), cell(r.code), cell(r.name), String(formCategoryOf(r.category)), tabs(r.properties)]),
      ),
    ];
  },
});

export const resubmissionReopenDue = defineAction({
  name: 'Resubmission.reopenDue',
  summary: 'Reopens now the forms of approved requests whose effective date has come (the engine also does it every hour)',
  args: [],
  access: 'session',
  permission: 'Resubmission.action.approve',
  writes: false,
  answer: 'value 0: text JSON {requests, forms}: requests reopened and forms moved to Amendment Required',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    return [text(JSON.stringify(await reopenDue(ctx.services)))];
  },
});

export const resubmissionActions = [resubmissionCategories, resubmissionSearchForms, resubmissionReopenDue];
