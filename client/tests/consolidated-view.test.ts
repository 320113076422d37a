// The consolidated view in Chromium, on every database of the run, at 1024×768: the three demo templates
// open from the template list's View button with their title, status and one pill per tab; merged
// headers carry their spans and the cells they cover are not drawn; numbers are right-aligned;
// the pills switch tabs; an add-new-rows tab shows its header and pattern row; a missing id says
// `Form not found.`; a filed form shows its values (Form.getData) at /iru/consolidated/:id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { clickRowButton, serverSelect } from './list-support.js';
import { testDialects } from '../../engine/testing/test-database.js';

const TABLE = '[data-consolidated-view] table.cv-table:not([data-summary])';

interface Drawn {
  address: string;
  text: string;
  colSpan: number;
  rowSpan: number;
  align: string;
}

/** Every drawn cell of the selected tab's table, row by row. */
const drawnRows = (page: Page): Promise<Drawn[][]> =>
  page.$eval(TABLE, (table) =>
    [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((c) => ({
        address: c.getAttribute('data-address') ?? '',
        text: (c.textContent ?? '').trim(),
        colSpan: (c as HTMLTableCellElement).colSpan,
        rowSpan: (c as HTMLTableCellElement).rowSpan,
        align: getComputedStyle(c).textAlign,
      })),
    ),
  );

const pills = (page: Page) => page.$$eval('[data-consolidated-view] [role=tab]', (ts) => ts.map((t) => `${(t.textContent ?? '').trim()}${t.getAttribute('aria-selected') === 'true' ? ' *' : ''}`));

async function openTemplate(page: Page, portal: Portal, code: string): Promise<number> {
  const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id', 'code'], where: [['code', '=', code]] });
  const id = Number(rows[0].id);
  await page.goto(`${portal.url}/iru/formtemplate/view/${id}`);
  await page.waitForSelector(TABLE);
  return id;
}

describe.each(await testDialects())('the consolidated view on %s', (dialect) => {
  let portal: Portal;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    portal = await startPortal(dialect);
    ({ page, errors } = await portal.page());
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('opens from the View button of the template list with title, description, status and a pill per tab', async () => {
    const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id'], where: [['code', '=', 'BNK-01']] });
    await page.goto(`${portal.url}/iru/formtemplate`);
    await page.waitForSelector(`[data-list-grid] [role=row][data-row-id="${rows[0].id}"]`);
    await clickRowButton(page, 'BNK-01', 'View');
    await waitForPath(page, (p) => p === `/iru/formtemplate/view/${rows[0].id}`);
    await page.waitForSelector(TABLE);
    expect(await page.$eval('.cv-title', (e) => e.textContent)).toBe('Statement of Financial Position');
    expect(await page.$eval('.cv-description', (e) => e.textContent)).toBe('BNK-01 - Statement of Financial Position, version 1');
    expect(await page.$eval('[data-status]', (e) => e.textContent)).toBe('Active');
    expect(await page.title()).toBe('BNK-01 - Statement of Financial Position | Reporting Portal');
    expect(await pills(page)).toEqual(['SFP-A - Assets *', 'SFP-L - Liabilities and equity', 'SFP-N - Notes']);
  });

  it('draws merged header cells with their spans, leaves covered cells out and right-aligns numbers', async () => {
    await openTemplate(page, portal, 'BNK-01');
    const drawn = await drawnRows(page);
    expect(drawn[0].map((c) => [c.address, c.text, c.rowSpan, c.colSpan])).toEqual([
      ['A1', 'Item', 2, 1],
      ['B1', "Amount (RM'000)", 1, 2],
    ]);
    expect(drawn[1].map((c) => c.address)).toEqual(['B2', 'C2']);
    const covered = await page.$$eval(`${TABLE} [data-address="C1"], ${TABLE} [data-address="A2"]`, (cs) => cs.length);
    expect(covered).toBe(0);
    expect(drawn[2].map((c) => [c.text, c.align])).toEqual([['Cash and short-term funds', 'start'], ['', 'right'], ['', 'right']]);
    expect(drawn).toHaveLength(2 + 6);
    // Widths of the template (320, 140, 140), give or take the collapsed borders.
    const widths = await page.$$eval(`${TABLE} tbody tr:first-child td`, (cs) => cs.map((c) => c.getBoundingClientRect().width));
    widths.forEach((w, i) => expect(Math.abs(w - [320, 140, 140][i])).toBeLessThanOrEqual(1));
    if (dialect === 'sqlite') await screenshot(page, 'consolidated-view-1024');
  });

  it('switches tabs with the pills', async () => {
    await openTemplate(page, portal, 'BNK-01');
    await page.click('[data-consolidated-view] [role=tab][data-tab-id="03"]');
    await page.waitForSelector(`${TABLE}[data-tab="03"]`);
    expect(await pills(page)).toEqual(['SFP-A - Assets', 'SFP-L - Liabilities and equity', 'SFP-N - Notes *']);
    expect((await drawnRows(page)).map((r) => r[0].text)).toEqual(['Particulars', 'Date the statements were approved by the board', 'Name of the external auditor', 'Time of the board meeting', 'Paid-up capital (RM)']);
  });

  it('shows a summary below its tab, and an add-new-rows tab as its merged header and pattern row', async () => {
    await openTemplate(page, portal, 'INS-03');
    await page.click('[data-consolidated-view] [role=tab][data-tab-id="02"]');
    await page.waitForSelector(`${TABLE}[data-tab="02"]`);
    expect(await page.$$eval('[data-summary] th', (t) => t.map((x) => x.textContent))).toEqual(['Reporting calendar', 'Total capital required']);

    await openTemplate(page, portal, 'TRC-02');
    expect(await pills(page)).toEqual(['KP - Key persons *', 'PER - Reporting period']);
    const drawn = await drawnRows(page);
    expect(drawn[0].map((c) => [c.text, c.colSpan])).toEqual([['Person', 3], ['Shareholding', 3]]);
    expect(drawn[1].map((c) => c.text)).toEqual(['Name', 'Position', 'Appointed on', 'Shares held', 'Price per share (RM)', 'Value (RM)']);
    expect(drawn).toHaveLength(3);
    expect(drawn[2].map((c) => c.align)).toEqual(['start', 'start', 'start', 'right', 'right', 'right']);
  });

  it('fits 1024×768 without the page scrolling sideways', async () => {
    await openTemplate(page, portal, 'TRC-02');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('shows a filed form with its values formatted and its formulas computed, and Form not found. for a missing form', async () => {
    const db = portal.t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    await db('formbatch').insert({ re: 1, name: 'Consolidated view', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Statement of Financial Position', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', datedesc: 'January 2026' });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const cells = [
      { tab: '01', address: 'B3', value: '1234567' },
      { tab: '01', address: 'B4', value: '33' },
      { tab: '03', address: 'B2', value: '31-01-2026' },
      { tab: '03', address: 'B5', value: '1,000,000.50' },
    ];
    const { updatectr } = await db('form').where({ id: form }).first('updatectr');
    const saved = await portal.t.call('Form.saveData', [{ form, updatectr: Number(updatectr), cells }], await portal.t.sessionFor('preparer'));
    expect(saved[0], JSON.stringify(saved)).toMatchObject({ type: 'recordset' });

    await page.goto(`${portal.url}/iru/consolidated/${form}`);
    await page.waitForSelector(TABLE);
    expect(await page.$eval('.cv-description', (e) => e.textContent)).toBe('BNK-01 - Statement of Financial Position, January 2026');
    const assets = await drawnRows(page);
    expect(assets[2].map((c) => c.text)).toEqual(['Cash and short-term funds', '1,234,567', '']);
    expect(assets[7].map((c) => [c.text, c.align])).toEqual([['Total assets', 'start'], ['1,234,600', 'right'], ['0', 'right']]);
    await page.click('[data-consolidated-view] [role=tab][data-tab-id="03"]');
    await page.waitForSelector(`${TABLE}[data-tab="03"]`);
    const notes = await drawnRows(page);
    expect(notes[1][1].text).toBe('31-01-2026');
    expect(notes[4][1].text).toBe('1,000,000.50');

    await page.goto(`${portal.url}/iru/consolidated/999999`);
    await page.waitForSelector('[data-not-found]');
    expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form not found.');
  });

  it('says Form not found. for a template that does not exist', async () => {
    await page.goto(`${portal.url}/iru/formtemplate/view/999999`);
    await page.waitForSelector('[data-not-found]');
    expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form not found.');
    expect(await page.title()).toBe('Form not found | Reporting Portal');
    expect(errors).toEqual([]);
  });
});
