// The excelimport row as the job reads and moves it: Not Started (50) → In Progress (38) →
// Completed (71) or Failed (2), with the description saying what went wrong. Every write bumps
// the table's change version so lists and the polling view page see it.
import type { Knex } from 'knex';
import { bumpVersions } from '../../db/change-versions.js';
import { sqlDateTime } from '../../db/clock.js';

export const IMPORT_STATE = { notStarted: 50, inProgress: 38, completed: 71, failed: 2 } as const;
export const IMPORT_TABLE = 'excelimport';
/** The description column is text; a report longer than this is cut with a note. */
export const MAX_DESCRIPTION = 60_000;

export interface ImportRow {
  id: number;
  state: number;
  reportingentity: number;
  form: number | null;
  name: string;
}

export async function readImport(db: Knex, id: number): Promise<ImportRow | undefined> {
  const row = await db(IMPORT_TABLE).where({ id }).first('id', 'state', 'reportingentity', 'form', 'name');
  return row ? { id: Number(row.id), state: Number(row.state), reportingentity: Number(row.reportingentity), form: row.form === null ? null : Number(row.form), name: String(row.name) } : undefined;
}

/** A report too long for the column keeps its whole first lines and says how many it leaves out. */
export function fitDescription(description: string): string {
  if (description.length <= MAX_DESCRIPTION) return description;
  const kept = description.slice(0, description.lastIndexOf('\n', MAX_DESCRIPTION) + 1 || MAX_DESCRIPTION);
  const left = description.slice(kept.length).split('\n').length;
  return `${kept}… and ${left} more lines (the marked copy of the first workbook with problems comments each of its bad cells).`;
}

export async function moveImport(db: Knex, id: number, values: { state: number; description?: string | null; job?: number }, by: number | null): Promise<void> {
  const description = values.description ? fitDescription(values.description) : values.description;
  await db.transaction(async (trx) => {
    await trx(IMPORT_TABLE)
      .where({ id })
      .update({ ...values, ...(description !== undefined ? { description } : {}), updatectr: trx.raw('?? + 1', ['updatectr']), updateon: sqlDateTime(), updateby: by });
    await bumpVersions(trx, [IMPORT_TABLE]);
  });
}
