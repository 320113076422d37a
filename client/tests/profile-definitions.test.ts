// The profile's tab definitions as an admin screen in Chromium at 1024×768 (docs/re-profile.md
// "Tabs as metadata"): Administration > Profile Tabs lists the tabs; a tab's rule edited in its
// form is refused with the field's sentence when bad, then saved; the save is a version in the
// history below the form (who, what changed); the entity's profile follows at once. Both pages pass axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { answerDialog } from './list-support.js';
import { seriousViolations } from './axe-support.js';

const BCAF = 42;

describe('profile tab definitions as an admin screen (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    // A bank of branch type B with no category: the shipped BCAF rule (category 50 or 70) hides the tab.
    const db = portal.t.database.db;
    await db('re').where({ id: 1 }).update({ sector: 1, branchtype: 'B' });
    await db('re_recategory').where({ link_fk_re: 1 }).delete();
    await bumpVersions(db, ['re', 're_recategory']);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const entityTabs = async () => {
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're');
    await page.goto(`${portal.url}/re/reprofile`);
    await page.waitForSelector('[role=tablist] [role=tab]');
    const tabs = await page.$$eval('[role=tablist] [role=tab]', (ts) => ts.map((t) => (t.textContent ?? '').trim()));
    await page.close();
    return tabs;
  };

  async function historyRows(page: Page): Promise<string[][]> {
    await page.waitForSelector('[data-testid=screen-history][data-state=ready]');
    return page.$$eval('[data-testid=history-row]', (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(2, 7).map((td) => (td.textContent ?? '').trim())));
  }

  it("lists the tabs, refuses a bad rule naming the field, saves a good one as a version, and the entity's profile follows", async () => {
    expect(await entityTabs()).not.toContain('BCAF');

    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'admin');
    await page.goto(`${portal.url}/profiletabs`);
    await page.waitForSelector(`[data-row-id="${BCAF}"]`);
    expect(await page.$eval('h1', (h) => h.textContent)).toContain('Profile Tabs');
    expect(await page.$$eval('nav a', (as) => as.map((a) => a.textContent?.trim()))).toContain('Profile Tabs');
    await screenshot(page, 'profile-tabs-list-1024');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${portal.url}/profiletabs/edit/${BCAF}`);
    await page.waitForSelector('textarea[name=show]');
    await page.waitForSelector('[data-testid=screen-history][data-state=ready]');
    const replace = async (text: string) => {
      await page.$eval('textarea[name=show]', (e) => (e as HTMLTextAreaElement).select());
      await page.keyboard.press('Backspace');
      await page.type('textarea[name=show]', text);
    };

    await replace('[{"sector": [1], "colour": [2]}]');
    await page.click('[data-action=update]');
    await page.waitForSelector('[data-field-error=show]');
    expect(await page.$eval('[data-field-error=show]', (e) => e.textContent)).toContain('Alternative 1: colour is not a fact a rule can test');
    await screenshot(page, 'profile-tab-refused-1024');
    expect(await historyRows(page)).toHaveLength(1);

    await replace('[{"sector": [1]}]');
    await page.click('[data-action=update]');
    await answerDialog(page, 'ok');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=history-row]').length === 2, { timeout: 20_000 });
    const rows = await historyRows(page);
    expect(rows.map((r) => r[0])).toEqual(['2', '1']);
    expect(rows[0][2]).toBe('System Administrator');
    expect(rows[0][4]).toBe('show');
    await screenshot(page, 'profile-tab-history-1024');
    expect(await seriousViolations(page)).toEqual([]);
    // The page fits the width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();

    expect(await entityTabs()).toContain('BCAF');
  });
});
