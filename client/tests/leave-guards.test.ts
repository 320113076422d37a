// Issue 18, "No lost work": every edit screen asks before unsaved edits are left — the generic
// form in edit and create mode, the hand-built create pages and the bulletin editor — as the
// admin editors do (client/src/ui/leave-guard.ts): Stay (or Escape) keeps the page and the
// edits, Leave goes; a save moves on without asking; a reload gets the browser's question. The
// rich-text toolbar keeps the focus in the text. In Chromium on SQLite, at 1366×768 and 1024×768;
// screenshots in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { leaveQuestionsOf } from '../testing/browser.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { SIZES } from './axe-support.js';

const QUESTION = 'This page has changes that are not saved. Leave the page and lose them?';

async function setField(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.focus(selector);
  await page.$eval(selector, (e) => (e as HTMLInputElement).select?.());
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

/** Clicks the sidebar's link to `to`, as a person leaving the page would. */
async function clickSidebar(page: Page, to: string): Promise<void> {
  await page.click(`.sidebar a[href="${to}"]`);
}

async function leaveQuestion(page: Page): Promise<{ title: string; message: string }> {
  await page.waitForSelector('[data-dialog=dialog]');
  return page.$eval('[data-dialog=dialog]', (d) => ({ title: d.querySelector('.dialog-title')?.textContent ?? '', message: d.querySelector('.dialog-message')?.textContent ?? '' }));
}

async function answer(page: Page, button: 'yes' | 'no'): Promise<void> {
  await page.click(`[data-dialog=dialog] [data-button=${button}]`);
  await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
}

describe('leave guards (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('asks before an edited record is left: Escape and Stay keep the edits, Leave goes, at both sizes', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    for (const size of SIZES) {
      await page.setViewport(size);
      await page.goto(`${portal.url}/iru/reportingentity/edit/1`);
      await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=name]');
      // Unchanged: leaving asks nothing.
      await clickSidebar(page, '/iru/dashboard');
      await waitForPath(page, (p) => p === '/iru/dashboard');
      await page.goBack();
      await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=name]');
      await setField(page, '.record-form [name=name]', 'Edited but not saved');
      await clickSidebar(page, '/iru/dashboard');
      expect(await leaveQuestion(page)).toEqual({ title: 'Unsaved changes', message: QUESTION });
      await screenshot(page, `leave-guard-form-${size.width}`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
      expect(await pathOf(page)).toBe('/iru/reportingentity/edit/1');
      await page.click('[data-action=back]');
      await leaveQuestion(page);
      await answer(page, 'no');
      expect(await pathOf(page)).toBe('/iru/reportingentity/edit/1');
      expect(await page.$eval('.record-form [name=name]', (e) => (e as HTMLInputElement).value)).toBe('Edited but not saved');
      // A reload gets the browser's own question.
      const before = leaveQuestionsOf(page);
      await page.reload();
      expect(leaveQuestionsOf(page)).toBe(before + 1);
      await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=name]');
      await setField(page, '.record-form [name=name]', 'Edited again');
      await clickSidebar(page, '/iru/dashboard');
      await leaveQuestion(page);
      await answer(page, 'yes');
      await waitForPath(page, (p) => p === '/iru/dashboard');
    }
    expect(errors).toEqual([]);
  });

  it('asks before a new record is left unsaved, and moves on after Save without asking', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/iru/form/154/create`);
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, '.record-form [name="message"]', '<p>Guarded message</p>');
    await clickSidebar(page, '/iru/dashboard');
    expect((await leaveQuestion(page)).message).toBe(QUESTION);
    await answer(page, 'no');
    expect(await pathOf(page)).toBe('/iru/form/154/create');
    // Back from a page opened by its address leaves the document: the browser asks then.
    const before = leaveQuestionsOf(page);
    await page.click('[data-action=back]');
    await waitForPath(page, (p) => p !== '/iru/form/154/create');
    expect(leaveQuestionsOf(page)).toBe(before + 1);
    await page.goForward();
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, '.record-form [name="message"]', '<p>Guarded message</p>');
    await setField(page, '.record-form [name="startdate"]', '02/01/2025');
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-dialog=dialog] [data-button=ok]');
    expect(await page.$eval('[data-dialog=dialog] .dialog-title', (e) => e.textContent)).toBe('Created');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    await waitForPath(page, (p) => p !== '/iru/form/154/create');
    await new Promise((r) => setTimeout(r, 300));
    const titles = await page.$$eval('[data-dialog=dialog] .dialog-title', (els) => els.map((e) => e.textContent));
    expect(titles).not.toContain('Unsaved changes');
    expect(errors).toEqual([]);
  });

  it('asks before each hand-built create page and the bulletin editor are left with typed values', async () => {
    const cases: { user: string; path: string; field: string; home: string }[] = [
      { user: 're', path: '/re/helpdesk/create', field: 'input[name=name]', home: '/re/dashboard' },
      { user: 're', path: '/re/requestvalue/create', field: 'input[name=value]', home: '/re/dashboard' },
      { user: 're', path: '/re/registersubusers/create', field: 'input[name=name]', home: '/re/dashboard' },
      { user: 're', path: '/re/excelimport/create', field: 'input[name=name]', home: '/re/dashboard' },
      { user: 'iru', path: '/iru/query/create', field: 'input[name=name]', home: '/iru/dashboard' },
      { user: 'iru', path: '/iru/bulletin/create', field: 'input[name=name]', home: '/iru/dashboard' },
    ];
    for (const user of ['re', 'iru']) {
      const { page, errors } = await portal.page();
      await signIn(page, portal.url, user);
      await waitForPath(page, (p) => p.startsWith(`/${user}/`));
      for (const c of cases.filter((x) => x.user === user)) {
        // Untouched, the page is left without a question.
        await page.goto(`${portal.url}${c.path}`);
        await page.waitForSelector(c.field);
        await clickSidebar(page, c.home);
        await waitForPath(page, (p) => p === c.home);
        await page.goto(`${portal.url}${c.path}`);
        await setField(page, c.field, 'typed');
        await clickSidebar(page, c.home);
        expect((await leaveQuestion(page)).message, c.path).toBe(QUESTION);
        await answer(page, 'no');
        expect(await pathOf(page), c.path).toBe(c.path);
        expect(await page.$eval(c.field, (e) => (e as HTMLInputElement).value), c.path).toBe('typed');
      }
      expect(errors).toEqual([]);
    }
  });

  it('keeps the focus and the selection in the bulletin text while its toolbar formats it', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/iru/bulletin/create`);
    await page.waitForSelector('[data-field=message]');
    await page.click('[data-field=message]');
    await page.keyboard.type('make this bold');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    const bold = await page.$('[role=toolbar] button[aria-label=Bold]');
    const box = (await bold!.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field)).toBe('message');
    await page.mouse.up();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field)).toBe('message');
    expect(await page.$eval('[data-field=message]', (e) => e.innerHTML)).toMatch(/<(b|strong)>make this bold<\/(b|strong)>/);
    // Typing goes on in the text, not in the button.
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    expect(await page.$eval('[data-field=message]', (e) => e.textContent)).toBe('make this bold!');
    await screenshot(page, 'leave-guard-bulletin-toolbar');
    expect(errors).toEqual([]);
  });
});
