// The chart editor and the sample dashboard in Chromium against a real engine (seed 000 §2.10,
// §2.11, §5; issue 5): an admin creates a dashboard group through its generic form, builds a
// chart in the wizard (the required title and type refused with the seed's messages, a data row
// with a status colour, a preview drawn from Chart.preview), saves it, finds it among the chart
// cards, and the group's dashboard draws it with chart.js from exactly what Chart.getGroup answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { clickRowButton, serverCall, serverSelect } from './list-support.js';

interface Drawn {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}
interface View {
  id?: number;
  name: string;
  type: number;
  labels: string[];
  datasets: { label: string; color: string; data?: number[]; error?: string }[];
}

const GROUP = 'Supervision (browser test)';
const CHART = 'Entities per sector (browser test)';
const ROW = { label: 'Entities', color: '#16a34a', module: 'RE', aggregate: 'count', groupBy: { lookup: 'sector' } };

const drawnOf = (v: View): Drawn => ({ labels: v.labels, datasets: v.datasets.filter((d) => d.data).map((d) => ({ label: d.label, data: d.data! })) });
const textOf = (values: Awaited<ReturnType<typeof serverCall>>) => (values[0]?.type === 'text' ? values[0].text : JSON.stringify(values));

describe('the chart editor and the sample dashboard (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let group = 0;
  let chart = 0;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await signIn(page, portal.url, 'admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const text = (selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());
  const drawn = async (selector: string): Promise<Drawn> => {
    await page.waitForSelector(`${selector} canvas[data-testid=chart-canvas]`);
    return JSON.parse(await page.$eval(`${selector} canvas[data-testid=chart-canvas]`, (c) => c.getAttribute('data-drawn') ?? 'null')) as Drawn;
  };
  const canvasPainted = (selector: string) =>
    page.$eval(`${selector} canvas[data-testid=chart-canvas]`, (c) => {
      const canvas = c as HTMLCanvasElement;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
      return canvas.width > 0 && canvas.height > 0 && painted > 100;
    });

  it('creates a dashboard group through its form (/dashgroup, form 129)', async () => {
    await page.goto(`${portal.url}/dashgroup/create`);
    await page.waitForSelector('.record-form [name=name]');
    await page.type('.record-form [name=name]', GROUP);
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-dialog=dialog] [data-button=ok]');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    const path = await waitForPath(page, (p) => /\/dashgroup\/view\/\d+$/.test(p));
    group = Number(path.split('/').pop());
    const { rows } = await serverSelect(portal, 'admin', { module: 'DashboardGroup', fields: ['id', 'name'], where: [['id', '=', group]] });
    expect(rows[0]?.name).toBe(GROUP);
    // The seed's own address of a group, /dashgroup/{data_id}, shows the same form.
    await page.goto(`${portal.url}/dashgroup/${group}`);
    await page.waitForFunction((name) => (document.querySelector('.record-form [name=name]') as HTMLInputElement | null)?.value === name, {}, GROUP);
  });

  it('refuses a chart without a title, then without a type, with the messages of the seed', async () => {
    await page.goto(`${portal.url}/mdash/new`);
    await page.waitForSelector('[data-testid=chart-wizard][data-state=ready]');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=problem-name]');
    expect(await text('[data-testid=problem-name]')).toBe('Please insert title for the chart');
    expect(await text('[data-testid=problem-type]')).toBe('Please select type of chart');

    await page.type('[data-testid=name]', CHART);
    await page.click('[data-testid=save]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=problem-name]'));
    expect(await text('[data-testid=problem-type]')).toBe('Please select type of chart');
    expect(await page.$('[data-testid=save-problem]')).toBeNull();
    // Nothing was stored.
    const { total } = await serverSelect(portal, 'admin', { module: 'DashboardChart', fields: ['id'], where: [['name', '=', CHART]], max: 1 });
    expect(total).toBe(0);
    // State defaults to Inactive (seed 000 §4.4).
    expect(await page.$eval('[data-testid=state]', (s) => (s as HTMLSelectElement).value)).toBe('4');
  });

  it('builds a data row, previews the draft drawn from Chart.preview, and saves the chart', async () => {
    await page.select('[data-testid=type]', '2');
    await page.select('[data-testid=state]', '33');
    await page.type('[data-testid=ordernumber]', '1');
    await page.waitForSelector(`[data-testid=dashboardgroup] option[value="${group}"]`);
    await page.select('[data-testid=dashboardgroup]', String(group));
    await page.click('[data-testid=next]');

    await page.waitForSelector('[data-testid=chart-rows]');
    await page.click('[data-testid=add-row]');
    // An unfinished row is refused by the server's ChartData schema, said in words beside the row
    // (the path stays in the message's title).
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=row-0] [data-testid=field-message]');
    expect(await text('[data-testid=row-0] [data-testid=field-message]')).toMatch(/^Row 1 (label|module|colour|group by lookup field): /);
    expect(await page.$eval('[data-testid=row-0] [data-testid=field-message]', (e) => e.getAttribute('title'))).toMatch(/^data\/rows\/0\//);
    await page.type('[data-testid=row-0-label]', ROW.label);
    await page.click('[data-testid=row-0] .chart-swatch[aria-label=Green]');
    expect(await page.$eval('[data-testid=row-0-color]', (e) => (e as HTMLInputElement).value)).toBe(ROW.color);
    await page.waitForSelector('[data-testid=row-0-module] option[value=RE]');
    await page.select('[data-testid=row-0-module]', 'RE');
    await page.waitForSelector('[data-testid=row-0-group-field] option[value=sector]');
    await page.select('[data-testid=row-0-group-field]', 'sector');
    await page.click('[data-testid=next]');

    await page.waitForSelector('[data-testid=chart-preview][data-state=ready]');
    const expected = JSON.parse(textOf(await serverCall(portal, 'admin', 'Chart.preview', [{ chart: { type: 2, data: { rows: [ROW] } } }]))) as { chart: View };
    expect(expected.chart.labels.length).toBeGreaterThan(1);
    expect(await drawn('[data-testid=chart-preview]')).toEqual(drawnOf(expected.chart));
    expect(await text('[data-testid=chart-preview] [data-testid=chart-title]')).toBe(CHART);
    await screenshot(page, 'chart-editor-preview');

    await page.click('[data-testid=save]');
    const path = await waitForPath(page, (p) => /^\/mdash\/\d+$/.test(p));
    chart = Number(path.split('/').pop());
    await page.waitForSelector('[data-testid=saved]');
    const { rows } = await serverSelect(portal, 'admin', { module: 'DashboardChart', fields: ['name', 'type', 'state', 'ordernumber', 'dashboardgroup', 'data'], where: [['id', '=', chart]] });
    expect(rows[0]).toMatchObject({ name: CHART, type: 2, state: 33, ordernumber: 1, dashboardgroup: group });
    const data = rows[0].data;
    expect(typeof data === 'string' ? JSON.parse(data) : data).toEqual({ rows: [ROW] });
  });

  it('shows the saved chart among the cards of its group, with an Edit link to the wizard', async () => {
    await page.goto(`${portal.url}/mdash`);
    await page.waitForSelector('[data-testid=chart-cards][data-state=ready]');
    const card = `[data-testid=chart-group][data-group-id="${group}"] [data-testid=chart-card][data-chart-id="${chart}"]`;
    await page.waitForSelector(card);
    expect(await text(`${card} h2`)).toBe(CHART);
    await page.click(`${card} [data-testid=edit-chart]`);
    await waitForPath(page, (p) => p === `/mdash/${chart}`);
    await page.waitForSelector('[data-testid=chart-wizard][data-state=ready]');
    expect(await page.$eval('[data-testid=name]', (e) => (e as HTMLInputElement).value)).toBe(CHART);
  });

  it("draws the group's dashboard, reached from the group list, from exactly what Chart.getGroup answers", async () => {
    await page.goto(`${portal.url}/dashgroup`);
    await page.waitForSelector('[data-list-grid][data-state=ready]');
    await clickRowButton(page, GROUP, 'Dashboard');
    await waitForPath(page, (p) => p === `/sample_dash/${group}`);
    await page.waitForSelector('[data-testid=sample-dash][data-state=ready]');
    const month = await page.$eval('[data-testid=sample-dash]', (e) => e.getAttribute('data-month') ?? '');
    const answer = JSON.parse(textOf(await serverCall(portal, 'admin', 'Chart.getGroup', [{ group_id: group, data: { from_month: month } }]))) as { charts: View[] };
    expect(answer.charts.map((c) => c.name)).toEqual([CHART]);
    const figure = `[data-testid=chart][data-chart-id="${chart}"]`;
    expect(await text(`${figure} [data-testid=chart-title]`)).toBe(CHART);
    expect(await drawn(figure)).toEqual(drawnOf(answer.charts[0]));
    expect(await canvasPainted(figure)).toBe(true);
    await screenshot(page, 'sample-dash');
  });

  it("draws the demo's seeded dashboard, every chart with data", async () => {
    await page.goto(`${portal.url}/sample_dash/1`);
    await page.waitForSelector('[data-testid=sample-dash][data-state=ready]');
    const answer = JSON.parse(textOf(await serverCall(portal, 'admin', 'Chart.getGroup', [{ group_id: 1 }]))) as { charts: View[] };
    expect(answer.charts.length).toBeGreaterThanOrEqual(2);
    for (const c of answer.charts) {
      const figure = `[data-testid=chart][data-chart-id="${c.id}"]`;
      expect(await drawn(figure)).toEqual(drawnOf(c));
      expect(c.datasets.every((d) => (d.data ?? []).some((n) => n > 0))).toBe(true);
    }
    expect(await page.$$eval('[data-testid=chart] [data-testid=chart-title]', (els) => els.map((e) => e.textContent))).toEqual(answer.charts.map((c) => c.name));
    await screenshot(page, 'sample-dash-demo');
  });
});
