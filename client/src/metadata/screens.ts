// Loaders of the stored screen metadata (WebList, WebListview, WebForms) and of state maps,
// each validated by the schema the server uses (engine/metadata/screen-schemas.ts). A loaded
// definition is kept for the page's life: an admin's change shows on the next page load.
// A definition that fails to load becomes a ScreenError, which pages show as an explicit
// error screen, never as a blank one.
import { Ajv, type ValidateFunction } from 'ajv';
import {
  SCREEN_SCHEMAS,
  type ScreenModule,
  type WebFormsRecord,
  type WebListRecord,
  type WebListviewRecord,
} from '../../../engine/metadata/screen-schemas.js';
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

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<ScreenModule, ValidateFunction>();

function check(kind: ScreenModule, id: number, properties: unknown): void {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.compile(SCREEN_SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  if (!validate(properties)) {
    const e = validate.errors![0];
    const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
    throw new ScreenError(kind, id, `properties${e.instancePath} ${e.message}${extra}`);
  }
}

const cache = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    // A failed load is tried again on the next visit, not remembered.
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

async function loadRecord(kind: ScreenModule, id: number, fields: string[]): Promise<Record<string, unknown>> {
  if (!Number.isInteger(id) || id < 1) throw new ScreenError(kind, id, 'is not a valid id');
  const { rows } = await rpc.select({ module: kind, fields, where: [['id', '=', id]], max: 1 });
  const row = rows[0];
  if (!row) throw new ScreenError(kind, id, 'does not exist');
  let properties: unknown;
  try {
    properties = typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties;
  } catch {
    throw new ScreenError(kind, id, 'properties is not valid JSON');
  }
  check(kind, id, properties);
  return { ...row, properties };
}

export function loadWebList(id: number): Promise<WebListRecord> {
  return once(`WebList:${id}`, async () => (await loadRecord('WebList', id, ['id', 'name', 'module', 'properties'])) as unknown as WebListRecord);
}

export function loadListview(id: number): Promise<WebListviewRecord> {
  return once(`WebListview:${id}`, async () => (await loadRecord('WebListview', id, ['id', 'name', 'weblist', 'properties'])) as unknown as WebListviewRecord);
}

export function loadWebForm(id: number): Promise<WebFormsRecord> {
  return once(`WebForms:${id}`, async () => (await loadRecord('WebForms', id, ['id', 'name', 'module', 'updatectr', 'properties'])) as unknown as WebFormsRecord);
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
