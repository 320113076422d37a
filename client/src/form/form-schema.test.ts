import { describe, expect, it } from 'vitest';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import { Ajv } from 'ajv';
import { SCREEN_SCHEMAS } from '../../../engine/metadata/screen-schemas.js';
import { formValidator } from './form-validator';
import { createDefaults, formDataToWire, recordToFormData, transformErrors, translateForm, valuesDiffer, WIDGETS } from './form-schema';

const FORM: WebFormsProperties = {
  title: 'Entity',
  columns: 2,
  fields: [
    { tag: 'input', attributes: { name: 'name', required: true, maxLength: 10, className: 'wide', placeholder: 'Name' }, config: { label: 'Name', tooltip: 'As registered' } },
    { tag: 'input', attributes: { name: 'email', type: 'email', required: true } },
    { tag: 'input', attributes: { name: 'capital', type: 'number', min: 0, max: 1000, step: 0.01 } },
    { tag: 'input', attributes: { name: 'dateincorporated', type: 'date', required: true }, config: { label: 'Incorporated' } },
    { tag: 'input', attributes: { name: 'lastsubmiton', type: 'datetime', readOnly: true, required: true } },
    { tag: 'select', attributes: { name: 'branchtype' }, options: [{ value: 'A', label: 'A' }, { value: 'B', label: 'B' }] },
    { tag: 'select', attributes: { name: 'sector', required: true }, ajax: { module: 'Sector' } },
    { tag: 'select', attributes: { name: 'fy' }, ajax: { module: 'List', value: 'value0', listgroup: 80 } },
    { tag: 'state', attributes: { name: 'state' } },
    { tag: 'checkbox', attributes: { name: 'frozen_ind' } },
    { tag: 'textarea', attributes: { name: 'properties' } },
    { tag: 'hidden', attributes: { name: 're' } },
    { tag: 'input', attributes: { name: 'owner', change: 'fillOwner' }, config: { display: false, hideLabel: true } },
    { tag: 'static', attributes: { name: 'note', value: 'Read me' } },
    { tag: 'static', attributes: { name: 'createon' } },
    { tag: 'relation', attributes: { name: 'entries' }, config: { label: 'Entries' }, relation: { list_id: 47, relation_type: 1, child_name: 'List', modulecolumn_name: 'listgroup', parent_name: 'ListGroup' } },
  ],
};

describe('WebForms → JSON Schema translation', () => {
  it('accepts the fixture as a valid WebForms definition', () => {
    const validate = new Ajv({ strict: false }).compile(SCREEN_SCHEMAS.WebForms);
    expect(validate(FORM), JSON.stringify(validate.errors)).toBe(true);
  });

  it('gives every value field a property with its JSON type, and relations none', () => {
    const { schema, relations } = translateForm(FORM, { mode: 'edit' });
    const props = schema.properties as Record<string, RJSFSchema>;
    expect(Object.keys(props)).toEqual(['name', 'email', 'capital', 'dateincorporated', 'lastsubmiton', 'branchtype', 'sector', 'fy', 'state', 'frozen_ind', 'properties', 're', 'owner', 'note', 'createon']);
    expect(props.name).toMatchObject({ type: 'string', title: 'Name', maxLength: 10 });
    expect(props.email).toMatchObject({ type: 'string', format: 'email', title: 'email' });
    expect(props.capital).toMatchObject({ type: 'number', minimum: 0, maximum: 1000 });
    expect(props.dateincorporated).toMatchObject({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(props.branchtype.type).toBe('string');
    expect(props.sector.type).toBe('integer');
    expect(props.fy.type).toBe('string');
    expect(props.state.type).toBe('integer');
    expect(props.frozen_ind.type).toBe('boolean');
    expect(relations).toEqual([{ name: 'entries', label: 'Entries', list_id: 47, relation_type: 1, child_name: 'List', modulecolumn_name: 'listgroup', parent_name: 'ListGroup' }]);
  });

  it('requires the required fields that can be typed in, and none in view mode', () => {
    expect(translateForm(FORM, { mode: 'create' }).schema.required).toEqual(['name', 'email', 'dateincorporated', 'sector']);
    expect(translateForm(FORM, { mode: 'view' }).schema.required).toBeUndefined();
  });

  it('marks read-only and static fields read-only in schema and uiSchema', () => {
    const { schema, uiSchema, fields } = translateForm(FORM, { mode: 'edit' });
    const props = schema.properties as Record<string, RJSFSchema>;
    expect(props.lastsubmiton.readOnly).toBe(true);
    expect(uiSchema.lastsubmiton['ui:readonly']).toBe(true);
    expect(props.note.readOnly).toBe(true);
    expect(fields.filter((f) => !f.saved).map((f) => f.name)).toEqual(['lastsubmiton', 'note', 'createon']);
  });

  it('chooses the widgets, labels, tooltips, classes and options of the uiSchema', () => {
    const { uiSchema } = translateForm(FORM, { mode: 'edit', stateChoices: [{ value: 33, label: 'Active' }] });
    expect(uiSchema.name).toMatchObject({ 'ui:widget': 'text', 'ui:classNames': 'wide', 'ui:placeholder': 'Name', 'ui:options': { label: true, tooltip: 'As registered' } });
    expect(uiSchema.capital['ui:options']).toMatchObject({ inputType: 'number', step: 0.01 });
    expect(uiSchema.dateincorporated['ui:widget']).toBe(WIDGETS.date);
    expect(uiSchema.lastsubmiton['ui:widget']).toBe(WIDGETS.datetime);
    expect(uiSchema.branchtype['ui:options']).toMatchObject({ source: { options: [{ value: 'A', label: 'A' }, { value: 'B', label: 'B' }] } });
    expect(uiSchema.sector['ui:options']).toMatchObject({ source: { module: 'Sector' } });
    expect(uiSchema.state).toMatchObject({ 'ui:widget': WIDGETS.state, 'ui:options': { choices: [{ value: 33, label: 'Active' }] } });
    expect(uiSchema.frozen_ind['ui:widget']).toBe('checkbox');
    expect(uiSchema.properties['ui:widget']).toBe('textarea');
    expect(uiSchema.re['ui:widget']).toBe('hidden');
    // display: false hides the field; it is still loaded and saved.
    expect(uiSchema.owner).toMatchObject({ 'ui:widget': 'hidden', 'ui:options': { label: false, change: 'fillOwner' } });
    expect(uiSchema.note['ui:options']).toMatchObject({ text: 'Read me' });
    expect(uiSchema['ui:order']).not.toContain('entries');
  });

  it('reads the form fields with id and updatectr, but not a static text with its own value', () => {
    const { readFields } = translateForm(FORM, { mode: 'view' });
    expect(readFields).toEqual(['id', 'updatectr', 'name', 'email', 'capital', 'dateincorporated', 'lastsubmiton', 'branchtype', 'sector', 'fy', 'state', 'frozen_ind', 'properties', 're', 'owner', 'createon']);
  });

  it('turns a record into form values of the right JSON types', () => {
    const model = translateForm(FORM, { mode: 'edit' });
    const data = recordToFormData(model, {
      id: 4, name: 'Alpha', capital: '1250000.50', dateincorporated: '2001-02-03', lastsubmiton: '2024-01-02 03:04:05', sector: 2, state: 33,
      frozen_ind: true, properties: { fields: [] }, re: 4, owner: null, email: '',
    });
    expect(data).toEqual({
      name: 'Alpha', capital: 1250000.5, dateincorporated: '2001-02-03', lastsubmiton: '2024-01-02 03:04:05', sector: 2, state: 33, frozen_ind: true,
      properties: JSON.stringify({ fields: [] }, null, 2), re: '4',
    });
  });

  it('skips read-only fields when saving, leaves empty fields out of a create and clears them on update', () => {
    const model = translateForm(FORM, { mode: 'edit' });
    const data = { name: 'Alpha', lastsubmiton: '2024-01-02 03:04:05', note: 'x', createon: 'y', capital: 5, frozen_ind: false, owner: '' };
    expect(formDataToWire(model, data, 'create')).toEqual({ fields: ['name', 'capital', 'frozen_ind'], values: ['Alpha', 5, false] });
    const update = formDataToWire(model, data, 'edit');
    expect(update.fields).not.toContain('lastsubmiton');
    expect(update.fields).not.toContain('note');
    expect(update.fields).not.toContain('createon');
    expect(update.fields).toEqual(['name', 'email', 'capital', 'dateincorporated', 'branchtype', 'sector', 'fy', 'state', 'frozen_ind', 'properties', 're', 'owner']);
    expect(update.values[update.fields.indexOf('email')]).toBeNull();
  });

  it('starts a new record from the fields’ values, the default state and the prefill', () => {
    const form: WebFormsProperties = {
      fields: [
        { tag: 'input', attributes: { name: 'name', value: 'New' } },
        { tag: 'state', attributes: { name: 'state' } },
        { tag: 'hidden', attributes: { name: 'listgroup', type: 'number' } },
      ],
    };
    const model = translateForm(form, { mode: 'create' });
    expect(createDefaults(model, 33, { listgroup: '43', other: 1 })).toEqual({ name: 'New', state: 33, listgroup: 43 });
  });

  it('sees a change only where a shown value differs, empty and missing being the same', () => {
    const model = translateForm(FORM, { mode: 'edit' });
    expect(valuesDiffer(model, { name: 'A', owner: '' }, { name: 'A' })).toBe(false);
    expect(valuesDiffer(model, { name: 'A' }, { name: 'B' })).toBe(true);
    expect(valuesDiffer(model, { name: 'A', unknown: 1 }, { name: 'A' })).toBe(false);
  });

  it('validates into messages a user can read', () => {
    const model = translateForm(FORM, { mode: 'create' });
    const { errors } = formValidator.validateFormData({ name: 'x'.repeat(11), email: 'nope', capital: 5000, dateincorporated: '31/02/2001' }, model.schema, undefined, (e: RJSFValidationError[]) => transformErrors(model, e));
    const byField = Object.fromEntries(errors.map((e) => [e.property?.replace(/^\./, '') === '' ? e.params?.missingProperty : e.property?.replace(/^\./, ''), e.message]));
    expect(byField).toMatchObject({
      name: 'At most 10 characters.',
      email: 'Enter a valid e-mail address.',
      capital: 'Must be at most 1000.',
      dateincorporated: 'Enter a date as DD/MM/YYYY.',
      sector: 'This field is required.',
    });
  });
});
