// The forms' eval-free validator reports what Ajv (with rjsf's formats) reported before, so the
// messages users read beside a field are unchanged.
import { describe, expect, it } from 'vitest';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { RJSFSchema } from '@rjsf/utils';
import type { WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import { translateForm, transformErrors } from './form-schema';
import { formValidator, validateLikeAjv, type AjvStyleError } from './form-validator';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);

const FORM: WebFormsProperties = {
  fields: [
    { tag: 'input', attributes: { name: 'name', required: true, maxLength: 10 }, config: { label: 'Name' } },
    { tag: 'input', attributes: { name: 'email', type: 'email', required: true } },
    { tag: 'input', attributes: { name: 'capital', type: 'number', min: 0, max: 1000 } },
    { tag: 'input', attributes: { name: 'dateincorporated', type: 'date', required: true }, config: { label: 'Incorporated' } },
    { tag: 'input', attributes: { name: 'lastsubmiton', type: 'datetime' } },
    { tag: 'select', attributes: { name: 'sector', required: true }, ajax: { module: 'Sector' } },
    { tag: 'select', attributes: { name: 'branchtype' }, options: [{ value: 1, label: 'A' }, { value: 2, label: 'B' }] },
    { tag: 'checkbox', attributes: { name: 'frozen_ind' } },
  ],
};
const model = translateForm(FORM, { mode: 'create' });

const OTHER: RJSFSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { enum: ['a', 'b'] },
    fixed: { const: 'x' },
    code: { type: 'string', minLength: 2, pattern: '^[A-Z]+$' },
    step: { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
    either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    nested: { type: 'object', properties: { n: { type: 'integer', maximum: 3 } }, required: ['m'] },
  },
};

const comparable = (errors: (ErrorObject | AjvStyleError)[] | null | undefined) =>
  (errors ?? []).map((e) => JSON.stringify([e.instancePath, e.keyword, e.message, e.params])).sort();

const CASES: [string, RJSFSchema, unknown][] = [
  ['a valid record', model.schema, { name: 'ACME', email: 'a@b.mu', capital: 10, dateincorporated: '2001-02-03', sector: 4, frozen_ind: true }],
  ['missing required fields', model.schema, {}],
  ['undefined fields, as rjsf leaves emptied ones', model.schema, { name: undefined, email: undefined, sector: 3, dateincorporated: '2001-02-03' }],
  ['too long, wrong e-mail, out of range, wrong date', model.schema, { name: 'x'.repeat(11), email: 'nope', capital: 5000, dateincorporated: '31/02/2001', sector: 1 }],
  ['an e-mail domain without a dot', model.schema, { name: 'A', email: 'a@b', sector: 1, dateincorporated: '2001-02-03' }],
  ['below the minimum, a date-time typed wrongly', model.schema, { name: 'A', email: 'a@b.mu', capital: -1, sector: 1, dateincorporated: '2001-02-03', lastsubmiton: 'soon' }],
  ['text in number fields', model.schema, { name: 'A', email: 'a@b.mu', capital: 'lots', sector: 'x', branchtype: 1.5, dateincorporated: '2001-02-03' }],
  ['characters beyond the BMP counted once', model.schema, { name: '😀'.repeat(10), email: 'a@b.mu', sector: 1, dateincorporated: '2001-02-03' }],
  ['other keywords', OTHER, { kind: 'c', fixed: 'y', code: 'a', step: 0.3, tags: ['t', 't'], either: true, nested: { n: 4 }, extra: 1 }],
  ['an empty array and a negative step', OTHER, { kind: 'a', tags: [], step: -1 }],
  ['not an object at all', OTHER, 'text'],
];

describe('the forms validator (no eval)', () => {
  it.each(CASES)('reports what Ajv reports for %s', (_name, schema, data) => {
    const validate = ajv.compile(schema);
    validate(JSON.parse(JSON.stringify(data ?? null)));
    expect(comparable(validateLikeAjv(schema, data))).toEqual(comparable(validate.errors));
  });

  it('gives the fields the messages users read', () => {
    const { errors, errorSchema } = formValidator.validateFormData({ name: 'x'.repeat(11), email: 'nope', capital: 5000, dateincorporated: '31/02/2001' }, model.schema, undefined, (e) => transformErrors(model, e));
    const byField = Object.fromEntries(errors.map((e) => [e.property?.replace(/^\./, ''), e.message]));
    expect(byField).toEqual({
      name: 'At most 10 characters.',
      email: 'Enter a valid e-mail address.',
      capital: 'Must be at most 1000.',
      dateincorporated: 'Enter a date as DD/MM/YYYY.',
      sector: 'This field is required.',
    });
    expect(errorSchema).toMatchObject({ name: { __errors: ['At most 10 characters.'] }, sector: { __errors: ['This field is required.'] } });
  });

  it('adds the custom rules through the error handler, as rjsf does', () => {
    const { errors, errorSchema } = formValidator.validateFormData({ name: 'A', email: 'a@b.mu', sector: 1, dateincorporated: '2001-02-03' }, model.schema, (data, handler) => {
      if (data?.name === 'A') handler.name?.addError('Cannot be the same as Email.');
      return handler;
    });
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.name', 'Cannot be the same as Email.']]);
    expect(errorSchema).toMatchObject({ name: { __errors: ['Cannot be the same as Email.'] }, email: { __errors: [] } });
  });

  it('answers isValid and rawValidation', () => {
    expect(formValidator.isValid({ type: 'integer', minimum: 1 }, 2, model.schema)).toBe(true);
    expect(formValidator.isValid({ type: 'integer', minimum: 1 }, 0, model.schema)).toBe(false);
    const root: RJSFSchema = { definitions: { small: { type: 'integer', maximum: 3 } }, type: 'object', properties: { n: { $ref: '#/definitions/small' } } };
    expect(formValidator.isValid({ $ref: '#/definitions/small' }, 2, root)).toBe(true);
    expect(formValidator.isValid({ $ref: '#/definitions/small' }, 9, root)).toBe(false);
    expect(formValidator.rawValidation({ type: 'string' }, 'x')).toEqual({ errors: undefined });
    expect(formValidator.rawValidation<AjvStyleError>({ type: 'string' }, 1).errors?.[0]).toMatchObject({ keyword: 'type', message: 'must be string' });
  });
});
