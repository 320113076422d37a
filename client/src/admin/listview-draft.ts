// Pure logic of the list view editor (/listview_wiz): a new draft, a column or filter made from
// a module field of the catalogue (Screen.modules) with sensible defaults, the kinds of filter
// sources, and whether a draft is regular enough for the structured editor.
import type { ListColumn, ListFilter, OptionSource, WebListviewProperties } from '../../../engine/metadata/screen-schemas.js';
import type { CatalogueField, CatalogueModule } from '../../../engine/metadata/module-catalogue.js';
import { titleOf } from '../list/list-columns';
import { isObject } from './draft-edit';

export function newListview(module: string): WebListviewProperties {
  return { controller: { module }, fields: [] };
}

/** The title a field starts with: its own, else its lookup field's, else one made from its name. */
export function fieldTitle(field: CatalogueField, module: CatalogueModule | undefined): string {
  if (field.title) return field.title;
  const of = field.lookupOf ? module?.fields.find((f) => f.name === field.lookupOf) : undefined;
  return of?.title ?? titleOf(field.name);
}

/** How a column shows a field by default: states by name, dates as DD/MM/YYYY, numbers, yes/no. */
export function dataParseFor(field: CatalogueField, module: CatalogueModule | undefined): ListColumn['data_parse'] {
  if (field.name === 'state' && module?.hasStateMap) return 'state';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  if (field.type === 'boolean') return 'boolean';
  if ((field.type === 'integer' || field.type === 'decimal') && !field.lookup && field.name !== 'id') return 'number';
  return undefined;
}

export function columnFor(field: CatalogueField, module: CatalogueModule | undefined): ListColumn {
  const parse = dataParseFor(field, module);
  return { name: field.name, title: fieldTitle(field, module), ...(parse ? { data_parse: parse } : {}) };
}

export function filterFor(field: CatalogueField, module: CatalogueModule | undefined): ListFilter {
  const base = { name: field.name, title: fieldTitle(field, module) };
  if (field.type === 'date' || field.type === 'datetime') return { ...base, type: 'daterange' };
  if (field.name === 'state' && module?.hasStateMap) return { ...base, type: 'plain', source: { statemap: true } };
  if (field.lookup) return { ...base, type: 'plain', source: { module: field.lookup } };
  if (field.options) return { ...base, type: 'plain', source: { options: field.options.map((o) => ({ value: o, label: String(o) })) } };
  if (field.type === 'integer' || field.type === 'decimal') return { ...base, type: 'plain', condition: '=' };
  return { ...base, type: 'plain' };
}

/** Fields a list can show: display columns of lookups rather than their bare ids come first. */
export function columnChoices(module: CatalogueModule | undefined, taken: readonly string[]): CatalogueField[] {
  if (!module) return [];
  return module.fields.filter((f) => !taken.includes(f.name));
}

export const SOURCE_KINDS = ['none', 'module', 'listgroup', 'options', 'statemap'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export function sourceKind(source: OptionSource | undefined): SourceKind {
  if (!source) return 'none';
  if ('statemap' in source) return 'statemap';
  if ('options' in source) return 'options';
  return source.listgroup !== undefined ? 'listgroup' : 'module';
}

/** A fresh source of a kind; a module source starts from the field's lookup when it has one. */
export function sourceOfKind(kind: SourceKind, lookup?: string): OptionSource | undefined {
  switch (kind) {
    case 'none':
      return undefined;
    case 'module':
      return { module: lookup ?? 'List' };
    case 'listgroup':
      return { module: 'List', listgroup: 1 };
    case 'options':
      return { options: [] };
    case 'statemap':
      return { statemap: true };
  }
}

/** Static options as text, one `value=label` a line (a bare line is both). */
export function optionsText(options: { value: unknown; label: string }[]): string {
  return options.map((o) => (String(o.value) === o.label ? o.label : `${String(o.value)}=${o.label}`)).join('\n');
}

export function optionsFrom(text: string): { value: string; label: string }[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf('=');
      return at < 0 ? { value: l, label: l } : { value: l.slice(0, at).trim(), label: l.slice(at + 1).trim() };
    });
}

/** Why the structured editor cannot show a draft (use raw JSON), or null when it can. */
export function listviewStructureProblem(value: unknown): string | null {
  if (!isObject(value)) return 'The definition is not a JSON object.';
  if (!isObject(value.controller)) return 'The definition has no controller object.';
  if (!Array.isArray(value.fields) || !value.fields.every(isObject)) return 'The definition has no list of fields.';
  if (value.filters !== undefined && (!Array.isArray(value.filters) || !value.filters.every(isObject))) return 'The filters are not a list of objects.';
  return null;
}
