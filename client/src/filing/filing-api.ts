// The filing actions of PROTOCOL.md §7 as the client calls them, through the one rpc layer
// (Record.* becomes Record2.* for RE and IRU users there). Entity users read and move forms
// through the scoped REForm / REFormBatch, the regulator through Form / FormBatch.
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { rpc, textAt, type Row, type Value } from '../rpc/rpc';
import type { DataRow, SaveChanges } from './entry-model';
import type { ExternalSource } from '../../../portal/filing/external-sources.js';

export type Side = 'entity' | 'regulator';

export const formModule = (side: Side) => (side === 'entity' ? 'REForm' : 'Form');
export const batchModule = (side: Side) => (side === 'entity' ? 'REFormBatch' : 'FormBatch');

export interface FormRecord {
  id: number;
  code: string;
  name: string;
  state: number;
  updatectr: number;
  formbatch: number | null;
  re: number | null;
  preparedby: number | null;
  frozen: boolean;
  /** Since when, by whom and why its period was frozen (Form.getData); since is null for a submission frozen on its own. */
  freeze?: Freeze | null;
  batchName: string;
  /** The entity's name and the period's end (YYYY-MM-DD): the form's heading and tab title say whose return of which period it is. */
  reName: string;
  endon: string;
  /** The template is approver-view-only: its forms download only for IRU staff and approvers (seed 003 §2.1). */
  approverViewOnly: boolean;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

function rowsOf(values: Value[], i: number): Row[] {
  const v = values[i];
  return v?.type === 'recordset' ? (v.rows as Row[]) : [];
}

/** The form record and its batch (frozen or not); null when it does not exist or is out of scope. */
export async function loadFormRecord(side: Side, id: number): Promise<FormRecord | null> {
  const { rows } = await rpc.select({ module: formModule(side), fields: ['id', 'code', 'name', 'state', 'updatectr', 'formbatch', 're', 're_name_ind_field', 'endon', 'preparedby', 'template_approverviewonly'], where: [['id', '=', id]], max: 1 });
  const r = rows[0];
  if (!r) return null;
  const batchId = num(r.formbatch);
  let frozen = false;
  let batchName = '';
  if (batchId !== null) {
    const b = await rpc.select({ module: batchModule(side), fields: ['id', 'name', 'frozen_ind'], where: [['id', '=', batchId]], max: 1 });
    frozen = [true, 1, '1', 'true'].includes(b.rows[0]?.frozen_ind as never);
    batchName = String(b.rows[0]?.name ?? '');
  }
  return {
    id: Number(r.id), code: String(r.code ?? ''), name: String(r.name ?? ''), state: Number(r.state), updatectr: Number(r.updatectr),
    formbatch: batchId, re: num(r.re), preparedby: num(r.preparedby), frozen, batchName,
    reName: String(r.re_name_ind_field ?? ''), endon: String(r.endon ?? '').slice(0, 10),
    approverViewOnly: [true, 1, '1', 'true'].includes(r.template_approverviewonly as never),
  };
}

export interface Freeze {
  since: string | null;
  by: string | null;
  reason: string | null;
}

export interface FormData {
  cells: DataRow[];
  /** Values its formulas read from other forms (extform, prev), with their sources. */
  externals: ExternalSource[];
  info: { form: number; updatectr: number; state: number; template: number; version: number; rows?: Record<string, number>; frozen?: Freeze | null };
}

export async function getData(form: number): Promise<FormData> {
  const values = await rpc.call('Form.getData', { form });
  const cells = rowsOf(values, 0).map((r) => ({ tab: String(r.tab), address: String(r.address), code: r.code === null || r.code === undefined || r.code === '' ? null : String(r.code), value: r.value === null || r.value === undefined ? null : String(r.value) }));
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const externals = rowsOf(values, 2).map((r): ExternalSource => ({
    kind: r.kind === 'prev' ? 'prev' : 'extform', code: String(r.code), type: String(r.type ?? 'text'), value: text(r.value), label: String(r.label ?? r.code),
    source: text(r.source), form: r.form === null || r.form === undefined || r.form === '' ? null : Number(r.form), missing: text(r.missing),
  }));
  return { cells, externals, info: JSON.parse(textAt(values, 1) || '{}') as FormData['info'] };
}

/** The template version the form is filed on (Form.template: entity users read no templates otherwise). */
export async function templateOf(form: number): Promise<FormProperties> {
  const values = await rpc.call('Form.template', { form });
  return JSON.parse(textAt(values, 0)) as FormProperties;
}

/** Form.saveData; answers the new counter. */
export async function saveData(form: number, updatectr: number, changes: SaveChanges): Promise<number> {
  const values = await rpc.call('Form.saveData', { form, updatectr, ...changes });
  return Number(rowsOf(values, 0)[0]?.updatectr ?? updatectr + 1);
}

export interface Finding {
  tab: string;
  address: string;
  code: string | null;
  rule: string;
  severity: 'error' | 'warning';
  message: string;
}

export async function validate(form: number): Promise<Finding[]> {
  const values = await rpc.call('Form.validate', { form });
  return rowsOf(values, 0).map((r) => ({ tab: String(r.tab ?? ''), address: String(r.address ?? ''), code: r.code ? String(r.code) : null, rule: String(r.rule ?? ''), severity: r.severity === 'warning' ? 'warning' : 'error', message: String(r.message ?? '') }));
}

/** Form.submit (Ready → Submitted); answers the new counter and state. */
export async function submit(form: number, updatectr: number): Promise<{ updatectr: number; state: number }> {
  const values = await rpc.call('Form.submit', { form, updatectr });
  const r = rowsOf(values, 0)[0];
  return { updatectr: Number(r?.updatectr ?? updatectr + 1), state: Number(r?.state ?? 56) };
}

/** A sign-off or review move: a state change of the form with its reason, checked by the state map. */
export async function moveState(side: Side, form: number, updatectr: number, to: number, reason?: string): Promise<{ updatectr: number; state: number }> {
  const row = await rpc.update({ module: formModule(side), fields: ['id', 'state', 'updatectr'], values: [form, to, updatectr], ...(reason ? { reason } : {}), read: ['id', 'state', 'updatectr'] });
  return { updatectr: Number(row.updatectr ?? updatectr + 1), state: Number(row.state ?? to) };
}

export interface Version {
  version: number;
  state: number;
  who: string;
  when: string;
  /** The cells that version changed (`01!C7`). */
  cells: string[];
}

function cellList(v: unknown): string[] {
  const list = typeof v === 'string' ? (v ? (JSON.parse(v) as unknown) : []) : v;
  return Array.isArray(list) ? list.map(String) : [];
}

export async function history(form: number): Promise<Version[]> {
  const values = await rpc.call('Form.history', { form });
  return rowsOf(values, 0).map((r) => ({ version: Number(r.version), state: Number(r.state), who: String(r.who ?? ''), when: String(r.when ?? ''), cells: cellList(r.cells) }));
}

/** One accepted state move of a form, with who made it, when and why (StateManagement.getHistory). */
export interface StateMove {
  from: number | null;
  to: number;
  by: string;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  on: string;
  reason: string | null;
}

/** Every sign-off and review move of a form, oldest first: a step back or return carries its reason. */
export async function stateMoves(side: Side, form: number): Promise<StateMove[]> {
  const values = await rpc.call('StateManagement.getHistory', { module: formModule(side), id: form });
  return rowsOf(values, 0).map((r) => ({
    from: num(r.from_state), to: Number(r.to_state), by: String(r.createby_name_ind_field ?? ''), on: String(r.createon ?? ''),
    reason: r.reason === null || r.reason === undefined || String(r.reason).trim() === '' ? null : String(r.reason).trim(),
  }));
}

export interface CellChange {
  tab: string;
  address: string;
  code: string | null;
  before: string | null;
  after: string | null;
}

export async function diff(form: number, from: number, to: number): Promise<CellChange[]> {
  const values = await rpc.call('Form.diff', { form, from, to });
  const v = (x: unknown) => (x === null || x === undefined ? null : String(x));
  return rowsOf(values, 0).map((r) => ({ tab: String(r.tab ?? ''), address: String(r.address ?? ''), code: v(r.code), before: v(r.before), after: v(r.after) }));
}

/** Codes of cells with an open query (New 54 or Open 13) on this form. */
export async function openQueryCodes(side: Side, form: number): Promise<Set<string>> {
  try {
    const { rows } = await rpc.select({ module: side === 'entity' ? 'RE-Query' : 'Query', fields: ['id', 'dataitem'], where: [['form', '=', form], ['state', 'in', [54, 13]]], max: 1000 });
    return new Set(rows.map((r) => String(r.dataitem ?? '')).filter(Boolean));
  } catch {
    // Queries are a marker only: a user who may not read them still files the form.
    return new Set();
  }
}

export interface CopyResult {
  updatectr: number;
  /** The previous accepted form and the end of its period (yyyy-mm-dd). */
  previous: number;
  endon: string;
  copied: number;
  skipped: number;
}

/** Form.copyFromPrevious: the chosen tabs (all when none are given) take last period's accepted values. */
export async function copyFromPrevious(form: number, updatectr: number, tabs?: string[]): Promise<CopyResult> {
  const values = await rpc.call('Form.copyFromPrevious', { form, updatectr, ...(tabs ? { tabs } : {}) });
  const r = rowsOf(values, 0)[0] ?? {};
  return { updatectr: Number(r.updatectr ?? updatectr + 1), previous: Number(r.previous), endon: String(r.endon ?? ''), copied: Number(r.copied ?? 0), skipped: Number(r.skipped ?? 0) };
}
