// The period actions of docs/filing-periods.md as the period screens call them, and the choices
// they offer (calendars of list group 80, sectors, categories), through the one rpc layer.
import { rpc, textAt, type Row, type Value } from '../rpc/rpc';
import type { Choice } from '../ui/labelled-fields';

/** The ad hoc calendar: its forms are created by the entities (RE.createAdhocForm), never opened. */
export const ADHOC_CALENDAR = 282;

export interface Calendar {
  id: number;
  name: string;
  /** Months per period (the entry's value0). */
  months: number;
}

function rowsOf(values: Value[], i: number): Row[] {
  const v = values[i];
  return v?.type === 'recordset' ? (v.rows as Row[]) : [];
}

/** Active calendars of list group 80 but the ad hoc one, in display order. */
export async function calendars(): Promise<Calendar[]> {
  const { rows } = await rpc.select({ module: 'List', fields: ['id', 'name', 'value0'], where: [['listgroup', '=', 80], ['state', 'is not', 4]], order: 'displayorder asc, name asc', max: 100 });
  return rows
    .filter((r) => Number(r.id) !== ADHOC_CALENDAR)
    .map((r) => ({ id: Number(r.id), name: String(r.name ?? ''), months: Math.max(1, Number(r.value0) || 1) }));
}

export async function sectors(): Promise<Choice[]> {
  const { rows } = await rpc.select({ module: 'Sector', fields: ['id', 'name'], order: 'name asc', max: 1000 });
  return rows.map((r) => ({ value: String(r.id), label: String(r.name ?? '') }));
}

export interface Category extends Choice {
  sector: string;
}

export async function categories(): Promise<Category[]> {
  const { rows } = await rpc.select({ module: 'RECategory', fields: ['id', 'name', 'sector'], order: 'name asc', max: 1000 });
  return rows.map((r) => ({ value: String(r.id), label: String(r.name ?? ''), sector: String(r.sector ?? '') }));
}

export interface OpenRow {
  re: number;
  re_name: string;
  formbatch: number | null;
  code: string;
  form: number | null;
  status: 'created' | 'exists' | 'closed';
}

export interface OpenSummary {
  label: string;
  start: string;
  endon: string;
  duedate: string;
  dryRun: boolean;
  batches: { created: number; exists: number; closed: number };
  forms: { created: number; exists: number; closed: number };
}

export interface OpenArgs {
  calendar: number;
  endon: string;
  sector?: number;
  category?: number;
  dryRun?: boolean;
}

export async function openPeriod(args: OpenArgs): Promise<{ rows: OpenRow[]; summary: OpenSummary }> {
  const values = await rpc.call('FormBatch.openPeriod', args);
  const rows = rowsOf(values, 0).map((r) => ({
    re: Number(r.re), re_name: String(r.re_name ?? ''), formbatch: r.formbatch === null || r.formbatch === undefined ? null : Number(r.formbatch),
    code: String(r.code ?? ''), form: r.form === null || r.form === undefined ? null : Number(r.form), status: String(r.status) as OpenRow['status'],
  }));
  return { rows, summary: JSON.parse(textAt(values, 1) || '{}') as OpenSummary };
}

export interface CompletenessRow {
  endon: string;
  sector: number | null;
  sector_name: string;
  code: string;
  name: string;
  expected: number;
  submitted: number;
  ontime: number;
  late: number;
  outstanding: number;
  overdue: number;
}

export interface CompletenessFilter {
  from: string;
  to: string;
  sector?: number;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const day = (v: unknown) => str(v).slice(0, 10);

export async function completeness(f: CompletenessFilter): Promise<CompletenessRow[]> {
  const values = await rpc.call('FormBatch.completeness', f);
  return rowsOf(values, 0).map((r) => ({
    endon: day(r.endon), sector: r.sector === null || r.sector === undefined ? null : Number(r.sector), sector_name: str(r.sector_name),
    code: str(r.code), name: str(r.name),
    expected: Number(r.expected), submitted: Number(r.submitted), ontime: Number(r.ontime), late: Number(r.late), outstanding: Number(r.outstanding), overdue: Number(r.overdue),
  }));
}

export interface EntityRow {
  form: number;
  re: number;
  re_name: string;
  sector_name: string;
  code: string;
  name: string;
  endon: string;
  duedate: string;
  state: number;
  submittedon: string;
  status: string;
}

export async function completenessEntities(f: { endon: string; sector?: number; code?: string }): Promise<EntityRow[]> {
  const values = await rpc.call('FormBatch.completenessEntities', f);
  return rowsOf(values, 0).map((r) => ({
    form: Number(r.form), re: Number(r.re), re_name: str(r.re_name), sector_name: str(r.sector_name), code: str(r.code), name: str(r.name),
    endon: day(r.endon), duedate: day(r.duedate), state: Number(r.state), submittedon: str(r.submittedon), status: str(r.status),
  }));
}
