// A whole filing in Chromium, on every database of the run, with the first demo entity's own
// preparer, checker and approver and the regulator, each in their own browser: the preparer
// fills and sends the form for verification; the checker returns it with a reason, then verifies
// it once sent again; the approver submits it; the regulator, on a read-only grid, returns it for
// amendment with a reason; the preparer amends and it goes round again; the regulator accepts.
// The history shows every version and the cells that changed between two of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverCall, serverSelect } from './list-support.js';
import { MASTER, fillTheRest, move, openForm, openFormWithDropdown, rowsOf, serverData, typeInto, waitShown } from './filing-support.js';

describe.each(await testDialects())('a form filed, signed off and reviewed on %s', (dialect) => {
  let portal: Portal;
  let form: number;
  const pages: Record<string, Page> = {};

  /** The form as `userid` sees it, opened afresh. */
  async function open(userid: string): Promise<Page> {
    const page = pages[userid];
    await openForm(page, `${portal.url}/${userid === 'iru' ? 'iru' : 're'}/form/${form}`);
    return page;
  }
  const stored = async () => {
    const { rows } = await serverSelect(portal, 'iru', { module: 'Form', fields: ['id', 'state', 'preparedby', 'submitby', 'lastsubmiton'], where: [['id', '=', form]] });
    return rows[0];
  };
  const waitState = (page: Page, state: number) => page.waitForSelector(`[data-form-entry][data-state="${state}"]`);
  const buttons = (page: Page) => page.$$eval('[data-move]', (bs) => bs.map((b) => b.getAttribute('data-move')));

  beforeAll(async () => {
    portal = await startPortal(dialect);
    form = await openFormWithDropdown(portal);
    await fillTheRest(portal, 'preparer', form);
    // The notes the browser test types are given here: this test is about the sign-off.
    const { info } = await serverData(portal, 'preparer', form);
    await serverCall(portal, 'preparer', 'Form.saveData', [{ form, updatectr: info.updatectr, cells: [{ tab: '03', address: 'B3', value: 'Ernst & Young PLT' }, { tab: '03', address: 'B6', value: 'Monthly' }] }]);
    for (const userid of ['preparer', 'checker', 'approver', 'iru']) {
      const { page } = await portal.page();
      await page.setViewport({ width: 1366, height: 768 });
      await signIn(page, portal.url, userid);
      pages[userid] = page;
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets the preparer fill the form and send it for verification', async () => {
    const page = await open('preparer');
    expect(await buttons(page)).toEqual(['prepare']);
    await typeInto(page, 'B3', '1000');
    await waitShown(page, 'B8', '2,400');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('saved');
    expect(await move(page, 'prepare')).toContain('Pending Verification');
    await waitState(page, 78);
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-writable'))).toBe('false');
    expect(await stored()).toMatchObject({ state: 78 });
  });

  it('lets the checker return it with a reason, and verify it once sent again', async () => {
    let page = await open('checker');
    expect(await buttons(page)).toEqual(['verify', 'return-open']);
    expect(await page.$$eval('[data-action=save]', (b) => b.length)).toBe(0);
    // A return without a reason is not taken.
    await page.click('[data-move=return-open]');
    await page.waitForSelector('[data-dialog=dialog] input');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    expect(await page.$eval('[data-dialog=dialog]', (d) => d.textContent)).toContain('A reason is required.');
    await page.type('[data-dialog=dialog] input', 'Please check the cash figure');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    expect(await answerDialog(page, 'ok')).toContain('Open');
    expect(await stored()).toMatchObject({ state: 13 });
    const reasons = rowsOf(await serverCall(portal, 'iru', 'StateManagement.getHistory', [{ module: 'Form', id: form }]));
    expect(reasons.map((r) => r.reason)).toContain('Please check the cash figure');

    page = await open('preparer');
    expect(await move(page, 'prepare')).toContain('Pending Verification');
    page = await open('checker');
    expect(await move(page, 'verify')).toContain('Ready');
    await waitState(page, 55);
    expect(await stored()).toMatchObject({ state: 55 });
  });

  it('lets the approver, who did not prepare it, submit it', async () => {
    const page = await open('approver');
    expect(await buttons(page)).toEqual(['submit', 'return-pending']);
    expect(await move(page, 'submit')).toContain('Submitted');
    await waitState(page, 56);
    const row = await stored();
    expect(row).toMatchObject({ state: 56 });
    expect(row.lastsubmiton).toBeTruthy();
  });

  it('shows the regulator a read-only grid with Accept and Return for amendment, and returns it with a reason', async () => {
    const page = await open('iru');
    expect(await buttons(page)).toEqual(['accept', 'return-amendment']);
    expect(await page.$$eval('[data-action=save]', (b) => b.length)).toBe(0);
    expect(await page.$eval(MASTER, (root) => root.querySelector('td[data-address="B3"]')?.classList.contains('htDimmed'))).toBe(true);
    await waitShown(page, 'B8', '2,400');
    await screenshot(page, `filing-review-${dialect}`);
    expect(await move(page, 'return-amendment', 'The previous year column does not match last month')).toContain('Amendment Required');
    expect(await stored()).toMatchObject({ state: 74 });
  });

  it('lets the entity amend and resubmit, and the regulator accept', async () => {
    let page = await open('preparer');
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-writable'))).toBe('true');
    await typeInto(page, 'C3', '20');
    await waitShown(page, 'C8', '60');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('saved');
    expect((await serverData(portal, 'preparer', form)).cells.get('01!C3')).toBe('20');
    // The first save of the amendment reopened the form: it goes round again from Open.
    await waitState(page, 13);
    expect(await stored()).toMatchObject({ state: 13 });
    expect(await move(page, 'prepare')).toContain('Pending Verification');
    expect(await move(await open('checker'), 'verify')).toContain('Ready');
    expect(await move(await open('approver'), 'submit')).toContain('Submitted');
    page = await open('iru');
    expect(await move(page, 'accept')).toContain('Accepted');
    await waitState(page, 45);
    expect(await stored()).toMatchObject({ state: 45 });
  });

  it('shows every version in the history, and the cells changed between two of them', async () => {
    const page = pages.preparer;
    await page.goto(`${portal.url}/re/formhistory/${form}`);
    await page.waitForSelector('[data-testid=versions] tbody tr');
    expect(await page.title()).toBe('History of BNK-01 - Statement of Financial Position | Reporting Portal');
    const versions = await page.$$eval('[data-testid=versions] tbody tr:not([data-version="0"])', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => (td.textContent ?? '').trim())));
    const server = rowsOf(await serverCall(portal, 'preparer', 'Form.history', [{ form }]));
    expect(versions).toHaveLength(server.length);
    expect(versions.map((v) => v[1])).toContain('Accepted');
    expect(versions.map((v) => v[1])).toContain('Amendment Required');
    expect(versions.every((v) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m$/.test(v[3]))).toBe(true);
    // From the protocol's first fill to the last version: the cash line and the amended cell.
    const first = Math.min(...server.map((r) => Number(r.version)));
    const last = Math.max(...server.map((r) => Number(r.version)));
    await page.click(`[data-version="${first}"] input[name=from]`);
    await page.click(`[data-version="${last}"] input[name=to]`);
    // The diff of the earlier choice may still be on screen: wait for the one asked for.
    await page.waitForFunction((h) => document.querySelector('[data-testid=diff] h2')?.textContent === h, {}, `Changes from version ${first} to version ${last}`);
    await page.waitForSelector('[data-testid=diff] [data-cell="01!C3"]');
    const c3 = await page.$eval('[data-testid=diff] [data-cell="01!C3"]', (tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
    expect(c3).toEqual(['SFP-A', 'C3', expect.any(String), '10', '20']);
    const diff = rowsOf(await serverCall(portal, 'preparer', 'Form.diff', [{ form, from: first, to: last }]));
    expect(await page.$$eval('[data-testid=diff] tbody tr', (trs) => trs.length)).toBe(diff.length);
    // From the empty form: every filled cell, the amended one at its last value.
    await page.click('[data-version="0"] input[name=from]');
    await page.waitForFunction(() => document.querySelector('[data-testid=diff] h2')?.textContent === 'Changes from version 0 to version ' + document.querySelector('[data-testid=versions] tbody tr')?.getAttribute('data-version'));
    const all = await page.$eval('[data-testid=diff] [data-cell="01!C3"]', (tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
    expect(all.slice(3)).toEqual(['', '20']);
    await screenshot(page, `filing-history-${dialect}`);
  });
});
