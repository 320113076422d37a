// The RE shell's entity panel folds so the content gets the width (issue 18), in Chromium at
// 1366×768 and 1024×768: the content grows by the panel's width, the choice survives a reload
// and signing in again, and it is each user's own in a shared browser. On SQLite: the panel
// does not depend on the database.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { GRID } from './list-support.js';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

const panelState = (page: Page) => page.$eval('[data-entity-panel]', (e) => e.getAttribute('data-entity-panel'));
const contentWidth = (page: Page) => page.$eval('#content', (e) => e.clientWidth);
const gridWidth = (page: Page) => page.$eval(`${GRID} .rdg`, (e) => e.clientWidth);

async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/user/logout`);
  await page.waitForSelector('[data-panel=logged-out][data-done=true]');
}

describe('the entity panel folds, remembered per user (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const size of SIZES) {
    it(`gives the content the panel's width when folded, and keeps it folded after a reload, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 're');
      await page.goto(`${portal.url}/re/requestvalue`);
      await page.waitForSelector(`${GRID}[data-state=ready]`);
      expect(await panelState(page)).toBe('expanded');
      const open = { content: await contentWidth(page), grid: await gridWidth(page), panel: await page.$eval('[data-entity-panel]', (e) => e.getBoundingClientRect().width) };
      await screenshot(page, `entity-panel-expanded-${size.width}`);

      await page.click('[data-entity-panel=expanded] .entity-panel-toggle');
      await page.waitForSelector('[data-entity-panel=collapsed]');
      // The grid follows its box (a ResizeObserver).
      await page.waitForFunction((sel, w) => (document.querySelector(sel) as HTMLElement).clientWidth > w, {}, `${GRID} .rdg`, open.grid);
      const folded = { content: await contentWidth(page), grid: await gridWidth(page), panel: await page.$eval('[data-entity-panel]', (e) => e.getBoundingClientRect().width) };
      expect(folded.panel).toBeLessThan(50);
      expect(folded.content - open.content).toBeGreaterThanOrEqual(open.panel - folded.panel - 1);
      expect(folded.grid).toBeGreaterThan(open.grid + 150);
      // The strip still says what it holds and is a button a keyboard reaches.
      expect(await page.$eval('[data-entity-panel=collapsed] button', (b) => [b.textContent, b.getAttribute('aria-expanded')])).toEqual(['«Reporting Entities', 'false']);
      await screenshot(page, `entity-panel-collapsed-${size.width}`);

      await page.reload();
      await page.waitForSelector(`${GRID}[data-state=ready]`);
      expect(await panelState(page)).toBe('collapsed');

      // Unfolded again, it is remembered that way too.
      await page.click('[data-entity-panel=collapsed] .entity-panel-toggle');
      await page.waitForSelector('[data-entity-panel=expanded] input[type=search]');
      await page.reload();
      await page.waitForSelector('[data-entity-panel]');
      expect(await panelState(page)).toBe('expanded');
      expect(errors).toEqual([]);
    });
  }

  it("keeps each user's choice: another user in the same browser sees the panel as they left it, the first finds it folded again", async () => {
    const { page, errors } = await portal.page();
    await page.setViewport(SIZES[1]);
    await signIn(page, portal.url, 're');
    await page.waitForSelector('[data-entity-panel=expanded]');
    await page.click('[data-entity-panel=expanded] .entity-panel-toggle');
    await page.waitForSelector('[data-entity-panel=collapsed]');
    const re = await portal.t.database.db('user').where({ userid: 're' }).first('id');
    expect(await page.evaluate((k) => localStorage.getItem(k), `entityPanel.${re.id}`)).toBe('collapsed');

    await signOut(page, portal.url);
    await signIn(page, portal.url, 'preparer');
    await waitForPath(page, (p) => p.startsWith('/re'));
    await page.waitForSelector('[data-entity-panel]');
    // A user of one entity finds it folded until they open it; then it stays open for them.
    expect(await panelState(page)).toBe('collapsed');
    await page.click('[data-entity-panel=collapsed] .entity-panel-toggle');
    await page.waitForSelector('[data-entity-panel=expanded]');

    await signOut(page, portal.url);
    await signIn(page, portal.url, 're');
    await page.waitForSelector('[data-entity-panel]');
    expect(await panelState(page)).toBe('collapsed');

    await signOut(page, portal.url);
    await signIn(page, portal.url, 'preparer');
    await page.waitForSelector('[data-entity-panel]');
    expect(await panelState(page)).toBe('expanded');
    expect(errors).toEqual([]);
  });
});
