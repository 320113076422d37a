// The /home demo page of seed 000 §2.7 in the real client, in Chromium: who sees it, its tabs in
// the address, monitors that gain a point every 5 s, and counters equal to the database's users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { sqlDateTime, addMinutes } from '../../engine/db/clock.js';
import { MONITOR_INTERVAL_MS } from '../src/home/monitor-levels.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';

async function ready(page: Page, server: string): Promise<void> {
  await page.waitForSelector(`[data-home-page][data-server=${server}][data-state=ready]`);
}

const counters = (page: Page) =>
  page.$$eval('[data-counter]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-counter'), Number(e.querySelector('dd')?.textContent)])));

describe('the home demo page (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
    // One inactive user, so active and inactive differ from the total.
    await portal.t.database.db('user').where({ userid: 're2' }).update({ state: 4 });
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** The counts System.monitor must show, counted here independently. */
  async function expectedCounts() {
    const db = portal.t.database.db;
    const count = async (state?: number) => Number(((await (state === undefined ? db('user') : db('user').where({ state })).count({ n: '*' })) as { n: unknown }[])[0].n);
    const now = new Date();
    const online = await db('session')
      .where('expires_at', '>', sqlDateTime(now))
      .andWhere('last_seen_at', '>', sqlDateTime(addMinutes(now, -portal.t.config.sessionIdleMinutes)))
      .distinct('user_id');
    return { total: await count(), active: await count(33), inactive: await count(4), online: online.length };
  }

  it('shows an administrator the demo page in the admin shell: monitors gaining points, counters, the sample roles', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await waitForPath(page, (p) => p === '/home');
    await page.waitForSelector('[data-shell=admin] [data-home-page]');
    await ready(page, 'database');

    const roles = await page.$$eval('[data-table=roles] tbody tr td:first-child', (els) => els.map((e) => e.textContent));
    expect(roles).toEqual(['Admin', 'Admin minus security', 'Financial', 'Standard']);
    for (const t of ['jobs', 'services', 'alerts']) expect((await page.$$(`[data-table=${t}] tbody tr`)).length).toBeGreaterThan(0);

    const expected = await expectedCounts();
    expect(expected.online).toBe(1);
    expect(await counters(page)).toEqual(expected);

    const monitors = await page.$$eval('[data-monitor]', (els) =>
      els.map((e) => ({ metric: e.getAttribute('data-monitor'), level: e.getAttribute('data-level'), value: Number(e.querySelector('[data-value]')?.getAttribute('data-value')), text: e.querySelector('.monitor-value')?.textContent })),
    );
    expect(monitors.map((m) => m.metric)).toEqual(['cpu', 'disk', 'memory']);
    for (const m of monitors) {
      expect(m.value).toBeGreaterThanOrEqual(0);
      expect(m.value).toBeLessThanOrEqual(100);
      expect(m.text).toMatch(/^\d+\.\d%$/);
      expect(m.level).toBe(m.value < 30 ? 'green' : m.value < 75 ? 'amber' : 'red');
    }
    const points = () => page.$$eval('[data-monitor] svg', (els) => els.map((e) => Number(e.getAttribute('data-points'))));
    expect(await points()).toEqual([1, 1, 1]);
    // The product's own interval: one more sample arrives within it (plus a margin).
    await page.waitForFunction(() => [...document.querySelectorAll('[data-monitor] svg')].every((e) => Number(e.getAttribute('data-points')) >= 2), { timeout: MONITOR_INTERVAL_MS + 3000 });
    expect(await points()).toEqual([2, 2, 2]);
    await screenshot(page, 'home-admin');
    expect(errors).toEqual([]);
  });

  it('switches tabs through the server parameter of the address', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await ready(page, 'database');
    await page.click('[data-tab=app]');
    await waitForPath(page, (p) => p === '/home?server=app');
    await ready(page, 'app');
    expect(await page.$eval('[data-tab=app]', (e) => e.getAttribute('aria-selected'))).toBe('true');
    expect(await page.$eval('[data-monitor=memory] .monitor-detail', (e) => e.textContent)).toContain('engine process');
    await page.click('[data-tab=database]');
    await waitForPath(page, (p) => p === '/home?server=database');
    await ready(page, 'database');
    expect(await page.$eval('[data-monitor=disk] .monitor-detail', (e) => e.textContent)).toContain('sqlite database');
    // Back in history is the previous tab.
    await page.goBack();
    await waitForPath(page, (p) => p === '/home?server=app');
    await ready(page, 'app');
    expect(errors).toEqual([]);
  });

  it('sends an RE user from /home to the RE dashboard, even with a server tab', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    await page.goto(`${portal.url}/home?server=app`);
    await waitForPath(page, (p) => p === '/re/dashboard');
    expect(await page.$('[data-home-page]')).toBeNull();
  });

  it('sends an IRU user from /home to /iru, and shows the demo in the IRU shell at /home?server=app', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/home`);
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/home?server=app`);
    await page.waitForSelector('[data-shell=iru] [data-home-page]');
    await ready(page, 'app');
    expect(await pathOf(page)).toBe('/home?server=app');
    expect(await counters(page)).toEqual(await expectedCounts());
    expect(errors).toEqual([]);
  });
});
