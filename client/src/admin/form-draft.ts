// Pure logic of the form editor (/moduleform/edit/v2): a new form, a new field (its tag and input
// type guessed from the module field it names), a field's tag changed with the parts that tag
// does not use left out, a select box's source switched, and whether a draft is regular enough
// for the structured editor.
import type { FormButton, FormField, OptionSource, WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import type { CatalogueField } from '../../../engine/metadata/module-catalogue.js';
import { isObject } from './draft-edit';

export type FieldTag = FormField['tag'];
export type InputType = NonNullable<FormField['attributes']['type']>;

/** Where a select box's choices come from, as the editor offers it. */
export type SourceKind = 'none' | 'options' | 'module' | 'statemap';

export function newWebForm(): WebFormsProperties {
  return { title: '', fields: [] as unknown as WebFormsProperties['fields'] };
}

/** The input type that fits a module field type (`module-schema.ts` FieldTypes). */
const INPUT_TYPES: Record<string, InputType> = { integer: 'number', decimal: 'number', date: 'date', datetime: 'datetime' };

/**
 * A field for module field `name`: a state box for `state`, a select for a lookup or a field with
 * options, a text area, a checkbox, else an input of the fitting type; read-only when the engine
 * maintains the field (createon and the like).
 */
export function newField(name: string, field?: CatalogueField): FormField {
  const f = fieldFor(name, field);
  if (field?.system) f.attributes = { ...f.attributes, readOnly: true };
  return f;
}

function fieldFor(name: string, field?: CatalogueField): FormField {
  const label = field?.title || name;
  if (name === 'state') return { tag: 'state', attributes: { name }, config: { label } };
  if (field?.lookup) return { tag: 'select', attributes: { name }, config: { label }, ajax: { module: field.lookup } };
  if (field?.options?.length) return { tag: 'select', attributes: { name }, config: { label }, options: field.options.map((o) => ({ value: o, label: String(o) })) };
  if (field?.type === 'text') return { tag: 'textarea', attributes: { name }, config: { label } };
  if (field?.type === 'boolean') return { tag: 'checkbox', attributes: { name }, config: { label } };
  const type = field ? INPUT_TYPES[field.type] : undefined;
  return { tag: 'input', attributes: { name, ...(type ? { type } : {}) }, config: { label } };
}

/** A field switched to another tag keeps only what that tag uses: choices for select, the relation for relation. */
export function withTag(field: FormField, tag: FieldTag): FormField {
  const { options, ajax, relation, ...rest } = field;
  const out: FormField = { ...rest, tag };
  if (tag === 'select') {
    if (options) out.options = options;
    if (ajax) out.ajax = ajax;
  }
  if (tag === 'relation') out.relation = relation ?? { list_id: 1, relation_type: 1, child_name: 'Module', modulecolumn_name: 'parent', parent_name: 'Module' };
  if (tag !== 'input') {
    const { type: _type, step: _step, min: _min, max: _max, ...attributes } = out.attributes;
    out.attributes = attributes;
  }
  return out;
}

export function sourceKindOf(field: FormField): SourceKind {
  if (field.ajax && 'statemap' in field.ajax) return 'statemap';
  if (field.ajax && 'module' in field.ajax) return 'module';
  if (field.ajax && 'options' in field.ajax) return 'options';
  if (field.options) return 'options';
  return 'none';
}

/** A select box's choices switched to another source; a fixed list is kept as the field's `options`. */
export function withSource(field: FormField, kind: SourceKind, module = ''): FormField {
  const { options, ajax, ...rest } = field;
  const fixed = options ?? (ajax && 'options' in ajax ? ajax.options : undefined);
  if (kind === 'options') return { ...rest, options: fixed ?? [{ value: '', label: '' }] };
  if (kind === 'module') return { ...rest, ajax: ajax && 'module' in ajax ? ajax : ({ module: module || 'List' } as OptionSource) };
  if (kind === 'statemap') return { ...rest, ajax: { statemap: true } };
  return rest;
}

export function newFormButton(): FormButton {
  return { label: 'Action', helper: 'notify' };
}

/** The names of the module's fields that no field of the form uses yet, system columns last. */
export function unusedFields(fields: readonly CatalogueField[], form: readonly FormField[]): CatalogueField[] {
  const used = new Set(form.map((f) => f.attributes.name));
  const free = fields.filter((f) => !used.has(f.name) && !f.lookupOf && f.name !== 'id');
  return [...free.filter((f) => !f.system), ...free.filter((f) => f.system)];
}

export function formStructureProblem(value: unknown): string | null {
  if (!isObject(value)) return 'The definition is not a JSON object.';
  if (!Array.isArray(value.fields)) return 'The definition has no list of fields (fields).';
  for (const f of value.fields) {
    if (!isObject(f) || !isObject(f.attributes)) return 'Each field must be an object with attributes.';
    if (f.config !== undefined && !isObject(f.config)) return 'A field config is not an object.';
    if (f.options !== undefined && !Array.isArray(f.options)) return 'A field options is not a list.';
    if (f.ajax !== undefined && !isObject(f.ajax)) return 'A field ajax source is not an object.';
    if (f.relation !== undefined && !isObject(f.relation)) return 'A field relation is not an object.';
  }
  if (value.buttons !== undefined && (!Array.isArray(value.buttons) || !value.buttons.every(isObject))) return 'The buttons are not a list of objects.';
  return null;
}
