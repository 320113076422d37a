// rjsf's validator for the generated forms, without eval. Their JSON Schemas are built at run
// time from WebForms metadata (form-schema.ts), so they cannot be compiled ahead of time like the
// screen schemas, and the page's Content Security Policy forbids Ajv's `new Function`. An
// interpreting validator (@cfworker/json-schema) checks them instead; its errors are reported in
// Ajv's shape (keyword, instancePath, params, Ajv's English message), so rjsf, transformErrors
// and the messages users read (friendlyMessage) stay as they were with @rjsf/validator-ajv8.
import { format, Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
  getUiOptions,
  getByPath,
  toErrorSchema,
  toPath,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** An error as Ajv reports it: what rjsf and friendlyMessage read. */
export interface AjvStyleError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

// The addresses Ajv (ajv-formats' full email) accepted before; cfworker's own rule also takes `a@b`.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
format.email = (s: string) => EMAIL.test(s);

/** Keywords cfworker reports above the error that says what is wrong; Ajv reports only the latter. */
const WRAPPERS = new Set(['properties', 'patternProperties', 'additionalItems', 'items', 'prefixItems', 'unevaluatedItems', 'unevaluatedProperties', 'allOf', '$ref', '$recursiveRef', 'dependentSchemas', 'propertyNames', 'then', 'else']);

const decodePointer = (segment: string) => decodeURI(segment).replace(/%23/g, '#').replace(/~1/g, '/').replace(/~0/g, '~');

/** The value a pointer (`#/properties/x/maxLength`, `/tags`) names in a schema or an instance, when it can be walked. */
function schemaAt(schema: unknown, location: string): unknown {
  let node = schema;
  for (const segment of location.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodePointer(segment)];
  }
  return node;
}

/** A cfworker error → Ajv's error; null for a wrapper that Ajv does not report. */
function toAjv(u: OutputUnit, schema: unknown, data: unknown): AjvStyleError | null {
  const keyword = u.keyword;
  if (WRAPPERS.has(keyword)) return null;
  // cfworker's pointers are URI fragments (percent-encoded); Ajv's are plain JSON pointers.
  const instancePath = decodeURI(u.instanceLocation.replace(/^#/, '')).replace(/%23/g, '#');
  const schemaPath = u.keywordLocation;
  const value = schemaAt(schema, schemaPath);
  const quoted = /"((?:[^"\\]|\\.)*)"/.exec(u.error)?.[1];
  const limit = typeof value === 'number' ? value : Number(/(-?[\d.e+]+)\)?\.$/.exec(u.error)?.[1]);
  const at = (params: Record<string, unknown>, message: string): AjvStyleError => ({ keyword, instancePath, schemaPath, params, message });
  switch (keyword) {
    case 'required':
      return at({ missingProperty: quoted }, `must have required property '${quoted}'`);
    case 'type': {
      const type = Array.isArray(value) ? value.join(',') : String(value);
      return at({ type }, `must be ${type}`);
    }
    case 'maxLength':
    case 'minLength':
      return at({ limit }, `must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${limit} characters`);
    case 'maxItems':
    case 'minItems':
      return at({ limit }, `must NOT have ${keyword === 'maxItems' ? 'more' : 'fewer'} than ${limit} items`);
    case 'maxProperties':
    case 'minProperties':
      return at({ limit }, `must NOT have ${keyword === 'maxProperties' ? 'more' : 'fewer'} than ${limit} properties`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' }[keyword];
      return at({ comparison, limit }, `must be ${comparison} ${limit}`);
    }
    case 'multipleOf':
      return at({ multipleOf: value }, `must be multiple of ${String(value)}`);
    case 'pattern':
      return at({ pattern: value }, `must match pattern "${String(value)}"`);
    case 'format':
      return at({ format: value }, `must match format "${String(value)}"`);
    case 'enum':
      return at({ allowedValues: value }, 'must be equal to one of the allowed values');
    case 'const':
      return at({ allowedValue: value }, 'must be equal to constant');
    case 'uniqueItems': {
      // Ajv's scan: from the end, the first item seen again, with the later index of the two.
      const items = schemaAt(data, instancePath) as unknown[];
      const seen = new Map<string, number>();
      for (let i = items.length - 1; i >= 0; i--) {
        const key = JSON.stringify(items[i]);
        const j = seen.get(key);
        if (j !== undefined) return at({ i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`);
        seen.set(key, i);
      }
      return at({}, 'must NOT have duplicate items');
    }
    case 'additionalProperties':
      return at({ additionalProperty: quoted }, 'must NOT have additional properties');
    case 'anyOf':
      return at({}, 'must match a schema in anyOf');
    case 'oneOf':
      return at({}, 'must match exactly one schema in oneOf');
    case 'not':
      return at({}, 'must NOT be valid');
    case 'if':
      return at({ failingKeyword: /"else"/.test(u.error) ? 'else' : 'then' }, `must match "${/"else"/.test(u.error) ? 'else' : 'then'}" schema`);
    case 'false':
      return at({}, 'boolean schema is false');
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return at({}, 'must contain at least 1 valid item(s)');
    default:
      return at({}, u.error);
  }
}

/** cfworker takes JSON only: object members that are undefined are absent, as Ajv sees them. */
function jsonOf(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : jsonOf(v)));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, jsonOf(v)]));
  }
  return value;
}

const validators = new WeakMap<object, Validator>();

function validatorOf(schema: RJSFSchema): Validator {
  let v = validators.get(schema);
  if (!v) {
    v = new Validator(schema as Schema, '2019-09', false);
    validators.set(schema, v);
  }
  return v;
}

/** Every problem of `data` against `schema`, in Ajv's shape and order (allErrors); none when valid. */
export function validateLikeAjv(schema: RJSFSchema, data: unknown): AjvStyleError[] {
  const json = jsonOf(data);
  const { valid, errors } = validatorOf(schema).validate(json);
  if (valid) return [];
  // `additionalProperties: false` fails each extra member with a false schema; Ajv names the member once.
  const extra = new Set(errors.filter((e) => e.keyword === 'additionalProperties').map((e) => `${e.instanceLocation}/${/"((?:[^"\\]|\\.)*)"/.exec(e.error)?.[1] ?? ''}`));
  const out = errors.filter((e) => !(e.keyword === 'false' && extra.has(e.instanceLocation))).map((e) => toAjv(e, schema, json)).filter((e): e is AjvStyleError => e !== null);
  // Never valid by omission: an error only a wrapper reported still counts.
  return out.length ? out : [{ keyword: errors[0]?.keyword ?? 'false', instancePath: '', schemaPath: errors[0]?.keywordLocation ?? '#', params: {}, message: errors[0]?.error ?? 'must be valid' }];
}

/** Ajv's errors → rjsf's, as @rjsf/validator-ajv8 converts them (titles from the uiSchema or the schema). */
function toRjsfErrors(errors: AjvStyleError[], schema: RJSFSchema, uiSchema?: UiSchema): RJSFValidationError[] {
  return errors.map(({ keyword, instancePath, schemaPath, params, message }) => {
    let property = instancePath.replace(/\//g, '.');
    const named = (params.missingProperty ?? params.additionalProperty) as string | undefined;
    const titled = named ? (property ? `${property}.${named}` : named) : property;
    if (typeof params.missingProperty === 'string') property = titled;
    const parts = toPath(titled.replace(/^\./, ''));
    const title = getUiOptions(getByPath<UiSchema | undefined>(uiSchema, parts)).title ?? getByPath<string | undefined>(schema, [...parts.flatMap((p) => ['properties', p]), 'title']) ?? '';
    const text = named && title ? message.replace(`'${named}'`, `'${title}'`) : message;
    const stack = named ? text : `${title ? `'${title}' ` : property ? `${property} ` : ''}${text}`.trim();
    return { name: keyword, property, message: text, params, stack, schemaPath, title };
  });
}

/** A subschema's `$ref`s point into the root schema (rjsf's isValid): give it the root's definitions. */
function withRootDefinitions(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  if (schema === root || !JSON.stringify(schema).includes('"$ref"')) return schema;
  return { ...schema, definitions: { ...root.definitions, ...schema.definitions }, $defs: { ...root.$defs, ...schema.$defs } };
}

/** rjsf's ValidatorType over validateLikeAjv, following @rjsf/validator-ajv8's processing of errors. */
export const formValidator: ValidatorType = {
  validateFormData(formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema): ValidationData<unknown> {
    let errors = toRjsfErrors(validateLikeAjv(schema, formData), schema, uiSchema);
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    // As rjsf's own validators: custom validation sees the data with its schema defaults filled in.
    const data = getDefaultFormState(formValidator, schema, formData, schema, true);
    const handler = customValidate(data, createErrorHandler(data), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return validateLikeAjv(withRootDefinitions(schema, rootSchema), formData).length === 0;
    } catch (e) {
      console.warn('Error encountered validating with schema:', e);
      return false;
    }
  },

  rawValidation<Result = AjvStyleError>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const errors = validateLikeAjv(schema, formData);
      return { errors: errors.length ? (errors as Result[]) : undefined };
    } catch (e) {
      return { validationError: e as Error };
    }
  },
};
