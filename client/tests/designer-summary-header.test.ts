// The Form Viewer designer edits a tab summary's header texts (docs/form-templates.md "Tab
// summary"): in Chromium at 1024×768 an IRU officer names the category and value columns of a
// tab's summary, saves, and finds them stored and shown again after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { setText } from './editor-support.js';
import { answerDialog, serverSelect } from './list-support.js';

const GRID = '[data-testid=designer-grid] .ht_master';
const props = (v: unknown): any => (typeof v === 'string' ? JSON.parse(v) : v);
/** Waits past the debounce of property fields. */
const settle = () => new Promise((r) => setTimeout(r, 250));

describe('summary header texts in the designer (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let templateId: number;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    ({ page } = await portal.page());
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id'], where: [['code', '=', 'BNK-01']] });
    templateId = Number(rows[0].id);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it("names a summary's category and value columns, saves them and shows them after a reload", async () => {
    await page.goto(`${portal.url}/iru/formviewer/${templateId}`);
    await page.waitForSelector(GRID);
    // At 1024 the properties sit behind a button.
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Show properties')?.click());
    await page.$eval('[data-section=summary] > summary', (e) => (e as HTMLElement).click());
    if (!(await page.$('input[name=summary-header-0]'))) await page.$eval('input[name=summary-show]', (e) => (e as HTMLElement).click());
    await page.waitForSelector('input[name=summary-header-1]');
    // A summary needs its dropdown's list group to be saved.
    await page.click('input[name=summary-dropdown]');
    await page.waitForSelector('[data-choices] [role=option][data-value]');
    await page.click('[data-choices] [role=option][data-value]');
    await page.waitForFunction(() => (document.querySelector('input[name=summary-dropdown]') as HTMLInputElement | null)?.dataset.value !== '');
    await setText(page, 'input[name=summary-header-0]', 'Business line');
    await setText(page, 'input[name=summary-header-1]', 'Total exposure');
    await settle();
    await screenshot(page, 'designer-summary-header-1024');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Submitted');
    await page.waitForSelector('[data-designer][data-dirty=false]');

    const stored = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties'], where: [['id', '=', templateId]] });
    const summary = props(stored.rows[0].properties).items[0].summary;
    expect(summary.header[0].map((c: { value: unknown }) => c.value)).toEqual(['Business line', 'Total exposure']);

    await page.reload();
    await page.waitForSelector(GRID);
    await page.$eval('[data-section=summary] > summary', (e) => (e as HTMLElement).click());
    await page.waitForSelector('input[name=summary-header-0]');
    expect(await page.$eval('input[name=summary-header-0]', (e) => (e as HTMLInputElement).value)).toBe('Business line');
    expect(await page.$eval('input[name=summary-header-1]', (e) => (e as HTMLInputElement).value)).toBe('Total exposure');
  });
});
