// The dashboards as a newcomer meets them (issue 18), in Chromium at 1366x768 and 1024x768 with
// screenshots: a month without data says so and offers the latest month with data, whose button
// shows it; every card links to a screen that exists, carrying the chosen sector on the lists
// whose module has one, and the linked list opens narrowed to that sector.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { readGrid } from './list-support.js';

const SIZES = [
  [1366, 768],
  [1024, 768],
] as const;

type Drawn = { labels: string[]; datasets: { label: string; data: number[] }[] };

describe('the dashboards with an empty month (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => portal?.close());

  async function pick(month: string, button: string) {
    await page.click('[data-testid=month]', { clickCount: 3 });
    await page.type('[data-testid=month]', month);
    await page.click(`[data-testid=${button}]`);
  }

  /** Whether any card draws a count in its last month (the chosen one). */
  const lastMonthDrawn = () =>
    page.$$eval('[data-series] canvas[data-testid=chart-canvas]', (cs) =>
      cs.some((c) => {
        const d = JSON.parse(c.getAttribute('data-drawn') ?? 'null') as Drawn | null;
        return !!d && d.datasets.some((s) => (s.data[s.data.length - 1] ?? 0) > 0);
      }),
    );

  it.each([
    ['iru', 'iru-dashboard', 'show'],
    ['re', 're-dashboard', 'search'],
  ] as const)('%s: says a month without data has none and shows the latest month with data on request, at both sizes', async (user, testId, button) => {
    page = (await portal.page()).page;
    await signIn(page, portal.url, user);
    await waitForPath(page, (p) => p === `/${user}/dashboard`);
    for (const [width, height] of SIZES) {
      await page.setViewport({ width, height });
      await page.waitForSelector(`[data-testid=${testId}][data-state=ready]`);
      await pick('01/2020', button);
      await page.waitForSelector('[data-testid=empty-month] [data-testid=show-latest]');
      expect(await page.$eval('[data-testid=empty-month] p', (e) => e.textContent)).toMatch(/^There is no data for Jan 2020\. The latest month with data is \w{3} \d{4}\.$/);
      expect(await lastMonthDrawn()).toBe(false);
      await screenshot(page, `dashboard-empty-month-${user}-${width}x${height}`);

      const latest = await page.$eval('[data-testid=show-latest]', (b) => b.getAttribute('data-month') ?? '');
      await page.click('[data-testid=show-latest]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=empty-month]') && document.querySelector('[data-series] canvas'));
      expect(await page.$eval('[data-testid=month]', (i) => (i as HTMLInputElement).value)).toBe(`${latest.slice(5)}/${latest.slice(0, 4)}`);
      expect(await lastMonthDrawn()).toBe(true);
      await screenshot(page, `dashboard-latest-month-${user}-${width}x${height}`);
    }
  });

  it('links every regulator card to a screen that exists, with the chosen sector on lists that have it, and the list opens narrowed to it', async () => {
    page = (await portal.page()).page;
    await page.setViewport({ width: 1366, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.waitForSelector('[data-testid=iru-dashboard][data-state=ready]');
    await page.select('select[name=sector]', '1');
    await page.click('[data-testid=show]');
    await page.waitForSelector('[data-testid=iru-dashboard][data-state=ready] [data-series=submission] canvas');
    const links = await page.$$eval('[data-series] figcaption a', (as) => as.map((a) => [a.closest('[data-series]')!.getAttribute('data-series'), a.getAttribute('href')] as [string, string]));
    const hrefOf = (series: string) => links.find(([s]) => s === series)?.[1];
    expect(hrefOf('submission')).toBe(`/iru/batches?where=${encodeURIComponent('[["re_sector","=",1]]')}`);
    expect(hrefOf('total_query')).toBe(`/iru/query?where=${encodeURIComponent('[["re_sector","=",1]]')}`);
    expect(hrefOf('outstanding_helpdesk')).toBe(`/iru/helpdesk?where=${encodeURIComponent('[["re_sector","=",1]]')}`);
    expect(hrefOf('active_re_companies')).toBe(`/iru/reportingentity?where=${encodeURIComponent('[["sector","=",1]]')}`);
    expect(hrefOf('new_user_registration')).toBe('/iru/webusers');

    // Each link opens its screen (no redirect to the dashboard or a not-found page).
    for (const [series, href] of links) {
      await page.goto(`${portal.url}${href}`);
      await page.waitForSelector('main.content');
      await new Promise((r) => setTimeout(r, 300));
      expect([series, await pathOf(page)]).toEqual([series, href]);
      expect(await page.$('[data-testid=not-found]')).toBeNull();
    }

    // The submissions list holds only sector 1's batches.
    await page.goto(`${portal.url}${hrefOf('submission')}`);
    const grid = await readGrid(page);
    const ids = grid.ids.map(Number);
    expect(ids.length).toBeGreaterThan(0);
    const sectors = await portal.t.database.db('formbatch').whereIn('id', ids).distinct('re_sector').pluck('re_sector');
    expect(sectors.map(Number)).toEqual([1]);
    await screenshot(page, 'dashboard-card-submissions-sector-1');
  });

  it('sends a user of role 43 opening /iru to the submissions list, /iru/formbatch (seed 003 §2.9)', async () => {
    const db = portal.t.database.db;
    const iru = await db('user').where({ userid: 'mfa' }).first('id');
    await db('user').where({ id: iru.id }).update({ mfa: 2 });
    await db('user_role').insert({ link_fk_user: iru.id, link_fk_role: 43 });
    page = (await portal.page()).page;
    await signIn(page, portal.url, 'mfa', undefined, '/');
    await page.goto(`${portal.url}/iru`);
    await waitForPath(page, (p) => p === '/iru/formbatch');
    await readGrid(page);
  });
});
