// Ad hoc forms through the protocol on every dialect (seed 002 §5, §6, §7, §9): the codes an
// entity's senior user may create, the periods and years offered, the button rule, the seed's
// messages, and the creation of the form in the entity's ad hoc submission of that period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { ADHOC_MESSAGES } from './adhoc-periods.js';

const year = new Date().getUTCFullYear();

describe.each(await testDialects())('ad hoc forms on %s', (dialect) => {
  let t: TestEngine;
  let senior: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // `re`: approver (27) and primary user of entity 1 (sector 1), a Designated Compliance Officer (position value 10004).
    senior = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const list = async (cookie: string) => JSON.parse((ok(await t.call('RE.getAdhocList', [], cookie))[0] as { text: string }).text);
  const create = (args: Record<string, unknown>, cookie = senior) => t.call('RE.createAdhocForm', [args], cookie);

  it('lists the ad hoc codes a senior user of a sector 1 entity may create, with their periods, and shows the button', async () => {
    const answer = await list(senior);
    expect(answer.canCreate).toBe(true);
    expect(answer.years).toEqual([year - 1, year, year + 1]);
    expect(answer.codes.map((c: { code: string }) => c.code)).toEqual(['APP I Liquidity', 'APP II Domestic']);
    expect(answer.codes[0].months).toHaveLength(12);
    expect(answer.codes[1].months).toEqual([{ value: 4, label: 'November - April' }, { value: 10, label: 'May - October' }]);
  });

  it('hides the button from users who are not senior, and refuses their creation', async () => {
    for (const [userid, re] of [['re2', 2], ['preparer', 1], ['checker', 1]] as const) {
      const cookie = await t.sessionFor(userid, re);
      expect((await list(cookie)).canCreate, userid).toBe(false);
      expect(failure(await create({ code: 'APP I Liquidity', month: 1, year }, cookie)).code).toBe('E_NOPERMISSION');
    }
    expect(failure(await t.call('RE.getAdhocList', [], await t.sessionFor('iru'))).code).toBe('E_NOPERMISSION');
  });

  it('answers the seed\'s messages, joined by line breaks, for what is missing or not offered', async () => {
    const all = failure(await create({}));
    expect(all.code).toBe('E_VALIDATION');
    expect(all.message).toBe(`${ADHOC_MESSAGES.code}\n${ADHOC_MESSAGES.month}\n${ADHOC_MESSAGES.year}`);
    expect(all.details).toEqual({ code: ADHOC_MESSAGES.code, month: ADHOC_MESSAGES.month, year: ADHOC_MESSAGES.year });
    // May is not a period end of the domestic half years; a year two ahead is not offered.
    expect(failure(await create({ code: 'APP II Domestic', month: 5, year })).message).toBe(ADHOC_MESSAGES.month);
    expect(failure(await create({ code: 'APP I Liquidity', month: '3', year: year + 2 })).message).toBe(ADHOC_MESSAGES.year);
    expect(failure(await create({ code: 'BNK-01', month: 3, year })).message).toBe(ADHOC_MESSAGES.code);
  });

  it('creates an Open monthly form in the entity\'s ad hoc submission of that period, once', async () => {
    const values = ok(await create({ code: 'APP I Liquidity', month: '3', year: String(year) }));
    expect(values[1]).toEqual({ type: 'text', text: ADHOC_MESSAGES.success });
    const made = readBack([values[0]]);
    const form = await t.database.db('form').where({ id: made.id }).first();
    expect(form).toMatchObject({ code: 'APP I Liquidity', re: 1, calendar: 282, category: 100213, scheduletype: 'Ad Hoc', state: 13, reportingperiod: `${year}-03` });
    expect(String(form.endon).slice(0, 10) === `${year}-03-31` || new Date(form.endon).getDate() === 31).toBe(true);
    const batch = await t.database.db('formbatch').where({ id: made.formbatch }).first();
    expect(batch).toMatchObject({ re: 1, calendar: 282, name: `March ${year} Ad Hoc Returns` });
    expect(Number(batch.total0)).toBe(1);

    const again = failure(await create({ code: 'APP I Liquidity', month: 3, year }));
    expect(again).toMatchObject({ code: 'E_VALIDATION', message: 'This form already exists for the chosen period.' });
  });

  it('gives an App II Domestic form the half year ending in the chosen month', async () => {
    const made = readBack([ok(await create({ code: 'APP II Domestic', month: 4, year }))[0]]);
    const form = await t.database.db('form').where({ id: made.id }).first('datedesc', 'reportingperiod');
    expect(form).toEqual({ datedesc: `1 Nov ${year - 1} - 30 Apr ${year}`, reportingperiod: `${year}-04` });
  });
});
