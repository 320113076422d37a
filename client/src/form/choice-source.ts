// Choices of a select box from a module (seed 000 §2.9, §9): at most 20, searched by a
// "contains" match on the label after a 250 ms pause in typing; a List source hides state 4
// (Inactive) and orders by displayorder. The query is built by a pure function.
import type { OptionSource } from '../../../engine/metadata/screen-schemas.js';
import type { SelectInput } from '../rpc/rpc';
import type { Choice } from './form-schema';

export type ModuleSource = Extract<OptionSource, { module: string }>;

export const MAX_CHOICES = 20;
export const SEARCH_DELAY_MS = 250;
const INACTIVE = 4;

/** A literal "contains" pattern: the user's `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function choiceFields(source: ModuleSource): { value: string; label: string } {
  return { value: source.value ?? 'id', label: source.label ?? 'name' };
}

/** The Record.select for the choices matching `search` (all of them, 20 at most, when empty). */
export function choiceQuery(source: ModuleSource, search: string): SelectInput {
  const { value, label } = choiceFields(source);
  const where: unknown[] = [...(source.where ?? [])];
  if (source.listgroup !== undefined) where.push(['listgroup', '=', source.listgroup]);
  if (source.module === 'List') where.push(['state', 'is not', INACTIVE]);
  const text = search.trim();
  if (text) where.push([label, 'like', containsPattern(text)]);
  const order = source.order ?? (source.module === 'List' ? 'displayorder asc' : undefined);
  return { module: source.module, fields: [...new Set([value, label])], where, ...(order ? { order } : {}), max: MAX_CHOICES };
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
