// The chart editor's draft: a DashboardChart record (title, type, state, order, group) and its
// data rows (engine/metadata/screen-schemas.ts ChartDataRow), with the checks of seed 000 §5 and
// the record values it is saved as.
import type { ChartData, ChartDataRow } from '../../../engine/metadata/screen-schemas.js';
import type { CatalogueField, CatalogueModule } from './editor-sources';
import { STATUS_COLOURS } from '../dashboards/status-colours';

export const TITLE_REQUIRED = 'Please insert title for the chart';
export const TYPE_REQUIRED = 'Please select type of chart';

export const INACTIVE = 4;

export interface ChartDraft {
  name: string;
  type: number | null;
  state: number;
  ordernumber: number | null;
  dashboardgroup: number | null;
  rows: ChartDataRow[];
}

export const CHART_FIELDS = ['name', 'type', 'dashboardgroup', 'data', 'ordernumber', 'state'] as const;

export function newChart(): ChartDraft {
  return { name: '', type: null, state: INACTIVE, ordernumber: null, dashboardgroup: null, rows: [] };
}

export function newRow(index: number): ChartDataRow {
  return { label: '', color: STATUS_COLOURS[index % STATUS_COLOURS.length].hex, module: '', aggregate: 'count', groupBy: { lookup: '' } };
}

const numberOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A stored DashboardChart row as a draft (`data` arrives as JSON text). */
export function chartFromRecord(row: Record<string, unknown>): ChartDraft {
  const raw = row.data;
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
  }
  const rows = data && typeof data === 'object' && Array.isArray((data as ChartData).rows) ? (data as ChartData).rows : [];
  return {
    name: String(row.name ?? ''),
    type: numberOrNull(row.type),
    state: numberOrNull(row.state) ?? INACTIVE,
    ordernumber: numberOrNull(row.ordernumber),
    dashboardgroup: numberOrNull(row.dashboardgroup),
    rows,
  };
}

/** The record values in CHART_FIELDS order. */
export function chartValues(d: ChartDraft): (string | number | null)[] {
  return [d.name.trim(), d.type, d.dashboardgroup, JSON.stringify({ rows: d.rows }), d.ordernumber, d.state];
}

/** Seed 000 §5: the first step's required fields, field → message. */
export function firstStepProblems(d: ChartDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!d.name.trim()) problems.name = TITLE_REQUIRED;
  if (d.type === null) problems.type = TYPE_REQUIRED;
  return problems;
}

/** The fields a row may name for each of its choices, from the module catalogue. */
export const numericFields = (m: CatalogueModule | undefined): CatalogueField[] => (m?.fields ?? []).filter((f) => f.type === 'integer' || f.type === 'decimal');
export const dateFields = (m: CatalogueModule | undefined): CatalogueField[] => (m?.fields ?? []).filter((f) => f.type === 'date' || f.type === 'datetime');
export const lookupFields = (m: CatalogueModule | undefined): CatalogueField[] => (m?.fields ?? []).filter((f) => Boolean(f.lookup));

/** A row whose module changed keeps its label and colour; its field choices start over. */
export function withModule(row: ChartDataRow, module: string): ChartDataRow {
  return { label: row.label, color: row.color, module, aggregate: row.aggregate, groupBy: 'month' in row.groupBy ? { month: '' } : { lookup: '' } };
}
