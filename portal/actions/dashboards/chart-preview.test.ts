// Chart.preview computes an unsaved draft's series exactly as Chart.getGroup computes the same
// chart once stored, refuses a draft that breaks the ChartData schema naming the path, and needs
// DashboardChart.select. The demo's seeded dashboard has charts with data to show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { DEMO_DASHBOARD_GROUP } from '../../seeds/demo-dashboards.js';

interface Series {
  labels: string[];
  datasets: { label: string; color: string; data?: number[]; error?: string }[];
}
interface GroupAnswer {
  from_month: string;
  charts: (Series & { id: number; name: string; type: number })[];
}

const jsonOf = <T>(v: EnvelopeValue[]): T => JSON.parse(v[0]?.type === 'text' ? v[0].text : 'null') as T;
const idOf = (v: EnvelopeValue[]) => Number(v[0]?.type === 'recordset' ? v[0].rows[0][0] : NaN);

const ROWS = [
  { label: 'Entities', color: '#2563eb', module: 'RE', aggregate: 'count', groupBy: { lookup: 'sector' } },
  { label: 'Submissions', color: '#16a34a', module: 'FormBatch', aggregate: 'count', groupBy: { lookup: 'state' } },
];

describe.each(await testDialects())('Chart.preview on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a draft's series equal to what Chart.getGroup answers once the chart is saved", async () => {
    const window = { from_month: '06/2025' };
    const preview = jsonOf<{ from_month: string; chart: Series & { name: string; type: number } }>(
      await t.call('Chart.preview', [{ chart: { type: 2, name: 'Draft', data: { rows: ROWS } }, data: window }], admin),
    );
    expect(preview.from_month).toBe('2025-06');
    expect(preview.chart.name).toBe('Draft');
    expect(preview.chart.labels.length).toBeGreaterThan(1);
    expect(preview.chart.datasets[0].data!.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    const group = idOf(await t.call('Record.create', [{ module: 'DashboardGroup', fields: ['name'], values: ['Preview check'] }], admin));
    const saved = await t.call('Record.create', [{ module: 'DashboardChart', fields: ['name', 'type', 'dashboardgroup', 'data', 'ordernumber', 'state'], values: ['Draft', 2, group, JSON.stringify({ rows: ROWS }), 1, 33] }], admin);
    expect(idOf(saved)).toBeGreaterThan(0);
    const stored = jsonOf<GroupAnswer>(await t.call('Chart.getGroup', [{ group_id: group, data: window }], admin));
    expect(stored.charts).toHaveLength(1);
    expect({ labels: stored.charts[0].labels, datasets: stored.charts[0].datasets }).toEqual({ labels: preview.chart.labels, datasets: preview.chart.datasets });
  });

  it('counts a row whose where is Or of And-runs (the where-builder) as the union of the runs, and checks the fields named inside', async () => {
    const count = async (where: unknown) => {
      const a = jsonOf<{ chart: Series }>(await t.call('Chart.preview', [{ chart: { type: 2, data: { rows: [{ ...ROWS[1], where }] } } }], admin));
      return a.chart.datasets[0].data!.reduce((x, y) => x + y, 0);
    };
    const accepted = await count([['state', '=', 45]]);
    const completedSector1 = await count([['state', '=', 71], ['re_sector', '=', 1]]);
    expect(accepted * completedSector1).toBeGreaterThan(0);
    expect(await count([{ or: [['state', '=', 45], { and: [['state', '=', 71], ['re_sector', '=', 1]] }] }])).toBe(accepted + completedSector1);
    const bad = await t.call('Chart.preview', [{ chart: { type: 2, data: { rows: [{ ...ROWS[1], where: [{ or: [{ and: [['nosuchfield', '=', 1]] }] }] }] } } }], admin);
    expect(bad[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(JSON.stringify(bad[0])).toContain('data/rows/0/where/0/or/0/and/0: FormBatch has no field nosuchfield');
  });

  it('answers an error in place of the data of a row whose module the viewer may not read', async () => {
    const re = await t.sessionFor('re');
    const answer = jsonOf<{ chart: Series }>(await t.call('Chart.preview', [{ chart: { type: 1, data: { rows: [{ ...ROWS[1], module: 'REFormBatch' }, { label: 'Roles', color: '#dc2626', module: 'Role', aggregate: 'count', groupBy: { lookup: 'createby' } }] } } }], re));
    expect(answer.chart.datasets[0].data).toBeDefined();
    expect(answer.chart.datasets[1].data).toBeUndefined();
    expect(answer.chart.datasets[1].error).toMatch(/permission/i);
  });

  it('refuses a draft whose data breaks the ChartData schema with E_VALIDATION naming the path', async () => {
    const answer = await t.call('Chart.preview', [{ chart: { type: 3, data: { rows: [{ ...ROWS[0], color: 'blue' }] } } }], admin);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null).toEqual({ data: 'data/rows/0/color must match pattern "^#[0-9A-Fa-f]{6}$"' });
    expect((await t.call('Chart.preview', [{ chart: { type: 3, data: { rows: [] } } }], admin))[0]).toMatchObject({ code: 'E_VALIDATION' });
  });

  it('refuses a draft naming a module that does not exist, as a save would', async () => {
    const answer = await t.call('Chart.preview', [{ chart: { type: 2, data: { rows: [ROWS[0], { ...ROWS[1], module: 'FormBatchTypo' }] } } }], admin);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null).toEqual({ data: 'data/rows/1/module: no module named FormBatchTypo' });
  });

  it('refuses a chart type other than pie, bar or line, and a malformed month', async () => {
    expect((await t.call('Chart.preview', [{ chart: { type: 4, data: { rows: ROWS } } }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
    expect((await t.call('Chart.preview', [{ chart: { type: 1, data: { rows: ROWS } }, data: { from_month: '2025/06' } }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
  });

  it('needs a session', async () => {
    const answer = await t.call('Chart.preview', [{ chart: { type: 1, data: { rows: ROWS } } }]);
    expect(answer[0]).toMatchObject({ type: 'exception' });
    expect(answer[0].type === 'exception' ? answer[0].code : '').not.toBe('E_VALIDATION');
  });

  it('seeds a demo dashboard group whose active charts all have data', async () => {
    const answer = jsonOf<GroupAnswer>(await t.call('Chart.getGroup', [{ group_id: DEMO_DASHBOARD_GROUP }], admin));
    expect(answer.charts.map((c) => c.type).sort()).toEqual([1, 2, 3]);
    for (const chart of answer.charts) {
      expect(chart.labels.length).toBeGreaterThan(0);
      for (const d of chart.datasets) {
        expect(d.error).toBeUndefined();
        expect(d.data!.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      }
    }
  });
});
