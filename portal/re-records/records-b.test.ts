// The entity record types B on every dialect (seed 001 §4.2, §5.2; docs/re-records.md "Record
// types B"): each rule is refused on the server for a hand-made Record.create/update with its
// message, the date-driven state is set by the server, a BCAF is submitted on 31 December of the
// chosen year and then locked, and entity users see and write only their own entity's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { sqlDate } from '../../engine/db/clock.js';
import { BCAF_MESSAGES, RECORD_B_REFUSALS } from './re-records-b-rules.js';
import { dateDrivenState } from './date-driven-states.js';

/** The list, list view and form ids of these record types (one of each per id). */
const SCREEN_IDS = [133, 180, 182, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 341];

const day = (offset: number) => sqlDate(new Date(Date.now() + offset * 86_400_000));

describe('the date-driven state of a record', () => {
  it('is inactive when the start is in the future or the end has passed, active otherwise', () => {
    expect(dateDrivenState('2030-01-02', null, '2030-01-01')).toBe(4);
    expect(dateDrivenState('2029-01-01', '2029-12-31', '2030-01-01')).toBe(4);
    expect(dateDrivenState('2030-01-01', '2030-01-01', '2030-01-01')).toBe(33);
    expect(dateDrivenState('2029-01-01', null, '2030-01-01')).toBe(33);
  });
});

describe.each(await testDialects())('entity record types B on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const create = (module: string, values: Record<string, unknown>, cookie = re, read = ['id', 'updatectr', 'state', 're']) =>
    t.call('Record.create', [{ module, fields: Object.keys(values), values: Object.values(values), read }], cookie);
  const update = (module: string, row: Row, values: Record<string, unknown>, cookie = re, read = ['id', 'updatectr', 'state']) =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...Object.keys(values)], values: [row.id, row.updatectr, ...Object.values(values)], read }], cookie);

  it('ships a list, a list view and a form for each list id, each saved again by the server without a problem', async () => {
    // A save runs the screen's schema and its references (modules, fields, views, forms, helpers, list groups).
    const admin = await t.sessionFor('admin');
    for (const kind of ['WebList', 'WebListview', 'WebForms']) {
      const page = await select(t, admin, { module: kind, fields: ['id', 'updatectr', 'properties'], where: [['id', 'in', SCREEN_IDS]] });
      expect(page.rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(SCREEN_IDS);
      for (const r of page.rows) readBack(await update(kind, r, { properties: typeof r.properties === 'string' ? r.properties : JSON.stringify(r.properties) }, admin, ['id']));
    }
  });

  it('refuses an outsourcing contract that ends before it starts, with the field named', async () => {
    const f = failure(await create('RE-REOutsource', { serviceprovider: 'Acme', servicedesc: 'Payroll', contractsd: '2025-06-01', contracted: '2025-05-31' }));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe(RECORD_B_REFUSALS.contractOrder);
    expect(f.details).toEqual({ contracted: RECORD_B_REFUSALS.contractOrder });
  });

  it('accepts a contract that starts and ends the same day, and refuses moving its start after its end by an update', async () => {
    const row = readBack(await create('RE-REOutsource', { serviceprovider: 'Acme', servicedesc: 'Payroll', contractsd: day(0), contracted: day(0) }));
    expect(Number(row.re)).toBe(1);
    const f = failure(await update('RE-REOutsource', row, { contractsd: day(1) }));
    expect(f.message).toBe(RECORD_B_REFUSALS.contractOrder);
  });

  it('sets an outsourcing contract Inactive when it has not started or has ended, Active while it runs, and keeps Void', async () => {
    const future = readBack(await create('RE-REOutsource', { serviceprovider: 'Later Ltd', servicedesc: 'IT', contractsd: day(10), contracted: day(400) }));
    expect(Number(future.state)).toBe(4);
    const current = readBack(await update('RE-REOutsource', future, { contractsd: day(-10) }));
    expect(Number(current.state)).toBe(33);
    const ended = readBack(await update('RE-REOutsource', current, { contracted: day(-1) }));
    expect(Number(ended.state)).toBe(4);
    const voided = readBack(await update('RE-REOutsource', ended, { state: 35 }));
    expect(Number(voided.state)).toBe(35);
    const stillVoid = readBack(await update('RE-REOutsource', voided, { contracted: day(100) }));
    expect(Number(stillVoid.state)).toBe(35);
    const unvoided = readBack(await update('RE-REOutsource', stillVoid, { state: 33 }));
    expect(Number(unvoided.state)).toBe(33);
  });

  it('refuses an import period whose end is before its start, for the regulator too', async () => {
    const fund = readBack(await create('RE-REFund', { name: 'Period Fund', datelaunch: '2020-01-01' }));
    const f = failure(await create('REFundExt', { re: 1, fund: fund.id, startperiod: '2025-03-01', endperiod: '2025-02-28' }, iru));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({ endperiod: RECORD_B_REFUSALS.periodOrder });
    const ok = readBack(await create('REFundExt', { re: 1, fund: fund.id, startperiod: '2025-03-01', endperiod: '2025-03-01' }, iru));
    expect(Number(ok.state)).toBe(4);
  });

  it('lists a fund as Listed until it has a delist date, then Delisted; a delist date later than today is refused', async () => {
    const fund = readBack(await create('RE-REFund', { name: 'Listing Fund', datelaunch: '2020-01-01' }));
    expect(Number(fund.state)).toBe(76);
    const f = failure(await update('RE-REFund', fund, { datedelist: day(2) }));
    expect(f.details).toEqual({ datedelist: RECORD_B_REFUSALS.delistFuture });
    const delisted = readBack(await update('RE-REFund', fund, { datedelist: day(0) }));
    expect(Number(delisted.state)).toBe(77);
  });

  it('makes a director inactive once a resignation date is given, and refuses one later than today', async () => {
    const dsh = readBack(await create('RE-REDSH', { name: 'A. Director', dateappointed: '2020-01-01' }));
    expect(Number(dsh.state)).toBe(33);
    expect(failure(await update('RE-REDSH', dsh, { dateresign: day(3) })).details).toEqual({ dateresign: RECORD_B_REFUSALS.resignFuture });
    const resigned = readBack(await update('RE-REDSH', dsh, { dateresign: day(-3) }));
    expect(Number(resigned.state)).toBe(4);
    const back = readBack(await update('RE-REDSH', resigned, { dateresign: null }));
    expect(Number(back.state)).toBe(33);
  });

  it('refuses a BCAF submission without a chosen year with the seed message', async () => {
    const bcaf = readBack(await create('RE-REBCAF', { start_date: day(-30), end_date: day(300), risk_governance: 'Quarterly committee' }));
    expect(Number(bcaf.state)).toBe(33);
    const f = failure(await update('RE-REBCAF', bcaf, { state: 56 }));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe(BCAF_MESSAGES.invalidDate);
    expect(f.message).toBe('Invalid Date: ALERT! Please choose valid date');
  });

  it('submits a BCAF on 31 December of the chosen year in state 56, then refuses every edit', async () => {
    const bcaf = readBack(await create('RE-REBCAF', { start_date: day(-30), end_date: day(300) }));
    const read = ['id', 'updatectr', 'state', 'submitted_date'];
    const submitted = readBack(await update('RE-REBCAF', bcaf, { state: 56, submitted_date: '2025-03-14' }, re, read));
    expect(Number(submitted.state)).toBe(56);
    expect(String(submitted.submitted_date).slice(0, 10)).toBe('2025-12-31');
    const edit = failure(await update('RE-REBCAF', submitted, { risk_governance: 'changed' }));
    expect(edit.code).toBe('E_VALIDATION');
    expect(edit.message).toBe(RECORD_B_REFUSALS.bcafLocked);
    expect(failure(await update('REBCAF', submitted, { remarks: 'regulator note' }, iru)).message).toBe(RECORD_B_REFUSALS.bcafLocked);
    expect(failure(await update('REBCAF', submitted, { state: 35 }, iru)).code).toBe('E_STATETRANSITION');
    const stored = (await select(t, iru, { module: 'REBCAF', fields: ['risk_governance', 'state'], where: [['id', '=', bcaf.id]] })).rows[0];
    expect(stored.risk_governance).toBeNull();
    expect(Number(stored.state)).toBe(56);
  });

  it('refuses a submission date written without submitting', async () => {
    const bcaf = readBack(await create('RE-REBCAF', { start_date: day(-30), end_date: day(300) }));
    expect(failure(await update('RE-REBCAF', bcaf, { submitted_date: '2025-12-31' })).message).toBe(BCAF_MESSAGES.invalidDate);
  });

  it('shows entity users only their own entity rows, filterable by the entity for the regulator', async () => {
    const insurer = await t.sessionFor('re', 6);
    await create('REInsurance', { re: 7, productname: 'Other entity line', startdate: '2020-01-01' }, iru);
    const mine = await select(t, insurer, { module: 'RE-REInsurance', fields: ['id', 're'] });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => Number(r.re) === 6)).toBe(true);
    const other = await select(t, iru, { module: 'REInsurance', fields: ['id', 're', 're_name_ind_field'], where: [['re', '=', 7]] });
    expect(other.rows.length).toBeGreaterThan(0);
    expect(other.rows.every((r) => Number(r.re) === 7)).toBe(true);
    const f = failure(await create('RE-REInsurance', { re: 7, productname: 'Not mine', startdate: '2020-01-01' }, insurer));
    expect(['E_NOPERMISSION', 'E_VALIDATION']).toContain(f.code);
  });

  it('leaves money brokers to the regulator: an entity user may read but not create them', async () => {
    const f = failure(await create('RE-REMoneyBroker', { name: 'Broker', startdate: '2020-01-01' }));
    expect(f.code).toBe('E_NOPERMISSION');
    const ok = readBack(await create('REMoneyBroker', { re: 21, name: 'Broker', startdate: '2020-01-01' }, iru));
    expect(Number(ok.state)).toBe(33);
  });
});
