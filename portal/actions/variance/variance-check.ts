// Form.varianceCheck: the changes of a period's forms from the previous period above their
// thresholds (docs/filing-periods.md "Variance check"), over the caller's rows only; computed by
// portal/variance/variance-check.ts.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { recordset, text, type Column } from '../../../engine/protocol/envelope.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import { parseIsoDate } from '../../filing/period-dates.js';
import { activeRules, varianceCheck, type VarianceQuery } from '../../variance/variance-check.js';
import { VARIANCE_CHECK_PERMISSION } from './permissions.js';

const refuse = (field: string, message: string) => new AppError('E_VALIDATION', message, { [field]: message });
const given = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';
const idOf = (v: unknown) => (typeof v === 'number' ? v : /^\d+$/.test(String(v).trim()) ? Number(String(v).trim()) : NaN);

/** The arguments in words: the template (id or code), a real period end, a sector that exists. */
async function checkedQuery(ctx: ActionContext, a: { template?: unknown; endon?: unknown; sector?: unknown }): Promise<VarianceQuery & { templateCode: string }> {
  if (!given(a.template)) throw refuse('template', 'Choose the template to check.');
  const byId = idOf(a.template);
  const template = await ctx.db('formtemplate')
    .where(Number.isInteger(byId) && byId > 0 ? { id: byId } : { code: String(a.template).trim() })
    .first('id', 'code');
  if (!template) throw refuse('template', `There is no template ${String(a.template)}: choose one of the templates offered.`);
  if (!given(a.endon)) throw refuse('endon', 'Enter the period end to check.');
  const endon = String(a.endon).trim();
  if (!parseIsoDate(endon)) throw refuse('endon', `${endon} is not a date: give the period end as YYYY-MM-DD.`);
  let sector: number | undefined;
  if (given(a.sector)) {
    sector = idOf(a.sector);
    if (!Number.isInteger(sector) || !(await ctx.db('sector').where({ id: sector }).first('id'))) throw refuse('sector', `There is no sector ${String(a.sector)}: choose one of the sectors offered, or none for every sector.`);
  }
  return { template: Number(template.id), templateCode: String(template.code), endon, sector };
}

/** The most changes one check answers: enough for a screen to read, small enough to send at once. */
export const VARIANCE_MAX_ROWS = 1000;

const int = (name: string): Column => ({ name, type: 'integer' });
const str = (name: string): Column => ({ name, type: 'string' });
const dec = (name: string): Column => ({ name, type: 'decimal' });
const n = (v: number | null) => (v === null ? null : String(v));

export const formVarianceCheck = defineAction({
  name: 'Form.varianceCheck',
  summary: 'The changes of the caller\'s forms of a template and period end from the same entity\'s previous accepted form that are above the template\'s variance thresholds, each with the median of the cell over the caller\'s forms of its sector',
  args: [Type.Object({
    template: Type.Optional(Type.Union([recordId('FormTemplate', 'The template id'), Type.String({ maxLength: 50, description: 'The template code (BNK-01)' })])),
    endon: Type.Optional(Type.String({ maxLength: 30, description: 'The period end, YYYY-MM-DD' })),
    sector: Type.Optional(Type.Union([recordId('Sector', 'Only entities of this sector (the sector id)'), Type.String({ maxLength: 20 }), Type.Null()])),
    max: Type.Optional(Type.Integer({ minimum: 1, maximum: VARIANCE_MAX_ROWS, description: `The largest changes answered (default and most ${VARIANCE_MAX_ROWS}); the summary counts them all` })),
  }, { additionalProperties: false })],
  access: 'session',
  permission: VARIANCE_CHECK_PERMISSION,
  writes: false,
  answer: 'value 0: recordset (form, re, re_name, sector, sector_name, formbatch, state, code, tab, tab_name, label, current, previous, previous_form, previous_endon, change, change_pct, median, median_forms, rule, threshold_pct, threshold_amount), largest change first; value 1: text, JSON {template, endon, forms, noPrevious, previousHidden, changes, shown}: changes counts every change above its threshold, shown those answered (the largest, at most max)',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const q = await checkedQuery(ctx, a);
    const rules = await activeRules(ctx, q.template);
    if (!rules.length) throw refuse('template', `${q.templateCode} has no active variance threshold: add one in Variance thresholds first.`);
    const out = await varianceCheck(ctx, q, rules);
    // A sector of hundreds of entities can change in tens of thousands of cells: the largest are answered.
    const shown = out.rows.slice(0, a.max ?? VARIANCE_MAX_ROWS);
    return [
      recordset(
        [int('form'), int('re'), str('re_name'), int('sector'), str('sector_name'), int('formbatch'), int('state'), str('code'), str('tab'), str('tab_name'), str('label'),
          dec('current'), dec('previous'), int('previous_form'), { name: 'previous_endon', type: 'date' }, dec('change'), dec('change_pct'), dec('median'), int('median_forms'),
          int('rule'), dec('threshold_pct'), dec('threshold_amount')],
        shown.map((r) => [String(r.form), String(r.re), r.re_name, n(r.sector), r.sector_name, n(r.formbatch), String(r.state), r.code, r.tab, r.tab_name, r.label,
          String(r.current), String(r.previous), String(r.previous_form), r.previous_endon, String(r.change.amount), r.change.percent === null ? null : r.change.percent.toFixed(2), n(r.median), String(r.median_forms),
          String(r.rule.id), n(r.rule.percent), n(r.rule.amount)]),
      ),
      text(JSON.stringify({ template: q.templateCode, endon: q.endon, forms: out.forms, noPrevious: out.noPrevious, previousHidden: out.previousHidden, changes: out.rows.length, shown: shown.length })),
    ];
  },
});

export const varianceActions = [formVarianceCheck];
