// The reports a deployment can print: metadata/reports/{name}.json (which module, title, paper,
// and the template: {name}.html beside it unless it names another, so that RE and its scoped
// variant RE-RE share one). Loaded and checked when the engine starts: a report of an
// unknown module, or a template naming a field the module does not have, stops start-up with
// the file's name, as a broken module definition does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { parseTemplate, type Template } from './template.js';
import { PRINT_VALUE_PROVIDERS } from './print-value-providers.js';

export const REPORTS_DIR = fileURLToPath(new URL('../../metadata/reports/', import.meta.url));

const ReportFile = Type.Object(
  {
    module: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.String()),
    paper: Type.Optional(Type.Union([Type.Literal('A4'), Type.Literal('Letter')])),
    landscape: Type.Optional(Type.Boolean()),
    template: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*\\.html$' })),
    /** Print values computed by code (engine/reports/print-value-providers.ts), e.g. showCauseLetter. */
    values: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$' })),
  },
  { additionalProperties: false },
);
type ReportFile = Static<typeof ReportFile>;

/** The `$` values every print has. */
export const PRINT_VALUES = ['$title', '$printedAt', '$printedBy'];
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

export interface ReportDef {
  name: string;
  module: string;
  title: string;
  paper: 'A4' | 'Letter';
  landscape: boolean;
  template: Template;
  /** The record's fields the template shows (and the print value provider reads). */
  fields: string[];
  /** The provider of its computed print values, if any. */
  values?: string;
}

export class ReportCatalogueError extends Error {}

function loadReport(dir: string, file: string, modules: ModuleRegistry): ReportDef {
  const name = file.slice(0, -'.json'.length);
  const where = `metadata/reports/${file}`;
  if (!NAME.test(name)) throw new ReportCatalogueError(`${where}: a report name is letters, digits, _ and -, starting with a letter`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (e) {
    throw new ReportCatalogueError(`${where}: ${(e as Error).message}`);
  }
  if (!Value.Check(ReportFile, raw)) {
    const first = [...Value.Errors(ReportFile, raw)][0];
    throw new ReportCatalogueError(`${where}: ${first?.path || '/'} ${first?.message ?? 'is invalid'}`);
  }
  const def: ReportFile = raw;
  const module = modules.get(def.module);
  if (!module) throw new ReportCatalogueError(`${where}: unknown module ${def.module}`);
  const templateFile = def.template ?? `${name}.html`;
  const templatePath = join(dir, templateFile);
  if (!existsSync(templatePath)) throw new ReportCatalogueError(`${where}: its template ${templateFile} is missing`);
  const template = parseTemplate(readFileSync(templatePath, 'utf8'));
  const provider = def.values === undefined ? undefined : PRINT_VALUE_PROVIDERS[def.values];
  if (def.values !== undefined && !provider) throw new ReportCatalogueError(`${where}: unknown print values ${def.values}`);
  const printNames = [...PRINT_VALUES, ...(provider?.names ?? [])];
  const unknown = template.names.filter((n) => (n.startsWith('$') ? !printNames.includes(n) : !module.fields.has(n)));
  if (unknown.length) throw new ReportCatalogueError(`metadata/reports/${templateFile}: ${unknown.map((n) => `{{${n}}}`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of ${module.name}`);
  return {
    name,
    module: module.name,
    title: def.title ?? module.def.title ?? name,
    paper: def.paper ?? 'A4',
    landscape: def.landscape ?? false,
    template,
    fields: [...new Set([...template.names.filter((n) => !n.startsWith('$')), ...(provider?.needs ?? [])])],
    values: def.values,
  };
}

export class ReportCatalogue {
  private readonly reports = new Map<string, ReportDef>();

  constructor(defs: ReportDef[]) {
    for (const d of defs) this.reports.set(d.name, d);
  }

  get(name: string): ReportDef | undefined {
    return this.reports.get(name);
  }

  names(): string[] {
    return [...this.reports.keys()].sort();
  }

  static fromDirectory(modules: ModuleRegistry, dir = REPORTS_DIR): ReportCatalogue {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
    return new ReportCatalogue(files.map((f) => loadReport(dir, f, modules)));
  }
}
