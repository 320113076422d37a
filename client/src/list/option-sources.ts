// Choices of select boxes from their source (engine/metadata/screen-schemas.ts OptionSource),
// read whole: fixed options, the states of the list's module from its state map, and short
// reference lists (the Country of Origin dialog's list group). A list filter over a module's
// records or a list group's entries does not come here: it pages (list-filters.tsx). Names of
// List entries (states) are kept for the page's life: they are reference data.
import type { OptionSource } from '../../../engine/metadata/screen-schemas.js';
import { loadStateMap, statusLabel } from '../metadata/screens';
import { rpc, type Row } from '../rpc/rpc';

export interface Option {
  value: string;
  label: string;
}

const names = new Map<number, string>();

/** The names of List entries by id (states, positions…), fetched once per id. */
export async function loadListNames(ids: number[]): Promise<Map<number, string>> {
  const missing = [...new Set(ids)].filter((id) => Number.isInteger(id) && !names.has(id));
  if (missing.length) {
    const { rows } = await rpc.select({ module: 'List', fields: ['id', 'name'], where: [['id', 'in', missing]], max: Math.min(1000, missing.length) });
    for (const r of rows) names.set(Number(r.id), String(r.name));
  }
  return names;
}

/** The states of `module`'s map: its default first, then each state in the order transitions name it. */
export async function stateOptions(module: string): Promise<Option[]> {
  const map = await loadStateMap(module);
  const ids: number[] = [];
  for (const id of [map.default, ...map.transitions.flat()]) if (id !== null && id !== 0 && !ids.includes(id)) ids.push(id);
  const known = await loadListNames(ids);
  return ids.map((id) => ({ value: String(id), label: statusLabel(known.get(id) ?? String(id)) }));
}

/** The choices of a source; `module` is the list's module, for `{statemap: true}`. */
export async function loadOptions(source: OptionSource, module: string): Promise<Option[]> {
  if ('options' in source) return source.options.map((o) => ({ value: String(o.value ?? ''), label: o.label }));
  if ('statemap' in source) return stateOptions(module);
  const value = source.value ?? 'id';
  const label = source.label ?? 'name';
  const where: unknown[] = [...(source.where ?? [])];
  let order = source.order;
  let from = source.module;
  if (source.listgroup !== undefined) {
    // A list group's entries: inactive ones (state 4) hidden, in display order (seed 000 §2.9).
    from = 'List';
    where.push(['listgroup', '=', source.listgroup], ['state', 'is not', 4]);
    order ??= 'displayorder asc, name asc';
  }
  const { rows } = await rpc.select({ module: from, fields: [...new Set([value, label])], where, ...(order ? { order } : {}), max: 1000 });
  return rows.map((r: Row) => ({ value: String(r[value] ?? ''), label: String(r[label] ?? '') }));
}
