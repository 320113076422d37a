// Demo rows of the entity record types, first half (docs/re-records.md, Record types A), for the
// first two demo entities (1, a bank, the demo RE user's; 2, the second entity's): offices'
// types and officers in charge, key officers, a board with its members, committees,
// instruments, a debenture and a sukuk, trading profiles and platforms. States and tenures are
// computed by the same rules the record engine runs on every write.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { autoState, RECORD_STATE, tenureOf } from '../re-records/records-a-rules.js';

const resigned = (d: string | null) => (d ? RECORD_STATE.inactive : RECORD_STATE.active);

export async function seedDemoRecordsA(db: Knex, createon: string): Promise<Record<string, number>> {
  const stamp = { createon, createby: 2 };
  const counts: Record<string, number> = {};
  const add = async (table: string, rows: Record<string, unknown>[]) => {
    counts[table] = await insertRows(db, table, rows.map((r) => ({ ...r, ...stamp })));
  };

  // The offices seeded with the PEOI demo (seeds/routine-reports-peoi.ts) get their type and officer.
  const offices = await db('re_office').whereIn('re', [1, 2]).orderBy('id').select('id', 'typeoffice');
  for (const o of offices) {
    const head = String(o.typeoffice) === 'Head Office';
    await db('re_office').where({ id: o.id }).update({ officetype: head ? 300001 : 300002, nameoffcharge: head ? 'Aminah binti Yusof' : 'Lim Wei Jie', telno: '+60 3 2100 0000', dateopened: '2015-01-05', state: autoState('2015-01-05', null) });
  }
  await add('re_office', [{ re: 1, typeoffice: 'Registered Office', officetype: 1100726, nameoffcharge: '-', address: 'Suite 5.01, Level 5, Wisma Secretarial, Jalan Ampang', city: 'Kuala Lumpur', postcode: '50450', statename: 'Wilayah Persekutuan', country: 'Malaysia', dateopened: '2015-01-05', state: autoState('2015-01-05', null) }]);

  const officers: [number, string, number, string | null, string | null, string, string | null][] = [
    [1, 'Tan Sri Ahmad Kamal', 301001, null, null, '2018-03-01', null],
    [1, 'Nurul Huda Rahman', 1038, null, 'Certified Compliance Officer (CCO) programme, 2021', '2019-07-15', null],
    [1, 'Rajesh Kumar', 1035, 'Head of Treasury', null, '2016-02-01', '2023-06-30'],
    [2, 'Chong Mei Ling', 301002, null, null, '2020-01-02', null],
    [2, 'Farid Ismail', 9974, null, 'AML/CFT Compliance Certification, 2022', '2021-05-10', null],
  ];
  await add('re_keyofficer', officers.map(([re, name, keyofficeer, designation, courseattended, dateappointed, dateresign]) => ({ re, name, keyofficeer, designation, courseattended, dateappointed, dateresign, nationality: 'Malaysian', state: resigned(dateresign) })));

  await add('re_boardcomp', [
    { re: 1, name: 'Board of Directors', asatdate: '2024-12-31', totaldirectors: 3, executive: 1, nonexecutive: 2, independent: 1, female: 1, effectivefrom: '2024-01-01', effectiveto: null, state: autoState('2024-01-01', null) },
    { re: 2, name: 'Board of Directors', asatdate: '2024-12-31', totaldirectors: 2, executive: 1, nonexecutive: 1, independent: 0, female: 0, effectivefrom: '2023-01-01', effectiveto: null, state: autoState('2023-01-01', null) },
  ]);
  const boards = new Map((await db('re_boardcomp').whereIn('re', [1, 2]).select('id', 're')).map((b) => [Number(b.re), Number(b.id)]));
  const members: [number, string, number, number, string, string | null][] = [
    [1, 'Dato\' Seri Lim Boon Huat', 302002, 312, '2019-01-01', null],
    [1, 'Tan Sri Ahmad Kamal', 302001, 305, '2018-03-01', null],
    [1, 'Siti Aishah Omar', 1379, 305, '2020-04-01', null],
    [2, 'Kenji Watanabe', 302001, 312, '2021-01-04', null],
    [2, 'Priya Nair', 1379, 305, '2021-01-04', '2024-03-31'],
  ];
  await add('re_boardmember', members.map(([re, name, designation, boardposition, dateappointed, dateresign]) => ({ re, boardcomposition: boards.get(re) ?? null, name, designation, boardposition, dateappointed, dateresign, state: resigned(dateresign) })));

  await add('re_boardcommittee', [
    { re: 1, committeetype: 303001, name: 'Board Audit Committee', chairperson: 'Siti Aishah Omar', noofmembers: 3, noofindependent: 2, meetingsperyear: 4, datestablished: '2015-06-01', datedissolved: null, state: autoState('2015-06-01', null) },
    { re: 1, committeetype: 303002, name: 'Board Risk Committee', chairperson: 'Dato\' Seri Lim Boon Huat', noofmembers: 3, noofindependent: 2, meetingsperyear: 4, datestablished: '2016-01-15', datedissolved: null, state: autoState('2016-01-15', null) },
    { re: 2, committeetype: 303006, name: 'Steering Committee', chairperson: 'Kenji Watanabe', noofmembers: 2, noofindependent: 0, meetingsperyear: 2, datestablished: '2021-02-01', datedissolved: '2023-12-31', state: autoState('2021-02-01', '2023-12-31') },
  ]);

  await add('re_instrument', [
    { re: 1, name: 'Harbourline 5.25% Senior Notes 2030', instrumenttype: 304003, code: 'XS2300000001', market: 'Labuan International Financial Exchange', currency: 'USD', nominalvalue: '100000000.00', issuedamount: '100000000.00', interestrate: '5.25', datelisting: '2020-06-15', datematurity: '2030-06-15', datedelist: null, state: RECORD_STATE.listed },
    { re: 1, name: 'Harbourline Ordinary Shares', instrumenttype: 304001, code: 'HBL', market: 'Labuan International Financial Exchange', currency: 'USD', nominalvalue: '1.00', issuedamount: '50000000.00', interestrate: null, datelisting: '2016-03-01', datematurity: null, datedelist: '2022-09-30', state: RECORD_STATE.delisted },
    { re: 2, name: 'Warrants 2021/2026', instrumenttype: 304004, code: 'XS2300000002', market: 'Labuan International Financial Exchange', currency: 'USD', nominalvalue: '0.50', issuedamount: '2000000.00', interestrate: null, datelisting: '2021-03-01', datematurity: '2026-03-01', datedelist: null, state: RECORD_STATE.listed },
  ]);

  const debts: [number, number, string, string, string | null, Record<string, unknown>][] = [
    [1, 1015, 'Harbourline Medium Term Notes 2022/2029', '2022-01-10', '2029-01-10', { couponrate: '4.75', securitytype: 'Unsecured', trustee: 'Pacific Trustees Berhad', rating: 'AA2' }],
    [1, 1016, 'Harbourline Sukuk Wakalah 2023/2028', '2023-05-02', '2028-08-17', { shariahprinciple: 'Wakalah bi al-Istithmar', shariahadviser: 'Amanie Advisors', trustee: 'Pacific Trustees Berhad', rating: 'AA3' }],
    [2, 9975, 'Perpetual Subordinated Debenture', '2021-09-01', null, { couponrate: '6.10', securitytype: 'Unsecured', trustee: 'Labuan Trust Services' }],
  ];
  await add('re_debsukuk', debts.map(([re, debenturesukuk, name, issuancedate, maturitydate, more]) => ({ re, debenturesukuk, name, issuancedate, maturitydate, currency: 'USD', nominalvalue: '50000000.00', tenure: maturitydate ? tenureOf(issuancedate, maturitydate) : null, state: autoState(issuancedate, maturitydate), ...more })));

  await add('re_tradingprofile', [
    { re: 1, profiletype: 306001, description: 'Treasury trading in foreign exchange and money market instruments for own account.', markets: 'FX, money market', products: 'Spot, forwards, swaps', effectivedate: '2016-01-01', state: autoState('2016-01-01', null) },
    { re: 2, profiletype: 306002, description: 'Execution of client orders in listed securities.', markets: 'Equities', products: 'Shares, warrants', effectivedate: '2021-01-04', state: autoState('2021-01-04', null) },
  ]);
  await add('re_tradingplatform', [
    { re: 1, platformname: 'Bloomberg FXGO', platformtype: 307002, operator: 'Bloomberg L.P.', country: 'United States', startdate: '2017-01-01', enddate: null, state: autoState('2017-01-01', null) },
    { re: 2, platformname: 'Labuan International Financial Exchange', platformtype: 307001, operator: 'LFX', country: 'Malaysia', startdate: '2021-01-04', enddate: '2023-12-31', state: autoState('2021-01-04', '2023-12-31') },
  ]);
  return counts;
}
