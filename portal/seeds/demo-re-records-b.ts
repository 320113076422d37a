// Demo rows of the entity record types B (docs/re-records.md "Record types B") for a few demo
// entities: the bank (1) has outsourcing contracts (one ended), a BCAF in progress and one
// submitted, a fund and its manager; the insurer (6) an insurer fund and manager and its
// insurance lines; the money broker (21), fintech (16) and trust company (26) one row each.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { listEntry } from './re-records-b-lists.js';

export async function seedDemoRecordsB(db: Knex, createon: string): Promise<Record<string, number>> {
  const base = { createon, updateon: createon, updatectr: 1 };
  const n: Record<string, number> = {};
  const add = async (table: string, rows: Record<string, unknown>[]) => {
    n[table] = (n[table] ?? 0) + (await insertRows(db, table, rows.map((r) => ({ ...base, ...r }))));
  };
  await add('re_fundmanager', [
    { id: 1, re: 1, fundkind: 1, name: 'Harbourline Asset Management Ltd', licenceno: 'FM-0192', country: 'Malaysia', startdate: '2021-01-04', state: 33 },
    { id: 2, re: 6, fundkind: 2, name: 'Bluewater Investment Advisers Ltd', licenceno: 'FM-0417', country: 'Singapore', startdate: '2020-07-01', state: 33 },
  ]);
  await add('re_fund', [
    { id: 1, re: 1, fundkind: 1, name: 'Harbourline Income Fund', fundtype: listEntry(3301, 2), fundmanager: 1, currency: 'USD', fundsize: '12500000.00', datelaunch: '2021-03-01', state: 76 },
    { id: 2, re: 1, fundkind: 1, name: 'Harbourline Growth Fund', fundtype: listEntry(3301, 1), fundmanager: 1, currency: 'USD', fundsize: '4800000.00', datelaunch: '2019-05-02', datedelist: '2024-06-30', state: 77 },
    { id: 3, re: 6, fundkind: 2, name: 'Bluewater Investment-Linked Fund', fundtype: listEntry(3301, 6), fundmanager: 2, currency: 'USD', fundsize: '30200000.00', datelaunch: '2020-09-01', state: 76 },
  ]);
  await add('re_fundext', [{ id: 1, re: 1, fund: 1, startperiod: '2025-01-01', endperiod: '2025-12-31', reason: 'Reporting of the income fund extended for the restructuring year.', state: 4 }]);
  await add('re_outsource', [
    { id: 1, re: 1, serviceprovider: 'Cloudreach Data Centre Sdn Bhd', servicedesc: 'Hosting of the core banking system', outsourcetype: listEntry(3303, 3), location: 'Kuala Lumpur', material: 1, contractsd: '2023-01-01', contracted: '2099-12-31', state: 33 },
    { id: 2, re: 1, serviceprovider: 'Harbourline Group Services Ltd', servicedesc: 'Internal audit', outsourcetype: listEntry(3303, 1), location: 'Singapore', material: 0, contractsd: '2019-01-01', contracted: '2022-12-31', state: 4 },
  ]);
  await add('re_bcaf', [
    { id: 1, re: 1, start_date: '2024-01-01', end_date: '2024-12-31', risk_governance: 'Board risk committee meets quarterly.', assess_governance: 'Adequate', submitted_date: '2024-12-31', state: 56 },
    { id: 2, re: 1, start_date: '2025-01-01', end_date: '2099-12-31', risk_governance: 'Board risk committee meets quarterly.', state: 33 },
  ]);
  await add('re_insurance', [
    { id: 1, re: 6, productname: 'Marine cargo', classofbusiness: listEntry(3304, 2), approvaldate: '2018-02-01', premium: '2150000.00', startdate: '2018-03-01', state: 33 },
    { id: 2, re: 6, productname: 'Group term life', classofbusiness: listEntry(3304, 1), approvaldate: '2020-05-01', premium: '880000.00', startdate: '2020-06-01', state: 33 },
  ]);
  await add('re_moneybroker', [{ id: 1, re: 21, name: 'Anchor Money Brokers Ltd', licenceno: 'MB-0031', brokertype: listEntry(3302, 1), country: 'Malaysia', startdate: '2016-04-01', state: 33 }]);
  await add('re_fintech', [{ id: 1, re: 16, name: 'Ledgerly Wallet', category: listEntry(3308, 1), description: 'Stored-value wallet for merchants', sandbox: 1, startdate: '2022-08-01', state: 33 }]);
  await add('re_trustcompany', [{ id: 1, re: 26, trustname: 'Evergreen Family Trust', trusttype: listEntry(3309, 1), settlor: 'Tan Family Holdings', beneficiary: 'Tan family members', startdate: '2017-01-10', state: 33 }]);
  await add('re_dsh', [
    { id: 1, re: 26, name: 'Lee Mei Ling', dshrole: listEntry(3310, 3), nationality: 'Malaysian', shareholding: '40.0000', dateappointed: '2015-06-01', state: 33 },
    { id: 2, re: 26, name: 'Robert Hall', dshrole: listEntry(3310, 1), nationality: 'British', dateappointed: '2015-06-01', dateresign: '2023-03-31', state: 4 },
  ]);
  return n;
}
