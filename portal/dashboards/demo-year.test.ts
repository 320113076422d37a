// The demo as `npm start` seeds it, on every dialect: each of the twelve months before the
// seeding day has data in the dashboards a newcomer opens first — the regulator's submissions,
// queries and entities (and open help desk items), and the first entity's submissions, help desk items and
// queries — through RE.getDashboard and IRU.getDashboard themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import type { EnvelopeValue } from '../../engine/protocol/envelope.js';

type Point = { month: string; value: number; value1?: number };

const json = (v: EnvelopeValue[]) => {
  if (v[0]?.type !== 'text') throw new Error(`expected a text value, got ${JSON.stringify(v[0])}`);
  return JSON.parse(v[0].text) as { months: string[]; latest_month: string | null } & Record<string, Point[]>;
};

/** The twelve months before the current one, oldest first. */
const yearBefore = () => Array.from({ length: 12 }, (_, i) => DateTime.utc().minus({ months: 12 - i }).toFormat('yyyy-MM'));

describe.each(await testDialects())('the demo seeded today on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect, {}, {});
  });
  afterAll(async () => t?.close());

  /** Months of the year before today in which a series counts nothing (value and value1 both). */
  const emptyMonths = (points: Point[]) => yearBefore().filter((m) => !points.some((p) => p.month === m && p.value + (p.value1 ?? 0) > 0));

  it("fills every month of the year before today in the regulator's dashboard", async () => {
    const lastMonth = DateTime.utc().minus({ months: 1 }).toFormat('MM/yyyy');
    const d = json(await t.call('IRU.getDashboard', [{ dt: lastMonth }], await t.sessionFor('iru')));
    // The window of the previous month is exactly the year before today.
    expect(d.months).toEqual(yearBefore());
    // Outstanding series count only what is still open: the recent months.
    for (const series of ['submission', 'total_query', 'active_re_companies', 'new_user_registration']) expect([series, emptyMonths(d[series])]).toEqual([series, []]);
    expect(d.outstanding_helpdesk.some((p) => p.value > 0)).toBe(true);
    expect(d.latest_month).toBe(DateTime.utc().toFormat('yyyy-MM'));
  });

  it("fills every month of the year before today in the first entity's dashboard", async () => {
    const lastMonth = DateTime.utc().minus({ months: 1 }).toFormat('MM/yyyy');
    const d = json(await t.call('RE.getDashboard', [{ dt: lastMonth }], await t.sessionFor('re', 1)));
    for (const series of ['performance_submission', 'helpdesk', 'query']) expect([series, emptyMonths(d[series])]).toEqual([series, []]);
  });

  it('holds at least the year of periods before the current one for every entity, three forms each', async () => {
    const db = t.database.db;
    const first = DateTime.utc().minus({ months: 13 }).startOf('month').toFormat('yyyy-MM-dd');
    const batches = await db('formbatch').where({ re: 1 }).where('endon', '>=', first).pluck('endon');
    expect(new Set(batches.map((e) => String(e).slice(0, 7))).size).toBeGreaterThanOrEqual(12);
  });
});
