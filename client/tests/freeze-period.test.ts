// The Freeze Period screen (/iru/freezeperiod, docs/filing-periods.md "Freezing a period") in
// Chromium, on every database of the run: the regulator finds it in the sidebar, previews a
// period (the period end typed DD/MM/YYYY), is asked for a reason, freezes it after a
// confirmation and reads the outcome and the history, at 1024×768; the entity's form of that
// period then shows whose freeze stops it, since when and why; at 1440×900 the regulator
// unfreezes the period from the same screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, ddmmyyyy, serverCall, serverSelect } from './list-support.js';
import { choose } from './period-support.js';
import { openForm } from './filing-support.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { sqlDate } from '../../engine/db/clock.js';

/** A month no demo submission is in, opened for the banks before the tests. */
const MONTH = '2027-04-30';
const REASON = 'Figures under supervisory review';

const textOf = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

/** The page does not scroll sideways: what is wider scrolls inside its own box. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function typeEnd(page: Page, shown: string): Promise<void> {
  await page.click('[data-testid=endon]', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type('[data-testid=endon]', shown);
}

async function preview(page: Page): Promise<void> {
  await page.click('[data-action=preview]');
  await page.waitForSelector('[data-testid=freeze-rows] tbody tr');
}

const frozenFlags = (page: Page) => page.$$eval('[data-testid=freeze-rows] tbody tr', (rs) => [...new Set(rs.map((r) => r.getAttribute('data-frozen')))]);

describe.each(await testDialects())('the Freeze Period screen on %s', (dialect) => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    await serverCall(portal, 'iru', 'FormBatch.openPeriod', [{ calendar: 277, endon: MONTH, sector: 1 }]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('previews a period, asks for a reason, freezes it after a confirmation and lists the move in its history, at 1024×768', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/dashboard`);
    await page.waitForSelector('[data-shell] a[href="/iru/freezeperiod"]');
    await page.click('[data-shell] a[href="/iru/freezeperiod"]');
    await page.waitForSelector('[data-freeze-period]');
    expect(await page.title()).toBe('Freeze Period | Reporting Portal');
    expect(await textOf(page, '[data-freeze-period] h1')).toBe('Freeze Period');
    // Without a period end, or with one that is no date, the preview says so at the field.
    await page.click('[data-action=preview]');
    expect(await textOf(page, '[data-problem=endon]')).toBe('Give the period end (DD/MM/YYYY).');
    await typeEnd(page, '2027-04-30');
    await page.click('[data-action=preview]');
    expect(await textOf(page, '[data-problem=endon]')).toBe('Give the period end as a date (DD/MM/YYYY).');
    // The server's own check: a day that ends no month.
    await typeEnd(page, '29/04/2027');
    await page.click('[data-action=preview]');
    await page.waitForFunction(() => document.querySelector('[data-problem=endon]')?.textContent === 'The period end must be the last day of a month.');

    await typeEnd(page, ddmmyyyy(MONTH));
    await choose(page, 'calendar', '277');
    await choose(page, 'sector', '1');
    await preview(page);
    const batches = await serverSelect(portal, 'iru', { module: 'FormBatch', fields: ['id'], where: [['endon', '=', MONTH], ['calendar', '=', 277], ['re_sector', '=', 1]] });
    expect(await page.$$eval('[data-testid=freeze-rows] tbody tr', (rs) => rs.length)).toBe(batches.total);
    expect(await frozenFlags(page)).toEqual(['no']);
    expect(await textOf(page, '[data-summary=preview]')).toBe(`${batches.total} submissions of the period ending 30/04/2027: 0 frozen, ${batches.total} not frozen.`);
    expect(await page.$$eval('[data-testid=freeze-rows] thead th', (ths) => ths.map((t) => t.textContent))).toEqual(['Entity', 'Submission', 'Calendar', 'Status', 'Forms', 'Forms by status', 'Frozen']);
    expect(await page.$eval('[data-testid=freeze-rows] tbody tr td:nth-child(4)', (td) => td.textContent)).toBe('Open');
    expect(await page.$eval('[data-action=unfreeze]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    // No reason: the regulator is asked for one before anything is confirmed.
    await page.click('[data-action=freeze]');
    expect(await textOf(page, '[data-problem=reason]')).toBe('Give the reason for freezing the period: the entities are told it.');
    await page.type('[data-testid=reason]', REASON);
    await page.click('[data-action=freeze]');
    const question = await answerDialog(page, 'yes');
    expect(question).toContain(`Freeze ${batches.total} submissions`);
    expect(question).toContain('of the period ending 30/04/2027?');
    await page.waitForSelector('[data-summary=outcome]');
    expect(await textOf(page, '[data-summary=outcome]')).toMatch(new RegExp(`^${batches.total} submissions of \\d+ entities \\(\\d+ forms\\) of the period ending 30/04/2027 are now frozen\\.$`));
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=freeze-rows] tbody tr')].every((r) => r.getAttribute('data-frozen') === 'yes'));
    await page.waitForSelector('[data-testid=freeze-history] tbody tr[data-history-action=freeze]');
    const latest = await page.$$eval('[data-testid=freeze-history] tbody tr:first-child td', (ts) => ts.map((t) => (t.textContent ?? '').trim()));
    expect(latest.slice(1)).toEqual(['IRU Officer', 'Frozen', '30/04/2027', 'Monthly, Banking', expect.stringMatching(new RegExp(`^${batches.total} submissions \\(\\d+ forms?\\)$`)), REASON]);
    expect(latest[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [ap]m$/);
    expect(await page.$eval('[data-action=freeze]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `freeze-period-frozen-1024-${dialect}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the entity's frozen form read-only with the freeze's date, author and reason", async () => {
    const form = (await serverSelect(portal, 'preparer', { module: 'REForm', fields: ['id'], where: [['endon', '=', MONTH], ['code', '=', 'BNK-01']] })).rows[0];
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'preparer');
    await openForm(page, `${portal.url}/re/form/${form.id}`);
    const today = ddmmyyyy(sqlDate());
    expect(await textOf(page, '[data-notice=frozen]')).toBe(`This period is frozen since ${today} by IRU Officer: ${REASON}`);
    expect(await page.$$eval('[data-move], [data-action=save]', (bs) => bs.length)).toBe(0);
    await screenshot(page, `freeze-period-form-banner-${dialect}`);
    await page.close();
  });

  it('unfreezes the period from the same screen after a confirmation, at 1440×900', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1440, height: 900 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/freezeperiod`);
    await page.waitForSelector('[data-freeze-period]');
    // The period ends of the submissions are offered as the field's suggestions.
    expect(await page.$$eval('#freeze-period-ends option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('30/04/2027');
    await typeEnd(page, '30/04/2027');
    await preview(page);
    expect(await frozenFlags(page)).toEqual(['yes']);
    await page.type('[data-testid=reason]', 'Review finished');
    await page.click('[data-action=unfreeze]');
    expect(await answerDialog(page, 'yes')).toContain('Unfreeze');
    await page.waitForSelector('[data-summary=outcome]');
    expect(await textOf(page, '[data-summary=outcome]')).toMatch(/of the period ending 30\/04\/2027 are now unfrozen\.$/);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=freeze-rows] tbody tr')].every((r) => r.getAttribute('data-frozen') === 'no'));
    await page.waitForSelector('[data-testid=freeze-history] tbody tr:first-child[data-history-action=unfreeze]');
    expect(await page.$$eval('[data-testid=freeze-history] tbody tr', (rs) => rs.map((r) => r.getAttribute('data-history-action')))).toEqual(['unfreeze', 'freeze']);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `freeze-period-unfrozen-1440-${dialect}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
