// The JSON Schema of a form template's `properties` (seed 001 §3: form properties, tabs, header
// and body rows of cells, summaries). The TypeScript types are derived from the same schema.
// Pure: imported by the server (save checks) and the client (designer, grid) alike.
import { Type, type Static } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

import {
  CELL_CLASSES, EDITORS, MAX_HEADER, MAX_PRECISION, TAB_TYPES, type Editor, type TabType,
} from './template-limits.js';

export { CELL_CLASSES, EDITORS, MAX_HEADER, MAX_PRECISION, TAB_TYPES, type Editor, type TabType };

const ClassName = Type.String({ pattern: `^(${CELL_CLASSES.join('|')})?( (${CELL_CLASSES.join('|')}))*$` });
/** A stable cell code: item code + tab id + counter (cell-codes.ts); an extract column name. */
export const CellCodePattern = '^[A-Za-z][A-Za-z0-9]{0,19}[0-9]{2}[0-9]{3,4}$';
const Formula = Type.String({ maxLength: 4000 });
/**
 * How far the two sides of an equality rule (`=LEFT=RIGHT`) may differ and still pass:
 * |LEFT − RIGHT| ≤ max(absolute, relative × max(|LEFT|, |RIGHT|)) (rule-equality.ts).
 */
export const ToleranceSchema = Type.Object(
  {
    /** An amount in the figures' own unit (1: a rounding difference of one). */
    absolute: Type.Optional(Type.Number({ minimum: 0 })),
    /** A share of the larger side (0.001 for 0.1%). */
    relative: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

export const CellSchema = Type.Object(
  {
    /** Sheet address of the cell (`B5`), kept equal to x + y by normalise. */
    Address: Type.Optional(Type.String({ pattern: '^[A-Z]{1,3}[1-9][0-9]*$' })),
    x: Type.Optional(Type.String({ pattern: '^[A-Z]{1,3}$' })),
    y: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The label of a label cell; the default value of a data cell. */
    value: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Number(), Type.Null()])),
    width: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000 })),
    alignment: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
    className: Type.Optional(ClassName),
    /** The cell's label (seed 001 §3 `id`). */
    id: Type.Optional(Type.String({ maxLength: 255 })),
    /** A formula in the reference syntax of formula-references.ts (`=cell(X)+cell(Y)`). */
    formula: Type.Optional(Formula),
    /** A cell with an editor holds data (and gets a code); one without is a label. */
    editor: Type.Optional(Type.Union(EDITORS.map((e) => Type.Literal(e)))),
    /** List group of a dropdown cell (its values are the group's entry names). */
    listgroup: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    colspan: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    rowspan: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
    disabled: Type.Optional(Type.Boolean()),
    /** The cell may be left empty on submission. */
    allowempty: Type.Optional(Type.Boolean()),
    /** Digits in all; blank or above 19 becomes 19 on save (normalise.ts). */
    precision: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    /** Digits after the point; blank or above 19 becomes 0 on save. */
    scale: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    dimension: Type.Optional(Type.String({ maxLength: 255 })),
    /** The cell's business label in messages, extract column titles and the API. */
    label_map: Type.Optional(Type.String({ maxLength: 255 })),
    /** A formula; when it is TRUE the cell is disabled (cleared and not required). */
    disablecondition: Type.Optional(Formula),
    /** Check the validation as soon as the cell changes in the grid, not only on save/submit. */
    onchange: Type.Optional(Type.Boolean()),
    /** A formula that must be TRUE for the value to be accepted; `rc(0,0)` is the cell itself. */
    validations: Type.Optional(Formula),
    /** The message shown when `validations` is not TRUE. */
    validationmsg: Type.Optional(Type.String({ maxLength: 1000 })),
    /** Tolerance of an equality validation (`=rc(0,0)=cell(X)`). */
    tolerance: Type.Optional(ToleranceSchema),
    /** Link: the code (`title`) of another tab of the form. */
    href: Type.Optional(Type.String({ maxLength: 50 })),
    /** Explanatory note shown with the cell. */
    note: Type.Optional(Type.String({ maxLength: 4000 })),
    /** Stable code of a data cell (cell-codes.ts); never reused, never renumbered. */
    code: Type.Optional(Type.String({ pattern: CellCodePattern })),
  },
  { additionalProperties: false },
);

const Row = Type.Array(CellSchema, { maxItems: 200 });

export const SummarySchema = Type.Object(
  {
    /** One above the highest summary id of the form, base 70 (seed 001 §4.1). */
    id: Type.Integer({ minimum: 71 }),
    /** Turning 'Show summary' off marks the block deleted (seed 001 §4.1). */
    deleted: Type.Optional(Type.Boolean()),
    /** One row of two label cells. */
    header: Type.Array(Type.Array(CellSchema, { minItems: 2, maxItems: 2 }), { minItems: 1, maxItems: 1 }),
    /** One row of two cells: a dropdown bound to a list group, then a formula. */
    items: Type.Array(Type.Array(CellSchema, { minItems: 2, maxItems: 2 }), { minItems: 1, maxItems: 1 }),
  },
  { additionalProperties: false },
);

export const TabSchema = Type.Object(
  {
    /** Two digits, zero-padded; stable once given (cell codes carry it). */
    id: Type.String({ pattern: '^[0-9]{2}$' }),
    /** The tab's code, shown as `code - title` in the tab strip. */
    title: Type.String({ minLength: 1, maxLength: 50 }),
    display_name: Type.String({ minLength: 1, maxLength: 255 }),
    tab_tooltips: Type.Optional(Type.String({ maxLength: 1000 })),
    /** Fixed once set (seed 001 §4.1). */
    type: Type.Union(TAB_TYPES.map((t) => Type.Literal(t))),
    pdf: Type.Optional(Type.String({ maxLength: 255 })),
    minrowsize: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    maxrowsize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    /** Sheet row numbers (1-based) hidden in the grid. */
    hide_rows: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
    /** Column letters hidden in the grid. */
    hide_cols: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{1,3}$' }))),
    hide: Type.Optional(Type.Boolean()),
    /** Freeze the header rows; on by default (seed 001 §4.1). */
    freezetop: Type.Optional(Type.Boolean()),
    header: Type.Object(
      {
        /** Header rows at the top: the number of rows of `items`. */
        top: Type.Integer({ minimum: 0, maximum: MAX_HEADER }),
        /** Leading columns of the body rows that hold row labels. */
        left: Type.Integer({ minimum: 0, maximum: MAX_HEADER }),
        dimension: Type.Optional(Type.String({ maxLength: 255 })),
        items: Type.Array(Row, { maxItems: MAX_HEADER }),
      },
      { additionalProperties: false },
    ),
    /** Body rows of cells. */
    items: Type.Array(Row, { maxItems: 5000 }),
    summary: Type.Optional(SummarySchema),
  },
  { additionalProperties: false },
);

/** A form-level check across tabs: a formula that must be TRUE, and the message when it is not. */
export const FormCheckSchema = Type.Object(
  { formula: Formula, message: Type.String({ minLength: 1, maxLength: 1000 }), tolerance: Type.Optional(ToleranceSchema) },
  { additionalProperties: false },
);

export const FormPropertiesSchema = Type.Object(
  {
    /** Form ID (the template's code), e.g. `BNK-01`. */
    id: Type.String({ minLength: 1, maxLength: 50 }),
    title: Type.String({ minLength: 1, maxLength: 255 }),
    /** Tier 2 validations: cross-tab checks that warn and never block a submission. */
    tier2: Type.Optional(Type.Array(FormCheckSchema)),
    /** Report name of the printout. */
    printout: Type.Optional(Type.String({ maxLength: 255 })),
    extbycategory: Type.Optional(Type.Boolean()),
    hideConsolidated: Type.Optional(Type.Boolean()),
    allowSetZero: Type.Optional(Type.Boolean()),
    /** Tab validations: cross-tab checks that block a submission. */
    tabvalidation: Type.Optional(Type.Array(FormCheckSchema)),
    /** Form-level list group (Form Dropdown). */
    dropdown: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    /** Cell-code high-water marks per tab id; kept when a tab is removed so codes are never reused. */
    codecounters: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{2}$' }), Type.Integer({ minimum: 0 }))),
    /** The tabs. */
    items: Type.Array(TabSchema, { minItems: 1, maxItems: 99 }),
  },
  { additionalProperties: false },
);

export type Cell = Static<typeof CellSchema>;
export type Summary = Static<typeof SummarySchema>;
export type Tab = Static<typeof TabSchema>;
export type FormCheck = Static<typeof FormCheckSchema>;
export type ToleranceSpec = Static<typeof ToleranceSchema>;
export type FormProperties = Static<typeof FormPropertiesSchema>;

/** One problem of a template: a JSON pointer into `properties` and a message for people. */
export interface TemplateProblem {
  path: string;
  message: string;
}

// The project's ajv setup (engine/metadata/screen-files.ts), collecting every error.
const ajv = new Ajv({ allErrors: true, strict: false });
let validator: ValidateFunction | undefined;

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'required') return `"${(e.params as { missingProperty: string }).missingProperty}" is required`;
  return e.message ?? 'is not valid';
}

/** At most this many schema problems are answered (a broken template yields one per cell). */
const MAX_SCHEMA_PROBLEMS = 50;

/** The schema problems of a `properties` value, each with its JSON path; empty when it conforms. */
export function schemaProblems(properties: unknown): TemplateProblem[] {
  validator ??= ajv.compile(FormPropertiesSchema);
  if (validator(properties)) return [];
  return schemaErrorProblems(validator.errors ?? []);
}

/**
 * Ajv's errors as template problems. Shared with the designer, which runs the same schema
 * compiled ahead of time (client/src/metadata/template-validator.generated.js: no eval in the
 * browser), so it words and places problems exactly as a save would.
 */
export function schemaErrorProblems(errors: readonly ErrorObject[]): TemplateProblem[] {
  const seen = new Set<string>();
  const problems: TemplateProblem[] = [];
  for (const e of errors) {
    // A union's branches each report; the first failing branch is enough.
    if (e.keyword === 'anyOf') continue;
    const path = e.keyword === 'required' ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.instancePath;
    if (seen.has(path)) continue;
    seen.add(path);
    problems.push({ path: path || '/', message: describe(e) });
    if (problems.length >= MAX_SCHEMA_PROBLEMS) break;
  }
  return problems;
}

/** True when `properties` conforms to the schema (a type guard for callers). */
export function isFormProperties(properties: unknown): properties is FormProperties {
  return schemaProblems(properties).length === 0;
}

/**
 * Problems as the field → message map of an E_VALIDATION answer (`errors.validation`), keyed
 * `properties/items/0/items/3/2/precision` as screen definitions are.
 */
export function problemFields(problems: readonly TemplateProblem[], field = 'properties'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const p of problems) {
    const key = p.path === '/' ? field : `${field}${p.path}`;
    fields[key] = fields[key] ? `${fields[key]}; ${p.message}` : p.message;
  }
  return fields;
}
