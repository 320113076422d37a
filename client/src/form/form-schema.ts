// A WebForms definition (engine/metadata/screen-schemas.ts) translated into what @rjsf/core
// renders: a JSON Schema (types, required, lengths, bounds, date patterns) and a uiSchema
// (widgets, labels, tooltips, classes, option sources), plus a per-field model the controller
// uses to read, default and save values. Pure: no React, no calls; unit-tested beside it.
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { FieldRule, FormField, OptionSource, WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import { WIRE_DATE_PATTERN, WIRE_DATETIME_PATTERN } from './dates';

export type FormMode = 'view' | 'edit' | 'create';
export type FormValues = Record<string, unknown>;
export type ChoiceValue = string | number | boolean | null;
export interface Choice {
  value: ChoiceValue;
  label: string;
}

/** The JSON type a field's value has in the form (and, converted, on the wire). */
export type JsonKind = 'string' | 'number' | 'integer' | 'boolean';
/** What a value means, for widgets, conversion and the conflict explanation. */
export type ValueKind = 'text' | 'json' | 'number' | 'boolean' | 'date' | 'datetime' | 'choice' | 'state' | 'static';

/** Where a select box takes its choices: fixed options, a module (ajax), or the state map. */
export type ChoiceSource = { options: Choice[] } | Extract<OptionSource, { module: string }> | { statemap: true };

export interface FieldModel {
  name: string;
  tag: FormField['tag'];
  label: string;
  json: JsonKind;
  kind: ValueKind;
  /** Shown but never sent (read-only attribute, static text). */
  readOnly: boolean;
  /** Sent when saving: not read-only, not static. Hidden fields are sent. */
  saved: boolean;
  required: boolean;
  rules: FieldRule[];
  /** Helper run when the value changes (HelperContext.setValue may set others). */
  change?: string;
  /** The value a new record starts with (attributes.value). */
  initial?: unknown;
  source?: ChoiceSource;
  /** Read from the record (false for a static text with its own value). */
  read: boolean;
}

export interface RelationModel {
  name: string;
  label: string;
  list_id: number;
  relation_type: 1 | 2;
  child_name: string;
  modulecolumn_name: string;
  parent_name: string;
}

export interface FormModel {
  title?: string;
  fields: FieldModel[];
  relations: RelationModel[];
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Columns to select for the record: the form's fields plus id and updatectr. */
  readFields: string[];
}

export interface TranslateOptions {
  mode: FormMode;
  /** The state selector's choices (seed 000 §4.3), worked out by the controller from the state map. */
  stateChoices?: Choice[];
  /** The reader is an entity user: fields marked `config.staffOnly` are left out. */
  reUser?: boolean;
  /** Fields the reader may not change on this record (the server says which): shown read-only, never sent. */
  locked?: readonly string[];
}

/** The widget names the form page registers (widgets.tsx); the rest are rjsf's own. */
export const WIDGETS = {
  choice: 'choice',
  state: 'stateChoice',
  date: 'dmyDate',
  datetime: 'dmyDateTime',
  static: 'staticText',
} as const;

function jsonOfChoices(choices: Choice[]): JsonKind {
  const vs = choices.map((c) => c.value).filter((v) => v !== null);
  if (vs.length && vs.every((v) => typeof v === 'number')) return vs.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
  if (vs.length && vs.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'string';
}

function sourceOf(f: FormField): ChoiceSource | undefined {
  if (f.options) return { options: f.options };
  return f.ajax;
}

function kindAndJson(f: FormField): { kind: ValueKind; json: JsonKind; source?: ChoiceSource } {
  const type = f.attributes.type;
  switch (f.tag) {
    case 'checkbox':
      return { kind: 'boolean', json: 'boolean' };
    case 'state':
      return { kind: 'state', json: 'integer', source: { statemap: true } };
    case 'static':
      return { kind: 'static', json: 'string' };
    case 'textarea':
      return { kind: 'text', json: 'string' };
    case 'select': {
      const source = sourceOf(f);
      if (!source) return { kind: 'choice', json: 'string', source: { options: [] } };
      if ('statemap' in source) return { kind: 'state', json: 'integer', source };
      if ('options' in source) return { kind: 'choice', json: jsonOfChoices(source.options), source };
      return { kind: 'choice', json: !source.value || source.value === 'id' ? 'integer' : 'string', source };
    }
    default:
      if (type === 'number') return { kind: 'number', json: 'number' };
      if (type === 'date') return { kind: 'date', json: 'string' };
      if (type === 'datetime') return { kind: 'datetime', json: 'string' };
      return { kind: 'text', json: 'string' };
  }
}

function labelOf(f: FormField): string {
  return f.config?.label ?? f.attributes.name;
}

export function fieldModel(f: FormField): FieldModel {
  const { kind, json, source } = kindAndJson(f);
  const readOnly = Boolean(f.attributes.readOnly) || f.tag === 'static';
  return {
    name: f.attributes.name,
    tag: f.tag,
    label: labelOf(f),
    json,
    kind,
    readOnly,
    saved: !readOnly,
    required: Boolean(f.attributes.required) && !readOnly,
    rules: f.attributes.validation ?? [],
    change: f.attributes.change,
    initial: f.attributes.value ?? undefined,
    source,
    read: !(f.tag === 'static' && f.attributes.value !== undefined),
  };
}

function propertySchema(f: FormField, m: FieldModel): RJSFSchema {
  const a = f.attributes;
  const s: RJSFSchema = { type: m.json, title: m.label };
  if (m.readOnly) s.readOnly = true;
  if (m.json === 'string' && a.maxLength !== undefined) s.maxLength = a.maxLength;
  if (m.json === 'number' || m.json === 'integer') {
    if (a.min !== undefined) s.minimum = a.min;
    if (a.max !== undefined) s.maximum = a.max;
  }
  if (m.kind === 'date') s.pattern = WIRE_DATE_PATTERN;
  if (m.kind === 'datetime') s.pattern = WIRE_DATETIME_PATTERN;
  if (a.type === 'email') s.format = 'email';
  return s;
}

function widgetOf(f: FormField, m: FieldModel): string {
  if (f.tag === 'hidden' || f.config?.display === false) return 'hidden';
  switch (m.kind) {
    case 'boolean':
      return 'checkbox';
    case 'state':
      return WIDGETS.state;
    case 'choice':
      return WIDGETS.choice;
    case 'date':
      return WIDGETS.date;
    case 'datetime':
      return WIDGETS.datetime;
    case 'static':
      return WIDGETS.static;
    default:
      if (f.tag === 'textarea') return 'textarea';
      if (f.attributes.type === 'password') return 'password';
      return 'text';
  }
}

function fieldUi(f: FormField, m: FieldModel, opts: TranslateOptions): UiSchema {
  const a = f.attributes;
  const options: Record<string, string | number | boolean | object | null> = { label: !f.config?.hideLabel, width: f.config?.width ?? null };
  if (f.config?.tooltip) options.tooltip = f.config.tooltip;
  if (a.step !== undefined) options.step = a.step;
  if (a.type === 'email' || a.type === 'tel') options.inputType = a.type;
  if (a.type === 'number') options.inputType = 'number';
  if (m.source && !('statemap' in m.source)) options.source = m.source;
  if (m.kind === 'state') options.choices = opts.stateChoices ?? [];
  if (m.kind === 'static' && a.value !== undefined) options.text = String(a.value ?? '');
  if (a.url) options.url = a.url;
  if (a.btn_label) options.btnLabel = a.btn_label;
  if (m.change) options.change = m.change;
  if (f.tag === 'textarea') options.rows = f.config?.width === 12 ? 10 : 4;
  const ui: UiSchema = { 'ui:widget': widgetOf(f, m), 'ui:options': options };
  if (a.className) ui['ui:classNames'] = a.className;
  if (a.placeholder) ui['ui:placeholder'] = a.placeholder;
  if (m.readOnly) ui['ui:readonly'] = true;
  return ui;
}

/** The whole translation. Relation fields are not values: they become relation lists. */
export function translateForm(properties: WebFormsProperties, opts: TranslateOptions): FormModel {
  const fields: FieldModel[] = [];
  const relations: RelationModel[] = [];
  const props: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const required: string[] = [];
  const seen = new Set<string>();
  for (const f of properties.fields) {
    const name = f.attributes.name;
    if (f.tag === 'relation') {
      if (f.relation) relations.push({ name, label: labelOf(f), ...f.relation });
      continue;
    }
    // A name twice would be one value shown twice; the first definition wins.
    if (seen.has(name)) continue;
    seen.add(name);
    if (opts.reUser && f.config?.staffOnly) continue;
    const base = fieldModel(f);
    const m = opts.locked?.includes(name) ? { ...base, readOnly: true, saved: false, required: false } : base;
    fields.push(m);
    props[name] = propertySchema(f, m);
    uiSchema[name] = fieldUi(f, m, opts);
    if (m.required && opts.mode !== 'view') required.push(name);
  }
  uiSchema['ui:order'] = fields.map((f) => f.name);
  uiSchema['ui:options'] = { columns: properties.columns ?? 2 };
  // The page's own toolbar saves; rjsf's submit button is not wanted.
  uiSchema['ui:submitButtonOptions'] = { norender: true };
  const schema: RJSFSchema = { type: 'object', properties: props, ...(required.length ? { required } : {}) };
  const readFields = ['id', 'updatectr', ...fields.filter((f) => f.read).map((f) => f.name)];
  return { title: properties.title, fields, relations, schema, uiSchema, readFields: [...new Set(readFields)] };
}

// ---------------------------------------------------------------- values

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A value as the form holds it for a field of `json` type (the record's cells come typed by column). */
export function coerce(v: unknown, m: Pick<FieldModel, 'json' | 'kind'>): unknown {
  if (isEmpty(v)) return undefined;
  switch (m.json) {
    case 'string':
      if (typeof v === 'object') return JSON.stringify(v, null, 2);
      if (m.kind === 'datetime' && typeof v === 'string') return v.slice(0, 19).replace('T', ' ');
      return String(v);
    case 'number':
    case 'integer': {
      const n = typeof v === 'number' ? v : Number(String(v).trim());
      // A value that is not a number stays as it is, so validation names it rather than losing it.
      return Number.isFinite(n) ? n : v;
    }
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 'true';
  }
}

/** The record (as Record.select answered it) → the form's values. */
export function recordToFormData(model: FormModel, row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of model.fields) {
    if (!f.read) continue;
    const v = coerce(row[f.name], f);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** What a new record starts with: the fields' own values, the default state, then `prefill`. */
export function createDefaults(model: FormModel, stateDefault: number | null, prefill: FormValues = {}): FormValues {
  const out: FormValues = {};
  for (const f of model.fields) {
    let v: unknown = f.initial;
    if (f.kind === 'state' && isEmpty(v) && stateDefault !== null) v = stateDefault;
    if (f.name in prefill && !isEmpty(prefill[f.name])) v = prefill[f.name];
    const c = coerce(v, f);
    if (c !== undefined) out[f.name] = c;
  }
  return out;
}

/**
 * The fields and values Record.create / Record.update get. Read-only fields are skipped (seed
 * 000 §2.9). A create leaves out empty fields (so module defaults apply); an update sends them
 * as null, which clears them.
 */
export type WireValue = string | number | boolean | null;

export function formDataToWire(model: FormModel, data: FormValues, mode: 'create' | 'edit'): { fields: string[]; values: WireValue[] } {
  const fields: string[] = [];
  const values: WireValue[] = [];
  for (const f of model.fields) {
    if (!f.saved) continue;
    const v = data[f.name];
    if (isEmpty(v)) {
      if (mode === 'edit') {
        fields.push(f.name);
        values.push(null);
      }
      continue;
    }
    fields.push(f.name);
    values.push(f.json === 'boolean' ? Boolean(v) : (v as WireValue));
  }
  return { fields, values };
}

/** Whether two sets of values differ in a field the form shows (empty, null and '' are the same). */
export function valuesDiffer(model: FormModel, a: FormValues, b: FormValues): boolean {
  return model.fields.some((f) => {
    const x = a[f.name];
    const y = b[f.name];
    if (isEmpty(x) && isEmpty(y)) return false;
    if (f.json === 'boolean') return Boolean(x) !== Boolean(y);
    return JSON.stringify(x) !== JSON.stringify(y);
  });
}

// ---------------------------------------------------------------- messages

/** ajv's messages in the words a user of the portal reads beside a field. */
export function friendlyMessage(e: RJSFValidationError, field: FieldModel | undefined): string {
  const p = (e.params ?? {}) as Record<string, unknown>;
  switch (e.name) {
    case 'required':
      return 'This field is required.';
    case 'maxLength':
      return `At most ${String(p.limit)} characters.`;
    case 'minimum':
      return `Must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}.`;
    case 'pattern':
      if (field?.kind === 'date') return 'Enter a date as DD/MM/YYYY.';
      if (field?.kind === 'datetime') return 'Enter a date and time as DD/MM/YYYY HH:mm.';
      return 'Not in the expected form.';
    case 'format':
      return p.format === 'email' ? 'Enter a valid e-mail address.' : 'Not in the expected form.';
    case 'type':
      return p.type === 'number' || p.type === 'integer' ? 'Must be a number.' : 'Not a valid value.';
    default:
      return e.message ?? 'Not a valid value.';
  }
}

/** The field an ajv error is about (`.name`, or the missing property of a required error). */
export function fieldNameOf(e: RJSFValidationError): string | undefined {
  if (e.name === 'required' && typeof (e.params as { missingProperty?: unknown })?.missingProperty === 'string') {
    return (e.params as { missingProperty: string }).missingProperty;
  }
  const m = /^\.?([A-Za-z][A-Za-z0-9_]*)/.exec(e.property ?? '');
  return m?.[1];
}

export function transformErrors(model: FormModel, errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    const name = fieldNameOf(e);
    const field = model.fields.find((f) => f.name === name);
    const message = friendlyMessage(e, field);
    return { ...e, message, stack: `${field?.label ?? name ?? ''}: ${message}` };
  });
}
