// The date-driven state follows the calendar, not only writes (seed 001 §4.2): on every dialect,
// records whose dates passed since they were last written are moved by the sweep through the
// record engine (state, counter, audit row), while void records, a submitted BCAF and records
// whose state already fits their dates are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { sqlDate } from '../../engine/db/clock.js';
import { DATE_DRIVEN_TABLES, dateDrivenState, sweepDateDrivenStates } from './date-driven-states.js';

const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));

describe('the date-driven state', () => {
  it('is inactive before the start and after the end, active on both days themselves', () => {
    expect(dateDrivenState('2025-06-02', null, '2025-06-01')).toBe(4);
    expect(dateDrivenState('2025-06-01', '2025-06-01', '2025-06-01')).toBe(33);
    expect(dateDrivenState(null, '2025-05-31', '2025-06-01')).toBe(4);
    expect(dateDrivenState(null, null, '2025-06-01')).toBe(33);
  });
});

describe.each(await testDialects())('the daily sweep of date-driven states on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it('names only tables of modules, with columns they have', async () => {
    for (const [table, [start, end]] of Object.entries(DATE_DRIVEN_TABLES)) {
      const module = t.engine.services.modules.all().find((m) => m.table === table && !m.def.variantOf);
      expect(module, table).toBeDefined();
      expect(await t.database.db.schema.hasColumn(table, start), `${table}.${start}`).toBe(true);
      if (end) expect(await t.database.db.schema.hasColumn(table, end), `${table}.${end}`).toBe(true);
    }
  });

  it('moves the records whose dates passed, audits each move, and leaves void and fitting records alone', async () => {
    const db = t.database.db;
    const add = async (table: string, row: Record<string, unknown>) => {
      const [id] = await db(table).insert({ re: 1, updatectr: 1, ...row });
      return Number(id);
    };
    // Written while their dates still fitted: an office that closed yesterday, a platform that
    // started yesterday, a void office whose end passed, and an office still open.
    const closed = await add('re_office', { typeoffice: 'Branch', address: 'Jalan 1', dateopened: day(-400), dateclosed: day(-1), state: 33 });
    const started = await add('re_tradingplatform', { platformname: 'New venue', platformtype: 307002, operator: 'Venue Ltd', country: 'Malaysia', startdate: day(-1), state: 4 });
    const voided = await add('re_office', { typeoffice: 'Old branch', address: 'Jalan 2', dateopened: day(-400), dateclosed: day(-1), state: 35 });
    const open = await add('re_office', { typeoffice: 'Main', address: 'Jalan 3', dateopened: day(-400), dateclosed: day(30), state: 33 });

    const outcome = await sweepDateDrivenStates(t.engine.services);
    expect(outcome.moved.re_office).toEqual([closed]);
    expect(outcome.moved.re_tradingplatform).toEqual([started]);

    const stateOf = async (table: string, id: number) => db(table).where({ id }).first('state', 'updatectr');
    expect(await stateOf('re_office', closed)).toMatchObject({ state: 4, updatectr: 2 });
    expect(await stateOf('re_tradingplatform', started)).toMatchObject({ state: 33, updatectr: 2 });
    expect(await stateOf('re_office', voided)).toMatchObject({ state: 35, updatectr: 1 });
    expect(await stateOf('re_office', open)).toMatchObject({ state: 33, updatectr: 1 });

    const audit = await db('record_audit').where({ module: 're_office', record_id: closed }).select('action', 'fields', 'before_values', 'after_values');
    expect(audit).toHaveLength(1);
    expect(audit[0].action).toBe('update');
    expect(JSON.parse(String(audit[0].fields))).toContain('state');
    expect(JSON.parse(String(audit[0].before_values)).state).toBe(33);
    expect(JSON.parse(String(audit[0].after_values)).state).toBe(4);

    // A second run finds nothing left to move: the demo's own records already fit their dates.
    expect((await sweepDateDrivenStates(t.engine.services)).moved).toEqual({});
  });

  it('keeps a submitted BCAF as it is whatever its dates', async () => {
    const db = t.database.db;
    const [id] = await db('re_bcaf').insert({ re: 1, updatectr: 1, start_date: day(-400), end_date: day(-1), submitted_date: `${day(-1).slice(0, 4)}-12-31`, state: 56 });
    await sweepDateDrivenStates(t.engine.services);
    expect(await db('re_bcaf').where({ id: Number(id) }).first('state', 'updatectr')).toMatchObject({ state: 56, updatectr: 1 });
  });
});
