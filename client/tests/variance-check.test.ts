// The Variance Check screen (/iru/variancecheck, docs/filing-periods.md "Variance check") in
// Chromium, on every database of the run: the regulator finds it in the sidebar, is told what is
// missing, checks a template's period (typed DD/MM/YYYY) and reads the changes above their
// thresholds in words and grouped numbers, largest first, at 1024×768 without the page scrolling
// sideways; a row opens its form at the cell; at 1440×900 a row raises a query with the form and
// cell filled in, and the thresholds' list reads the cells in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverSelect } from './list-support.js';
import { choose } from './period-support.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { BNK, bnkCellKey, insertVarianceForms } from '../../portal/testing/variance-forms.js';

const PREV = '2001-03-31';
const NOW = '2001-06-30';

const textOf = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The table's rows: each cell's text, by the row's entity and cell code. */
const tableRows = (page: Page) =>
  page.$$eval('[data-testid=variances] tbody tr', (rs) => rs.map((r) => ({ key: r.getAttribute('data-variance'), cells: [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim()) })));

describe.each(await testDialects())('the Variance Check screen on %s', (dialect) => {
  let portal: Portal;
  let template: string;
  const forms: Record<string, number> = {};

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    const made = await insertVarianceForms(db, [
      { re: 1, endon: PREV, state: 45, values: { [BNK.cash]: 1000 } },
      { re: 1, endon: NOW, state: 56, values: { [BNK.cash]: 1200 } },
      { re: 4, endon: PREV, state: 45, values: { [BNK.cash]: 2000, [BNK.loans]: 500 } },
      { re: 4, endon: NOW, state: 56, values: { [BNK.cash]: 3200, [BNK.loans]: 500 } },
    ]);
    forms.now1 = made[1].form;
    forms.batch1 = made[1].batch;
    forms.now4 = made[3].form;
    await bumpVersions(db, ['form', 'formbatch']);
    template = String((await db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function check(page: Page, shownEnd: string): Promise<void> {
    await choose(page, 'template', template);
    await page.click('[data-testid=endon]', { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.type('[data-testid=endon]', shownEnd);
    await page.click('[data-action=check]');
  }

  it('checks a period from the sidebar and lists the changes above their thresholds in words, largest first, at 1024×768', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/dashboard`);
    await page.waitForSelector('[data-shell] a[href="/iru/variancecheck"]');
    await page.click('[data-shell] a[href="/iru/variancecheck"]');
    await page.waitForSelector('[data-variance-check]');
    expect(await page.title()).toBe('Variance Check | Reporting Portal');
    expect(await textOf(page, '[data-variance-check] h1')).toBe('Variance Check');

    // Without a template the check says what to choose; a period end that is no date, what to type.
    await page.click('[data-action=check]');
    expect(await textOf(page, '[data-problem=template]')).toBe('Choose the template to check.');
    await check(page, '31/02/2001');
    expect(await textOf(page, '[data-problem=endon]')).toBe('Give the period end as a date (DD/MM/YYYY).');

    await check(page, '30/06/2001');
    await page.waitForSelector('[data-testid=variances] tbody tr');
    expect(await textOf(page, '[data-summary=check]')).toMatch(/^BNK-01, period ending 30\/06\/2001: \d+ forms checked, 3 changes above their threshold\./);
    const rows = await tableRows(page);
    // Bank 4 moved 60 % (cash and the total), bank 1 20 % (the total; its cash is under the 25 % of every other line).
    expect(rows.map((r) => r.key)).toEqual([`4|${BNK.cash}`, `4|${BNK.totalAssets}`, `1|${BNK.totalAssets}`]);
    const [, total4, total1] = rows.map((r) => r.cells);
    expect(total4.slice(1, 7)).toEqual(['Total assets (Current year) Assets (SFP-A)', '3,700', '2,500 31/03/2001', '+1,200 +48.0 %', expect.any(String), '10 %']);
    expect(total1.slice(1, 7)).toEqual(['Total assets (Current year) Assets (SFP-A)', '1,200', '1,000 31/03/2001', '+200 +20.0 %', expect.any(String), '10 %']);
    expect(rows[0].cells[6]).toBe('25 % and 1,000');
    // No code on screen where words belong.
    expect(rows.every((r) => !r.cells.slice(0, 2).join(' ').includes('BNK01'))).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `variance-check-1024-${dialect}`);

    // A row opens its form at the cell.
    await page.click(`[data-variance="1|${BNK.totalAssets}"] [data-action=open-cell]`);
    await page.waitForFunction((id) => location.pathname === `/iru/form/${id}`, {}, forms.now1);
    await page.waitForSelector('[data-testid=cell-address]');
    expect(await textOf(page, '[data-testid=cell-address]')).toBe(bnkCellKey(BNK.totalAssets));
    expect(errors).toEqual([]);
  });

  it('raises a query from a row with its form and cell filled in, and lists the thresholds in words, at 1440×900', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1440, height: 900 });
    await signIn(page, portal.url, 'iru', undefined, '/iru/variancecheck');
    await page.waitForSelector('[data-variance-check]');
    await check(page, '30/06/2001');
    await page.waitForSelector(`[data-variance="1|${BNK.totalAssets}"] [data-action=raise-query]`);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `variance-check-1440-${dialect}`);
    await page.click(`[data-variance="1|${BNK.totalAssets}"] [data-action=raise-query]`);
    await page.waitForFunction(() => location.pathname === '/iru/query/create');
    await page.waitForFunction(() => ((document.querySelector('select[name=formtab]') as HTMLSelectElement | null)?.value ?? '') !== '');
    // The entity box is a search: its value is the chosen record's (data-value), its text the name.
    const value = (name: string) => page.$eval(`[name=${name}]`, (e) => (e as HTMLInputElement).dataset.value ?? (e as HTMLInputElement).value);
    expect([await value('re'), await value('formbatch'), await value('form'), await value('formtab'), await value('dataitem')]).toEqual(['1', String(forms.batch1), String(forms.now1), 'SFP-A', BNK.totalAssets]);
    await page.type('input[name=name]', 'Total assets up a fifth');
    await page.type('textarea[name=description]', 'Please explain the 20 % rise in total assets since March.');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    const { rows } = await serverSelect(portal, 'iru', { module: 'Query', fields: ['re', 'form', 'formtab', 'dataitem'], where: [['form', '=', forms.now1]] });
    expect(rows).toEqual([expect.objectContaining({ re: 1, form: forms.now1, formtab: 'SFP-A', dataitem: BNK.totalAssets })]);

    // The thresholds' list, from the page's link: each cell by its tab and label.
    await page.goto(`${portal.url}/iru/variancecheck`);
    await page.waitForSelector('[data-variance-check] a[href="/iru/variancerule"]');
    await page.click('[data-variance-check] a[href="/iru/variancerule"]');
    await page.waitForFunction(() => document.body.innerText.includes('Assets (SFP-A): Total assets (Current year)'));
    expect(await page.evaluate(() => document.body.innerText.includes('Every number cell'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
