// Loaders of the stored screen metadata (WebList, WebListview, WebForms) and of state maps,
// each validated by the schema the server uses (engine/metadata/screen-schemas.ts). A loaded
// definition is kept with its updatectr and revalidated on each visit of a page, so an admin's
// change shows on the user's next visit, with or without a reload.
// A definition that fails to load becomes a ScreenError, which pages show as an explicit
// error screen, never as a blank one.
// The validators are Ajv's, compiled ahead of time (scripts/generate-screen-validators.ts): the
// page's Content Security Policy allows no eval, which Ajv's run-time compile needs.
import type { ValidateFunction } from 'ajv';
import {
  type ScreenModule,
  type WebFormsRecord,
  type WebListRecord,
  type WebListviewRecord,
} from '../../../engine/metadata/screen-schemas.js';
import { onceCache } from './load-once';
import * as generated from './screen-validators.generated.js';
import { rpc, RpcError } from '../rpc/rpc';

export type { WebFormsRecord, WebListRecord, WebListviewRecord };

export class ScreenError extends Error {
  constructor(
    readonly kind: ScreenModule | 'StateMap',
    readonly id: number | string,
    readonly problem: string,
  ) {
    super(`${kind} ${id}: ${problem}`);
    this.name = 'ScreenError';
  }
}

const validators: Record<ScreenModule, ValidateFunction> = generated;

/** The first problem of a definition as `properties/path message` (as the server words it), or null. */
export function screenProblem(kind: ScreenModule, properties: unknown): string | null {
  const validate = validators[kind];
  if (validate(properties)) return null;
  const e = validate.errors![0];
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return `properties${e.instancePath} ${e.message}${extra}`;
}

function check(kind: ScreenModule, id: number, properties: unknown): void {
  const problem = screenProblem(kind, properties);
  if (problem) throw new ScreenError(kind, id, problem);
}

const { once } = onceCache();

interface Kept {
  updatectr: number;
  record: Record<string, unknown>;
  checkedAt: number;
}

/** Loaded definitions by `{kind}:{id}`, each with the updatectr it was read at. */
const kept = new Map<string, Kept>();
const checking = new Map<string, Promise<Record<string, unknown>>>();
/** One navigation loads a definition from several places (a list, its form): they share one check. */
const FRESH_MS = 1000;

async function fetchRecord(kind: ScreenModule, id: number, fields: string[], known: Kept | undefined): Promise<Record<string, unknown>> {
  // Revalidation by updatectr: the whole definition comes back only when it changed.
  const where: [string, string, unknown][] = [['id', '=', id]];
  if (known) where.push(['updatectr', '!=', known.updatectr]);
  const { rows } = await rpc.select({ module: kind, fields: [...new Set([...fields, 'updatectr'])], where, max: 1 });
  const row = rows[0];
  if (!row) {
    if (known) return known.record;
    throw new ScreenError(kind, id, 'does not exist');
  }
  let properties: unknown;
  try {
    properties = typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties;
  } catch {
    throw new ScreenError(kind, id, 'properties is not valid JSON');
  }
  check(kind, id, properties);
  return { ...row, properties };
}

/**
 * A stored definition, validated. Each visit of a page asks the server whether the definition
 * changed since it was read (by its updatectr), so an admin's save shows on the user's next
 * visit of the page, without a reload and without fetching unchanged definitions again.
 */
async function loadRecord(kind: ScreenModule, id: number, fields: string[]): Promise<Record<string, unknown>> {
  if (!Number.isInteger(id) || id < 1) throw new ScreenError(kind, id, 'is not a valid id');
  const key = `${kind}:${id}`;
  const known = kept.get(key);
  if (known && Date.now() - known.checkedAt < FRESH_MS) return known.record;
  let pending = checking.get(key);
  if (!pending) {
    pending = fetchRecord(kind, id, fields, known).then((record) => {
      kept.set(key, { updatectr: Number(record.updatectr), record, checkedAt: Date.now() });
      return record;
    });
    const forget = () => checking.delete(key);
    pending.then(forget, forget);
    checking.set(key, pending);
  }
  return pending;
}

/** Forgets a loaded definition (an editor saved it): this page's next load asks the server. */
export function forgetScreen(kind: ScreenModule, id: number): void {
  kept.delete(`${kind}:${id}`);
}

export async function loadWebList(id: number): Promise<WebListRecord> {
  return (await loadRecord('WebList', id, ['id', 'name', 'module', 'properties'])) as unknown as WebListRecord;
}

export async function loadListview(id: number): Promise<WebListviewRecord> {
  return (await loadRecord('WebListview', id, ['id', 'name', 'weblist', 'properties'])) as unknown as WebListviewRecord;
}

export async function loadWebForm(id: number): Promise<WebFormsRecord> {
  return (await loadRecord('WebForms', id, ['id', 'name', 'module', 'updatectr', 'properties'])) as unknown as WebFormsRecord;
}

export interface StateMap {
  transitions: [number, number][];
  /** The module's default state, null when it has none. */
  default: number | null;
}

/**
 * A module's state map, fetched once and kept under `state.{module}` in localStorage (seed 000
 * §4.3; removed at logout with every other `state.` key).
 */
export function loadStateMap(module: string): Promise<StateMap> {
  return once(`state:${module}`, async () => {
    const key = `state.${module}`;
    const stored = localStorage.getItem(key);
    if (stored) {
      try {
        return JSON.parse(stored) as StateMap;
      } catch {
        localStorage.removeItem(key);
      }
    }
    const values = await rpc.call('StateManagement.getStateMap', { module });
    const pairs = values[0]?.type === 'recordset' ? values[0].rows : [];
    const dflt = values[1]?.type === 'text' && values[1].text !== '' ? Number(values[1].text) : null;
    const map: StateMap = { transitions: pairs.map((r) => [Number(r.from), Number(r.to)] as [number, number]), default: dflt };
    localStorage.setItem(key, JSON.stringify(map));
    return map;
  });
}

/** States an edit form offers: those reachable from `current`, plus `current`; never 0 (seed 000 §4.3). */
export function reachableStates(map: StateMap, current: number | null | undefined): number[] {
  const from = current ?? map.default ?? 0;
  const out = new Set<number>();
  if (from) out.add(from);
  for (const [f, t] of map.transitions) if (f === from && t !== 0) out.add(t);
  return [...out];
}

/** "PENDING_PAYMENT" or "pending payment" → "Pending Payment" (seed 000 §4.1). */
export function statusLabel(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

export { RpcError };
