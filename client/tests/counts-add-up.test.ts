// Counts that add up, in Chromium at 1024×768 and 1440×900, on every database of the run: the RE
// dashboard's status table counts the entity's forms in every state (Pending Verification and
// Amendment Required too) and is dated today; the regulator's completeness report opens on a
// range that holds the current period and brings a row's entities into view; a form's history
// opens on the last two versions that changed cells and says who moved the form and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { DateTime } from 'luxon';
import { testDialects } from '../../engine/testing/test-database.js';
import { monthEnd } from '../../portal/filing/period-dates.js';
import { completeForm } from '../../portal/testing/complete-form.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { serverCall } from './list-support.js';
import { rowsOf } from './filing-support.js';

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const STATES: [string, number][] = [['Open', 13], ['Pending Verification', 78], ['Ready', 55], ['Submitted', 56], ['Accepted', 45], ['Amendment Required', 74]];

const text = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

describe.each(await testDialects())('counts that add up on %s', (dialect) => {
  let portal: Portal;
  const now = new Date();
  let nextMonth = 5;

  async function signedIn(userid: string, viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await portal.page();
    await page.setViewport(viewport);
    await signIn(page, portal.url, userid);
    return page;
  }

  /** Opens a monthly period for the banks; answers entity 1's BNK-01 form of it, if the period created one. */
  async function openPeriod(endon: string): Promise<number | null> {
    const opened = rowsOf(await serverCall(portal, 'iru', 'FormBatch.openPeriod', [{ calendar: 277, endon, sector: 1, category: 100211 }]));
    const mine = opened.find((r) => Number(r.re) === 1 && r.code === 'BNK-01');
    return mine ? Number(mine.form) : null;
  }

  /** Moves a form as `userid` of entity 1, with a reason when one is given; answers the new counter. */
  async function move(userid: string, form: number, updatectr: number, state: number, reason?: string): Promise<number> {
    const values = await portal.t.call('Record2.update', [{ module: 'REForm', fields: ['id', 'state', 'updatectr'], values: [form, state, updatectr], ...(reason ? { reason } : {}) }], await portal.t.sessionFor(userid, 1));
    return Number(rowsOf(values)[0].updatectr);
  }

  beforeAll(async () => {
    portal = await startPortal(dialect);
    // One Open form of the entity goes to its checker: a form Pending Verification.
    const db = portal.t.database.db;
    const open = await db('form').where({ re: 1, state: 13 }).whereNotNull('formbatch').orderBy('endon', 'desc').first();
    const ctr = await completeForm(portal.t, Number(open.id), await portal.t.sessionFor('preparer', 1));
    await move('preparer', Number(open.id), ctr, 78);
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`;

    it(`shows the entity's user at ${size} a status table that counts the forms in every state, dated today`, async () => {
      const page = await signedIn('re', viewport);
      await page.goto(`${portal.url}/re/dashboard`);
      await page.waitForSelector('[data-testid=re-dashboard][data-state=ready]');
      const caption = await text(page, '.status-table caption');
      expect(caption.startsWith(`Current Submission Status as at ${DateTime.local().toFormat('dd/MM/yyyy')}`)).toBe(true);

      const shown = Object.fromEntries(await page.$$eval('.status-table td', (tds) => tds.map((td) => [td.getAttribute('data-status'), Number(td.textContent)])));
      const headers = await page.$$eval('.status-table th', (ths) => ths.map((th) => (th.textContent ?? '').trim()));
      expect(headers).toEqual([...STATES.map(([l]) => l), 'Total']);
      const end = DateTime.utc().endOf('month').toFormat('yyyy-MM-dd');
      const db = portal.t.database.db;
      for (const [label, state] of STATES) {
        const row = await db('form').where({ re: 1, state }).where('endon', '<=', end).count({ n: '*' }).first();
        expect(shown[label], label).toBe(Number(row?.n));
      }
      expect(shown['Pending Verification']).toBeGreaterThan(0);
      // The columns add up to every form of the entity's periods up to this month.
      const all = await db('form').where({ re: 1 }).where('endon', '<=', end).count({ n: '*' }).first();
      expect(shown.Total).toBe(Number(all?.n));
      expect(STATES.reduce((n, [l]) => n + shown[l], 0)).toBe(shown.Total);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (dialect === 'sqlite') await screenshot(page, `counts-re-dashboard-${viewport.width}`);
      await page.close();
    });

    it(`opens the regulator's completeness at ${size} on a range that holds the current period, and brings a row's entities into view`, async () => {
      const current = monthEnd(now.getUTCFullYear(), now.getUTCMonth());
      await openPeriod(current);
      const page = await signedIn('iru', viewport);
      await page.goto(`${portal.url}/iru/completeness`);
      const row = `[data-testid=completeness] tr[data-row="${current}|BNK-01"]`;
      await page.waitForSelector('[data-testid=completeness] tbody tr');
      expect(await page.$(row), `a row for the period ending ${current}`).not.toBeNull();
      const to = await page.$eval('input[name=to]', (i) => (i as HTMLInputElement).value);
      expect(to).toBe(current.slice(0, 7));

      await page.click(row);
      await page.waitForSelector('[data-testid=completeness-entities] tbody tr');
      // The drill-down's heading is on screen without the user scrolling to it.
      await page.waitForFunction(() => {
        const h = document.querySelector('[data-testid=completeness-entities] h2')?.getBoundingClientRect();
        return h && h.top >= 0 && h.bottom <= window.innerHeight;
      }, { timeout: 5000 });
      if (dialect === 'sqlite') await screenshot(page, `counts-completeness-${viewport.width}`);
      await page.close();
    });

    it(`opens a form's history for the preparer at ${size} on the last two versions that changed cells, and says who moved it and why`, async () => {
      const form = await openPeriod(monthEnd(now.getUTCFullYear(), now.getUTCMonth() + nextMonth++));
      if (form === null) throw new Error('The period created no form for entity 1');
      const preparer = await portal.t.sessionFor('preparer', 1);
      let ctr = await completeForm(portal.t, form, preparer);
      ctr = Number(rowsOf(await portal.t.call('Form.saveData', [{ form, updatectr: ctr, cells: [{ tab: '01', address: 'C3', value: '42' }] }], preparer))[0].updatectr);
      ctr = await move('preparer', form, ctr, 78);
      ctr = await move('checker', form, ctr, 13, 'Please recheck the totals');
      const versions = rowsOf(await serverCall(portal, 'preparer', 'Form.history', [{ form }])).map((r) => ({ version: Number(r.version), cells: (typeof r.cells === 'string' ? JSON.parse(r.cells) : r.cells) as string[] }));
      const changing = versions.filter((v) => v.cells.length > 0).map((v) => v.version).sort((a, b) => b - a);
      expect(Math.max(...versions.map((v) => v.version))).toBeGreaterThan(changing[0]);

      const page = await signedIn('preparer', viewport);
      await page.goto(`${portal.url}/re/formhistory/${form}`);
      await page.waitForSelector('[data-testid=diff] h2');
      expect(await text(page, '[data-testid=diff] h2')).toBe(`Changes from version ${changing[1]} to version ${changing[0]}`);
      await page.waitForSelector('[data-testid=diff] [data-cell="01!C3"]');
      expect(await page.$eval('[data-testid=diff] [data-cell="01!C3"] .after', (td) => (td.textContent ?? '').trim())).toBe('42');

      const moves = await page.$$eval('[data-testid=versions] tbody tr[data-version]:not([data-version="0"])', (trs) => trs.map((tr) => (tr.querySelector('[data-testid=version-move]')?.textContent ?? '').trim()));
      expect(moves[0]).toMatch(/^Returned by .+: Please recheck the totals$/);
      expect(moves[1]).toMatch(/^Sent for verification by .+$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (dialect === 'sqlite') await screenshot(page, `counts-history-${viewport.width}`);
      await page.close();
    });
  }
});
