// The variance check's calls (docs/filing-periods.md "Variance check"): the templates that have
// active thresholds, the period ends of a template's forms, and Form.varianceCheck.
import { rpc, textAt, type Row, type Value } from '../rpc/rpc';
import type { Choice } from '../ui/labelled-fields';

export interface Variance {
  form: number;
  re: number;
  re_name: string;
  sector_name: string;
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
  change: number;
  /** Null when the previous value was 0. */
  change_pct: number | null;
  median: number | null;
  median_forms: number;
  threshold_pct: number | null;
  threshold_amount: number | null;
}

export interface VarianceSummary {
  template: string;
  endon: string;
  forms: number;
  noPrevious: number;
  previousHidden: number;
  /** Changes above their threshold, and of them those answered (the largest). */
  changes?: number;
  shown?: number;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

function rowsOf(values: Value[], i: number): Row[] {
  const v = values[i];
  return v?.type === 'recordset' ? (v.rows as Row[]) : [];
}

/** The templates with an active threshold, by code. */
export async function templates(): Promise<Choice[]> {
  const { rows } = await rpc.select({ module: 'VarianceRule', fields: ['formtemplate', 'template_code', 'formtemplate_name_ind_field'], where: [['active', '=', 1]], order: 'formtemplate asc', max: 1000 });
  const byId = new Map<string, string>();
  for (const r of rows) byId.set(str(r.formtemplate), `${str(r.template_code)} - ${str(r.formtemplate_name_ind_field)}`);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The period ends of the template's forms the caller lists, latest first (YYYY-MM-DD). */
export async function periodEnds(template: string): Promise<string[]> {
  const { rows } = await rpc.select({ module: 'Form', fields: ['endon'], where: [['formtemplate', '=', Number(template)]], order: 'endon desc', max: 500 });
  return [...new Set(rows.map((r) => str(r.endon).slice(0, 10)).filter(Boolean))].slice(0, 24);
}

export async function check(args: { template: number; endon: string; sector?: number }): Promise<{ rows: Variance[]; summary: VarianceSummary }> {
  const values = await rpc.call('Form.varianceCheck', args);
  const rows = rowsOf(values, 0).map((r) => ({
    form: Number(r.form), re: Number(r.re), re_name: str(r.re_name), sector_name: str(r.sector_name), formbatch: num(r.formbatch), state: Number(r.state),
    code: str(r.code), tab: str(r.tab), tab_name: str(r.tab_name), label: str(r.label),
    current: Number(r.current), previous: Number(r.previous), previous_form: Number(r.previous_form), previous_endon: str(r.previous_endon).slice(0, 10),
    change: Number(r.change), change_pct: num(r.change_pct), median: num(r.median), median_forms: Number(r.median_forms),
    threshold_pct: num(r.threshold_pct), threshold_amount: num(r.threshold_amount),
  }));
  return { rows, summary: JSON.parse(textAt(values, 1) || '{}') as VarianceSummary };
}
