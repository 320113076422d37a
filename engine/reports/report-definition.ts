// A report as stored (table webreport, module WebReport) and as filed (portal/metadata/reports): its
// name, the module whose record it prints, a title, the HTML template and `properties`
// `{fields, paper, landscape, values?, order?, maxRows?}` — the field list is what the print reads from the record
// and what the template may name. One check serves every way in (Record.create/update, the
// import of files, the seeds and the designer's preview): the properties' JSON Schema, the module
// and fields it names, then the template (template-check.ts), each problem under the column it
// belongs to, as E_VALIDATION's field map shows it.
import { Ajv, type ValidateFunction } from 'ajv';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { parseOrder } from '../records/order-parser.js';
import { parseTemplate, SECTION, type Template } from './template.js';
import type { PrintValueProvider } from './print-value-providers.js';
import { templateProblems } from './template-check.js';
import { sanitizeReportTemplate } from './report-sanitize.js';

/** The `$` values every print has. */
export const PRINT_VALUES = ['$title', '$printedAt', '$printedBy'];
export const REPORT_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
/** The most records a list report prints at once (its `maxRows` may lower it). */
export const REPORT_MAX_ROWS = 1000;

/** The JSON Schema of a report's properties (shared with the designer). */
export const ReportProperties = {
  type: 'object',
  additionalProperties: false,
  required: ['fields'],
  properties: {
    fields: { type: 'array', maxItems: 300, uniqueItems: true, items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 100 } },
    paper: { enum: ['A4', 'Letter'] },
    landscape: { type: 'boolean' },
    /** Print values computed by code (print-value-providers.ts), e.g. showCauseLetter. */
    values: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
    /** A list report's order (`{{#rows}}`): "field [asc|desc], …"; default the module's list order. */
    order: { type: 'string', maxLength: 300, pattern: '^\\s*[A-Za-z_][A-Za-z0-9_]*(\\s+(asc|desc|ASC|DESC))?\\s*(,\\s*[A-Za-z_][A-Za-z0-9_]*(\\s+(asc|desc|ASC|DESC))?\\s*)*$' },
    /** A list report's most records per print, at most REPORT_MAX_ROWS (the default). */
    maxRows: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;

export interface ReportProps {
  fields: string[];
  paper?: 'A4' | 'Letter';
  landscape?: boolean;
  values?: string;
  order?: string;
  maxRows?: number;
}

/** A report's definition: a stored row's columns, properties parsed. */
export interface ReportRecord {
  name: string;
  module: string;
  title: string | null;
  template: string;
  properties: ReportProps;
}

/** A report ready to print. */
export interface ReportDef {
  name: string;
  module: string;
  title: string;
  paper: 'A4' | 'Letter';
  landscape: boolean;
  template: Template;
  /** The record's fields the print reads: the field list and what the print value provider needs. */
  fields: string[];
  values?: string;
  /** Whether the template repeats a section per record (a list report), its order and most records. */
  repeats: boolean;
  order?: string;
  maxRows: number;
}

const ajv = new Ajv({ allErrors: false, strict: false });
let validate: ValidateFunction | undefined;

/** The first problem of a report's properties as `properties/path message`, or null. */
export function reportPropertiesProblem(properties: unknown): string | null {
  validate ??= ajv.compile(ReportProperties);
  if (validate(properties)) return null;
  const e = validate.errors![0];
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return `properties${e.instancePath} ${e.message}${extra}`;
}

/** The print values a report's template may name. */
/** The app's print values by name (EngineApp.printValues). */
export function providerOf(modules: ModuleRegistry, values: string): PrintValueProvider | undefined {
  const providers = modules.app.printValues ?? {};
  return Object.hasOwn(providers, values) ? providers[values] : undefined;
}

function printValueNames(modules: ModuleRegistry, values: string | undefined): string[] {
  return [...PRINT_VALUES, ...(values ? (providerOf(modules, values)?.names ?? []) : [])];
}

/** Every problem of a definition, by column (E_VALIDATION's field → message map); empty when it may be stored. */
export function reportProblems(modules: ModuleRegistry, r: { name?: unknown; module?: unknown; title?: unknown; template?: unknown; properties?: unknown }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (typeof r.name !== 'string' || !REPORT_NAME.test(r.name)) problems.name = 'a report name is letters, digits, _ and -, starting with a letter (at most 100)';
  const module = typeof r.module === 'string' ? modules.get(r.module) : undefined;
  if (!module) problems.module = typeof r.module === 'string' && r.module ? `no module named ${r.module}` : 'choose the module whose record the report prints';
  const propsProblem = reportPropertiesProblem(r.properties);
  if (propsProblem) problems.properties = propsProblem;
  const props = propsProblem ? undefined : (r.properties as ReportProps);
  if (props?.values !== undefined && !providerOf(modules, props.values)) problems.properties = `properties/values: no print values named ${props.values}`;
  if (module && props && !problems.properties) {
    const i = props.fields.findIndex((f) => !module.fields.has(f));
    if (i !== -1) problems.properties = `properties/fields/${i}: ${module.name} has no field ${props.fields[i]}`;
  }
  const repeats = typeof r.template === 'string' && parseTemplate(r.template).repeats;
  if (props && !problems.properties) {
    if (repeats && props.values !== undefined) problems.properties = `properties/values: print values computed by code read one record; a report with a {{#${SECTION}}} section cannot use them`;
    else if (!repeats && (props.order !== undefined || props.maxRows !== undefined)) problems.properties = `properties/${props.order !== undefined ? 'order' : 'maxRows'}: only a report with a {{#${SECTION}}} … {{/${SECTION}}} section lists records`;
    else if (module && props.order !== undefined) {
      try {
        parseOrder(props.order, module);
      } catch (e) {
        problems.properties = `properties/order: ${(e as Error).message}`;
      }
    }
  }
  if (typeof r.template !== 'string') problems.template = 'is required';
  else {
    // The template's safety is checked whatever else is wrong; its names once the field list holds.
    const names = props && !problems.properties ? { fields: new Set(props.fields), printValues: new Set(printValueNames(modules, props.values)) } : undefined;
    const found = templateProblems(r.template, names);
    if (found.length) problems.template = found.slice(0, 10).join('\n');
  }
  return problems;
}

/** A checked definition ready to print; throws naming the first problem when it is not valid. */
export function compileReport(modules: ModuleRegistry, r: ReportRecord): ReportDef {
  const problems = reportProblems(modules, r);
  const first = Object.entries(problems)[0];
  if (first) throw new Error(`report ${r.name}: ${first[0]}: ${first[1]}`);
  const module = modules.get(r.module)!;
  const provider = r.properties.values ? providerOf(modules, r.properties.values) : undefined;
  const template = parseTemplate(sanitizeReportTemplate(r.template));
  return {
    name: r.name,
    module: module.name,
    title: r.title || module.def.title || r.name,
    paper: r.properties.paper ?? 'A4',
    landscape: r.properties.landscape ?? false,
    template,
    fields: [...new Set([...r.properties.fields, ...(provider?.needs ?? [])])],
    values: r.properties.values,
    repeats: template.repeats,
    order: r.properties.order,
    maxRows: r.properties.maxRows ?? REPORT_MAX_ROWS,
  };
}

/** A stored row (properties as JSON text or parsed) as a ReportRecord. */
export function reportRecordOf(row: Record<string, unknown>): ReportRecord {
  const raw = row.properties;
  return {
    name: String(row.name ?? ''),
    module: String(row.module ?? ''),
    title: (row.title as string | null) ?? null,
    template: String(row.template ?? ''),
    properties: (typeof raw === 'string' ? JSON.parse(raw) : raw) as ReportProps,
  };
}
