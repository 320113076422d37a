// The variance check of one period (docs/filing-periods.md "Variance check"): each of the
// caller's forms of a template and period end, each cell a threshold covers, against the same
// entity's previous accepted form (previous-form.ts, as prev() finds it) and the median of the
// cell over the caller's forms of the entity's sector; the changes above their threshold.
// Only the caller's rows: its Form and RE rows choose the forms, a previous form it may not list
// is not compared (its values would show through the change), and a median is over forms it lists.
import type { ActionContext } from '../../engine/runtime/context.js';
import { rowsOf } from '../../engine/records/scoped-rows.js';
import { cellLabels } from '../filing/cell-labels.js';
import { formCellValues } from '../filing/external-values.js';
import { filedTemplate } from '../filing/form-data.js';
import { previousAcceptedForm } from '../filing/previous-form.js';
import { bySize, cellsUnderRules, changeOf, median, passes, type Change, type VarianceRule } from './variance-rules.js';

export interface VarianceQuery {
  template: number;
  endon: string;
  sector?: number;
}

export interface Variance {
  form: number;
  re: number;
  re_name: string;
  sector: number | null;
  sector_name: string | null;
  formbatch: number | null;
  state: number;
  code: string;
  tab: string;
  tab_name: string;
  label: string;
  current: number;
  previous: number;
  previous_form: number;
  previous_endon: string;
  change: Change;
  median: number | null;
  median_forms: number;
  rule: VarianceRule;
}

export interface VarianceOutcome {
  rows: Variance[];
  /** Forms of the period compared, and those that could not be compared, by why. */
  forms: number;
  noPrevious: number;
  previousHidden: number;
}

interface PeriodForm {
  id: number;
  re: number;
  re_name: string;
  sector: number | null;
  sector_name: string | null;
  formbatch: number | null;
  state: number;
  formtemplate: number;
  templateversion: number | null;
  updatectr: number;
  endon: string;
}

const num = (v: string | null | undefined): number | null => {
  if (v === null || v === undefined || String(v).trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The active thresholds of a template. */
export async function activeRules(ctx: ActionContext, template: number): Promise<VarianceRule[]> {
  const rows = await ctx.db('variancerule').where({ formtemplate: template }).where((w) => w.where('active', true).orWhereNull('active')).orderBy('id').select('id', 'code', 'percent', 'amount');
  return rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), code: r.code === null || r.code === '' ? null : String(r.code), percent: r.percent === null ? null : Number(r.percent), amount: r.amount === null ? null : Number(r.amount) }));
}

/** The caller's forms of the template and period end, of entities it reaches (of one sector, when asked). */
async function periodForms(ctx: ActionContext, q: VarianceQuery): Promise<PeriodForm[]> {
  const entities = rowsOf(ctx, 'RE').from('e').select('e.id', 'e.name', 'e.sector').as('r');
  const query = rowsOf(ctx, 'Form')
    .from('f')
    .join(entities, 'r.id', 'f.re')
    .leftJoin({ s: 'sector' }, 's.id', 'r.sector')
    .where('f.formtemplate', q.template)
    .where('f.endon', q.endon)
    .orderBy('r.name')
    .orderBy('f.id')
    .select('f.id', 'f.re', 'f.formbatch', 'f.state', 'f.formtemplate', 'f.templateversion', 'f.updatectr', 'r.name as re_name', 'r.sector', 's.name as sector_name');
  if (q.sector !== undefined) query.where('r.sector', q.sector);
  const rows = (await query) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: Number(r.id), re: Number(r.re), re_name: String(r.re_name ?? ''), sector: id(r.sector), sector_name: r.sector_name === null || r.sector_name === undefined ? null : String(r.sector_name),
    formbatch: id(r.formbatch), state: Number(r.state), formtemplate: Number(r.formtemplate), templateversion: id(r.templateversion), updatectr: Number(r.updatectr), endon: q.endon,
  }));
}

export async function varianceCheck(ctx: ActionContext, q: VarianceQuery, rules: readonly VarianceRule[]): Promise<VarianceOutcome> {
  const forms = (await periodForms(ctx, q)).filter((f) => f.templateversion !== null);
  const opts = { licenseKey: ctx.services.config.formulaLicenseKey, root: ctx.services.db };

  // This period's values of every covered cell, form by form.
  const current = new Map<number, { form: PeriodForm; cells: Map<string, VarianceRule>; values: Map<string, number>; tabOf: Map<string, { tab: string; tab_name: string; label: string }> }>();
  for (const form of forms) {
    const filed = await filedTemplate(ctx.db, form);
    const cells = cellsUnderRules(filed.layout, rules);
    if (!cells.size) continue;
    const values = new Map<string, number>();
    for (const v of await formCellValues(ctx.db, form, [...cells.keys()], opts)) {
      const n = num(v.value);
      if (n !== null) values.set(v.code, n);
    }
    const labels = cellLabels(filed.properties);
    const tabOf = new Map([...cells.keys()].map((code) => {
      const tab = filed.layout.byCodeOf(code)!.place.tab;
      return [code, { tab: tab.title, tab_name: tab.display_name, label: labels.get(code) ?? code }];
    }));
    current.set(form.id, { form, cells, values, tabOf });
  }

  // The sector's median of each cell, over the forms above (the caller's): each worked out once,
  // when a change first needs it (a period of hundreds of forms changes in tens of thousands of cells).
  const bySectorCell = new Map<string, number[]>();
  for (const { form, values } of current.values()) {
    for (const [code, n] of values) {
      const k = `${form.sector}|${code}`;
      const peers = bySectorCell.get(k);
      if (peers) peers.push(n);
      else bySectorCell.set(k, [n]);
    }
  }
  const medians = new Map<string, number | null>();
  const medianOf = (k: string) => {
    if (!medians.has(k)) medians.set(k, median(bySectorCell.get(k) ?? []));
    return medians.get(k)!;
  };

  // The previous period: the form prev() reads, compared only when the caller may list it.
  const previous = new Map<number, Awaited<ReturnType<typeof previousAcceptedForm>>>();
  for (const form of current.keys()) previous.set(form, await previousAcceptedForm(ctx.db, form));
  const prevIds = [...previous.values()].filter((p) => p !== null).map((p) => p!.id);
  const listed = new Set(prevIds.length ? (await rowsOf(ctx, 'Form').from('p').whereIn('p.id', prevIds).pluck('p.id')).map(Number) : []);

  const rows: Variance[] = [];
  let noPrevious = 0;
  let previousHidden = 0;
  for (const { form, cells, values, tabOf } of current.values()) {
    const prev = previous.get(form.id) ?? null;
    if (!prev) { noPrevious++; continue; }
    if (!listed.has(prev.id)) { previousHidden++; continue; }
    const before = new Map<string, number>();
    for (const v of await formCellValues(ctx.db, { ...prev, endon: prev.endon }, [...cells.keys()], opts)) {
      const n = num(v.value);
      if (n !== null) before.set(v.code, n);
    }
    for (const [code, rule] of cells) {
      const now = values.get(code);
      const then = before.get(code);
      if (now === undefined || then === undefined) continue;
      const change = changeOf(now, then);
      if (!passes(change, rule)) continue;
      const key = `${form.sector}|${code}`;
      const peers = bySectorCell.get(key) ?? [];
      rows.push({
        form: form.id, re: form.re, re_name: form.re_name, sector: form.sector, sector_name: form.sector_name, formbatch: form.formbatch, state: form.state,
        code, ...tabOf.get(code)!, current: now, previous: then, previous_form: prev.id, previous_endon: prev.endon, change,
        median: medianOf(key), median_forms: peers.length, rule,
      });
    }
  }
  rows.sort((a, b) => bySize(a.change, b.change) || a.re_name.localeCompare(b.re_name) || a.form - b.form);
  return { rows, forms: current.size, noPrevious, previousHidden };
}
