// RE.getDashboard and IRU.getDashboard on every dialect: each count equals what the database
// holds for the caller's scope (RE users: their current entity only), over the 12 months up to
// the chosen one; the sector and category filters narrow the regulator's submissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure } from '../../../engine/testing/record-calls.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';

type Point = { label: number; month: string; value: number; value1?: number; value2?: number };
type Dashboard = { month: string; months: string[]; latest_month: string | null; submission_status: { label: string; value: number }[] } & Record<string, Point[]>;

const json = (v: EnvelopeValue[]) => {
  if (v[0]?.type !== 'text') throw new Error(`expected a text value, got ${JSON.stringify(v[0])}`);
  return JSON.parse(v[0].text) as Dashboard;
};

describe.each(await testDialects())('the RE and IRU dashboards on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;
  /** The month of entity 1's latest due date of a batch past Open: its year of charts holds the demo's history, where entities differ. */
  let month: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', 1);
    re2 = await t.sessionFor('re2');
    iru = await t.sessionFor('iru');
    const latest = await t.database.db('formbatch').where({ re: 1 }).whereNot('state', 13).max({ d: 'duedate' }).first();
    month = String(latest?.d).slice(0, 7);
  });
  afterAll(async () => t?.close());

  /** Batches by month of a date column (YYYY-MM → count), read straight from the table. */
  async function batchesByMonth(column: 'duedate' | 'submitteddate', where: Record<string, unknown>, states?: number[]): Promise<Map<string, number>> {
    let q = t.database.db('formbatch').where(where).whereNotNull(column);
    if (states) q = q.whereIn('state', states);
    const out = new Map<string, number>();
    for (const r of await q.select(column)) {
      const m = String(r[column]).slice(0, 7);
      out.set(m, (out.get(m) ?? 0) + 1);
    }
    return out;
  }

  it("answers 12 months ending with the chosen one, labelled by month number, each count equal to the entity's own batches", async () => {
    const [y, m] = month.split('-');
    const d = json(await t.call('RE.getDashboard', [{ dt: `${m}/${y}` }], re));
    expect(d.month).toBe(month);
    expect(d.months).toHaveLength(12);
    expect(d.months[11]).toBe(month);
    expect(d.months[0]).toBe(DateTime.fromFormat(month, 'yyyy-MM').minus({ months: 11 }).toFormat('yyyy-MM'));

    const due = await batchesByMonth('duedate', { re: 1 });
    const submitted = await batchesByMonth('duedate', { re: 1 }, [56, 45, 71]);
    const outstanding = await batchesByMonth('duedate', { re: 1 }, [13, 75, 55, 74]);
    expect(d.performance_submission.map((p) => p.month)).toEqual(d.months);
    expect(d.performance_submission.map((p) => p.label)).toEqual(d.months.map((x) => Number(x.slice(5))));
    expect(d.performance_submission.map((p) => p.value)).toEqual(d.months.map((x) => due.get(x) ?? 0));
    expect(d.performance_submission.map((p) => p.value1)).toEqual(d.months.map((x) => submitted.get(x) ?? 0));
    expect(d.performance_submission.map((p) => p.value2)).toEqual(d.months.map((x) => outstanding.get(x) ?? 0));
    expect(d.performance_submission.reduce((n, p) => n + p.value, 0)).toBeGreaterThan(0);

    const sent = await batchesByMonth('submitteddate', { re: 1 });
    expect(d.submission.map((p) => p.value)).toEqual(d.months.map((x) => sent.get(x) ?? 0));
  });

  it("counts the status table as the entity's forms per state for periods ending by the end of the chosen month", async () => {
    const d = json(await t.call('RE.getDashboard', [{ dt: month }], re));
    expect(d.submission_status.map((s) => s.label)).toEqual(['Open', 'Pending Verification', 'Ready', 'Submitted', 'Accepted', 'Amendment Required']);
    const end = DateTime.fromFormat(month, 'yyyy-MM').endOf('month').toFormat('yyyy-MM-dd');
    for (const [i, state] of [13, 78, 55, 56, 45, 74].entries()) {
      const row = await t.database.db('form').where({ re: 1, state }).where('endon', '<=', end).count({ n: '*' }).first();
      expect(d.submission_status[i].value).toBe(Number(row?.n));
    }
  });

  it("shows another entity's user only that entity's batches", async () => {
    const other = await t.database.db('re_user').join('user', 'user.id', 're_user.link_fk_user').where('user.userid', 're2').first('re_user.link_fk_re as re');
    const d = json(await t.call('RE.getDashboard', [{ dt: month }], re2));
    const due = await batchesByMonth('duedate', { re: Number(other?.re) });
    expect(d.performance_submission.map((p) => p.value)).toEqual(d.months.map((x) => due.get(x) ?? 0));
    const mine = json(await t.call('RE.getDashboard', [{ dt: month }], re));
    expect(d.performance_submission).not.toEqual(mine.performance_submission);
  });

  it("narrows the regulator's submissions to one sector and to one category", async () => {
    const all = json(await t.call('IRU.getDashboard', [{ dt: month }], iru));
    const every = await batchesByMonth('duedate', {});
    expect(all.submission.map((p) => p.value)).toEqual(all.months.map((x) => every.get(x) ?? 0));

    const bySector = json(await t.call('IRU.getDashboard', [{ dt: month, sector: 1 }], iru));
    const sector1 = await batchesByMonth('duedate', { re_sector: 1 });
    expect(bySector.submission.map((p) => p.value)).toEqual(all.months.map((x) => sector1.get(x) ?? 0));
    expect(bySector.submission.reduce((n, p) => n + p.value, 0)).toBeLessThan(all.submission.reduce((n, p) => n + p.value, 0));

    const cat = await t.database.db('formbatch').whereNotNull('category').first('category');
    const byCategory = json(await t.call('IRU.getDashboard', [{ dt: month, category: Number(cat?.category) }], iru));
    const ofCategory = await batchesByMonth('duedate', { category: Number(cat?.category) });
    expect(byCategory.submission.map((p) => p.value)).toEqual(all.months.map((x) => ofCategory.get(x) ?? 0));
  });

  it('counts new RE user registrations by month of creation', async () => {
    const d = json(await t.call('IRU.getDashboard', [{ dt: DateTime.utc().toFormat('MM/yyyy') }], iru));
    const rows = await t.database.db('user').where({ logintype: 2 }).select('createon');
    const byMonth = new Map<string, number>();
    for (const r of rows) byMonth.set(String(r.createon).slice(0, 7), (byMonth.get(String(r.createon).slice(0, 7)) ?? 0) + 1);
    expect(d.new_user_registration.map((p) => p.value)).toEqual(d.months.map((x) => byMonth.get(x) ?? 0));
    expect(d.new_user_registration.reduce((n, p) => n + p.value, 0)).toBeGreaterThan(0);
  });

  /** Whether any series of an answer counts something in the answer's own (last) month. */
  const hasData = (d: Dashboard) => Object.values(d).some((s) => Array.isArray(s) && s.some((p) => typeof p === 'object' && p !== null && 'month' in p && p.month === d.month && [p.value, p.value1, p.value2].some((v) => Number(v ?? 0) > 0)));

  it('answers the latest month up to now with data: it has data, and no month after it up to now has any', async () => {
    const now = DateTime.utc().toFormat('yyyy-MM');
    for (const [action, cookie] of [['IRU.getDashboard', iru], ['RE.getDashboard', re]] as const) {
      const d = json(await t.call(action, [{ dt: '01/2000' }], cookie));
      expect(hasData(d)).toBe(false);
      expect(d.latest_month).toMatch(/^\d{4}-\d{2}$/);
      expect(d.latest_month! <= now).toBe(true);
      expect(hasData(json(await t.call(action, [{ dt: d.latest_month }], cookie)))).toBe(true);
      for (let m = DateTime.fromFormat(d.latest_month!, 'yyyy-MM').plus({ months: 1 }); m.toFormat('yyyy-MM') <= now; m = m.plus({ months: 1 })) {
        expect(hasData(json(await t.call(action, [{ dt: m.toFormat('yyyy-MM') }], cookie)))).toBe(false);
      }
    }
  });

  it('answers the latest month of the chosen sector and category, and for a sector without entities that of the series with no sector (registrations)', async () => {
    const latestDue = async (where: Record<string, unknown>) => String((await t.database.db('formbatch').where(where).where('duedate', '<=', DateTime.utc().endOf('month').toFormat('yyyy-MM-dd')).max({ d: 'duedate' }).first())?.d).slice(0, 7);
    const cat = await t.database.db('formbatch').whereNotNull('category').orderBy('id').first('category', 're_sector');
    const d = json(await t.call('IRU.getDashboard', [{ dt: '01/2000', sector: Number(cat?.re_sector), category: Number(cat?.category) }], iru));
    // Helpdesk items, queries and users of the sector count too, so the month is at least the batches'.
    expect(d.latest_month! >= (await latestDue({ re_sector: cat?.re_sector, category: cat?.category }))).toBe(true);
    const none = json(await t.call('IRU.getDashboard', [{ dt: '01/2000', sector: 999999 }], iru));
    const registered = await t.database.db('user').where({ logintype: 2 }).where('createon', '<=', DateTime.utc().endOf('month').toFormat('yyyy-MM-dd HH:mm:ss')).max({ d: 'createon' }).first();
    expect(none.latest_month).toBe(String(registered?.d).slice(0, 7));
    const inSector = json(await t.call('IRU.getDashboard', [{ dt: none.latest_month, sector: 999999 }], iru));
    expect(inSector.submission.every((p) => p.value === 0)).toBe(true);
  });

  it('refuses each dashboard to the other kind of user, and a month that is not one', async () => {
    expect(failure(await t.call('RE.getDashboard', [{ dt: month }], iru)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('IRU.getDashboard', [{ dt: month }], re)).code).toBe('E_NOPERMISSION');
    const bad = failure(await t.call('RE.getDashboard', [{ dt: '13/2026' }], re));
    expect(bad.code).toBe('E_BADREQUEST');
    expect(bad.message).toContain('dt must be a month');
    expect(failure(await t.call('RE.getDashboard', [{ dt: month }])).code).toBe('E_ILLEGALACCESS');
  });
});
