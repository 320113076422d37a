// Dashboard charts are declarative aggregates run by the record engine: their numbers equal
// what Record.select counts for the same viewer, entity scope included; a broken definition is
// refused on save; a series the viewer may not read comes back as an error, not as data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import type { EnvelopeValue } from '../../engine/protocol/envelope.js';
import { monthsAfter } from './chart-data.js';

const totalOf = (v: EnvelopeValue[]) => Number(v[1]?.type === 'text' ? v[1].text : NaN);
const idOf = (v: EnvelopeValue[]) => Number(v[0]?.type === 'recordset' ? v[0].rows[0][0] : NaN);

interface ChartAnswer {
  from_month: string;
  months: string[];
  charts: { name: string; type: number; labels: string[]; datasets: { label: string; color: string; data?: number[]; error?: string }[] }[];
}

describe('chart months', () => {
  it('are the 12 months after the chosen one, in order', () => {
    expect(monthsAfter('2025-06')).toEqual(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
  });
});

describe.each(await testDialects())('dashboard chart data on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let group: number;
  // The month before the demo data's first due date: the 12 months shown hold submissions.
  let fromMonth = '';

  const chart = (name: string, rows: unknown[], ordernumber: number) =>
    t.call('Record.create', [{ module: 'DashboardChart', fields: ['name', 'type', 'dashboardgroup', 'data', 'ordernumber', 'state'], values: [name, 2, group, JSON.stringify({ rows }), ordernumber, 33] }], admin);
  const groupFor = async (cookie: string) => {
    const [v] = await t.call('Chart.getGroup', [{ group_id: group, data: { from_month: fromMonth } }], cookie);
    return JSON.parse(v?.type === 'text' ? v.text : 'null') as ChartAnswer;
  };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    const first = await t.database.db('formbatch').min({ d: 'duedate' }).first();
    fromMonth = DateTime.fromISO(String(first?.d).slice(0, 10)).minus({ months: 1 }).toFormat('yyyy-MM');
    group = idOf(await t.call('Record.create', [{ module: 'DashboardGroup', fields: ['name'], values: ['Supervision'] }], admin));
    expect(idOf(await chart('Entities by sector', [{ label: 'Entities', color: '#1d4ed8', module: 'RE', aggregate: 'count', groupBy: { lookup: 'sector' } }], 1))).toBeGreaterThan(0);
    expect(idOf(await chart('Submissions due', [{ label: 'Due', color: '#15803d', module: 'REFormBatch', aggregate: 'count', groupBy: { month: 'duedate' } }], 2))).toBeGreaterThan(0);
    expect(idOf(await chart('Roles', [{ label: 'Roles', color: '#b91c1c', module: 'Role', aggregate: 'count', groupBy: { lookup: 'createby' } }], 3))).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts entities per sector exactly as Record.select does', async () => {
    const answer = await groupFor(admin);
    expect(answer.from_month).toBe(fromMonth);
    expect(answer.months).toEqual(monthsAfter(fromMonth));
    const bySector = answer.charts[0];
    expect(bySector.name).toBe('Entities by sector');
    expect(bySector.labels.length).toBeGreaterThan(1);
    const sectors = await t.call('Record.select', [{ module: 'Sector', fields: ['id', 'name'], max: 100 }], admin);
    const names = new Map((sectors[0]?.type === 'recordset' ? sectors[0].rows : []).map((r) => [r[1], Number(r[0])]));
    for (const [i, label] of bySector.labels.entries()) {
      const expected = totalOf(await t.call('Record.select', [{ module: 'RE', fields: ['id'], where: [['sector', '=', names.get(label)]], max: 1 }], admin));
      expect(bySector.datasets[0].data![i]).toBe(expected);
    }
  });

  it("limits an RE user's series to its own entity, month by month", async () => {
    const re = await t.sessionFor('re');
    const answer = await groupFor(re);
    const due = answer.charts[1];
    expect(due.labels).toEqual(monthsAfter(fromMonth));
    const data = due.datasets[0].data!;
    for (const [i, month] of due.labels.entries()) {
      const start = `${month}-01`;
      const end = DateTime.fromFormat(month, 'yyyy-MM').endOf('month').toFormat('yyyy-MM-dd');
      const expected = totalOf(await t.call('Record.select', [{ module: 'REFormBatch', fields: ['id'], where: [['duedate', 'between', [start, end]]], max: 1 }], re));
      expect(data[i]).toBe(expected);
    }
    // The regulator's submissions of those months outnumber one entity's.
    const window = [`${due.labels[0]}-01`, DateTime.fromFormat(due.labels[11], 'yyyy-MM').endOf('month').toFormat('yyyy-MM-dd')];
    const all = totalOf(await t.call('Record.select', [{ module: 'FormBatch', fields: ['id'], where: [['duedate', 'between', window]], max: 1 }], admin));
    const mine = data.reduce((a, b) => a + b, 0);
    expect(mine).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(mine);
  });

  it('answers an error instead of data for a series whose module the viewer may not read', async () => {
    const re = await t.sessionFor('re');
    const answer = await groupFor(admin);
    expect(answer.charts[2].datasets[0].data).toBeDefined();
    const seenByRe = await groupFor(re);
    const roles = seenByRe.charts[2].datasets[0];
    expect(roles.data).toBeUndefined();
    expect(roles.error).toMatch(/permission/i);
    // The charts the user may read still come with their data.
    expect(seenByRe.charts[1].datasets[0].data).toBeDefined();
  });

  it('refuses a chart whose data rows break the schema, naming the path', async () => {
    const answer = await chart('Broken', [{ label: 'x', color: 'red', module: 'RE', aggregate: 'count', groupBy: { lookup: 'sector' } }], 4);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null).toEqual({ data: 'data/rows/0/color must match pattern "^#[0-9A-Fa-f]{6}$"' });
  });

  it('refuses a chart whose data rows name a module or field that does not exist, naming the path, and stores nothing', async () => {
    const before = await t.database.db('dashboardchart').count({ n: '*' }).first();
    const valueOf = (answer: Awaited<ReturnType<typeof chart>>) => (answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null);
    const noModule = await chart('Typo', [{ label: 'x', color: '#000000', module: 'NoSuchModule', aggregate: 'count', groupBy: { lookup: 'sector' } }], 5);
    expect(noModule[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(valueOf(noModule)).toEqual({ data: 'data/rows/0/module: no module named NoSuchModule' });
    const row = { label: 'x', color: '#000000', module: 'RE', aggregate: 'sum', field: 'nosuchfield', groupBy: { month: 'createon' } };
    expect(valueOf(await chart('Typo', [row], 5))).toEqual({ data: 'data/rows/0/field: RE has no field nosuchfield' });
    expect(valueOf(await chart('Typo', [{ ...row, aggregate: 'count', field: undefined, groupBy: { lookup: 'nosector' } }], 5))).toEqual({ data: 'data/rows/0/groupBy/lookup: RE has no field nosector' });
    expect(valueOf(await chart('Typo', [{ ...row, aggregate: 'count', field: undefined, where: [['nostate', '=', 1]] }], 5))).toEqual({ data: 'data/rows/0/where/0: RE has no field nostate' });
    expect(await t.database.db('dashboardchart').count({ n: '*' }).first()).toEqual(before);
  });

  it("refuses a chart without a title or a type with the wizard's messages of seed 000 §2.10", async () => {
    const answer = await t.call('Record.create', [{ module: 'DashboardChart', fields: ['name', 'dashboardgroup'], values: ['  ', group] }], admin);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null).toEqual({ name: 'Please insert title for the chart', type: 'Please select type of chart' });
  });

  it('shows the 12 months that end with the current one when no month is chosen', async () => {
    const [v] = await t.call('Chart.getGroup', [{ group_id: group }], admin);
    const answer = JSON.parse(v?.type === 'text' ? v.text : 'null') as ChartAnswer;
    const now = DateTime.utc();
    expect(answer.from_month).toBe(now.minus({ months: 12 }).toFormat('yyyy-MM'));
    expect(answer.months.at(-1)).toBe(now.toFormat('yyyy-MM'));
    expect(answer.charts[1].labels).toEqual(answer.months);
  });

  it('answers E_NOTFOUND for a group that does not exist', async () => {
    expect((await t.call('Chart.getGroup', [{ group_id: 999999 }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_NOTFOUND' });
  });
});
