// "Waiting for me" in Chromium, at 1024×768 and 1440×900: each person who signs off forms lands on
// the forms in the states they act on, of any period, from the sidebar and the dashboard, with a
// count that equals the rows; a list's filters survive a round trip through the sidebar; a
// Status filter finds forms of every period (the default End Date range is cleared on screen).
// Rows are checked against the database the engine runs on (SQLite: the browser does not
// depend on the dialect; the counts' conditions are tested on both in engine/records).
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { afterLoad, answerDialog, column, readGrid } from './list-support.js';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** The start of last month: the forms list's default End Date range is that month. */
const lastMonth = DateTime.utc().minus({ months: 1 }).startOf('month');

describe('the forms waiting for each sign-off role (sqlite)', () => {
  let portal: Portal;
  /** Entity 1's form waiting for the checker, of a period before last month. */
  let toCheck: { id: number; code: string };
  /** A Submitted form of a period before last month that the regulator's reviewer reaches. */
  let toReview: { id: number; code: string; endon: string };

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const old = lastMonth.minus({ months: 2 }).toISODate()!;
    const check = await db('form').where({ re: 1 }).andWhere('endon', '<', old).orderBy('endon').first('id', 'code');
    expect(check, 'entity 1 has a form of an earlier period').toBeTruthy();
    await db('form').where({ id: check.id }).update({ state: 78 });
    toCheck = { id: Number(check.id), code: String(check.code) };
    const review = await db('form')
      .whereNot({ re: 1 })
      .andWhere('endon', '<', old)
      .andWhere((q) => q.whereNull('category').orWhereNotIn('category', [73, 74, 75, 76, 100213, 57, 100212]))
      .orderBy('endon')
      .first('id', 'code', 'endon');
    expect(review, 'a form the regulator reviews, of an earlier period').toBeTruthy();
    await db('form').where({ id: review.id }).update({ state: 56 });
    toReview = { id: Number(review.id), code: String(review.code), endon: String(review.endon).slice(0, 10) };
    await bumpVersions(db, ['form']);
  }, 240_000);
  afterAll(async () => {
    await portal?.close();
  });

  async function signedIn(userid: string, size: { width: number; height: number }): Promise<Page> {
    const { page } = await portal.page();
    await page.setViewport(size);
    await signIn(page, portal.url, userid);
    return page;
  }

  /** The sidebar entry's link by its label (without its count). */
  async function sidebarEntry(page: Page, label: string): Promise<{ href: string; badge: number | null; visible: boolean }> {
    await page.waitForFunction((l) => [...document.querySelectorAll('nav.sidebar a')].some((a) => (a.firstChild?.textContent ?? '').trim() === l), { timeout: 20_000 }, label);
    return page.$$eval(
      'nav.sidebar a',
      (links, l) => {
        const a = links.find((x) => (x.firstChild?.textContent ?? '').trim() === l) as HTMLAnchorElement;
        const r = a.getBoundingClientRect();
        const b = a.querySelector('.badge');
        return { href: a.getAttribute('href') ?? '', badge: b ? Number(b.textContent) : null, visible: r.width > 0 && r.height > 0 };
      },
      label,
    );
  }

  async function clickSidebar(page: Page, label: string): Promise<void> {
    await page.$$eval('nav.sidebar a', (links, l) => (links.find((x) => (x.firstChild?.textContent ?? '').trim() === l) as HTMLAnchorElement).click(), label);
  }

  /** The sidebar's count, once it has loaded. */
  async function badgeOf(page: Page, label: string): Promise<number> {
    await page.waitForFunction(
      (l) => [...document.querySelectorAll('nav.sidebar a')].some((a) => (a.firstChild?.textContent ?? '').trim() === l && a.querySelector('.badge')),
      { timeout: 20_000 },
      label,
    );
    return (await sidebarEntry(page, label)).badge!;
  }

  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;

    it(`takes the checker from the sidebar's count and the dashboard's link to the forms waiting for them, of any period, as many rows as the count (${at})`, async () => {
      const page = await signedIn('checker', size);
      await page.goto(`${portal.url}/re/dashboard`);
      const count = await badgeOf(page, 'Waiting for me');
      const db = portal.t.database.db;
      const expected = Number((await db('form').where({ re: 1, state: 78 }).count({ n: '*' }).first())?.n);
      expect(count).toBe(expected);
      // The dashboard says the same and leads to the same list.
      await page.waitForFunction((n) => document.querySelector('[data-testid=waiting-link]')?.textContent === `Waiting for me: ${n} ${n === 1 ? 'form' : 'forms'}`, { timeout: 20_000 }, count);
      await page.click('[data-testid=waiting-link] a');
      await waitForPath(page, (p) => p.startsWith('/re/waiting'));
      let grid = await readGrid(page);
      expect(grid.total).toBe(count);
      // From the sidebar as well.
      await clickSidebar(page, 'Dashboard');
      await waitForPath(page, (p) => p.startsWith('/re/dashboard'));
      await clickSidebar(page, 'Waiting for me');
      await waitForPath(page, (p) => p.startsWith('/re/waiting'));
      grid = await readGrid(page);
      expect(grid.total).toBe(count);
      expect(grid.ids.length).toBe(Math.min(count, 20));
      expect(grid.ids).toContain(String(toCheck.id));
      expect(column(grid, 'Status').every((s) => s === 'Pending Verification')).toBe(true);
      // Oldest period end first.
      const ends = column(grid, 'Period End').map((d) => DateTime.fromFormat(d, 'dd/MM/yyyy').toMillis());
      expect(ends).toEqual([...ends].sort((a, b) => a - b));
      // Where it is and whose it is.
      expect(await page.$eval('h1.list-title', (h) => h.textContent)).toMatch(/^Waiting for me — .+/);
      expect(await page.title()).toMatch(/^Waiting for me/);
      expect((await sidebarEntry(page, 'Waiting for me')).visible).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await screenshot(page, `sign-off-queue-checker-${at}`);
    }, 180_000);

    it(`counts one form fewer in the sidebar as soon as the checker sends one back, without a reload (${at})`, async () => {
      const db = portal.t.database.db;
      const other = await db('form').where({ re: 1, state: 13 }).whereNot({ id: toCheck.id }).whereNotNull('formtemplate').orderBy('id').first('id');
      await db('form').where({ id: other.id }).update({ state: 78 });
      await bumpVersions(db, ['form']);
      const waiting = Number((await db('form').where({ re: 1, state: 78 }).count({ n: '*' }).first())?.n);
      const page = await signedIn('checker', size);
      await page.goto(`${portal.url}/re/form/${other.id}`);
      const badge = () => page.$$eval('nav.sidebar a', (as) => as.find((a) => (a.firstChild?.textContent ?? '').trim() === 'Waiting for me')?.querySelector('.badge')?.textContent ?? '');
      await page.waitForFunction((n) => [...document.querySelectorAll('nav.sidebar a')].some((a) => (a.firstChild?.textContent ?? '').trim() === 'Waiting for me' && a.querySelector('.badge')?.textContent === String(n)), { timeout: 20_000 }, waiting);
      await page.waitForSelector('[data-move=return-open]');
      await page.click('[data-move=return-open]');
      await page.waitForSelector('[data-dialog=dialog] input');
      await page.type('[data-dialog=dialog] input', 'Please recheck the totals');
      await page.click('[data-dialog=dialog] [data-button=ok]');
      expect(await answerDialog(page, 'ok')).toContain('Open');
      await page.waitForFunction((n) => [...document.querySelectorAll('nav.sidebar a')].some((a) => (a.firstChild?.textContent ?? '').trim() === 'Waiting for me' && (a.querySelector('.badge')?.textContent ?? '0') === String(n)), { timeout: 10_000 }, waiting - 1).catch(() => undefined);
      expect(await badge()).toBe(waiting - 1 === 0 ? '' : String(waiting - 1));
      expect(page.url()).toContain(`/re/form/${other.id}`);
    }, 180_000);

    it(`opens "Waiting for my review" for the regulator with a Submitted form of a period other than last month (${at})`, async () => {
      const page = await signedIn('iru', size);
      await page.goto(`${portal.url}/iru/dashboard`);
      const count = await badgeOf(page, 'Waiting for my review');
      await clickSidebar(page, 'Waiting for my review');
      await waitForPath(page, (p) => p.startsWith('/iru/waiting'));
      const grid = await readGrid(page);
      expect(grid.total).toBe(count);
      expect(column(grid, 'Status').every((s) => s === 'Submitted')).toBe(true);
      expect(DateTime.fromISO(toReview.endon) < lastMonth).toBe(true);
      // The form may sit on a later page: the list is read to its end, oldest first.
      const ids = [...grid.ids];
      for (let p = 2; p <= Math.ceil(grid.total / 20) && !ids.includes(String(toReview.id)); p++) {
        const next = await afterLoad(page, () => page.goto(`${portal.url}/iru/waiting?pageIndex=${p}`));
        ids.push(...next.ids);
      }
      expect(ids).toContain(String(toReview.id));
      expect(await page.$eval('h1.list-title', (h) => h.textContent)).toBe('Waiting for my review');
      await screenshot(page, `sign-off-queue-regulator-${at}`);
    }, 180_000);

    it(`keeps the forms list's Status filter through a sidebar round trip, and finds every period with a Status alone (${at})`, async () => {
      const page = await signedIn('checker', size);
      await page.goto(`${portal.url}/re/dashboard`);
      await sidebarEntry(page, 'Forms');
      await clickSidebar(page, 'Forms');
      await waitForPath(page, (p) => p.startsWith('/re/formview'));
      await readGrid(page);
      // The End Date range starts at last month; choosing a Status clears it on screen.
      expect(await page.$eval('input[name=filter-endon-from]', (i) => (i as HTMLInputElement).value)).toBe(lastMonth.toFormat('yyyy-MM'));
      await page.waitForSelector('select[name=filter-state] option[value="78"]');
      await page.select('select[name=filter-state]', '78');
      expect(await page.$eval('input[name=filter-endon-from]', (i) => (i as HTMLInputElement).value)).toBe('');
      expect(await page.$eval('input[name=filter-endon-to]', (i) => (i as HTMLInputElement).value)).toBe('');
      const before = await readGrid(page);
      await page.click('[data-action=search]');
      const filtered = await readGrid(page, before.seq);
      expect(filtered.ids).toContain(String(toCheck.id));
      expect(column(filtered, 'Status').every((s) => s === 'Pending Verification')).toBe(true);
      const kept = await pathOf(page);

      await clickSidebar(page, 'Dashboard');
      await waitForPath(page, (p) => p.startsWith('/re/dashboard'));
      await clickSidebar(page, 'Forms');
      await waitForPath(page, (p) => p.startsWith('/re/formview?'));
      const back = await readGrid(page);
      expect(await pathOf(page)).toBe(kept);
      expect(back.ids).toEqual(filtered.ids);
      expect(await page.$eval('select[name=filter-state]', (s) => (s as HTMLSelectElement).value)).toBe('78');
      expect(await page.$eval('input[name=filter-endon-from]', (i) => (i as HTMLInputElement).value)).toBe('');
      // Reset the search stays reset after the next round trip.
      await afterLoad(page, () => page.click('[data-action=reset]'));
      await clickSidebar(page, 'Dashboard');
      await waitForPath(page, (p) => p.startsWith('/re/dashboard'));
      await clickSidebar(page, 'Forms');
      await waitForPath(page, (p) => p.startsWith('/re/formview'));
      await readGrid(page);
      expect(await page.$eval('input[name=filter-endon-from]', (i) => (i as HTMLInputElement).value)).toBe(lastMonth.toFormat('yyyy-MM'));
      expect(await page.$eval('select[name=filter-state]', (s) => (s as HTMLSelectElement).value)).toBe('');
      await screenshot(page, `sign-off-queue-filters-${at}`);
    }, 180_000);
  }
});
