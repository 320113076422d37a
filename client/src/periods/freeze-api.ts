// FormBatch.freezePeriod and the freeze history (module FreezePeriod) as the Freeze Period screen
// calls them (docs/filing-periods.md "Freezing a period"), through the one rpc layer.
import { rpc, textAt, type Row, type Value } from '../rpc/rpc';
import type { FreezeAction, FreezeRow, FreezeSummary } from '../../../portal/filing/period-freeze-shape.js';

export type { FreezeAction, FreezeRow, FreezeSummary };

export interface FreezeArgs {
  endon: string;
  calendar?: number;
  sector?: number;
  action: FreezeAction;
  reason?: string;
  dryRun?: boolean;
}

export interface FreezeHistory {
  id: number;
  when: string;
  by: string;
  action: FreezeAction;
  endon: string;
  calendar: string;
  sector: string;
  reason: string;
  batches: number;
  forms: number;
  entities: number;
}

function rowsOf(values: Value[], i: number): Row[] {
  const v = values[i];
  return v?.type === 'recordset' ? (v.rows as Row[]) : [];
}

const truthy = (v: unknown) => [true, 1, '1', 'true'].includes(v as never);

export async function freezePeriod(args: FreezeArgs): Promise<{ rows: FreezeRow[]; summary: FreezeSummary }> {
  const values = await rpc.call('FormBatch.freezePeriod', args);
  const rows = rowsOf(values, 0).map((r) => ({
    re: Number(r.re), re_name: String(r.re_name ?? ''), formbatch: Number(r.formbatch), batch: String(r.batch ?? ''), calendar: String(r.calendar ?? ''),
    state: String(r.state ?? ''), forms: Number(r.forms ?? 0), formstates: String(r.formstates ?? ''), frozen: truthy(r.frozen), status: r.status === 'already' ? 'already' as const : 'changes' as const,
  }));
  return { rows, summary: JSON.parse(textAt(values, 1) || '{}') as FreezeSummary };
}

/** The period ends of the caller's submissions, newest first (the period end field's suggestions). */
export async function periodEnds(): Promise<string[]> {
  const { rows } = await rpc.select({ module: 'FormBatch', fields: ['endon'], order: 'endon desc', max: 1000 });
  return [...new Set(rows.map((r) => String(r.endon ?? '').slice(0, 10)).filter(Boolean))].slice(0, 60);
}

/** The latest freezes and unfreezes, newest first. */
export async function history(): Promise<FreezeHistory[]> {
  const { rows } = await rpc.select({
    module: 'FreezePeriod',
    fields: ['id', 'createon', 'createby_name_ind_field', 'action', 'endon', 'calendar_name_ind_field', 'sector_name_ind_field', 'reason', 'batches', 'forms', 'entities'],
    order: 'createon desc, id desc',
    max: 50,
  });
  return rows.map((r) => ({
    id: Number(r.id), when: String(r.createon ?? ''), by: String(r.createby_name_ind_field ?? ''), action: r.action === 'unfreeze' ? 'unfreeze' : 'freeze',
    endon: String(r.endon ?? '').slice(0, 10), calendar: String(r.calendar_name_ind_field ?? ''), sector: String(r.sector_name_ind_field ?? ''), reason: String(r.reason ?? ''),
    batches: Number(r.batches ?? 0), forms: Number(r.forms ?? 0), entities: Number(r.entities ?? 0),
  }));
}
