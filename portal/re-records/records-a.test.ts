// The entity record types of the first half on every dialect (seed 001 §3, §4.2, §5.2; seed 000
// §5; docs/re-records.md, Record types A): each field rule refused on the server for a
// hand-made Record.create / Record.update with its message, the date-driven states (void kept),
// the tenure, the rounding of rates, and the entity scope of the RE- variants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { sqlDate } from '../../engine/db/clock.js';
import { roundDecimal } from '../../engine/records/value-codec.js';
import { autoState, RECORD_MESSAGES as M, RECORD_STATE as S, tenureOf } from './records-a-rules.js';

const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));

describe('record types A: pure rules', () => {
  it('computes the tenure as whole years, months and days from issuance to maturity', () => {
    expect(tenureOf('2022-01-10', '2029-01-10')).toBe('7 years, 0 months, 0 days');
    expect(tenureOf('2023-05-02', '2028-08-17')).toBe('5 years, 3 months, 15 days');
    expect(tenureOf('2024-01-31', '2024-03-01')).toBe('0 years, 1 month, 1 day');
    expect(tenureOf('2023-12-20', '2025-02-05')).toBe('1 year, 1 month, 16 days');
    expect(tenureOf('2025-01-01', '2024-01-01')).toBeNull();
  });

  it('gives 4 to a record that starts in the future or has ended, else 33', () => {
    expect(autoState('2020-01-01', null, '2025-06-01')).toBe(S.active);
    expect(autoState('2026-01-01', null, '2025-06-01')).toBe(S.inactive);
    expect(autoState('2020-01-01', '2025-05-31', '2025-06-01')).toBe(S.inactive);
    expect(autoState('2020-01-01', '2025-06-01', '2025-06-01')).toBe(S.active);
  });

  it('rounds a decimal half away from zero by its digits', () => {
    expect(roundDecimal('3.14159', 2)).toBe('3.14');
    expect(roundDecimal('2.675', 2)).toBe('2.68');
    expect(roundDecimal('9.999', 2)).toBe('10.00');
    expect(roundDecimal('-1.005', 2)).toBe('-1.01');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
  });
});

describe.each(await testDialects())('record types A on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;
  let sector2: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
    sector2 = await t.sessionFor('re', 6);
    re2 = await t.sessionFor('re2', 2);
  });
  afterAll(async () => t?.close());

  const create = (cookie: string, module: string, values: Row, read: string[] = ['id', 'updatectr', 'state']) =>
    t.call('Record.create', [{ module, fields: Object.keys(values), values: Object.values(values), read }], cookie);
  const update = (cookie: string, module: string, row: Row, values: Row, read: string[] = ['id', 'updatectr', 'state']) =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...Object.keys(values)], values: [row.id, row.updatectr, ...Object.values(values)], read }], cookie);
  const refusal = (values: Awaited<ReturnType<TestEngine['call']>>, field: string, message: string) => {
    const f = failure(values);
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toMatchObject({ [field]: message });
  };

  describe('key officers', () => {
    const officer = (more: Row = {}) => ({ name: 'Test Officer', keyofficeer: 301001, dateappointed: '2020-01-01', ...more });

    it('requires a designation for key officer types 1035, 10084 and 10083, on create and on update', async () => {
      for (const type of [1035, 10084, 10083]) refusal(await create(re, 'RE-REKeyOfficer', officer({ keyofficeer: type })), 'designation', M.required);
      const made = readBack(await create(re, 'RE-REKeyOfficer', officer({ keyofficeer: 1035, designation: 'Head of Treasury' })));
      refusal(await update(re, 'RE-REKeyOfficer', made, { designation: '' }), 'designation', M.required);
      const plain = readBack(await create(re, 'RE-REKeyOfficer', officer()));
      refusal(await update(re, 'RE-REKeyOfficer', plain, { keyofficeer: 10084 }), 'designation', M.required);
      // The regulator's base module runs the same rule.
      refusal(await create(iru, 'REKeyOfficer', officer({ re: 1, keyofficeer: 10083 })), 'designation', M.required);
    });

    it('accepts a course attended only for key officer types 1038, 9973 and 9974', async () => {
      refusal(await create(re, 'RE-REKeyOfficer', officer({ courseattended: 'AML course' })), 'courseattended', M.course);
      for (const type of [1038, 9973, 9974]) readBack(await create(re, 'RE-REKeyOfficer', officer({ keyofficeer: type, courseattended: 'AML course' })));
      const compliance = readBack(await create(re, 'RE-REKeyOfficer', officer({ keyofficeer: 1038, courseattended: 'CCO programme' })));
      refusal(await update(re, 'RE-REKeyOfficer', compliance, { keyofficeer: 301002 }), 'courseattended', M.course);
    });

    it('makes an officer Inactive with a resignation date and Active without one, keeps a void officer void, and refuses a resignation after today', async () => {
      const made = readBack(await create(re, 'RE-REKeyOfficer', officer({ dateresign: day(-3) })));
      expect(made.state).toBe(S.inactive);
      const back = readBack(await update(re, 'RE-REKeyOfficer', made, { dateresign: '' }));
      expect(back.state).toBe(S.active);
      refusal(await update(re, 'RE-REKeyOfficer', back, { dateresign: day(1) }), 'dateresign', M.resignAfterToday);
      const voided = readBack(await update(re, 'RE-REKeyOfficer', back, { state: S.void }));
      expect(voided.state).toBe(S.void);
      const stillVoid = readBack(await update(re, 'RE-REKeyOfficer', voided, { dateresign: day(-1) }));
      expect(stillVoid.state).toBe(S.void);
      const unvoided = readBack(await update(re, 'RE-REKeyOfficer', stillVoid, { state: S.active }));
      expect(unvoided.state).toBe(S.inactive);
    });

    it("keeps an entity's officers to itself: the variant stamps the entity and another entity reads none of them", async () => {
      const made = readBack(await create(re, 'RE-REKeyOfficer', officer({ name: 'Scoped Officer' }), ['id', 're']));
      expect(Number(made.re)).toBe(1);
      const mine = await select(t, re, { module: 'RE-REKeyOfficer', fields: ['id'], where: [['id', '=', made.id]] });
      expect(mine.rows).toHaveLength(1);
      const theirs = await select(t, re2, { module: 'RE-REKeyOfficer', fields: ['id'], where: [['id', '=', made.id]] });
      expect(theirs.rows).toHaveLength(0);
      const forged = failure(await create(re2, 'RE-REKeyOfficer', officer({ re: 1 })));
      expect(forged.code).toBe('E_NOPERMISSION');
      // The regulator lists them by entity (the profile's tab filter).
      const byEntity = await select(t, iru, { module: 'REKeyOfficer', fields: ['id', 're'], where: [['re', '=', 1]] });
      expect(byEntity.rows.map((r) => Number(r.id))).toContain(Number(made.id));
      expect(byEntity.rows.every((r) => Number(r.re) === 1)).toBe(true);
    });
  });

  describe('board members (allowchairman)', () => {
    const member = (more: Row = {}) => ({ name: 'Test Director', designation: 302001, boardposition: 305, dateappointed: '2020-01-01', ...more });

    it('refuses a Non-Executive Director (1379) in a board position other than 312 for sectors 1 and 2', async () => {
      refusal(await create(re, 'RE-REBoardMember', member({ designation: 1379 })), 'boardposition', M.chairman);
      refusal(await create(sector2, 'RE-REBoardMember', member({ designation: 1379 })), 'boardposition', M.chairman);
      readBack(await create(re, 'RE-REBoardMember', member({ designation: 1379, boardposition: 312 })));
      const exec = readBack(await create(re, 'RE-REBoardMember', member()));
      refusal(await update(re, 'RE-REBoardMember', exec, { designation: 1379 }), 'boardposition', M.chairman);
    });

    it('does not apply the rule to other sectors', async () => {
      const other = await t.sessionFor('re', 11);
      readBack(await create(other, 'RE-REBoardMember', member({ designation: 1379 })));
    });

    it("makes a member Inactive with a resignation date and refuses another entity's board", async () => {
      const made = readBack(await create(re, 'RE-REBoardMember', member({ dateresign: day(-10) })));
      expect(made.state).toBe(S.inactive);
      const board = readBack(await create(re2, 'RE-REBoardComposition', { name: 'Board', asatdate: '2024-12-31', effectivefrom: '2024-01-01' }));
      const f = failure(await create(re, 'RE-REBoardMember', member({ boardcomposition: board.id })));
      expect(f.code).toBe('E_VALIDATION');
    });
  });

  describe('instruments', () => {
    const instrument = (more: Row = {}) => ({ name: 'Test Notes', instrumenttype: 304003, datelisting: '2020-06-15', ...more });
    const READ = ['id', 'updatectr', 'state', 'interestrate'];

    it('refuses a maturity date before the listing date and a delisting date before the listing date', async () => {
      refusal(await create(re, 'RE-REInstrument', instrument({ datematurity: '2020-06-14' })), 'datematurity', M.maturityBeforeListing);
      refusal(await create(re, 'RE-REInstrument', instrument({ datedelist: '2020-06-01' })), 'datedelist', M.delistBeforeListing);
      const made = readBack(await create(re, 'RE-REInstrument', instrument({ datematurity: '2020-06-15' })));
      refusal(await update(re, 'RE-REInstrument', made, { datelisting: '2021-01-01' }), 'datematurity', M.maturityBeforeListing);
    });

    it('refuses a delisting date later than today', async () => {
      refusal(await create(re, 'RE-REInstrument', instrument({ datedelist: day(1) })), 'datedelist', M.delistAfterToday);
    });

    it('sets Delisted (77) when a delisting date is present and Listed (76) when it is removed; void is kept', async () => {
      const made = readBack(await create(re, 'RE-REInstrument', instrument()));
      expect(made.state).toBe(S.listed);
      const delisted = readBack(await update(re, 'RE-REInstrument', made, { datedelist: day(0) }));
      expect(delisted.state).toBe(S.delisted);
      const relisted = readBack(await update(re, 'RE-REInstrument', delisted, { datedelist: '' }));
      expect(relisted.state).toBe(S.listed);
      const voided = readBack(await update(re, 'RE-REInstrument', relisted, { state: S.void }));
      expect(readBack(await update(re, 'RE-REInstrument', voided, { datedelist: day(-1) })).state).toBe(S.void);
    });

    it('rounds the interest rate to 2 decimals', async () => {
      const made = readBack(await create(re, 'RE-REInstrument', instrument({ interestrate: '5.2468' }), READ));
      expect(Number(made.interestrate)).toBe(5.25);
      const again = readBack(await update(re, 'RE-REInstrument', made, { interestrate: 3.14159 }, READ));
      expect(Number(again.interestrate)).toBe(3.14);
      const stored = await t.database.db('re_instrument').where({ id: Number(made.id) }).first('interestrate');
      expect(Number(stored.interestrate)).toBe(3.14);
    });
  });

  describe('debentures and sukuk', () => {
    const READ = ['id', 'updatectr', 'state', 'tenure', 'couponrate', 'securitytype', 'shariahprinciple', 'shariahadviser'];
    const debenture = (more: Row = {}) => ({ debenturesukuk: 1015, name: 'Test MTN', issuancedate: '2022-01-10', maturitydate: '2029-01-10', couponrate: '4.75', securitytype: 'Unsecured', ...more });

    it('requires a maturity date for types 1015 and 1016 but not for the perpetual types', async () => {
      refusal(await create(re, 'RE-REDebentureSukuk', debenture({ maturitydate: '' })), 'maturitydate', M.required);
      refusal(await create(re, 'RE-REDebentureSukuk', { debenturesukuk: 1016, name: 'Test Sukuk', issuancedate: '2022-01-10', shariahprinciple: 'Ijarah', shariahadviser: 'Adviser' }), 'maturitydate', M.required);
      const perpetual = readBack(await create(re, 'RE-REDebentureSukuk', debenture({ debenturesukuk: 9975, maturitydate: '' }), READ));
      expect(perpetual.tenure).toBeNull();
    });

    it("requires each type's own fields and clears the other type's fields when the type is swapped", async () => {
      refusal(await create(re, 'RE-REDebentureSukuk', debenture({ couponrate: '' })), 'couponrate', M.required);
      const made = readBack(await create(re, 'RE-REDebentureSukuk', debenture({ shariahprinciple: 'Ijarah' }), READ));
      expect(made).toMatchObject({ couponrate: '4.75', securitytype: 'Unsecured', shariahprinciple: null });
      refusal(await update(re, 'RE-REDebentureSukuk', made, { debenturesukuk: 1016 }), 'shariahprinciple', M.required);
      const sukuk = readBack(await update(re, 'RE-REDebentureSukuk', made, { debenturesukuk: 1016, shariahprinciple: 'Wakalah', shariahadviser: 'Amanie Advisors' }, READ));
      expect(sukuk).toMatchObject({ couponrate: null, securitytype: null, shariahprinciple: 'Wakalah', shariahadviser: 'Amanie Advisors' });
      const back = readBack(await update(re, 'RE-REDebentureSukuk', sukuk, { debenturesukuk: 9975, couponrate: '6.1', securitytype: 'Secured' }, READ));
      expect(back).toMatchObject({ shariahprinciple: null, shariahadviser: null, couponrate: '6.10' });
    });

    it('computes the tenure on the server and recomputes it when a date changes', async () => {
      expect(failure(await create(re, 'RE-REDebentureSukuk', debenture({ tenure: '1 year' }))).details).toMatchObject({ tenure: 'is read-only' });
      const made = readBack(await create(re, 'RE-REDebentureSukuk', debenture(), READ));
      expect(made.tenure).toBe('7 years, 0 months, 0 days');
      const moved = readBack(await update(re, 'RE-REDebentureSukuk', made, { maturitydate: '2028-08-17', issuancedate: '2023-05-02' }, READ));
      expect(moved.tenure).toBe('5 years, 3 months, 15 days');
      refusal(await update(re, 'RE-REDebentureSukuk', moved, { maturitydate: '2023-05-02' }), 'maturitydate', M.greaterThan('Issuance date'));
    });

    it('gives a matured issue state 4 and a running one 33', async () => {
      expect(readBack(await create(re, 'RE-REDebentureSukuk', debenture({ issuancedate: '2010-01-01', maturitydate: '2015-01-01' }))).state).toBe(S.inactive);
      expect(readBack(await create(re, 'RE-REDebentureSukuk', debenture({ maturitydate: day(400) }))).state).toBe(S.active);
    });
  });

  describe('details of office', () => {
    const office = (more: Row = {}) => ({ address: '1 Jalan Test', officetype: 300002, ...more });

    it("puts a dash as the office in charge of a Registered Office (type 1100726) and names the office's type", async () => {
      const made = readBack(await create(re, 'RE-REOffice', office({ officetype: 1100726 }), ['id', 'nameoffcharge', 'typeoffice', 'state']));
      expect(made).toMatchObject({ nameoffcharge: '-', typeoffice: 'Registered Office', state: S.active });
      const branch = readBack(await create(re, 'RE-REOffice', office({ nameoffcharge: 'Lim' }), ['id', 'nameoffcharge', 'typeoffice']));
      expect(branch).toMatchObject({ nameoffcharge: 'Lim', typeoffice: 'Branch Office' });
    });

    it('makes an office that opens in the future or has closed Inactive, and refuses a closing date before the opening', async () => {
      expect(readBack(await create(re, 'RE-REOffice', office({ dateopened: day(30) }))).state).toBe(S.inactive);
      expect(readBack(await create(re, 'RE-REOffice', office({ dateopened: '2015-01-01', dateclosed: day(-1) }))).state).toBe(S.inactive);
      refusal(await create(re, 'RE-REOffice', office({ dateopened: '2015-01-01', dateclosed: '2014-01-01' })), 'dateclosed', M.greaterThan('Date opened'));
    });
  });

  describe('date-driven states of the other record types', () => {
    it('board composition, committee, trading platform and profile follow their dates, void kept', async () => {
      const board = readBack(await create(re, 'RE-REBoardComposition', { name: 'Board', asatdate: '2024-12-31', effectivefrom: '2024-01-01', effectiveto: day(-1) }));
      expect(board.state).toBe(S.inactive);
      const committee = readBack(await create(re, 'RE-REBoardCommittee', { committeetype: 303001, name: 'Audit', datestablished: day(5) }));
      expect(committee.state).toBe(S.inactive);
      const platform = readBack(await create(re, 'RE-RETradingPlatform', { platformname: 'FXGO', platformtype: 307002, startdate: '2017-01-01' }));
      expect(platform.state).toBe(S.active);
      const voided = readBack(await update(re, 'RE-RETradingPlatform', platform, { state: S.void }));
      expect(readBack(await update(re, 'RE-RETradingPlatform', voided, { enddate: day(-1) })).state).toBe(S.void);
      const profile = readBack(await create(re, 'RE-RETradingProfile', { profiletype: 306001, effectivedate: '2016-01-01' }));
      expect(profile.state).toBe(S.active);
    });
  });

  it('seeds the demo rows of the first two entities', async () => {
    const officers = await select(t, iru, { module: 'REKeyOfficer', fields: ['re', 'name', 'state'], where: [['re', 'in', [1, 2]], ['name', '=', 'Rajesh Kumar']] });
    expect(officers.rows[0]).toMatchObject({ state: S.inactive });
    const sukuk = await select(t, iru, { module: 'REDebentureSukuk', fields: ['tenure'], where: [['debenturesukuk', '=', 1016]] });
    expect(sukuk.rows[0]?.tenure).toBe('5 years, 3 months, 15 days');
  });
});
