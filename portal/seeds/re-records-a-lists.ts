// The lists the entity record types of the first half choose from (seed 001 §3, §5.2, §9;
// docs/re-records.md, Record types A): office types, key officer types, board designations,
// committees, instrument, debenture / sukuk, trading profile and platform types. The ids the seeds
// fix (1100726, 1035, 10083, 10084, 1038, 9973, 9974, 1379, 1015, 1016, 9975, 9976) keep them;
// the others are the group then a number. Board positions are the positions of group 295 (312
// Chairman). Added to a database seeded by an earlier release too: only missing rows are inserted.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

export const RECORDS_A_GROUPS = {
  officeType: 300,
  keyOfficerType: 301,
  boardDesignation: 302,
  committee: 303,
  instrumentType: 304,
  debentureSukuk: 305,
  tradingProfile: 306,
  platformType: 307,
} as const;

const G = RECORDS_A_GROUPS;

/** [group, group name, entries [id, name]]. */
export const RECORDS_A_LISTS: [number, string, [number, string][]][] = [
  [G.officeType, 'Office type', [[300001, 'Head Office'], [300002, 'Branch Office'], [300003, 'Regional Office'], [300004, 'Representative Office'], [1100726, 'Registered Office']]],
  [G.keyOfficerType, 'Key officer type', [
    [301001, 'Chief Executive Officer'], [301002, 'Chief Financial Officer'], [301003, 'Chief Risk Officer'], [301004, 'Head of Internal Audit'],
    [1035, 'Other Senior Management'], [10083, 'Head of Department'], [10084, 'Other Key Officer'],
    [1038, 'Compliance Officer'], [9973, 'Designated Compliance Officer'], [9974, 'Money Laundering Reporting Officer'],
  ]],
  [G.boardDesignation, 'Board designation', [[302001, 'Executive Director'], [1379, 'Non-Executive Director'], [302002, 'Independent Non-Executive Director'], [302003, 'Alternate Director']]],
  [G.committee, 'Board committee', [[303001, 'Audit Committee'], [303002, 'Risk Management Committee'], [303003, 'Nomination Committee'], [303004, 'Remuneration Committee'], [303005, 'Shariah Committee'], [303006, 'Other Committee']]],
  [G.instrumentType, 'Instrument type', [[304001, 'Ordinary Shares'], [304002, 'Preference Shares'], [304003, 'Bonds'], [304004, 'Warrants'], [304005, 'Structured Products'], [304006, 'Other']]],
  [G.debentureSukuk, 'Debenture / sukuk type', [[1015, 'Debenture'], [1016, 'Sukuk'], [9975, 'Perpetual Debenture'], [9976, 'Perpetual Sukuk']]],
  [G.tradingProfile, 'Type of trading profile', [[306001, 'Proprietary Trading'], [306002, 'Agency / Client Trading'], [306003, 'Market Making'], [306004, 'Underwriting'], [306005, 'Investment Holding']]],
  [G.platformType, 'Trading platform type', [[307001, 'Stock Exchange'], [307002, 'Electronic Trading Platform'], [307003, 'Over-the-Counter'], [307004, 'Alternative Trading System']]],
];

export async function seedRecordsALists(db: Knex, createon: string): Promise<Record<string, number>> {
  const groups = RECORDS_A_LISTS.map(([id, name]) => ({ id, name }));
  const entries = RECORDS_A_LISTS.flatMap(([listgroup, , rows]) => rows.map(([id, name], i) => ({ id, name, value0: null, listgroup, displayorder: i + 1 })));
  const haveGroups = new Set((await db('listgroup').whereIn('id', groups.map((g) => g.id)).pluck('id')).map(Number));
  const haveEntries = new Set((await db('list').whereIn('id', entries.map((e) => e.id)).pluck('id')).map(Number));
  const listgroup = await insertRows(db, 'listgroup', groups.filter((g) => !haveGroups.has(g.id)).map((g) => ({ ...g, state: 33, createon })));
  const list = await insertRows(db, 'list', entries.filter((e) => !haveEntries.has(e.id)).map((e) => ({ ...e, state: 33, createon })));
  return { ...(listgroup ? { listgroup } : {}), ...(list ? { list } : {}) };
}
