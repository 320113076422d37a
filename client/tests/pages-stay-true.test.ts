// An open form page learns within seconds that its form moved on, in Chromium at 1024×768 and
// 1440×900, on every database of the run: the preparer typing into an Open form is told when
// someone else saves it, keeps the unsaved value until choosing to reload, and is asked before
// Reload drops it; the checker looking at an Open form is told, with who did it, that the
// preparer sent it for verification, and Reload shows it Pending Verification with Verify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { monthEnd } from '../../portal/filing/period-dates.js';
import { completeForm } from '../../portal/testing/complete-form.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverCall } from './list-support.js';
import { openForm, rowsOf, serverData, shown, typeInto, waitShown } from './filing-support.js';

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

const STALE = '[data-notice=stale]';
const text = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

describe.each(await testDialects())('a form page that stays true to its form on %s', (dialect) => {
  let portal: Portal;
  const now = new Date();
  let nextMonth = 3;

  /** A fresh Open BNK-01 form of the first entity, in a monthly period the seed did not open. */
  async function freshForm(): Promise<number> {
    const endon = monthEnd(now.getUTCFullYear(), now.getUTCMonth() + nextMonth++);
    const opened = rowsOf(await serverCall(portal, 'iru', 'FormBatch.openPeriod', [{ calendar: 277, endon, sector: 1, category: 100211 }]));
    const mine = opened.find((r) => Number(r.re) === 1 && r.code === 'BNK-01');
    if (!mine) throw new Error(`No BNK-01 form for entity 1: ${JSON.stringify(opened).slice(0, 400)}`);
    return Number(mine.form);
  }

  async function signedIn(userid: string, viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await portal.page();
    await page.setViewport(viewport);
    await signIn(page, portal.url, userid);
    return page;
  }

  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`;

    it(`tells the preparer at ${size} that someone else saved the form, keeps the unsaved value until they choose, and asks before reloading`, async () => {
      const form = await freshForm();
      const page = await signedIn('preparer', viewport);
      await openForm(page, `${portal.url}/re/form/${form}`);
      expect(await page.$(STALE)).toBeNull();
      await typeInto(page, 'B3', '1000');
      await page.waitForSelector('[data-form-entry][data-dirty=true]');

      // The approver of the entity saves another cell of the same form.
      const { info } = await serverData(portal, 'approver', form);
      rowsOf(await serverCall(portal, 'approver', 'Form.saveData', [{ form, updatectr: info.updatectr, cells: [{ tab: '01', address: 'B4', value: '77' }] }]));

      await page.waitForSelector(STALE, { timeout: 10_000 });
      expect(await text(page, STALE)).toContain('Someone else saved changes to this form since you opened it');
      expect(await text(page, '[data-testid=stale-edits-kept]')).toBe('Your unsaved changes are kept on this page until you choose to reload.');
      // Nothing reloads on its own: a few more looks later the typed value is still there.
      await new Promise((r) => setTimeout(r, 7000));
      expect(await shown(page, 'B3')).toBe('1,000');
      expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-dirty'))).toBe('true');
      // The banner is on screen, not below the fold.
      const box = await page.$eval(STALE, (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, right: b.right }; });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
      if (dialect === 'sqlite') await screenshot(page, `stale-form-preparer-${viewport.width}`);

      // Reload asks first; keeping the changes keeps them.
      await page.click('[data-action=stale-reload]');
      expect(await answerDialog(page, 'no')).toContain('your unsaved changes on this page are lost');
      expect(await shown(page, 'B3')).toBe('1,000');
      await page.click('[data-action=stale-reload]');
      await answerDialog(page, 'yes');
      await waitShown(page, 'B4', '77');
      expect(await shown(page, 'B3')).toBe('');
      expect(await page.$(STALE)).toBeNull();
      await page.close();
    });

    it(`tells the checker at ${size} that the preparer sent the open form for verification, and Reload shows it Pending Verification`, async () => {
      const form = await freshForm();
      const page = await signedIn('checker', viewport);
      await openForm(page, `${portal.url}/re/form/${form}`);
      expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-state'))).toBe('13');
      expect(await text(page, '[data-testid=form-state]')).toBe('Open');

      // The preparer fills the form and sends it for verification, elsewhere.
      const preparer = await portal.t.sessionFor('preparer', 1);
      const updatectr = await completeForm(portal.t, form, preparer);
      const moved = await portal.t.call('Record2.update', [{ module: 'REForm', fields: ['id', 'state', 'updatectr'], values: [form, 78, updatectr] }], preparer);
      expect(moved[0]?.type).toBe('recordset');

      await page.waitForSelector(`${STALE}[data-stale-state="78"]`, { timeout: 10_000 });
      const said = await text(page, STALE);
      expect(said).toContain('This form is now Pending Verification (Sent for verification by');
      expect(said).toContain('this page still shows it as Open');
      expect(said).toContain('Reload to see the form as it is now.');
      if (dialect === 'sqlite') await screenshot(page, `stale-form-checker-${viewport.width}`);

      // Nothing was typed: Reload reloads at once.
      await page.click('[data-action=stale-reload]');
      await page.waitForSelector('[data-form-entry][data-state="78"]');
      expect(await text(page, '[data-testid=form-state]')).toBe('Pending Verification');
      await page.waitForSelector('[data-move=verify]');
      expect(await page.$(STALE)).toBeNull();
      await page.close();
    });
  }
});
