// Extract tables (seed 001 §3; docs/filing-periods.md): when a form is accepted, each tab's
// values go to the tab's `ST_…` table, one row per form × line number, created from the
// extract definition of the form's template version if missing. Identifiers come only from the
// naming rule (extractTableName) and cell codes, both checked against a strict pattern here
// before they reach the schema builder; values are always bound. A re-accepted form replaces
// its rows, so the table holds what was accepted last.
import type { Knex } from 'knex';
import { AppError } from '../../engine/errors/catalogue.js';
import type { Dialect } from '../../engine/db/connect.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { LINE_NUMBER_COLUMN, type ExtractColumn, type ExtractDefinition } from './extract-definition.js';
import { templateVersion } from './template-versions.js';
import { computeForm, type ComputedForm } from './computed-form.js';
import { removeAcceptedValues } from './accepted-values.js';
import { decimalDigits, extractParts, partTable, type ExtractPart } from './extract-parts.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Writing an accepted form\'s extract rows runs inside the accept, after the form was reached and moved through the record engine',
);

type Db = Knex | Knex.Transaction;

/** The columns every extract table has before the cells': whose row it is and what it was filed on. */
export const KEY_COLUMNS = { form: 'FORM_ID', re: 'RE_ID', batch: 'FORMBATCH_ID', periodEnd: 'PERIOD_END', version: 'TEMPLATE_VERSION', acceptedOn: 'ACCEPTED_ON' } as const;

const TABLE = /^ST_[A-Za-z0-9_]{1,29}$/;
const COLUMN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const KEY_NAMES = new Set<string>([...Object.values(KEY_COLUMNS), LINE_NUMBER_COLUMN]);

export interface ExtractDatabases {
  /** The write's transaction: rows go here. */
  db: Db;
  /**
   * The engine's own handle, for DDL on MySQL, where CREATE/ALTER TABLE would commit the
   * transaction it ran in; SQLite's DDL is transactional and runs in `db`.
   */
  root: Knex;
  dialect: Dialect;
}

function checkedTable(name: string): string {
  if (!TABLE.test(name)) throw new AppError('E_FAIL', `Extract table name ${JSON.stringify(name)} breaks the naming rule`);
  return name;
}

/** The definition's cell columns (LINENUMBER is one of the key columns), each name checked. */
function cellColumns(def: ExtractDefinition): ExtractColumn[] {
  return def.columns.filter((c) => {
    if (c.name === LINE_NUMBER_COLUMN) return false;
    if (!COLUMN.test(c.name) || KEY_NAMES.has(c.name.toUpperCase())) throw new AppError('E_FAIL', `Extract column ${JSON.stringify(c.name)} breaks the naming rule`);
    return true;
  });
}

function addColumn(t: Knex.CreateTableBuilder, c: ExtractColumn): void {
  if (c.type === 'numeric') {
    const { precision, scale } = decimalDigits(c);
    t.decimal(c.name, precision, scale).nullable();
  } else if (c.type === 'date') t.date(c.name).nullable();
  else if (c.type === 'time') t.string(c.name, 8).nullable();
  else t.text(c.name).nullable();
}

/** The cell columns of each existing part of a tab's table (stops at the first part missing). */
async function existingParts(ddl: Db, table: string): Promise<string[][]> {
  const parts: string[][] = [];
  for (let k = 1; await ddl.schema.hasTable(checkedTable(partTable(table, k))); k++) {
    parts.push(Object.keys(await ddl(partTable(table, k)).columnInfo()).filter((n) => !KEY_NAMES.has(n.toUpperCase())));
  }
  return parts;
}

/** A tab's extract part as it stands after ensureExtractTable: `created` when this call made it. */
export interface ReadyPart extends ExtractPart {
  made: 'created' | 'altered' | 'exists';
}

/**
 * Creates the tables (parts, extract-parts.ts) of a definition if missing, and adds the columns a
 * later template version brought (columns a version dropped stay, empty for its forms). A column
 * keeps the type it was created with and the part it was put in.
 */
export async function ensureExtractTable(dbs: ExtractDatabases, def: ExtractDefinition): Promise<ReadyPart[]> {
  const ddl = dbs.dialect === 'mysql' ? dbs.root : dbs.db;
  const name = checkedTable(def.table);
  const parts = extractParts(name, cellColumns(def), await existingParts(ddl, name));
  const ready: ReadyPart[] = [];
  for (const part of parts) {
    const table = checkedTable(part.table);
    if (!part.exists) {
      await ddl.schema.createTable(table, (t) => {
        t.integer(KEY_COLUMNS.form).notNullable();
        t.integer(LINE_NUMBER_COLUMN).notNullable();
        t.integer(KEY_COLUMNS.re).notNullable();
        t.integer(KEY_COLUMNS.batch).nullable();
        t.date(KEY_COLUMNS.periodEnd).nullable();
        t.integer(KEY_COLUMNS.version).nullable();
        t.datetime(KEY_COLUMNS.acceptedOn).nullable();
        for (const c of part.columns) addColumn(t, c);
        t.primary([KEY_COLUMNS.form, LINE_NUMBER_COLUMN]);
        t.index([KEY_COLUMNS.re, KEY_COLUMNS.periodEnd]);
      });
      ready.push({ ...part, made: 'created' });
    } else if (part.added.length) {
      await ddl.schema.alterTable(table, (t) => part.added.forEach((c) => addColumn(t, c)));
      ready.push({ ...part, made: 'altered' });
    } else ready.push({ ...part, made: 'exists' });
  }
  return ready;
}

/**
 * Creates the extract tables of a template version ahead of any acceptance (forms are being
 * created on it). On MySQL a transaction cannot delete from a table created after it began
 * (ER_TABLE_DEF_CHANGED), so tables made before the accepting transaction keep it simple.
 */
export async function prepareExtractTables(dbs: ExtractDatabases, template: number, version: number): Promise<void> {
  for (const def of await definitionsOf(dbs.db, template, version)) await ensureExtractTable(dbs, def);
}

/** The extract definitions of a template version (its `etlproperties`). */
async function definitionsOf(db: Db, template: number, version: number): Promise<ExtractDefinition[]> {
  const found = await templateVersion(db, template, version);
  if (!found?.etlproperties) return [];
  return JSON.parse(found.etlproperties) as ExtractDefinition[];
}

/** The value as its column takes it: numbers only as plain decimals (a formula's error is empty). */
function columnValue(c: ExtractColumn, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (c.type === 'numeric') return NUMBER.test(value) ? value : null;
  return value;
}

/**
 * Writes an accepted form's values (inputs as stored in formcell, formulas computed over them)
 * to the extract tables of its template version, replacing any rows it had there. `computed`:
 * the form's values when the caller has them (computed-form.ts).
 */
export async function writeFormExtract(dbs: ExtractDatabases, formId: number, licenseKey?: string, computed?: ComputedForm | null): Promise<{ tables: string[]; rows: number }> {
  const now = computed === undefined ? await computeForm(dbs, formId, licenseKey) : computed;
  if (!now) return { tables: [], rows: 0 };
  const { form, endon, filed, content, values: cells } = now;
  const defs = await definitionsOf(dbs.db, Number(form.formtemplate), Number(form.templateversion));
  if (!defs.length) return { tables: [], rows: 0 };
  const acceptedOn = sqlDateTime();
  let written = 0;
  const tables: string[] = [];
  for (const def of defs) {
    const parts = await ensureExtractTable(dbs, def);
    const columns = new Map(cellColumns(def).map((c) => [c.name, c]));
    // Line numbers: the data row on add-new-rows tabs, 1 for every other cell.
    const repeating = new Set(def.rows.filter((r) => r.linenumber).flatMap((r) => r.entries.map((e) => e.code).filter(Boolean)));
    const lines = new Map<number, Record<string, unknown>>();
    for (const cell of cells) {
      if (cell.tab !== def.tab) continue;
      const column = columns.get(cell.code);
      if (!column) continue;
      const at = repeating.has(cell.code) ? filed.layout.locate(cell.tab, cell.address, content.rows) : null;
      const line = at ? at.row + 1 : 1;
      let row = lines.get(line);
      if (!row) lines.set(line, (row = {}));
      row[column.name] = columnValue(column, cell.value);
    }
    const keys = (line: number): Record<string, unknown> => ({ [KEY_COLUMNS.form]: formId, [LINE_NUMBER_COLUMN]: line, [KEY_COLUMNS.re]: form.re, [KEY_COLUMNS.batch]: form.formbatch, [KEY_COLUMNS.periodEnd]: endon, [KEY_COLUMNS.version]: form.templateversion, [KEY_COLUMNS.acceptedOn]: acceptedOn });
    // Every part holds every line of the form: the parts join on FORM_ID and LINENUMBER.
    for (const part of parts) {
      const table = checkedTable(part.table);
      const rows = [...lines.entries()].map(([line, values]) => {
        const row = keys(line);
        for (const c of part.columns) if (c.name in values) row[c.name] = values[c.name];
        return row;
      });
      // Bound variables stay far below SQLite's limit however wide the part is.
      const chunk = Math.max(1, Math.floor(20_000 / (part.columns.length + 7)));
      try {
        // A table made in this call holds nothing yet (and MySQL refuses a delete there in an older transaction).
        if (part.made !== 'created') await dbs.db(table).where(KEY_COLUMNS.form, formId).delete();
        for (let i = 0; i < rows.length; i += chunk) await dbs.db(table).insert(rows.slice(i, i + chunk));
      } catch (e) {
        // MySQL: columns added by this call to a table this transaction already knew. The table is
        // ready now, so the same move succeeds when made again.
        if ((e as { errno?: number }).errno === 1412) throw new AppError('E_CONCURRENT', 'The extract tables of this form were just extended: please make the change again.');
        throw e;
      }
      written += rows.length;
      tables.push(table);
    }
  }
  return { tables, rows: written };
}

/** Removes a form's rows from the extract tables of its template version and its accepted values (the form is being deleted). */
export async function removeFormExtract(dbs: ExtractDatabases, form: { id: number; formtemplate: number | null; templateversion: number | null }): Promise<void> {
  await removeAcceptedValues(dbs.db, form.id);
  if (form.formtemplate === null || form.templateversion === null) return;
  for (const def of await definitionsOf(dbs.db, form.formtemplate, form.templateversion)) {
    for (let k = 1; await dbs.db.schema.hasTable(checkedTable(partTable(def.table, k))); k++) await dbs.db(partTable(def.table, k)).where(KEY_COLUMNS.form, form.id).delete();
  }
}

/** The databases of an action's call: its transaction for rows, the engine's handle for MySQL's DDL. */
export function extractDatabases(ctx: { db: Db; services: { db: Knex; dialect: Dialect } }): ExtractDatabases {
  return { db: ctx.db, root: ctx.services.db, dialect: ctx.services.dialect };
}
