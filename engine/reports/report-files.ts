// Reports as files (portal/metadata/reports, and `npm run metadata -- export-reports | import-reports`):
// `{name}.json` — `{module, title?, paper?, landscape?, values?, order?, maxRows?, fields, template?}`, sorted keys —
// beside its HTML template, `{name}.html` unless `template` names another file of the folder (RE
// and its scoped twin RE-RE share RE.html). The seeds load the project's own; the export writes
// what is stored so that export → import → export gives the same files.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stableJson } from '../protocol/stable-json.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { compileReport, REPORT_NAME, type ReportProps, type ReportRecord } from './report-definition.js';
import { parseTemplate } from './template.js';


const FILE_KEYS = new Set(['module', 'title', 'paper', 'landscape', 'values', 'order', 'maxRows', 'fields', 'template']);
const TEMPLATE_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*\.html$/;

export class ReportFileError extends Error {}

function readOne(dir: string, file: string): ReportRecord {
  const name = file.slice(0, -'.json'.length);
  const where = `reports/${file}`;
  if (!REPORT_NAME.test(name)) throw new ReportFileError(`${where}: a report name is letters, digits, _ and -, starting with a letter`);
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new ReportFileError(`${where}: ${(e as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ReportFileError(`${where}: must be a JSON object`);
  const unknown = Object.keys(raw).find((k) => !FILE_KEYS.has(k));
  if (unknown) throw new ReportFileError(`${where}: /${unknown} is not a key of a report file`);
  if (typeof raw.module !== 'string') throw new ReportFileError(`${where}: /module must name a module`);
  const templateFile = raw.template ?? `${name}.html`;
  if (typeof templateFile !== 'string' || !TEMPLATE_FILE.test(templateFile)) throw new ReportFileError(`${where}: /template must be the name of an .html file of the folder`);
  if (!existsSync(join(dir, templateFile))) throw new ReportFileError(`${where}: its template ${templateFile} is missing`);
  const template = readFileSync(join(dir, templateFile), 'utf8');
  // A file without a field list reads the fields its template names.
  const fields = raw.fields ?? parseTemplate(template).names.filter((n) => !n.startsWith('$'));
  const properties = { fields, paper: raw.paper, landscape: raw.landscape, values: raw.values, order: raw.order, maxRows: raw.maxRows } as ReportProps;
  for (const k of ['paper', 'landscape', 'values', 'order', 'maxRows'] as const) if (properties[k] === undefined) delete properties[k];
  return { name, module: raw.module, title: typeof raw.title === 'string' ? raw.title : null, template, properties };
}

/** Every report of DIR, each checked as a save would check it; throws naming the first bad file. */
export function readReportFiles(modules: ModuleRegistry, dir: string): ReportRecord[] {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  return files.map((f) => {
    const record = readOne(dir, f);
    try {
      compileReport(modules, record);
    } catch (e) {
      throw new ReportFileError(`reports/${f}: ${(e as Error).message.replace(/^report [^:]+: /, '')}`);
    }
    return record;
  });
}

/** Writes the reports as files in DIR (which becomes exactly them); a template shared with an earlier report is named, not copied. */
export function writeReportFiles(records: ReportRecord[], dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const written = new Map<string, string>();
  for (const r of [...records].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const shared = written.get(r.template);
    const file: Record<string, unknown> = { module: r.module, title: r.title ?? undefined, ...r.properties };
    if (shared) file.template = shared;
    else {
      writeFileSync(join(dir, `${r.name}.html`), r.template);
      written.set(r.template, `${r.name}.html`);
    }
    writeFileSync(join(dir, `${r.name}.json`), stableJson(file));
  }
}
