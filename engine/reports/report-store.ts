// The reports a deployment prints are WebReport records (table webreport), edited at run time in
// the report designer: a print reads the definition by name, so a saved template prints on the
// next call, on every engine process, with no restart. A definition is compiled (checked,
// sanitised, parsed) once per stored version and kept by id and updatectr.
import type { Knex } from 'knex';
import { AppError } from '../errors/catalogue.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { compileReport, reportRecordOf, type ReportDef } from './report-definition.js';
import type { PrintHtml } from './print-report.js';

export const REPORT_TABLE = 'webreport';
const KEPT = 200;

export class ReportStore {
  private readonly compiled = new Map<string, ReportDef>();

  constructor(private readonly modules: ModuleRegistry) {}

  /** The report of that exact name, ready to print; undefined when there is none. */
  async get(db: Knex | Knex.Transaction, name: string): Promise<ReportDef | undefined> {
    const row = await db(REPORT_TABLE).where({ name }).first('id', 'name', 'module', 'title', 'template', 'properties', 'updatectr');
    // MySQL compares names without case: /out/re.pdf is not RE's.
    if (!row || row.name !== name) return undefined;
    const key = `${row.id}:${row.updatectr}`;
    const kept = this.compiled.get(key);
    if (kept) return kept;
    let def: ReportDef;
    try {
      def = compileReport(this.modules, reportRecordOf(row));
    } catch (e) {
      // Only a row written past Record.* (by hand) can get here.
      throw new AppError('E_FAIL', `Report ${name} cannot be printed: ${(e as Error).message.replace(/^report [^:]+: /, '')}`);
    }
    if (this.compiled.size >= KEPT) this.compiled.clear();
    this.compiled.set(key, def);
    return def;
  }
}

/** The report store of each engine's services (set by the output routes), for actions that print. */
const stores = new WeakMap<object, { store: ReportStore; print: PrintHtml }>();

export function setReportPrinting(services: object, store: ReportStore, print: PrintHtml): void {
  stores.set(services, { store, print });
}

export function reportPrinting(services: object) {
  const found = stores.get(services);
  if (!found) throw new AppError('E_FAIL', 'PDF reports are not available in this process');
  return found;
}
