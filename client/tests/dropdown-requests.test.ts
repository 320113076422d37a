// Dropdown value requests in Chromium against a real engine (seed 003 §2.5, §4.4; docs/requests.md):
// an RE user creates a request (list group locked from ?dropdown=), refused while the value is
// empty; IRU finds it in its list, is refused a reject without a remark, approves it leaving the
// approved item blank; the RE user then sees it Approved under the original value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, clickRowButton, column, readGrid } from './list-support.js';

const VALUE = 'Deputy Compliance Officer';
/** seeds/lists.ts: the Position list group. */
const POSITION_GROUP = 295;

const ribbon = (page: Page) => page.$eval('.thread-ribbon', (e) => (e.textContent ?? '').trim());

describe('dropdown value requests (sqlite)', () => {
  let portal: Portal;
  let id = 0;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets an RE user create a request with the dropdown locked from the address, refusing it while the value is empty', async () => {
    const form = await portal.t.database.db('form').where({ re: 1 }).whereNotNull('formbatch').orderBy('id').first('id', 'formbatch');
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, `/re/requestvalue/create?dropdown=${POSITION_GROUP}&batch=${form.formbatch}&form=${form.id}`);
    await page.waitForFunction((f) => (document.querySelector('select[name=formid]') as HTMLSelectElement | null)?.value === String(f), {}, form.id);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Create New Request');
    // The locked dropdown reads by its list group's name, searched rather than listed whole.
    await page.waitForFunction(() => (document.querySelector('input[name=dropdown]') as HTMLInputElement | null)?.value === 'Position');
    expect(await page.$eval('input[name=dropdown]', (e) => [(e as HTMLInputElement).disabled, (e as HTMLInputElement).dataset.value])).toEqual([true, String(POSITION_GROUP)]);
    expect(await page.$eval('textarea[name=description]', (e) => e.getAttribute('rows'))).toBe('5');
    await page.type('textarea[name=description]', 'We appointed one this month.');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    expect(await page.$eval('input[name=value]', (e) => e.className)).toContain('invalid');

    await page.type('input[name=value]', VALUE);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    await waitForPath(page, (p) => p === '/re/requestvalue/' || p === '/re/requestvalue');
    const grid = await readGrid(page);
    expect(column(grid, 'Item')[0]).toBe(VALUE);
    expect(grid.headers).not.toContain('Reporting Entity');
    const row = await portal.t.database.db('smsdropdown').where({ value: VALUE }).first('id');
    id = Number(row.id);
    expect(errors).toEqual([]);
  });

  it('lets IRU approve it from its list, refusing a reject without a remark', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/requestvalue');
    const grid = await readGrid(page);
    // The sidebar counts New requests (seed 003 §4.7): the demo's two and this one.
    await page.waitForSelector('a.menu-link[href="/iru/requestvalue"] .badge');
    expect(await page.$eval('a.menu-link[href="/iru/requestvalue"] .badge', (e) => e.textContent)).toBe('3');
    expect(grid.headers).toEqual(expect.arrayContaining(['Form', 'Dropdown', 'Item', 'Request By', 'Reporting Entity', 'Request Date', 'Approve Date', 'Status']));
    await clickRowButton(page, VALUE, 'Detail');
    await waitForPath(page, (p) => p === `/iru/requestvalue/${id}`);
    await page.waitForSelector('.approval-panel');
    expect(await ribbon(page)).toBe('New');
    await page.click('button[name=reject]');
    expect(await answerDialog(page, 'ok')).toContain('Remark is required for Reject');
    await page.click('button[name=approve]');
    expect(await answerDialog(page, 'ok')).toContain('Approved!');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Approved');
    expect(await page.$('.approval-panel')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows the RE user the request Approved under the original value, with no Approval panel', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, `/re/requestvalue/${id}`);
    await page.waitForSelector('.thread-ribbon');
    expect(await ribbon(page)).toBe('Approved');
    expect(await page.$eval('.thread-ribbon', (e) => e.className)).toContain('ribbon-success');
    const cells = await page.$$eval('.detail-table tr', (rows) => rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]));
    expect(cells).toContainEqual(['Approved Item', VALUE]);
    expect(await page.$('.approval-panel')).toBeNull();
    await screenshot(page, 'dropdown-request-approved');
    expect(errors).toEqual([]);
  });
});
