// The 10-second checks of seed 000 §4.6 and §6: what another tab leaves in the shared storage
// (a sign-out, another user, an entity switch) sends this tab to the sign-in screen or reloads
// it within 10 seconds while it is visible; a hidden tab checks at once when it shows again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';

const CHECK_MS = 10_000;

describe('session checks between tabs (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function signedInTab(): Promise<Page> {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    return page;
  }

  const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const reloaded = (page: Page, timeout: number) => page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, { timeout });

  it('sends a visible tab to the sign-in screen within 10 seconds of a sign-out elsewhere', async () => {
    const a = await signedInTab();
    // Another tab's sign-out removes the stored user from the storage all tabs share.
    await a.evaluate(() => localStorage.removeItem('user'));
    const path = await waitForPath(a, (p) => p.includes('login'), CHECK_MS + 8_000);
    expect(path).toMatch(/^\/\?next=%2Flogin$|^\/login$/);
  }, 30_000);

  it('sends a visible tab to the sign-in screen when another user signed in elsewhere', async () => {
    const a = await signedInTab();
    await a.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, id: user.id + 1000, userid: 'someone-else' }));
    });
    await waitForPath(a, (p) => p.includes('login'), CHECK_MS + 8_000);
  }, 30_000);

  it('reloads a visible tab within 10 seconds of an entity switch elsewhere', async () => {
    const a = await signedInTab();
    await markPage(a);
    const other = await a.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user')!) as { RE: { id: number }[] };
      const current = JSON.parse(localStorage.getItem('re')!) as number;
      const next = user.RE.find((e) => e.id !== current)!.id;
      localStorage.setItem('re', JSON.stringify(next));
      return next;
    });
    await reloaded(a, CHECK_MS + 8_000);
    expect(await a.evaluate(() => JSON.parse(localStorage.getItem('re')!))).toBe(other);
  }, 30_000);

  it('switches entity from the right panel: the server session, the header and the stored entity follow', async () => {
    const a = await signedInTab();
    const before = await a.$eval('[data-current-entity]', (e) => e.textContent);
    const target = await a.$eval('.entity-panel .entity:not(.current)', (e) => e.textContent);
    await a.click('.entity-panel .entity:not(.current)');
    await a.waitForFunction((name) => document.querySelector('[data-current-entity]')?.textContent === name, {}, target);
    expect(target).not.toBe(before);
    const current = await a.evaluate(async () => {
      const res = await fetch('/process', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'User.current', args: [] }) });
      return res.text();
    });
    const stored = await a.evaluate(() => JSON.parse(localStorage.getItem('re')!));
    expect(current).toContain(`&quot;currentRE&quot;:${stored}`);
  }, 30_000);

  it('does not check while the tab is hidden, and checks at once when it shows again', async () => {
    const a = await signedInTab();
    const setHidden = (hidden: boolean) =>
      a.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await a.evaluate(() => localStorage.removeItem('user'));
    await new Promise((r) => setTimeout(r, CHECK_MS + 1_500));
    expect(new URL(a.url()).pathname).toBe('/re/dashboard');
    await setHidden(false);
    await waitForPath(a, (p) => p.includes('login'), 3_000);
  }, 40_000);
});
