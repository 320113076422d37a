// The list groups of the entity record types B (docs/re-records.md "Record types B"): the
// choices of their dropdowns, reference data seeded with every database. Groups 3301-3311,
// entries numbered group × 100 + n.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

export const RECORDS_B_LIST_GROUPS: [number, string, string[]][] = [
  [3301, 'Fund type', ['Equity fund', 'Fixed income fund', 'Money market fund', 'Mixed asset fund', 'Islamic fund', 'Investment-linked fund', 'Other']],
  [3302, 'Money broker type', ['Money broking', 'Foreign exchange broking', 'Interdealer broking', 'Other']],
  [3303, 'Outsourcing arrangement type', ['Intragroup', 'Third party', 'Cloud service']],
  [3304, 'Class of insurance business', ['Life', 'General', 'Family takaful', 'General takaful', 'Reinsurance', 'Retakaful', 'Captive']],
  [3305, 'Leased asset type', ['Aircraft', 'Vessel', 'Equipment', 'Property', 'Vehicle', 'Other']],
  [3306, 'Lease type', ['Finance lease', 'Operating lease', 'Ijarah']],
  [3307, 'Traded commodity', ['Petroleum', 'Petrochemicals', 'Metals', 'Agricultural', 'Other']],
  [3308, 'Fintech category', ['Payments', 'Digital banking', 'Insurtech', 'Regtech', 'Digital assets', 'Lending platform', 'Other']],
  [3309, 'Trust type', ['Private trust', 'Charitable trust', 'Purpose trust', 'Special trust']],
  [3310, 'Director / shareholder role', ['Director', 'Shareholder', 'Director and shareholder']],
  [3311, 'Protected cell business', ['Insurance', 'Fund', 'Other']],
];

/** The entry id of the n-th (1-based) choice of a group. */
export const listEntry = (group: number, n: number) => group * 100 + n;

export async function seedRecordsBLists(db: Knex, createon: string): Promise<Record<string, number>> {
  const groups = RECORDS_B_LIST_GROUPS.map(([id, name]) => ({ id, name, state: 33, createon }));
  const entries = RECORDS_B_LIST_GROUPS.flatMap(([group, , names]) =>
    names.map((name, i) => ({ id: listEntry(group, i + 1), name, listgroup: group, displayorder: i + 1, state: 33, createon })),
  );
  return { listgroup: await insertRows(db, 'listgroup', groups), list: await insertRows(db, 'list', entries) };
}
