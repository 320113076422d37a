// Accessibility: axe-core (client/tests/axe-support.ts) finds no serious or critical violation
// on the sign-in page, a list, a form (view, edit, create), the dashboards, the hand-built create
// pages and the filing screens (queues, a return's entry and review, its history, periods), at 1366×768 and 1024×768; dialogs keep the focus inside and close on
// Escape, giving the focus back; the list grid is used with the keyboard alone. In Chromium on
// SQLite; screenshots in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { seriousViolations, SIZES } from './axe-support.js';

/** Waits until the page has drawn its content (no `Loading...`, lists loaded). */
async function settled(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.waitForFunction(() => !document.querySelector('.loading, [data-list-grid][data-state=loading]'), { timeout: 20_000 });
}

describe('accessibility (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('finds no serious violation on the sign-in page at both sizes', async () => {
    const { page, errors } = await portal.page();
    for (const size of SIZES) {
      await page.setViewport(size);
      await page.goto(`${portal.url}/`);
      await settled(page, 'input[name=userid]');
      expect(await seriousViolations(page), `sign-in ${size.width}`).toEqual([]);
      await screenshot(page, `a11y-sign-in-${size.width}`);
    }
    expect(errors).toEqual([]);
  });

  /** Signs `user` in and has axe check each screen at both sizes, with a screenshot of each. */
  async function expectNoSeriousViolation(user: string, screens: { path: string; ready: string; name: string }[]): Promise<void> {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, user);
    await waitForPath(page, (p) => p.startsWith(`/${user}/`));
    for (const s of screens) {
      for (const size of SIZES) {
        await page.setViewport(size);
        await page.goto(`${portal.url}${s.path}`);
        await settled(page, s.ready);
        expect(await seriousViolations(page), `${s.path} ${size.width}`).toEqual([]);
        await screenshot(page, `a11y-${s.name}-${size.width}`);
      }
    }
    expect(errors).toEqual([]);
  }

  const SCREENS: { user: string; path: string; ready: string; name: string }[] = [
    { user: 'iru', path: '/iru/reportingentity', ready: '[data-list-grid] [role=row][data-row-id]', name: 'list' },
    { user: 'iru', path: '/iru/reportingentity/view/1', ready: '[data-form][data-mode=view] .record-form', name: 'form-view' },
    { user: 'iru', path: '/iru/reportingentity/edit/1', ready: '[data-form][data-mode=edit] .record-form', name: 'form-edit' },
    { user: 'iru', path: '/iru/form/154/create', ready: '[data-form][data-mode=create] .record-form', name: 'form-create' },
    { user: 'iru', path: '/iru/dashboard', ready: 'main.content h1', name: 'iru-dashboard' },
    { user: 're', path: '/re/dashboard', ready: 'main.content h1', name: 're-dashboard' },
    { user: 're', path: '/re/helpdesk/create', ready: 'input[name=name]', name: 'helpdesk-create' },
    { user: 're', path: '/re/requestvalue/create', ready: 'input[name=value]', name: 'requestvalue-create' },
    { user: 're', path: '/re/excelimport/create', ready: 'input[name=name]', name: 'excelimport-create' },
    { user: 're', path: '/re/registersubusers/create', ready: 'input[name=email]', name: 'subuser-create' },
    { user: 'iru', path: '/iru/bulletin/create', ready: '[data-field=message]', name: 'bulletin-create' },
    { user: 'iru', path: '/iru/query/create', ready: 'input[name=name]', name: 'query-create' },
  ];

  // One test per user: a dozen pages at two sizes, each checked by axe, take minutes on a busy machine.
  it.each(['iru', 're'])('finds no serious violation on the lists, forms, dashboards and create pages of %s at both sizes', async (user) => {
    await expectNoSeriousViolation(user, SCREENS.filter((x) => x.user === user));
  }, 240_000);

  // The filing screens people use every month, as the user who works on each.
  it.each(['re', 'iru'])('finds no serious violation on the filing screens of %s at both sizes', async (user) => {
    const form = Number((await portal.t.database.db('form').where({ re: 1 }).orderBy('id').first('id')).id);
    const entry = '[data-form-entry] [data-testid=entry-grid] .ht_master td';
    const screens: { path: string; ready: string; name: string }[] = user === 're'
      ? [
          { path: '/re/waiting', ready: '[data-list-grid]', name: 'waiting' },
          { path: `/re/form/${form}`, ready: entry, name: 'form-entry' },
          { path: `/re/formhistory/${form}`, ready: 'main.content h1', name: 'form-history' },
        ]
      : [
          { path: '/iru/waiting', ready: '[data-list-grid]', name: 'review-queue' },
          { path: `/iru/form/${form}`, ready: entry, name: 'form-review' },
          { path: '/iru/openperiod', ready: '[data-open-period]', name: 'open-period' },
          { path: '/iru/completeness', ready: 'main.content h1', name: 'completeness' },
        ];
    await expectNoSeriousViolation(user, screens);
  }, 240_000);

  it('keeps the focus inside a dialog, closes it on Escape and gives the focus back', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.click('.user-menu-button');
    await page.waitForSelector('.user-menu-items button');
    await page.focus('.user-menu-items button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-dialog=dialog] input[name=dialog-input]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('dialog-input');
    expect(await seriousViolations(page)).toEqual([]);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-dialog=dialog]'))), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.down('Shift');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-dialog=dialog]'))), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.up('Shift');
    await screenshot(page, 'a11y-dialog');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
    // The focus is back on the page (the dialog's opener is gone with its menu: the page keeps it).
    expect(await page.evaluate(() => document.activeElement !== null)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens a row of the list with the keyboard alone', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/iru/reportingentity`);
    await settled(page, '[data-list-grid] [role=row][data-row-id]');
    // Tab until the focus is in the grid, then down to the first row and Enter.
    let inGrid = false;
    for (let i = 0; i < 60 && !inGrid; i++) {
      await page.keyboard.press('Tab');
      inGrid = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-list-grid] [role=grid]')));
    }
    expect(inGrid).toBe(true);
    await page.keyboard.press('ArrowDown');
    const rowId = await page.evaluate(() => document.activeElement?.closest('[role=row]')?.getAttribute('data-row-id'));
    expect(rowId).toBeTruthy();
    await page.keyboard.press('Enter');
    await waitForPath(page, (p) => p === `/iru/reportingentity/view/${rowId}`);
    expect(errors).toEqual([]);
  });
});
