// Signing in as each login type, the shells they land in, and the route guards of seed 000 §6,
// in the real client served by the engine, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';

describe('shells and route guards (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('sends an unauthenticated visitor of a deep link to / with the full path in next', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/re/reportingentity?where=%5B%5D&pageIndex=2`);
    const path = await waitForPath(page, (p) => p.startsWith('/?'));
    expect(new URLSearchParams(path.slice(2)).get('next')).toBe('/re/reportingentity?where=%5B%5D&pageIndex=2');
    await page.waitForSelector('input[name=userid]');
  });

  it('lets the public screens open without a session', async () => {
    const { page } = await portal.page();
    for (const p of ['/register', '/verify-email', '/reset-password', '/user/logout']) {
      await page.goto(`${portal.url}${p}`);
      await new Promise((r) => setTimeout(r, 200));
      expect((await pathOf(page)).startsWith('/?next=')).toBe(false);
    }
  });

  it('signs an RE user in to the RE shell with its entity in the header and the linked entities beside', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    expect(await page.$eval('[data-shell]', (e) => e.getAttribute('data-shell'))).toBe('re');
    const entity = await page.$eval('[data-current-entity]', (e) => e.textContent);
    expect(entity).toBeTruthy();
    const linked = await page.$$eval('.entity-panel .entity', (els) => els.map((e) => e.textContent));
    expect(linked.length).toBeGreaterThan(1);
    expect(linked).toContain(entity);
    await screenshot(page, 're-dashboard');
    expect(errors).toEqual([]);
  });

  /** The not-allowed page (issue 18: no silent redirect), inside the user's own shell, at the address asked for. */
  async function expectNotAllowed(page: import('puppeteer-core').Page, path: string, shell: string): Promise<void> {
    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-not-allowed]');
    expect(await pathOf(page)).toBe(path);
    expect(await page.$eval('[data-shell]', (e) => e.getAttribute('data-shell'))).toBe(shell);
    expect(await page.$eval('[data-not-allowed] [role=alert]', (e) => e.textContent)).toBe('Your account may not open this page.');
    expect(await page.title()).toBe('Not allowed | Reporting Portal');
    expect(await page.$('[data-not-allowed] [data-way-back]')).not.toBeNull();
  }

  it('keeps an RE user out of /iru and the admin screens', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p.startsWith('/re/'));
    await expectNotAllowed(page, '/iru/reportingentity', 're');
    await expectNotAllowed(page, '/list/weblist', 're');
  });

  it('signs an IRU user in to the IRU shell, whose sidebar shows only permitted screens', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    expect(await page.$eval('[data-shell]', (e) => e.getAttribute('data-shell'))).toBe('iru');
    const labels = await page.$$eval('.sidebar .menu-link', (els) => els.map((e) => e.textContent));
    expect(labels).toContain('RE List');
    // An entry shows with its permission: the officer may read routine reports (seed 003 §2.6).
    expect(labels).toContain('Routine Report');
    await screenshot(page, 'iru-shell');
    await expectNotAllowed(page, '/re/dashboard', 'iru');
    expect(errors).toEqual([]);
  });

  it('signs an administrator in to the internal admin shell, out of /re and /iru', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    // An administrator's home is the demo page of seed 000 §2.7, inside the admin shell.
    await waitForPath(page, (p) => p === '/home');
    await page.waitForSelector('[data-shell=admin] [data-home-page]');
    const labels = await page.$$eval('.sidebar .menu-link', (els) => els.map((e) => e.textContent));
    expect(labels).toEqual(expect.arrayContaining(['WebList View', 'WebList', 'WebForm', 'Log Out']));
    await expectNotAllowed(page, '/re/dashboard', 'admin');
    await expectNotAllowed(page, '/iru/reportingentity', 'admin');
  });

  it('says an unknown path is no page (with a way home), and sends a signed-in user on / to their home', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/no/such/screen`);
    await page.waitForSelector('[data-shell=iru] [data-not-found]');
    expect(await page.title()).toBe('Page not found | Reporting Portal');
    await page.click('[data-not-found] [data-way-back]');
    await waitForPath(page, (p) => p.startsWith('/iru/') && !p.startsWith('/iru/no'));
    await page.goto(`${portal.url}/`);
    await waitForPath(page, (p) => p.startsWith('/iru/'));
  });

  it('shows the footer with the current year and both PDF links', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    const footer = await page.$eval('footer', (e) => e.textContent ?? '');
    expect(footer).toContain(String(new Date().getFullYear()));
    expect(footer).toContain('1024x768');
    const links = await page.$$eval('footer a', (els) => els.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links).toEqual(['/privacy-policy.pdf', '/personal-data-protection.pdf']);
    for (const l of links) {
      const res = await fetch(`${portal.url}${l}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
    }
  });
});
