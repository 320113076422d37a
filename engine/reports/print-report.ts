// report.print (seed 000 §2.9, §7; PROTOCOL.md §6): GET /out/{report}.pdf?WHERE=id=12 prints
// one record of the report's module with its template; a list report (a `{{#rows}}` section)
// prints every record the WHERE matches, e.g. WHERE=sector=3. The record is read through the record
// engine's select plan as the caller: `{Module}.select` and the entity scope apply as they do to
// Record.select, and a record out of scope is answered like a missing one (E_NOTFOUND).
import type { ActionContext } from '../runtime/context.js';
import { errors } from '../errors/catalogue.js';
import { accessModule } from '../records/module-access.js';
import { planSelect, type SelectPlan } from '../records/select-query.js';
import { toCell } from '../records/value-codec.js';
import type { BrowserPool, PrintOptions, Printed } from './browser-pool.js';
import { displayText } from './display.js';
import { providerOf, type ReportDef } from './report-definition.js';
import type { ReportStore } from './report-store.js';
import type { Condition } from './where-param.js';
import { renderTemplate } from './template.js';
import { parseWhereParam } from './where-param.js';
import { sqlDateTime } from '../db/clock.js';

/** Prints HTML: the engine's BrowserPool.printed. */
export type PrintHtml = (html: string, options: PrintOptions) => Promise<Printed>;

export interface PrintedReport {
  pdf: Uint8Array;
  /** A picture of the page, when asked for (the designer's preview). */
  png?: Uint8Array;
  /** `{report}-{id}.pdf`. */
  filename: string;
}

/** One text parameter of the query: a repeated one is a malformed request. */
function param(query: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = query[name];
    if (v === undefined) continue;
    if (typeof v !== 'string') throw errors.badRequest(`${name} must be given once`);
    return v;
  }
  return undefined;
}

/**
 * The invocation as the originals sent it: `action=report.print`, `report={name}`, `format=pdf`
 * may be given (and must then say that); `WHERE` (or `where`) is required. Other parameters
 * (cache busters, the client's re/sector) are ignored.
 */
function readInvocation(name: string, query: Record<string, unknown>): string {
  const action = param(query, 'action');
  if (action !== undefined && action !== 'report.print') throw errors.badRequest('action must be report.print');
  const report = param(query, 'report', 'reportname');
  if (report !== undefined && report !== name) throw errors.badRequest(`report must be ${name}, as in the path`);
  const format = param(query, 'format');
  if (format !== undefined && format.toLowerCase() !== 'pdf') throw errors.badRequest('format must be pdf');
  const where = param(query, 'WHERE', 'where');
  if (!where?.trim()) throw errors.badRequest('WHERE is required, e.g. WHERE=id=12');
  return where;
}

function printValues(report: ReportDef, ctx: ActionContext): Record<string, string> {
  const now = sqlDateTime();
  return { $title: report.title, $printedAt: displayText(now, 'datetime'), $printedBy: ctx.caller?.name ?? '' };
}

export async function printReport(ctx: ActionContext, reports: ReportStore, pool: BrowserPool, name: string, query: Record<string, unknown>): Promise<PrintedReport> {
  const report = await reports.get(ctx.db, name);
  if (!report) throw errors.notFound(`Report ${name}`);
  const conditions = parseWhereParam(readInvocation(name, query));
  return printRecord(ctx, report, (html, options) => pool.printed(html, options), conditions, query);
}

/**
 * Prints the first record `conditions` match with `report`, read as the caller (the report path
 * of /out and the designer's preview alike).
 */
export async function printRecord(ctx: ActionContext, report: ReportDef, print: PrintHtml, conditions: Condition[], query: Record<string, unknown>, image = false): Promise<PrintedReport> {
  if (report.repeats) return printList(ctx, report, print, conditions, image);
  const { module, scopeRe } = accessModule(ctx, report.module, 'select');
  const fields = report.fields.includes(module.idField) ? report.fields : [module.idField, ...report.fields];
  const plan = planSelect(ctx.db, module, scopeRe, { fields, where: conditions, limit: 1, offset: 0 });
  const [row] = (await plan.rows()) as Record<string, unknown>[];
  if (!row) throw errors.notFound(`${report.title} record`);
  const values = printValues(report, ctx);
  Object.assign(values, shown(plan.fields, row));
  const provider = report.values ? providerOf(ctx.services.modules, report.values) : undefined;
  if (provider) Object.assign(values, await provider.compute(ctx, row, query));
  const printed = await print(renderTemplate(report.template, values), { paper: report.paper, landscape: report.landscape, image });
  return { ...printed, filename: `${report.name}-${values[module.idField]}.pdf` };
}

/** A row's fields as a report shows them (dates DD/MM/YYYY, lookups by their display columns). */
function shown(fields: SelectPlan['fields'], row: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) values[f.name] = displayText(toCell(row[f.name], f.type, f.def.scale), f.type);
  return values;
}

/**
 * A list report (a template with `{{#rows}} … {{/rows}}`): every record `conditions` match, read
 * as the caller through the record engine's select plan (the module permission, entity scope and
 * row rules of Record.select), in the report's order (default the module's list order), at most
 * `maxRows` of them; more is refused, not cut short, so a printed list is never silently
 * incomplete. None prints the page with the section's `{{^rows}}` text. Fields outside the
 * section show the first record's.
 */
async function printList(ctx: ActionContext, report: ReportDef, print: PrintHtml, conditions: Condition[], image: boolean): Promise<PrintedReport> {
  const { module, scopeRe } = accessModule(ctx, report.module, 'select');
  const fields = report.fields.includes(module.idField) ? report.fields : [module.idField, ...report.fields];
  const plan = planSelect(ctx.db, module, scopeRe, { fields, where: conditions, order: report.order, limit: report.maxRows + 1, offset: 0 });
  const found = (await plan.rows()) as Record<string, unknown>[];
  if (found.length > report.maxRows) {
    throw errors.badRequest(`${report.title}: more than ${report.maxRows} records match this WHERE, and the report prints at most ${report.maxRows} at once; add a condition to the WHERE (… AND field = value) and print the parts one by one`);
  }
  const rows = found.map((row) => shown(plan.fields, row));
  const values = { ...printValues(report, ctx), ...(rows[0] ?? {}), $count: String(rows.length) };
  const printed = await print(renderTemplate(report.template, values, rows), { paper: report.paper, landscape: report.landscape, image });
  return { ...printed, filename: `${report.name}.pdf` };
}
