// The period screens in Chromium, on every database of the run, at 1024×768: the regulator
// previews and opens a period (a second open creates nothing), reads completeness and
// timeliness of the demo periods and drills down to the entities; the entity's senior user
// creates an ad hoc form from /re/batches (the seed's errors first), and a preparer has no
// Create New Forms button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, column, ddmmyyyy, readGridWithHeader, serverCall, serverSelect } from './list-support.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { choose, previewMonthlyPeriod } from './period-support.js';
import { completeForm } from '../../portal/testing/complete-form.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { monthEnd, previousMonthEnd } from '../../portal/filing/period-dates.js';

const textOf = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

async function statuses(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=open-rows] tbody tr', (rs) => rs.map((r) => r.getAttribute('data-status') ?? ''));
}

/** The open alert's title and message lines (line breaks kept), answered with OK. */
async function readAlert(page: Page): Promise<{ title: string; lines: string[] }> {
  await page.waitForSelector('[data-dialog=dialog] [data-button=ok]');
  const shown = await page.$eval('[data-dialog=dialog]', (d) => ({
    title: (d.querySelector('.dialog-title')?.textContent ?? '').trim(),
    lines: ((d.querySelector('.dialog-message') as HTMLElement | null)?.innerText ?? '').split('\n').map((l) => l.trim()).filter(Boolean),
  }));
  await answerDialog(page, 'ok');
  return shown;
}

describe.each(await testDialects())('the period screens on %s', (dialect) => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('opens a monthly period for the banks after a preview, and a second open creates nothing', async () => {
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    const now = new Date();
    const endon = monthEnd(now.getUTCFullYear(), now.getUTCMonth() - 6);
    await page.click('[data-shell] a[href="/iru/openperiod"]').catch(() => page.goto(`${portal.url}/iru/openperiod`));
    await page.waitForSelector('[data-open-period]');
    expect(await page.title()).toBe('Open a period | Reporting Portal');
    await choose(page, 'calendar', '277');
    // Without a period end the preview asks for one at its field.
    await page.click('[data-action=preview]');
    expect(await textOf(page, '[data-problem=endon]')).toBe('Please choose a period end.');
    // A quarterly calendar offers only quarter ends.
    await choose(page, 'calendar', '278');
    const quarterEnds = await page.$$eval('[data-testid=endon] option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(quarterEnds.length).toBeGreaterThan(0);
    for (const e of quarterEnds) expect(['03', '06', '09', '12']).toContain(e.slice(5, 7));
    // Period ends read as dates people write: DD/MM/YYYY, never the stored 2026-03-31.
    const endLabels = await page.$$eval('[data-testid=endon] option', (os) => os.map((o) => o.textContent ?? '').filter((t) => t.includes('ending')));
    expect(endLabels.length).toBe(quarterEnds.length);
    for (const l of endLabels) expect(l).toMatch(/\(ending \d\d\/\d\d\/\d{4}\)$/);
    await previewMonthlyPeriod(page, endon, '1', '100211');
    const preview = await statuses(page);
    expect(preview.length).toBeGreaterThan(0);
    expect(new Set(preview)).toEqual(new Set(['created']));
    expect(await textOf(page, '[data-summary=preview]')).toMatch(/\(due \d\d\/\d\d\/\d{4}\): /);
    expect(await page.$$eval('[data-testid=open-rows] tbody tr td:last-child', (ts) => [...new Set(ts.map((t) => t.textContent))])).toEqual(['Will be created']);
    // A preview writes nothing.
    expect((await serverSelect(portal, 'iru', { module: 'FormBatch', fields: ['id'], where: [['endon', '=', endon], ['calendar', '=', 277]] })).total).toBe(0);

    await page.click('[data-action=open]');
    await page.waitForSelector('[data-summary=opened]');
    expect(await textOf(page, '[data-summary=opened]')).toMatch(/^Opened .+: \d+ submissions and \d+ forms created; 0 forms exist; 0 in closed submissions\.$/);
    const batches = await serverSelect(portal, 'iru', { module: 'FormBatch', fields: ['id', 're'], where: [['endon', '=', endon], ['calendar', '=', 277]] });
    expect(batches.total).toBeGreaterThan(0);
    const forms = await serverSelect(portal, 'iru', { module: 'Form', fields: ['id'], where: [['endon', '=', endon], ['code', '=', 'BNK-01']] });
    expect(forms.total).toBe(preview.length);
    if (dialect === 'sqlite') await screenshot(page, 'periods-open-1024');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.click('[data-action=preview]');
    await page.waitForSelector('[data-summary=preview]');
    expect(new Set(await statuses(page))).toEqual(new Set(['exists']));
    await page.click('[data-action=open]');
    await page.waitForSelector('[data-summary=opened]');
    expect(await textOf(page, '[data-summary=opened]')).toContain(': 0 submissions and 0 forms created;');
    expect((await serverSelect(portal, 'iru', { module: 'Form', fields: ['id'], where: [['endon', '=', endon], ['code', '=', 'BNK-01']] })).total).toBe(forms.total);
    await page.close();
  });

  it('shows completeness per period, sector and form of the demo filings and drills down to the entities', async () => {
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, '/');
    await page.goto(`${portal.url}/iru/completeness`);
    const prev = previousMonthEnd(new Date());
    const row = `[data-testid=completeness] tr[data-row="${prev}|BNK-01"]`;
    await page.waitForSelector(row);
    expect(await page.title()).toBe('Completeness and timeliness | Reporting Portal');
    const counts = await page.$$eval(`${row} td[data-count]`, (cs) => Object.fromEntries(cs.map((c) => [c.getAttribute('data-count'), Number(c.textContent)])));
    const expected = await serverSelect(portal, 'iru', { module: 'Form', fields: ['id'], where: [['endon', '=', prev], ['code', '=', 'BNK-01']] });
    expect(counts.expected).toBe(expected.total);
    expect(counts.submitted + counts.outstanding).toBe(counts.expected);
    expect(counts.ontime + counts.late).toBe(counts.submitted);

    await page.click(row);
    await page.waitForSelector('[data-testid=completeness-entities] tbody tr');
    const links = await page.$$eval('[data-testid=completeness-entities] tbody a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links).toHaveLength(counts.expected);
    for (const href of links) expect(href).toMatch(/^\/iru\/form\/\d+$/);
    if (dialect === 'sqlite') await screenshot(page, 'periods-completeness-1024');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('lets the senior entity user create an ad hoc form, with the seed errors first', async () => {
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're');
    await page.goto(`${portal.url}/re/batches`);
    await page.waitForSelector('[data-action=create-new-forms]');
    await page.click('[data-action=create-new-forms]');
    await page.waitForSelector('[data-dialog=create-forms]');
    await page.click('[data-dialog=create-forms] [data-button=create]');
    expect(await readAlert(page)).toEqual({ title: 'Error', lines: ['Please choose form code.', 'Please select a month.', 'Please select a year.'] });

    const year = new Date().getUTCFullYear() - 1;
    await page.select('[data-dialog=create-forms] select[name=code]', 'APP I Liquidity');
    await page.select('[data-dialog=create-forms] select[name=month]', '3');
    await page.select('[data-dialog=create-forms] select[name=year]', String(year));
    await page.click('[data-dialog=create-forms] [data-button=create]');
    expect((await readAlert(page)).lines).toEqual(['Successful: Periodic form create successfully']);
    await page.waitForFunction(() => !document.querySelector('[data-dialog=create-forms]'));
    const made = await serverSelect(portal, 're', { module: 'REForm', fields: ['id'], where: [['code', '=', 'APP I Liquidity'], ['endon', '=', `${year}-03-31`]] }, 1);
    expect(made.total).toBe(1);

    // The same period again: the server's message under Error.
    await page.click('[data-action=create-new-forms]');
    await page.select('[data-dialog=create-forms] select[name=code]', 'APP I Liquidity');
    await page.select('[data-dialog=create-forms] select[name=month]', '3');
    await page.select('[data-dialog=create-forms] select[name=year]', String(year));
    await page.click('[data-dialog=create-forms] [data-button=create]');
    expect(await readAlert(page)).toEqual({ title: 'Error', lines: ['This form already exists for the chosen period.'] });
    await page.close();
  });

  it('shows no Create New Forms button to a preparer', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'preparer');
    await page.goto(`${portal.url}/re/batches`);
    await page.waitForSelector('[data-list-grid]');
    expect(await page.$('[data-action=create-new-forms]')).toBeNull();
    await page.close();
  });

  it("shows the checker the count of the entity's forms waiting in Pending Verification beside Waiting for me", async () => {
    const open = await serverSelect(portal, 'preparer', { module: 'REForm', fields: ['id', 'updatectr'], where: [['state', '=', 13]], order: 'id asc', max: 1 }, 1);
    const f = open.rows[0];
    // Filled first: sending a form for verification holds it to its blocking rules.
    f.updatectr = await completeForm(portal.t, Number(f.id), await portal.t.sessionFor('preparer'));
    await serverCall(portal, 'preparer', 'Record2.update', [{ module: 'REForm', fields: ['id', 'state', 'updatectr'], values: [f.id, 78, f.updatectr] }]);
    // The checker's queue: every form in Pending Verification, of any period or age.
    const waiting = await serverSelect(portal, 'checker', { module: 'REForm', fields: ['id'], where: [['state', '=', 78]] }, 1);
    expect(waiting.total).toBeGreaterThan(0);

    const { page } = await portal.page();
    await signIn(page, portal.url, 'checker');
    const badge = '[data-shell] a[href="/re/waiting"] .badge';
    await page.waitForSelector(badge);
    expect(await textOf(page, badge)).toBe(String(waiting.total));
    await page.close();
  });

  it('opens the forms list filtered to the previous month by End Date', async () => {
    const prev = previousMonthEnd(new Date());
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're');
    await page.goto(`${portal.url}/re/formview`);
    await page.waitForSelector('[data-list-grid] [role=row][data-row-id]');
    const ends = await page.$$eval('input[name=filter-endon-from], input[name=filter-endon-to]', (is) => is.map((i) => (i as HTMLInputElement).value));
    expect(ends).toEqual([prev.slice(0, 7), prev.slice(0, 7)]);
    const grid = await readGridWithHeader(page, 'Period End');
    const shown = column(grid, 'Period End');
    expect(shown.length).toBeGreaterThan(0);
    for (const d of shown) expect(d).toBe(ddmmyyyy(prev));
    await page.close();
  });

  it("shows the forms list's relative End Date default in the list view editor as months from today", async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await page.goto(`${portal.url}/listview_wiz/155`);
    await page.waitForSelector('[data-testid=filter-default-months]');
    expect(await page.$eval('[data-testid=filter-default-months]', (i) => (i as HTMLInputElement).value)).toBe('-1');
    await page.close();
  });

  // Last: it takes the completeness task from the IRU role.
  it('tells a regulator without the completeness task that the page is not allowed, and leaves it out of the sidebar', async () => {
    const db = portal.t.database.db;
    const task = await db('permissiontasks').where({ name: 'FormBatch.action.completeness' }).first('id');
    await db('role_permissiontasks').where({ link_fk_role: 2, link_fk_permissiontasks: task.id }).delete();
    await bumpVersions(db, ['role_permissiontasks']);
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/completeness`);
    await page.waitForSelector('[data-not-allowed]');
    expect(await textOf(page, '[data-not-allowed] [role=alert]')).toBe('Your account may not open this page.');
    expect(await page.title()).toBe('Not allowed | Reporting Portal');
    expect(await page.$('[data-shell] a[href="/iru/completeness"]')).toBeNull();
    expect(await page.$('[data-shell] a[href="/iru/openperiod"]')).not.toBeNull();
    await page.close();
  });
});
