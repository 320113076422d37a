// The dashboards in Chromium. The regulator's (seed 003 §2.9): an IRU user lands on
// /iru/dashboard, whose cards draw exactly what IRU.getDashboard answers for the chosen month;
// choosing a sector redraws the submissions for that sector and gives the cards' links the sector
// as a where filter. The RE's (seed 000 §2.13): the status table and the charts are what
// RE.getDashboard answers for the user's current entity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { serverCall } from './list-support.js';

type Point = { month: string; value: number; value1?: number; value2?: number };
type Answer = { months: string[] } & Record<string, Point[]>;
interface Drawn {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

describe('the regulator dashboard (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let month = '';

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    // A month whose year of charts holds the demo's submissions.
    const latest = await portal.t.database.db('formbatch').max({ d: 'duedate' }).first();
    const [y, m] = String(latest?.d).slice(0, 7).split('-');
    month = `${m}/${y}`;
  });
  afterAll(async () => portal?.close());

  async function answer(args: Record<string, unknown>): Promise<Answer> {
    const values = await serverCall(portal, 'iru', 'IRU.getDashboard', [args]);
    if (values[0]?.type !== 'text') throw new Error(JSON.stringify(values));
    return JSON.parse(values[0].text);
  }

  const drawnOf = (series: string) =>
    page.$eval(`[data-series=${series}] [data-testid=chart-canvas]`, (c) => JSON.parse(c.getAttribute('data-drawn') ?? 'null')) as Promise<Drawn>;

  async function show(sector: string) {
    await page.click('[data-testid=month]', { clickCount: 3 });
    await page.type('[data-testid=month]', month);
    await page.select('select[name=sector]', sector);
    await page.click('[data-testid=show]');
    await page.waitForSelector('[data-testid=iru-dashboard][data-state=ready] [data-series=submission] canvas');
  }

  it('lands an IRU user on the dashboard with its three sections', async () => {
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p === '/iru/dashboard');
    await page.waitForSelector('[data-testid=iru-dashboard][data-state=ready]');
    const sections = await page.$$eval('[data-section]', (els) => els.map((e) => e.getAttribute('data-section')));
    expect(sections).toEqual(['Reporting Entity Profile', 'Support Management', 'Performance Management']);
  });

  it('counts open help desk items and new or open queries beside their sidebar entries (seed 003 §4.7)', async () => {
    const db = portal.t.database.db;
    const open = Number((await db('helpdesk').where({ state: 13 }).count({ n: '*' }).first())?.n);
    const queries = Number((await db('query').whereIn('state', [54, 13]).count({ n: '*' }).first())?.n);
    expect(open + queries).toBeGreaterThan(0);
    const badge = async (href: string, n: number) => {
      if (n === 0) return expect(await page.$(`a.menu-link[href="${href}"] .badge`)).toBeNull();
      await page.waitForSelector(`a.menu-link[href="${href}"] .badge`);
      expect(await page.$eval(`a.menu-link[href="${href}"] .badge`, (e) => e.textContent)).toBe(String(n));
    };
    await badge('/iru/helpdesk', open);
    await badge('/iru/query', queries);
  });

  it("draws each month's submissions as IRU.getDashboard counts them", async () => {
    await show('');
    const a = await answer({ dt: month });
    const drawn = await drawnOf('submission');
    expect(drawn.datasets.map((d) => d.label)).toEqual(['Due', 'Submitted', 'Outstanding']);
    expect(drawn.labels).toHaveLength(12);
    expect(drawn.datasets[0].data).toEqual(a.submission.map((p) => p.value));
    expect(drawn.datasets[1].data).toEqual(a.submission.map((p) => p.value1));
    expect(drawn.datasets[0].data.reduce((n, v) => n + v, 0)).toBeGreaterThan(0);
    await screenshot(page, 'iru-dashboard');
  });

  it('redraws the submissions of one sector and links the cards to their lists with that sector', async () => {
    await show('1');
    const a = await answer({ dt: month, sector: 1 });
    const all = await answer({ dt: month });
    const drawn = await drawnOf('submission');
    expect(drawn.datasets[0].data).toEqual(a.submission.map((p) => p.value));
    expect(drawn.datasets[0].data).not.toEqual(all.submission.map((p) => p.value));
    const href = await page.$eval('[data-series=submission] figcaption a', (l) => l.getAttribute('href'));
    expect(href).toBe(`/iru/batches?where=${encodeURIComponent('[["re_sector","=",1]]')}`);
  });
});

describe('the RE dashboard (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let month = '';

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    const latest = await portal.t.database.db('formbatch').where({ re: 1 }).max({ d: 'duedate' }).first();
    const [y, m] = String(latest?.d).slice(0, 7).split('-');
    month = `${m}/${y}`;
  });
  afterAll(async () => portal?.close());

  it("shows the entity's submission status and its monthly submissions as RE.getDashboard answers them", async () => {
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    await page.waitForSelector('[data-testid=re-dashboard][data-state=ready]');
    await page.click('[data-testid=month]', { clickCount: 3 });
    await page.type('[data-testid=month]', month);
    await page.click('[data-testid=search]');
    await page.waitForFunction((m) => document.querySelector('.status-table caption')?.textContent?.includes(m) && document.querySelector('[data-testid=re-dashboard][data-state=ready]'), {}, month);
    await page.waitForSelector('[data-series=performance_submission] canvas');

    const values = await serverCall(portal, 're', 'RE.getDashboard', [{ dt: month }]);
    if (values[0]?.type !== 'text') throw new Error(JSON.stringify(values));
    const a = JSON.parse(values[0].text) as Answer & { submission_status: { label: string; value: number }[] };
    const shown = await page.$$eval('.status-table td', (tds) => tds.map((td) => [td.getAttribute('data-status'), Number(td.textContent)]));
    const byState = ['Open', 'Pending Verification', 'Ready', 'Submitted', 'Accepted', 'Amendment Required'].map((l) => [l, a.submission_status.find((s) => s.label === l)!.value] as [string, number]);
    expect(shown).toEqual([...byState, ['Total', byState.reduce((n, [, v]) => n + v, 0)]]);
    const drawn = (await page.$eval('[data-series=performance_submission] [data-testid=chart-canvas]', (c) => JSON.parse(c.getAttribute('data-drawn') ?? 'null'))) as Drawn;
    expect(drawn.datasets[0].data).toEqual(a.performance_submission.map((p) => p.value));
    expect(drawn.datasets[0].data.reduce((n, v) => n + v, 0)).toBeGreaterThan(0);
    const sections = await page.$$eval('[data-section]', (els) => els.map((e) => e.getAttribute('data-section')));
    expect(sections).toEqual(['Performance Management', 'Support Management']);
    await screenshot(page, 're-dashboard-charts');
  });
});
