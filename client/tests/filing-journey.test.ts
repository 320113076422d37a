// A whole filing in Chromium, on every database of the run, with the first demo entity's own
// preparer, checker and approver and the regulator, each in their own browser: the regulator
// opens a period on the Open period screen; the preparer fills the form it created (a number that
// a formula totals, text and a dropdown) and sends it for verification; the checker, come to it
// from the forms waiting for them, returns it with a reason, then verifies it once sent again;
// the approver submits it; the regulator raises a query on a cell, then, on a read-only grid,
// returns the form for amendment with a reason; the preparer amends and it goes round again; the
// regulator accepts, and the extract tables hold the accepted cells. The history shows every
// version and the cells that changed between two of them. Along the walk each person's form page
// names its template, entity and period in its heading, its sign-off buttons show whole in the
// window, and no page meets an uncaught error. The walk runs at the two window sizes the product
// promises, one per database so that it costs no more than one walk each: 1024 × 768 (row
// buttons behind an Actions menu, the entity panel folded for a user of one entity) on SQLite
// and 1440 × 900 on MariaDB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Dialect } from '../../engine/db/connect.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { previewMonthlyPeriod } from './period-support.js';
import { monthEnd } from '../../portal/filing/period-dates.js';
import { templateVersion } from '../../portal/filing/template-versions.js';
import { KEY_COLUMNS } from '../../portal/filing/extract-tables.js';
import type { ExtractDefinition } from '../../portal/filing/extract-definition.js';
import { formatDate } from '../src/ui/date-format.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { GRID, answerDialog, serverCall, serverSelect } from './list-support.js';
import { MASTER, addReportingCalendar, chooseFromList, fillTheRest, move, openForm, openTab, rowsOf, selectCell, serverData, typeInto, waitForGrid, waitShown } from './filing-support.js';

/** The sizes the product promises, one per database. */
const VIEWPORTS: Record<Dialect, { width: number; height: number }> = { sqlite: { width: 1024, height: 768 }, mysql: { width: 1440, height: 900 } };

describe.each(await testDialects())('a form filed, signed off and reviewed on %s', (dialect) => {
  const viewport = VIEWPORTS[dialect];
  let portal: Portal;
  let form: number;
  /** What the form page's heading says: template, entity and period. */
  let heading: string;
  const pages: Record<string, Page> = {};
  const errors: Record<string, string[]> = {};

  /** The form as `userid` sees it, opened afresh, its heading naming whose return of which period it is. */
  async function open(userid: string): Promise<Page> {
    const page = pages[userid];
    await openForm(page, `${portal.url}/${userid === 'iru' ? 'iru' : 're'}/form/${form}`);
    await page.waitForFunction((h) => document.querySelector('[data-form-entry] h1')?.textContent === h, { timeout: 10_000 }, heading).catch(() => undefined);
    expect(await page.$eval('[data-form-entry] h1', (e) => e.textContent), userid).toBe(heading);
    return page;
  }
  /** The form as the entity's `userid` reaches it: Waiting for me in the sidebar, then a click on the form's row. */
  async function fromWaitingList(userid: string): Promise<Page> {
    const page = pages[userid];
    await page.goto(`${portal.url}/re/dashboard`);
    await page.waitForSelector('nav.sidebar a[href^="/re/waiting"]');
    await page.click('nav.sidebar a[href^="/re/waiting"]');
    await page.waitForSelector(`${GRID} [role=row][data-row-id="${form}"] [role=gridcell]`);
    await page.click(`${GRID} [role=row][data-row-id="${form}"] [role=gridcell]`);
    await waitForPath(page, (p) => p === `/re/form/${form}`);
    await waitForGrid(page);
    expect(await page.$eval('[data-form-entry] h1', (e) => e.textContent), userid).toBe(heading);
    return page;
  }
  /** No page of the four people has met an uncaught error or a refusal of the page's policy. */
  const noErrors = () => expect(errors).toEqual({ preparer: [], checker: [], approver: [], iru: [] });
  const stored = async () => {
    const { rows } = await serverSelect(portal, 'iru', { module: 'Form', fields: ['id', 'state', 'preparedby', 'submitby', 'lastsubmiton'], where: [['id', '=', form]] });
    return rows[0];
  };
  const waitState = (page: Page, state: number) => page.waitForSelector(`[data-form-entry][data-state="${state}"]`);
  /** The sign-off and review buttons the person sees whole in the window (none behind a menu or cut at its edge). */
  const buttons = (page: Page) =>
    page.$$eval('[data-move]', (bs) =>
      bs
        .filter((b) => {
          const r = b.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth;
        })
        .map((b) => b.getAttribute('data-move')),
    );
  const hasQuery = (page: Page, address: string) => page.$eval(MASTER, (root, a) => root.querySelector(`td[data-address="${a}"]`)?.classList.contains('has-query'), address);
  /** A month end of the monthly calendar two months ahead: the seed opened no period there. */
  const now = new Date();
  const endon = monthEnd(now.getUTCFullYear(), now.getUTCMonth() + 2);

  beforeAll(async () => {
    portal = await startPortal(dialect);
    await addReportingCalendar(portal);
    for (const userid of ['preparer', 'checker', 'approver', 'iru']) {
      const opened = await portal.page();
      await opened.page.setViewport(viewport);
      await signIn(opened.page, portal.url, userid);
      pages[userid] = opened.page;
      errors[userid] = opened.errors;
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets the regulator open a monthly period for the banks on the Open period screen, creating the form', async () => {
    const page = pages.iru;
    await page.goto(`${portal.url}/iru/openperiod`);
    await page.waitForSelector('[data-open-period]');
    await previewMonthlyPeriod(page, endon, '1', '100211');
    expect(await page.$$eval('[data-testid=open-rows] tbody tr', (rs) => rs.map((r) => r.getAttribute('data-status')))).toContain('created');
    await page.click('[data-action=open]');
    await page.waitForSelector('[data-summary=opened]');
    const { rows } = await serverSelect(portal, 'iru', { module: 'Form', fields: ['id', 'state', 'templateversion'], where: [['endon', '=', endon], ['code', '=', 'BNK-01'], ['re', '=', 1]] });
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].state)).toBe(13);
    form = Number(rows[0].id);
    const f = await portal.t.database.db('form').join('re', 're.id', 'form.re').where('form.id', form).first('form.code', 'form.name', 're.name as re_name');
    heading = `${f.code} ${f.name} — ${f.re_name} — ${formatDate(endon)}`;
    // The screen links the new form to its grid.
    expect(await page.$$eval('[data-testid=open-rows] a', (as) => as.map((a) => a.getAttribute('href')))).toContain(`/iru/form/${form}`);
    // The lines the browser does not type are filled through the protocol: this test is about the journey.
    await fillTheRest(portal, 'preparer', form);
    noErrors();
  });

  it('lets the preparer fill a number that a formula totals, text and a dropdown, and send the form for verification', async () => {
    const page = await open('preparer');
    expect(await buttons(page)).toEqual(['prepare']);
    await typeInto(page, 'B3', '1000');
    await waitShown(page, 'B8', '2,400');
    await openTab(page, '03');
    await typeInto(page, 'B3', 'Ernst & Young PLT');
    await waitShown(page, 'B3', 'Ernst & Young PLT');
    await chooseFromList(page, 'B6', 'Monthly');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('saved');
    expect(await move(page, 'prepare')).toContain('Pending Verification');
    await waitState(page, 78);
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-writable'))).toBe('false');
    expect(await stored()).toMatchObject({ state: 78 });
    noErrors();
  });

  it('lets the checker, come from the forms waiting for them, return it with a reason, and verify it once sent again', async () => {
    let page = await fromWaitingList('checker');
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
    noErrors();
  });

  it('lets the approver, who did not prepare it, submit it', async () => {
    const page = await open('approver');
    expect(await buttons(page)).toEqual(['submit', 'return-pending']);
    expect(await move(page, 'submit')).toContain('Submitted');
    await waitState(page, 56);
    const row = await stored();
    expect(row).toMatchObject({ state: 56 });
    expect(row.lastsubmiton).toBeTruthy();
    noErrors();
  });

  it('lets the regulator raise a query on a cell of the submitted form, marked at the cell for the regulator and the entity', async () => {
    let page = await open('iru');
    await selectCell(page, 'B3');
    await page.click('[data-action=raise-query]');
    await page.waitForFunction(() => location.pathname === '/iru/query/create');
    // The entity box is a search: its value is the chosen record's (data-value), its text the name.
    const value = (name: string) => page.$eval(`[name=${name}]`, (e) => (e as HTMLInputElement).dataset.value ?? (e as HTMLInputElement).value);
    await page.waitForFunction(() => ((document.querySelector('select[name=formtab]') as HTMLSelectElement | null)?.value ?? '') !== '');
    expect([await value('re'), await value('form'), await value('formtab'), await value('dataitem')]).toEqual(['1', String(form), 'SFP-A', 'BNK0101001']);
    await page.type('input[name=name]', 'Cash and short-term funds');
    await page.type('textarea[name=description]', 'Please explain the increase in cash.');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    const { rows } = await serverSelect(portal, 'iru', { module: 'Query', fields: ['id', 're', 'form', 'formtab', 'dataitem'], where: [['form', '=', form]] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ re: 1, form, formtab: 'SFP-A', dataitem: 'BNK0101001' });

    page = await open('iru');
    expect(await hasQuery(page, 'B3')).toBe(true);
    expect(await hasQuery(page, 'B4')).toBe(false);
    await selectCell(page, 'B3');
    expect(await page.$eval('[data-testid=cell-query]', (e) => e.textContent)).toContain('This cell has an open query.');
    page = await open('preparer');
    expect(await hasQuery(page, 'B3')).toBe(true);
    noErrors();
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
    noErrors();
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
    noErrors();
  });

  it("writes the accepted cells, typed and computed, to the extract tables of the form's tabs", async () => {
    const db = portal.t.database.db;
    const row = await db('form').where({ id: form }).first('formtemplate', 'templateversion');
    const found = await templateVersion(db, Number(row.formtemplate), Number(row.templateversion));
    const defs = JSON.parse(found?.etlproperties ?? '[]') as ExtractDefinition[];
    /** The extract table of a tab, and the column of the cell at an address of it. */
    const at = (tab: string, address: string) => {
      const def = defs.find((d) => d.tab === tab);
      if (!def) throw new Error(`No extract definition of tab ${tab}`);
      const [, x, r] = /^([A-Z]+)(\d+)$/.exec(address)!;
      const code = def.rows.find((l) => l.row === Number(r))?.entries.find((e) => e.x === x)?.code;
      if (!code) throw new Error(`No extract column at ${tab}!${address}`);
      return { table: def.table, code };
    };
    const extracted = async (tab: string, address: string) => {
      const { table, code } = at(tab, address);
      const rows = await db(table).where(KEY_COLUMNS.form, form).select();
      expect(rows).toHaveLength(1);
      return rows[0][code] as unknown;
    };
    // What the preparer typed, the amendment, and the formulas' totals over them.
    expect(Number(await extracted('01', 'B3'))).toBe(1000);
    expect(Number(await extracted('01', 'C3'))).toBe(20);
    expect(Number(await extracted('01', 'B8'))).toBe(2400);
    expect(Number(await extracted('01', 'C8'))).toBe(60);
    expect(await extracted('03', 'B3')).toBe('Ernst & Young PLT');
    expect(await extracted('03', 'B6')).toBe('Monthly');
    const [keys] = await db(at('01', 'B3').table).where(KEY_COLUMNS.form, form).select(KEY_COLUMNS.re, KEY_COLUMNS.periodEnd);
    expect(Number(keys[KEY_COLUMNS.re])).toBe(1);
    expect(String(keys[KEY_COLUMNS.periodEnd]).slice(0, 10)).toBe(endon);
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
    noErrors();
  });
});
