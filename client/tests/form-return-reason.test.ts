// A form sent back shows its reason to who must act, in Chromium, on every database of the run:
// the checker returns a form awaiting verification with a reason; the preparer, opening it, reads
// "Returned by Demo Checker on DD/MM/YYYY: …" on its banner and "Returned by Demo Checker: …" in
// its history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { ddmmyyyy } from './list-support.js';
import { move, openForm, openFormWithDropdown } from './filing-support.js';

describe.each(await testDialects())('the reason a form was sent back, on %s', (dialect) => {
  let portal: Portal;
  let form: number;
  const pages: Record<string, Page> = {};
  const banner = (page: Page) => page.$eval('[data-notice=returned]', (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()).catch(() => null);

  beforeAll(async () => {
    portal = await startPortal(dialect);
    form = await openFormWithDropdown(portal, '2024-03-31');
    // Prepared and awaiting verification: a step back runs no blocking rule, so its cells may stay empty.
    await portal.t.database.db('form').where({ id: form }).update({ state: 78, preparedby: 6 });
    for (const userid of ['preparer', 'checker']) {
      const { page } = await portal.page();
      await page.setViewport({ width: 1366, height: 768 });
      await signIn(page, portal.url, userid);
      pages[userid] = page;
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it("shows the preparer the checker's reason on the form's banner and in its history", async () => {
    const checker = pages.checker;
    await openForm(checker, `${portal.url}/re/form/${form}`);
    expect(await banner(checker)).toBeNull();
    expect(await move(checker, 'return-open', 'Please recheck the totals')).toContain('Open');
    await checker.waitForSelector('[data-form-entry][data-state="13"]');
    const today = ddmmyyyy(sqlDateTime());

    const preparer = pages.preparer;
    await openForm(preparer, `${portal.url}/re/form/${form}`);
    await preparer.waitForSelector('[data-notice=returned]');
    expect(await banner(preparer)).toBe(`Returned by Demo Checker on ${today}: Please recheck the totals`);

    await preparer.click('[data-action=history]');
    await preparer.waitForSelector('[data-testid=sign-off-history] tbody tr');
    const lines = await preparer.$$eval('[data-testid=sign-off-history] tbody tr', (rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
    expect(lines[0]).toEqual([today, 'Returned by Demo Checker: Please recheck the totals']);
  });
});
