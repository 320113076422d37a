// The regulator's administration screens of issue 22 in Chromium at 1024x768, each with the axe
// check and its tab title: the Audit Log list (/iru/auditlog, list 395), dashboard 2 (chart group
// 1, six monthly labels after a from-month six months back), the regulator's security questions
// page and a Date parameter (type 1650) typed DD/MM/YYYY and stored YYYY-MM-DD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { seriousViolations } from './axe-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

const DATE_PARAMETER = 1650;

async function answerDialog(page: Page): Promise<string> {
  const d = await page.waitForSelector('[data-dialog=dialog]');
  const title = await d!.evaluate((e) => e.querySelector('.dialog-title')?.textContent ?? '');
  await page.click('[data-dialog=dialog] [data-button=ok]');
  await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
  return title;
}

describe('the regulator administration screens (sqlite)', () => {
  let portal: Portal;
  let monthlyChart: number;
  let parameter: number;
  let parameterName: string;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    // A month-grouped chart in group 1 beside the demo's lookup charts, so dashboard 2's six labels show.
    const rows = [{ label: 'Incorporated', color: '#2563eb', module: 'RE', aggregate: 'count', groupBy: { month: 'dateincorporated' } }];
    await db('dashboardchart').insert({ name: 'Entities incorporated', type: 2, dashboardgroup: 1, data: JSON.stringify({ rows }), ordernumber: 9, state: 33, createon: '2026-01-01 00:00:00' });
    monthlyChart = Number((await db('dashboardchart').where({ name: 'Entities incorporated' }).first('id')).id);
    // A business parameter made a Date one, holding a real day.
    const row = await db('parameters').where({ issystem: false }).orderBy('id').first('id', 'name');
    parameter = Number(row.id);
    parameterName = String(row.name);
    await db('parameters').where({ id: parameter }).update({ fieldtype: DATE_PARAMETER, value0: '2026-01-31' });
    await bumpVersions(db, ['dashboardchart', 'parameters']);
  });
  afterAll(async () => portal?.close());

  it('shows the Audit Log list to the audit reviewer, with its title and no serious axe problems', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/auditlog`);
    await page.waitForSelector('[data-list="395"] [data-list-grid]');
    await page.waitForFunction(() => document.title.includes('Audit Log'));
    expect(await page.title()).toContain('Audit Log');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'iru-auditlog');
    expect(errors).toEqual([]);
  }, 120_000);

  it('draws dashboard 2 from chart group 1 with a from-month six months back and six monthly labels', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/dashboard2`);
    await page.waitForSelector('[data-testid=iru-dashboard2][data-state=ready]');
    const now = new Date();
    const back = new Date(now.getFullYear(), now.getMonth() - 6, 1);
    const expected = `${String(back.getMonth() + 1).padStart(2, '0')}/${back.getFullYear()}`;
    expect(await page.$eval('.toolbar input', (e) => (e as HTMLInputElement).value)).toBe(expected);
    expect(await page.$eval('[data-testid=iru-dashboard2] h1', (e) => e.textContent)).toBe('Dashboard');
    expect(await page.title()).toContain('Dashboard');
    const titles = await page.$$eval('[data-testid=chart-title]', (els) => els.map((e) => e.textContent));
    expect(titles).toContain('Entities incorporated');
    expect(titles.length).toBeGreaterThanOrEqual(4);
    expect(await page.$eval(`[data-chart-id="${monthlyChart}"]`, (e) => e.getAttribute('data-labels'))).toBe('6');
    expect(await page.$('[data-testid=empty-month]')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'iru-dashboard2');
    expect(errors).toEqual([]);
  }, 120_000);

  it("opens the regulator's security questions page with its title and labelled boxes", async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/securityquestions/1`);
    await page.waitForSelector('[data-panel=security-questions] input[name=question1]');
    expect(await page.$eval('[data-panel=security-questions] h1', (e) => e.textContent)).toBe('Security Questions');
    expect(await page.title()).toContain('Security Questions');
    expect(await page.$$eval('[data-panel=security-questions] input[name^=answer]', (els) => els.length)).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'iru-securityquestions');
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows a Date parameter as DD/MM/YYYY, takes a day typed so and stores it as YYYY-MM-DD', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/parameters/edit/${parameter}`);
    await page.waitForSelector('[data-action=update]');
    const sel = '.record-form [name=value0]';
    await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement | null)?.value === '31/01/2026', {}, sel);
    expect(await page.title()).toContain(`Edit ${parameterName}`);
    await page.focus(sel);
    await page.$eval(sel, (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    await page.type(sel, '15/02/2026');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'iru-date-parameter');
    await page.click('[data-action=update]');
    expect(await answerDialog(page)).toBe('Update successfully');
    const stored = await portal.t.database.db('parameters').where({ id: parameter }).first('value0');
    expect(stored.value0).toBe('2026-02-15');
    expect(errors).toEqual([]);
  }, 120_000);
});
