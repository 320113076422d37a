// Issue 18, "Where am I": every screen names itself in the tab (`{screen or record} | Reporting
// Portal`), the favicon exists, an address that is no screen or that the user may not open says
// so with a way back, a record that does not exist says so instead of `Loading...`, the
// primary-user-only screens refuse others by address, and a dialog does not outlive its user.
// In Chromium on every database this run covers (MariaDB when it answers), at 1366×768 and
// 1024×768; screenshots in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { SIZES } from './axe-support.js';

const SUFFIX = ' | Reporting Portal';
/** The route's own name while the page has not named itself: never the final title. */
const PLACEHOLDERS = ['List', 'View', 'Edit', 'Create', 'Form'].map((t) => `${t}${SUFFIX}`);

async function settledTitle(page: Page): Promise<string> {
  await page.waitForFunction((placeholders: string[]) => !placeholders.includes(document.title) && !document.querySelector('.loading'), { timeout: 20_000 }, PLACEHOLDERS);
  return page.title();
}

async function sidebarTargets(page: Page): Promise<string[]> {
  await page.waitForSelector('.sidebar .menu-link');
  const hrefs = await page.$$eval('.sidebar a.menu-link', (els) => els.map((a) => (a as HTMLAnchorElement).pathname));
  return [...new Set(hrefs)].filter((h) => h !== '/user/logout');
}

describe.each(await testDialects())('where am I (%s)', (dialect) => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  // One test per user, each with the time of its many screens (30-odd pages on a loaded machine).
  it.each(['iru', 're'])('names every sidebar screen of %s in the tab, as `{screen} | Reporting Portal`', async (user) => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, user);
    await waitForPath(page, (p) => p.startsWith(`/${user}/`));
    const targets = await sidebarTargets(page);
    expect(targets.length).toBeGreaterThan(5);
    for (const to of targets) {
      await page.goto(`${portal.url}${to}`);
      await page.waitForSelector('main.content > *');
      const title = await settledTitle(page);
      expect(title, to).toMatch(/^\S.* \| Reporting Portal$/);
      expect(await page.$('[data-not-found]'), to).toBeNull();
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('names lists by their title, records by their name, and create pages by what they create', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    const cases: [string, (p: Page) => Promise<string>][] = [
      ['/iru/dashboard', async () => 'Dashboard'],
      ['/iru/reportingentity', async () => 'Reporting Entities'],
      ['/iru/reportingentity/view/1', (p) => p.$eval('.record-form [name=name]', (e) => (e as HTMLInputElement).value)],
      ['/iru/reportingentity/edit/1', async (p) => `Edit ${await p.$eval('.record-form [name=name]', (e) => (e as HTMLInputElement).value)}`],
      ['/iru/reportingentity/create', async (p) => `Create ${await p.$eval('.form-page h1', (e) => e.firstChild?.textContent?.trim() ?? '')}`],
      ['/iru/bulletin/create', async () => 'Create Bulletin'],
      ['/iru/query/create', async () => 'Create New Query'],
      ['/iru/openperiod', async () => 'Open a period'],
    ];
    for (const [to, expected] of cases) {
      await page.goto(`${portal.url}${to}`);
      await page.waitForSelector('main.content > *');
      const title = await settledTitle(page);
      expect(title, to).toBe(`${await expected(page)}${SUFFIX}`);
    }
  });

  it('links a favicon the engine serves', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/`);
    const href = await page.$eval('link[rel=icon]', (e) => (e as HTMLLinkElement).href);
    expect(new URL(href).pathname).toBe('/favicon.svg');
    const res = await fetch(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });

  it('says an address is no page, inside the shell with a way back, at both sizes', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p.startsWith('/re/'));
    for (const size of SIZES) {
      await page.setViewport(size);
      for (const to of ['/re/no-such-screen', '/re/list/abc', '/re/form/155/bogus/1', '/no/such/address']) {
        await page.goto(`${portal.url}${to}`);
        await page.waitForSelector('[data-shell=re] [data-not-found]');
        expect(await pathOf(page), to).toBe(to);
        expect(await page.title(), to).toBe(`Page not found${SUFFIX}`);
        expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('There is no page at this address.');
      }
      await screenshot(page, `where-am-i-not-found-${size.width}`);
      await page.click('[data-not-found] [data-way-back]');
      await waitForPath(page, (p) => p === '/re/dashboard');
    }
    expect(errors).toEqual([]);
  });

  it('says a record that does not exist is not found, instead of Loading... for good', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    const cases: [string, string, string][] = [
      ['/iru/requestvalue/999999', 'Dropdown Request not found.', 'Dropdown Request not found'],
      ['/iru/excelimport/999999', 'Excel Import not found.', 'Excel Import not found'],
      ['/iru/excelimport/abc', 'Excel Import not found.', 'Excel Import not found'],
      ['/iru/formhistory/999999', 'Form not found.', 'Form not found'],
      ['/iru/consolidated/999999', 'Form not found.', 'Form not found'],
      ['/iru/formtemplate/view/abc', 'Form not found.', 'Form not found'],
      ['/iru/form/999999', 'Form not found.', 'Form not found'],
    ];
    for (const [to, message, title] of cases) {
      await page.goto(`${portal.url}${to}`);
      await page.waitForSelector('[data-not-found]');
      expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent), to).toBe(message);
      expect(await page.title(), to).toBe(`${title}${SUFFIX}`);
      expect(await page.$('[data-not-found] [data-way-back]'), to).not.toBeNull();
    }
    // The way back of a request goes to the requests.
    await page.goto(`${portal.url}/iru/requestvalue/999999`);
    await page.waitForSelector('[data-not-found] [data-way-back]');
    await page.click('[data-not-found] [data-way-back]');
    await waitForPath(page, (p) => p === '/iru/requestvalue');
    // A list or form whose definition does not exist says so, with a way back.
    for (const to of ['/iru/list/424242', '/iru/form/424242/view/1']) {
      await page.goto(`${portal.url}${to}`);
      await page.waitForSelector('[data-screen-error] [data-way-back]');
      expect(await page.title(), to).toBe(`This screen cannot be shown${SUFFIX}`);
    }
    // The generic form keeps the seed's dialog, and says so on the page too.
    await page.goto(`${portal.url}/iru/reportingentity/view/999999`);
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await page.$eval('[data-dialog=dialog] .dialog-message', (e) => e.textContent)).toBe('No Record Found');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    await page.waitForSelector('[data-not-found]');
    expect(await page.title()).toBe(`No Record Found${SUFFIX}`);
    expect(errors).toEqual([]);
  });

  it('refuses the sub-user screens by address to anyone but the primary user, who opens them', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'preparer');
    await waitForPath(page, (p) => p.startsWith('/re/'));
    for (const to of ['/re/registersubusers', '/re/registersubusers/create', '/re/regsubusers/create', '/re/userre', '/re/userre/view/1']) {
      await page.goto(`${portal.url}${to}`);
      await page.waitForSelector('[data-not-allowed]');
      expect(await page.$eval('[data-not-allowed] [role=alert]', (e) => e.textContent), to).toBe('Your account may not open this page.');
      expect(await page.title(), to).toBe(`Not allowed${SUFFIX}`);
    }
    await screenshot(page, 'where-am-i-not-allowed');
    expect(errors).toEqual([]);

    const primary = await portal.page();
    await signIn(primary.page, portal.url, 're');
    await waitForPath(primary.page, (p) => p.startsWith('/re/'));
    await primary.page.goto(`${portal.url}/re/registersubusers`);
    await primary.page.waitForSelector('[data-list-grid]');
    expect(await primary.page.$('[data-not-allowed]')).toBeNull();
    await primary.page.goto(`${portal.url}/re/registersubusers/create`);
    await primary.page.waitForSelector('input[name=email]');
    expect(await primary.page.title()).toBe(`Register Sub User${SUFFIX}`);
  });

  it('closes a dialog left open when the signed-in user changes in another tab', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.click('.user-menu-button');
    await page.click('.user-menu-items button');
    await page.waitForSelector('[data-dialog=dialog] input[name=dialog-input]');
    // Another tab of the same browser signs out.
    const other = await page.browserContext().newPage();
    await other.goto(`${portal.url}/user/logout`);
    await other.waitForFunction(() => localStorage.getItem('user') === null);
    await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog] input[name=dialog-input]'), { timeout: 5_000 });
    await other.close();
    expect(errors).toEqual([]);
  });
});
