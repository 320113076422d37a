import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { sqlDate, sqlDateTime } from '../../db/clock.js';

const day = (offset: number) => sqlDate(new Date(Date.now() + offset * 86_400_000));

describe.each(await testDialects())('PublicMessage.get on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    const rows: [string, number, string | null, string | null][] = [
      ['<b>Always on</b> & open', 33, null, null],
      ['Current window', 33, day(-1), day(1)],
      ['Starts today, ends today', 33, day(0), day(0)],
      ['Not yet', 33, day(1), null],
      ['Over', 33, null, day(-1)],
      ['Inactive', 4, null, null],
      ['No state', 0, null, null],
    ];
    for (const [message, state, startdate, enddate] of rows) {
      await t.database.db('publicmessage').insert({ message, state: state || null, startdate, enddate, createon: sqlDateTime() });
    }
  });
  afterAll(async () => t?.close());

  it('answers the active messages within their dates, without a session, as a recordset of message', async () => {
    const values = await t.call('PublicMessage.get', []);
    expect(values).toHaveLength(1);
    const [set] = values;
    expect(set.type).toBe('recordset');
    if (set.type !== 'recordset') return;
    expect(set.columns).toEqual([{ name: 'message', type: 'string' }]);
    expect(set.rows.map((r) => r[0]).sort()).toEqual(['<b>Always on</b> & open', 'Current window', 'Starts today, ends today'].sort());
  });

  it('answers the same to a signed-in caller', async () => {
    const [set] = await t.call('PublicMessage.get', [], await t.sessionFor('re'));
    expect(set.type === 'recordset' && set.rows.length).toBe(3);
  });
});
