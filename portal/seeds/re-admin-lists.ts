// The lists the regulator's admin actions on entities choose from (seed 001 §5.2, §9;
// docs/re-admin-actions.md): financial year end months, entries 284 to 295 for January to
// December, and the countries of origin, list group 90. Added to a database seeded by an earlier
// release too: only the rows it lacks are inserted.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

export const FYE_GROUP = 283;
export const COUNTRY_GROUP = 90;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** [id, month name]: 284 January … 295 December. */
export const FYE_MONTHS: [number, string][] = MONTHS.map((m, i) => [284 + i, m]);

/** [id, name]. Ids 90001 onwards, far from the fixed ids of the other lists. */
export const COUNTRIES: [number, string][] = [
  'Malaysia', 'Labuan', 'Singapore', 'Indonesia', 'Thailand', 'Brunei', 'Philippines', 'Viet Nam', 'China', 'Hong Kong',
  'Japan', 'Korea, Republic of', 'India', 'Australia', 'New Zealand', 'United Kingdom', 'Ireland', 'Germany', 'France', 'Switzerland',
  'Netherlands', 'Luxembourg', 'United States', 'Canada', 'United Arab Emirates', 'Saudi Arabia', 'Qatar', 'Bahrain', 'Kuwait', 'Mauritius',
].map((name, i) => [90001 + i, name]);

export async function seedReAdminLists(db: Knex, createon: string): Promise<Record<string, number>> {
  const groups = [
    { id: FYE_GROUP, name: 'Financial Year End Month' },
    { id: COUNTRY_GROUP, name: 'Country' },
  ];
  const entries = [
    ...FYE_MONTHS.map(([id, name], i) => ({ id, name, value0: String(i + 1), listgroup: FYE_GROUP, displayorder: i + 1 })),
    ...COUNTRIES.map(([id, name], i) => ({ id, name, value0: null, listgroup: COUNTRY_GROUP, displayorder: i + 1 })),
  ];
  const haveGroups = new Set((await db('listgroup').whereIn('id', groups.map((g) => g.id)).pluck('id')).map(Number));
  const haveEntries = new Set((await db('list').whereIn('id', entries.map((e) => e.id)).pluck('id')).map(Number));
  const listgroup = await insertRows(db, 'listgroup', groups.filter((g) => !haveGroups.has(g.id)).map((g) => ({ ...g, state: 33, createon })));
  const list = await insertRows(db, 'list', entries.filter((e) => !haveEntries.has(e.id)).map((e) => ({ ...e, state: 33, createon })));
  return { ...(listgroup ? { listgroup } : {}), ...(list ? { list } : {}) };
}
