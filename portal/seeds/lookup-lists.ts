// Lookup list groups the seeds name by id (seed 003 §3, §9; seed 001 §9; docs/roles.md): 720 the
// Excel import types (entries 1100855 and 1100856, the seeds' ids), 78 the routine reports'
// periods, 79 their schedules, 581 the titles of persons. The seeds give the groups' ids and
// purpose only; the entries' names, and ids other than the import types', are ours (group then a
// number). Added to a database seeded by an earlier release too: only the rows it lacks.
import type { Knex } from 'knex';
import { IMPORT_TYPE_LABELS, IMPORT_TYPES } from '../jobs/form-import/import-types.js';
import { insertRows } from './support.js';

export const LOOKUP_GROUPS = { importType: 720, period: 78, schedule: 79, title: 581 } as const;

/** [id, name, value0]: value0 is what a record stores (the import type's id, RoutineRpt.periodicity, Form.scheduletype). */
export const IMPORT_TYPE_ENTRIES: [number, string, string][] = [IMPORT_TYPES.main, IMPORT_TYPES.appendix].map((id) => [id, IMPORT_TYPE_LABELS[id], String(id)]);
export const PERIOD_ENTRIES: [number, string, string][] = [
  [78001, 'Monthly', 'monthly'],
  [78002, 'Quarterly', 'quarterly'],
  [78003, 'Semi-Annual', 'semiannual'],
  [78004, 'Annual', 'annual'],
];
export const SCHEDULE_ENTRIES: [number, string, string][] = [
  [79001, 'Periodic', 'Periodic'],
  [79002, 'Ad Hoc', 'Ad Hoc'],
];
export const TITLE_ENTRIES: [number, string, string | null][] = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Prof', 'Dato\'', 'Datin', 'Datuk', 'Tan Sri', 'Puan Sri', 'Tun', 'Toh Puan'].map((name, i) => [581001 + i, name, null]);

const GROUPS: [number, string, [number, string, string | null][]][] = [
  [LOOKUP_GROUPS.importType, 'Import type', IMPORT_TYPE_ENTRIES],
  [LOOKUP_GROUPS.period, 'Routine report period', PERIOD_ENTRIES],
  [LOOKUP_GROUPS.schedule, 'Routine report schedule', SCHEDULE_ENTRIES],
  [LOOKUP_GROUPS.title, 'Title', TITLE_ENTRIES],
];

export async function seedLookupLists(db: Knex, createon: string): Promise<Record<string, number>> {
  const groups = GROUPS.map(([id, name]) => ({ id, name }));
  const entries = GROUPS.flatMap(([listgroup, , rows]) => rows.map(([id, name, value0], i) => ({ id, name, value0, listgroup, displayorder: i + 1 })));
  const haveGroups = new Set((await db('listgroup').whereIn('id', groups.map((g) => g.id)).pluck('id')).map(Number));
  const haveEntries = new Set((await db('list').whereIn('id', entries.map((e) => e.id)).pluck('id')).map(Number));
  const listgroup = await insertRows(db, 'listgroup', groups.filter((g) => !haveGroups.has(g.id)).map((g) => ({ ...g, state: 33, createon })));
  const list = await insertRows(db, 'list', entries.filter((e) => !haveEntries.has(e.id)).map((e) => ({ ...e, state: 33, createon })));
  return { ...(listgroup ? { listgroup } : {}), ...(list ? { list } : {}) };
}
