// The excelimport row as the job reads and moves it: Not Started (50) → In Progress (38) →
// Completed (71) or Failed (2), with the description saying what went wrong. Every write bumps
// the table's change version so lists and the polling view page see it.
import type { Knex } from 'knex';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import type { ModuleRegistry } from '../../../engine/metadata/module-registry.js';
import { recordAudit, recordStateChange } from '../../../engine/records/record-history.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Reads and moves the Excel import record that the submit action reached through the caller\'s ExcelImport rules, or that the job it queued works on',
);

export const IMPORT_STATE = { notStarted: 50, inProgress: 38, completed: 71, failed: 2 } as const;
export const IMPORT_TABLE = 'excelimport';
/** The description column is text; a report longer than this is cut with a note. */
export const MAX_DESCRIPTION = 60_000;

export interface ImportRow {
  id: number;
  state: number;
  reportingentity: number | null;
  form: number | null;
  name: string;
  importtype: number | null;
  /** "Replace the whole form": clear every input cell a workbook leaves empty. */
  replaceall: boolean;
}

export async function readImport(db: Knex, id: number): Promise<ImportRow | undefined> {
  const row = await db(IMPORT_TABLE).where({ id }).first('id', 'state', 'reportingentity', 'form', 'name', 'importtype', 'replaceall');
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return row ? { id: Number(row.id), state: Number(row.state), reportingentity: n(row.reportingentity), form: n(row.form), name: String(row.name), importtype: n(row.importtype), replaceall: row.replaceall === true || Number(row.replaceall) === 1 } : undefined;
}

/** A report too long for the column keeps its whole first lines and says how many it leaves out. */
export function fitDescription(description: string): string {
  if (description.length <= MAX_DESCRIPTION) return description;
  const kept = description.slice(0, description.lastIndexOf('\n', MAX_DESCRIPTION) + 1 || MAX_DESCRIPTION);
  const left = description.slice(kept.length).split('\n').length;
  return `${kept}… and ${left} more lines (the marked copies of the workbooks with problems comment each bad cell).`;
}

/** Moves the import; with the modules, its state history and audit too (docs/audit-log.md). */
export async function moveImport(db: Knex, id: number, values: { state: number; description?: string | null; job?: number }, by: number | null, modules?: ModuleRegistry): Promise<void> {
  const description = values.description ? fitDescription(values.description) : values.description;
  const set: Record<string, unknown> = { ...values, ...(description !== undefined ? { description } : {}) };
  await db.transaction(async (trx) => {
    const before = await trx(IMPORT_TABLE).where({ id }).first('state', 'description', 'job', 'updatectr');
    if (!before) return;
    await trx(IMPORT_TABLE)
      .where({ id })
      .update({ ...set, updatectr: trx.raw('?? + 1', ['updatectr']), updateon: sqlDateTime(), updateby: by });
    if (!modules) return void (await bumpVersions(trx, [IMPORT_TABLE]));
    const module = modules.get('ExcelImport')!;
    if (Number(before.state) !== values.state) await recordStateChange(trx, module, id, before.state === null ? null : Number(before.state), values.state, by, null);
    await recordAudit(trx, module, id, Number(before.updatectr) + 1, 'update', Object.keys(set), by, { before, after: { ...before, ...set } });
  });
}
