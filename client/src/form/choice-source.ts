// Choices of a select box from a module (seed 000 §2.9; seed 001 §7, §9): searched by a
// "contains" match on the label after a 250 ms pause in typing, 30 a page (the lookups' page
// size), in a stable order so that pages neither repeat nor skip a record; a List source hides
// state 4 (Inactive) and orders by displayorder. The queries are built by pure functions.
import type { OptionSource } from '../../../engine/metadata/screen-schemas.js';
import type { SelectInput } from '../rpc/rpc';
import type { Choice } from './form-schema';

export type ModuleSource = Extract<OptionSource, { module: string }>;

/** Choices asked for at a time; the list asks for the next page when scrolled to its end. */
export const PAGE_SIZE = 30;
const INACTIVE = 4;

/** A literal "contains" pattern: the user's `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function choiceFields(source: ModuleSource): { value: string; label: string } {
  return { value: source.value ?? 'id', label: source.label ?? 'name' };
}

/** The source's order, ending on the id so that equal keys (a list's displayorder) page stably. */
function stableOrder(source: ModuleSource, label: string): string {
  const order = source.order ?? (source.module === 'List' ? 'displayorder asc' : `${label} asc`);
  return /(^|[\s,])id(\s|,|$)/.test(order) ? order : `${order}, id asc`;
}

/** The Record.select for page `page` (from 1) of the choices matching `search` (all of them when empty). */
export function choiceQuery(source: ModuleSource, search: string, page = 1): SelectInput {
  const { value, label } = choiceFields(source);
  const where: unknown[] = [...(source.where ?? [])];
  if (source.listgroup !== undefined) where.push(['listgroup', '=', source.listgroup]);
  if (source.module === 'List') where.push(['state', 'is not', INACTIVE]);
  const text = search.trim();
  if (text) where.push([label, 'like', containsPattern(text)]);
  return { module: source.module, fields: [...new Set([value, label])], where, order: stableOrder(source, label), max: PAGE_SIZE, ...(page > 1 ? { pageIndex: page } : {}) };
}

/** The query for the one choice whose value is `value` (to show a stored value's label). */
export function choiceByValueQuery(source: ModuleSource, value: unknown): SelectInput {
  const f = choiceFields(source);
  return { module: source.module, fields: [...new Set([f.value, f.label])], where: [[f.value, '=', value]], max: 1 };
}

export function rowsToChoices(source: ModuleSource, rows: Record<string, unknown>[]): Choice[] {
  const { value, label } = choiceFields(source);
  return rows.map((r) => ({ value: (r[value] ?? null) as Choice['value'], label: String(r[label] ?? r[value] ?? '') }));
}
