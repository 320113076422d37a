// The generic list page in Chromium against a real engine (seed 000 §2.8; seed 001 §2.3, §2.6,
// §4.2): every expectation about rows is checked against what Record.select answers the same
// user through the engine.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { Page } from 'puppeteer-core';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { afterLoad, answerDialog, clickHeader, clickRowButton, column, ddmmyyyy, GRID, readGrid, serverCall, serverSelect } from './list-support.js';
import { previousMonthEnd } from '../../portal/filing/period-dates.js';

describe('the generic list page (sqlite)', () => {
  let portal: Portal;
  const sessions = new Map<string, Page>();

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A signed-in page per user, reused: each test starts by opening its own address. */
  async function as(userid: string, path: string): Promise<Page> {
    let page = sessions.get(userid);
    if (!page) {
      page = (await portal.page()).page;
      await signIn(page, portal.url, userid);
      sessions.set(userid, page);
    }
    await page.goto(`${portal.url}${path}`);
    return page;
  }

  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));
  const whereOf = (path: string) => JSON.parse(new URLSearchParams(path.split('?')[1] ?? '').get('where') ?? 'null') as unknown;

  it('shows the entity list with its titles, widths, dates as DD/MM/YYYY and states by name, as Record.select answers it', async () => {
    const page = await as('iru', '/iru/reportingentity');
    const grid = await readGrid(page);
    expect(grid.headers).toEqual(['Name', 'Company No.', 'Licence No.', 'Sector', 'Date Incorporated', 'Status', '']);
    const server = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name', 'companyno', 'dateincorporated', 'state_name_ind_field', 'sector_name_ind_field'], order: 'name asc', max: 20 });
    expect(grid.total).toBe(30);
    expect(column(grid, 'Name')).toEqual(names(server.rows));
    expect(column(grid, 'Date Incorporated')).toEqual(server.rows.map((r) => ddmmyyyy(String(r.dateincorporated))));
    expect(column(grid, 'Status')).toEqual(server.rows.map((r) => String(r.state_name_ind_field)));
    expect(column(grid, 'Status')).toContain('Inactive');
    expect(column(grid, 'Sector')).toEqual(server.rows.map((r) => String(r.sector_name_ind_field)));
    // The hidden e-mail column stays out; Name has the width its metadata gives where the window
    // has room for it beside the row buttons (narrower windows shrink columns towards their minimum).
    expect(grid.headers).not.toContain('E-mail');
    await page.setViewport({ width: 1920, height: 1000 });
    await page.waitForFunction((g) => Math.round(document.querySelector(`${g} [role=columnheader]`)!.getBoundingClientRect().width) === 240, {}, GRID);
    await page.setViewport({ width: 1366, height: 768 });
    expect(await page.$eval('[data-page-info]', (e) => e.textContent)).toBe('Showing 1 to 20 of 30 entries');
    await screenshot(page, 'list-iru-reportingentity');
  });

  it('filters by a case-insensitive contains, a select box and a date range, and writes the search into the address', async () => {
    const page = await as('iru', '/iru/reportingentity');
    await readGrid(page);
    // Sector is a module's records: the type-to-search box, its choice picked by value.
    await page.click('input[name=filter-sector]');
    await page.type('input[name=filter-sector]', 'Bank');
    await page.waitForSelector('[data-choices] [role=option][data-value="1"]');
    await page.click('[data-choices] [role=option][data-value="1"]');
    expect(await page.$eval('input[name=filter-sector]', (e) => [(e as HTMLInputElement).dataset.value, (e as HTMLInputElement).value])).toEqual(['1', 'Banking']);
    await page.type('input[name=filter-name]', 'BaNk');
    await page.type('input[name=filter-dateincorporated-from]', '01/01/1995');
    await page.type('input[name=filter-dateincorporated-to]', '31/12/2010');
    const grid = await afterLoad(page, () => page.click('[data-action=search]'));
    const path = await pathOf(page);
    const where = [['sector', '=', '1'], ['name', 'like', '%BaNk%'], ['dateincorporated', 'between', '1995-01-01,2010-12-31']];
    expect(whereOf(path)).toEqual(where);
    expect(new URLSearchParams(path.split('?')[1]).get('pageIndex')).toBe('1');
    const server = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], where, order: 'name asc', max: 20 });
    expect(server.total).toBe(4);
    expect(column(grid, 'Name')).toEqual(names(server.rows));
    expect(column(grid, 'Sector').every((s) => s === 'Banking')).toBe(true);
  });

  it('refuses a date it cannot read instead of searching', async () => {
    const page = await as('iru', '/iru/reportingentity');
    await readGrid(page);
    await page.type('input[name=filter-dateincorporated-from]', '31/02/2020');
    await page.click('[data-action=search]');
    expect(await page.$eval('[data-filter-error]', (e) => e.textContent)).toContain('Invalid date "31/02/2020"');
    expect(await pathOf(page)).toBe('/iru/reportingentity');
  });

  it('sorts on the server when a header is clicked, ascending then descending, and pages 20 rows at a time in that order', async () => {
    const page = await as('iru', '/iru/reportingentity');
    const first = await readGrid(page);
    const asc = await afterLoad(page, () => clickHeader(page, 'Company No.'));
    const serverAsc = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], order: 'companyno asc', max: 20 });
    expect(column(asc, 'Name')).toEqual(names(serverAsc.rows));
    expect(column(asc, 'Name')).not.toEqual(column(first, 'Name'));
    const desc = await afterLoad(page, () => clickHeader(page, 'Company No.'));
    const serverDesc = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], order: 'companyno desc', max: 40 });
    expect(column(desc, 'Name')).toEqual(names(serverDesc.rows).slice(0, 20));
    expect(new URLSearchParams((await pathOf(page)).split('?')[1]).get('order')).toBe('companyno desc');

    const second = await afterLoad(page, () => page.click('[data-page="2"]'));
    expect(column(second, 'Name')).toEqual(names(serverDesc.rows).slice(20, 40));
    expect(second.rows).toHaveLength(10);
    expect(new URLSearchParams((await pathOf(page)).split('?')[1]).get('pageIndex')).toBe('2');
    expect(await page.$eval('[data-page-info]', (e) => e.textContent)).toBe('Showing 21 to 30 of 30 entries');
    expect(await page.$eval('.list-pager [aria-current=page]', (e) => e.textContent)).toBe('2');
  });

  it('restores a search from the address after a reload, with the same rows and the filter fields filled, and a reset clears it', async () => {
    const page = await as('iru', '/iru/reportingentity');
    await readGrid(page);
    await page.waitForSelector('select[name=filter-state] option[value="33"]');
    await page.select('select[name=filter-state]', '33');
    await page.type('input[name=filter-dateincorporated-from]', '01/01/1990');
    await page.type('input[name=filter-dateincorporated-to]', '31/12/2030');
    await page.select('select[name=search-field]', 'companyno');
    await page.type('input[name=search-text]', 'LL1');
    await afterLoad(page, () => page.click('[data-action=search]'));
    const paged = await afterLoad(page, () => page.click('[data-page="2"]'));
    const path = await pathOf(page);
    const where = whereOf(path);
    expect(where).toEqual([['state', '=', '33'], ['dateincorporated', 'between', '1990-01-01,2030-12-31'], ['companyno', 'like', '%LL1%']]);
    const server = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], where, order: 'name asc', max: 20, pageIndex: 2 });
    expect(server.rows.length).toBeGreaterThan(0);
    expect(column(paged, 'Name')).toEqual(names(server.rows));

    // A fresh page on the same address: same rows, same form.
    const fresh = (await portal.page()).page;
    await signIn(fresh, portal.url, 'iru', undefined, path);
    await waitForPath(fresh, (p) => p === path);
    const restored = await readGrid(fresh);
    expect(column(restored, 'Name')).toEqual(names(server.rows));
    expect(await fresh.$eval('select[name=filter-state]', (e) => (e as HTMLSelectElement).value)).toBe('33');
    expect(await fresh.$eval('input[name=filter-dateincorporated-from]', (e) => (e as HTMLInputElement).value)).toBe('01/01/1990');
    expect(await fresh.$eval('input[name=filter-dateincorporated-to]', (e) => (e as HTMLInputElement).value)).toBe('31/12/2030');
    expect(await fresh.$eval('select[name=search-field]', (e) => (e as HTMLSelectElement).value)).toBe('companyno');
    expect(await fresh.$eval('input[name=search-text]', (e) => (e as HTMLInputElement).value)).toBe('LL1');
    expect(await fresh.$eval('.list-pager [aria-current=page]', (e) => e.textContent)).toBe('2');

    const reset = await afterLoad(fresh, () => fresh.click('[data-action=reset]'));
    expect(await pathOf(fresh)).toBe('/iru/reportingentity');
    expect(reset.total).toBe(30);
    expect(await fresh.$eval('input[name=filter-dateincorporated-from]', (e) => (e as HTMLInputElement).value)).toBe('');
    await fresh.browserContext().close();
  });

  it("filters a list by an fk_ route parameter, reached through a list group's Entries button", async () => {
    const page = await as('iru', '/iru/listgroup');
    await readGrid(page);
    // The demo has more list groups than a page shows: find Position by name first.
    await page.type('input[name=filter-name]', 'Position');
    await afterLoad(page, () => page.click('[data-action=search]'));
    await clickRowButton(page, 'Position', 'Entries');
    await waitForPath(page, (p) => p === '/iru/list/47/fk_listgroup/295');
    // The list group's grid may stay on screen a moment after the address changed.
    await page.waitForSelector('[data-list="47"] [data-list-grid]');
    const grid = await readGrid(page);
    const server = await serverSelect(portal, 'iru', { module: 'List', fields: ['name'], where: [['listgroup', '=', 295]], order: 'listgroup asc, displayorder asc', max: 20 });
    expect(server.total).toBe(16);
    expect(column(grid, 'Name')).toEqual(names(server.rows));
    expect(column(grid, 'Group').every((g) => g === 'Position')).toBe(true);
  });

  it('disables a permission-gated top button for a user without the permission and enables it for one with it', async () => {
    const re = await as('re', '/re/listgroup');
    await readGrid(re);
    expect(await re.$eval('[data-top-button="New List Group"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await re.$eval('[data-top-button="New List Group"]', (b) => b.getAttribute('title'))).toBe('Needs ListGroup.create');
    await screenshot(re, 'list-re-listgroup');
    const iru = await as('iru', '/iru/listgroup');
    await readGrid(iru);
    expect(await iru.$eval('[data-top-button="New List Group"]', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await iru.click('[data-top-button="New List Group"]');
    await waitForPath(iru, (p) => p === '/iru/listgroup/create');
  });

  it('says No records returned when nothing matches', async () => {
    const page = await as('iru', '/iru/reportingentity');
    await readGrid(page);
    await page.type('input[name=filter-name]', 'no such entity 100%');
    const grid = await afterLoad(page, () => page.click('[data-action=search]'));
    expect(grid.rows).toEqual([]);
    expect(grid.total).toBe(0);
    expect(await page.$eval(`${GRID} .list-empty`, (e) => e.textContent)).toBe('No records returned');
    expect(await page.$('[data-page-info]')).toBeNull();
  });

  it('cuts text longer than 100 characters with an ellipsis and shows the whole text on hover', async () => {
    const message = `Scheduled maintenance: ${'the portal will be unavailable '.repeat(5)}on Saturday.`;
    expect(message.length).toBeGreaterThan(100);
    const created = await serverCall(portal, 'iru', 'Record2.create', [{ module: 'PublicMessage', fields: ['message', 'state', 'startdate'], values: [message, 33, '2026-01-05'] }]);
    expect(created[0]?.type).toBe('recordset');
    const page = await as('iru', '/iru/publicmessage');
    const grid = await readGrid(page);
    expect(column(grid, 'Message')).toEqual([`${message.slice(0, 100)}...`]);
    expect(await page.$eval(`${GRID} [role=row][data-row-id] .cell-text`, (e) => e.getAttribute('title'))).toBe(message);
    expect(column(grid, 'Start')).toEqual(['05/01/2026']);
  });

  it("shows date-times as DD/MM/YYYY hh:mm:ss am/pm in the browser's time zone", async () => {
    const page = await as('iru', '/iru/internalusers');
    const grid = await readGrid(page);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const server = await serverSelect(portal, 'iru', { module: 'User', fields: ['name', 'createon'], where: [['logintype', '=', 1]], order: 'name asc' });
    expect(server.total).toBeGreaterThan(0);
    const expected = server.rows.map((r) => {
      const d = DateTime.fromSQL(String(r.createon), { zone: 'utc' }).setZone(zone);
      return `${d.toFormat('dd/MM/yyyy hh:mm:ss')} ${d.hour < 12 ? 'am' : 'pm'}`;
    });
    expect(column(grid, 'Created')).toEqual(expected);
    expect(column(grid, 'Created')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (am|pm)$/);
  });

  it('switches columns and rows with the view selector', async () => {
    const page = await as('iru', '/iru/reportingentity');
    await readGrid(page);
    const capital = await afterLoad(page, () => page.select('select[name=list-view]', '583'));
    expect(capital.headers).toEqual(['Name', 'Owner', 'Origin', 'Authorised Capital (USD)', 'Paid-up Capital (USD)', 'Financial Year End']);
    expect(new URLSearchParams((await pathOf(page)).split('?')[1]).get('view')).toBe('583');
    const server = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name', 'authorizedcapital'], order: 'name asc' });
    expect(column(capital, 'Authorised Capital (USD)')).toEqual(server.rows.map((r) => String(r.authorizedcapital)));
    await screenshot(page, 'list-iru-reportingentity-capital');

    const inactive = await afterLoad(page, () => page.select('select[name=list-view]', '582'));
    const serverInactive = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], where: [['state', '=', 4]], order: 'name asc' });
    expect(column(inactive, 'Name')).toEqual(names(serverInactive.rows));
    expect(new Set(column(inactive, 'Status'))).toEqual(new Set(['Inactive']));
  });

  it("shows an RE user only its current entity's rows, as the server scopes them", async () => {
    const page = await as('re', '/re/reportingentity');
    const entity = await page.$eval('[data-current-entity]', (e) => e.textContent);
    const grid = await readGrid(page);
    const server = await serverSelect(portal, 're', { module: 'RE-RE', fields: ['name'] }, 1);
    expect(names(server.rows)).toEqual([entity]);
    expect(column(grid, 'Name')).toEqual([entity]);
    // Not for an RE user: the regulator's create and the state buttons need RE.create / RE.update.
    expect(await page.$('[data-action=create]')).toBeNull();
    expect(await page.$('[data-row-button=Deactivate]')).toBeNull();
    await screenshot(page, 'list-re-reportingentity');

    const batches = await as('re', '/re/batches');
    const bgrid = await readGrid(batches);
    const sb = await serverSelect(portal, 're', { module: 'REFormBatch', fields: ['id', 're'], order: 'duedate desc', max: 20 }, 1);
    expect(bgrid.ids).toEqual(sb.rows.map((r) => String(r.id)));
    expect(bgrid.total).toBe(sb.total);
    expect(new Set(column(bgrid, 'Reporting Entity'))).toEqual(new Set([entity]));
    const all = await serverSelect(portal, 'iru', { module: 'FormBatch', fields: ['id'], max: 1 });
    expect(all.total).toBeGreaterThan(sb.total);
    await screenshot(batches, 'list-re-batches');
  });

  it('shows the explicit error screen for a list whose view definition is broken', async () => {
    const db = portal.t.database.db;
    await db('weblist').insert([
      { id: 900, name: 'Broken view', module: 'RE', properties: JSON.stringify({ title: 'Broken', list_id: [{ id: 900, name: 'Broken', default: true }] }) },
      { id: 901, name: 'Unparsable view', module: 'RE', properties: JSON.stringify({ list_id: [{ id: 901, name: 'Unparsable' }] }) },
    ]);
    await db('weblistview').insert([
      { id: 900, name: 'Broken', weblist: 900, properties: JSON.stringify({ controller: { module: 'RE' }, fields: [] }) },
      { id: 901, name: 'Unparsable', weblist: 901, properties: '{"controller": ' },
    ]);
    await bumpVersions(db, ['weblist', 'weblistview']);
    const page = await as('iru', '/iru/list/900');
    await page.waitForSelector('[data-screen-error]');
    const text = await page.$eval('[data-screen-error]', (e) => e.textContent ?? '');
    expect(text).toContain('This screen cannot be shown');
    expect(text).toContain('WebListview 900: properties/fields must NOT have fewer than 1 items');
    expect(await page.$(GRID)).toBeNull();
    await page.goto(`${portal.url}/iru/list/901`);
    await page.waitForSelector('[data-screen-error]');
    expect(await page.$eval('[data-screen-error]', (e) => e.textContent)).toContain('WebListview 901: properties is not valid JSON');
  });

  it('gives columns without a width one from their kind: the status as wide as its widest name, the text columns the rest of the grid', async () => {
    const db = portal.t.database.db;
    await db('weblist').insert({ id: 902, name: 'Plain', module: 'Sector', properties: JSON.stringify({ list_id: [{ id: 902, name: 'Plain' }], customSearch: false }) });
    await db('weblistview').insert({ id: 902, name: 'Plain', weblist: 902, properties: JSON.stringify({ controller: { module: 'Sector' }, fields: [{ name: 'name' }, { name: 'code' }, { name: 'state' }] }) });
    await bumpVersions(db, ['weblist', 'weblistview']);
    const page = await as('iru', '/iru/list/902');
    const grid = await readGrid(page);
    // No titles: the field names in title case; no form: no Create, rows not links.
    expect(grid.headers).toEqual(['Name', 'Code', 'State']);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('List');
    expect(await page.$('[data-action=create]')).toBeNull();
    const [box, widths, statusCut] = await page.$eval(GRID, (g) => [
      g.clientWidth,
      [...g.querySelectorAll('[role=columnheader]')].map((h) => h.getBoundingClientRect().width),
      [...g.querySelectorAll<HTMLElement>('.cell[data-kind=state]')].filter((c) => c.scrollWidth > c.clientWidth).length,
    ] as const);
    // Issue 18 in place of seed 001's 10% share: no empty band at the right, no status cut.
    const total = widths.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(box - 10);
    expect(total).toBeLessThanOrEqual(box);
    expect(widths[2]).toBeLessThan(widths[0]);
    expect(statusCut).toBe(0);
  });

  it('opens the row\'s form page when a row is clicked', async () => {
    const page = await as('iru', '/iru/reportingentity');
    const grid = await readGrid(page);
    await page.click(`${GRID} [role=row][data-row-id="${grid.ids[0]}"] [role=gridcell]`);
    await waitForPath(page, (p) => p === `/iru/reportingentity/view/${grid.ids[0]}`);
  });

  it('opens a tab row button in a new tab with isTab=true, its [field] placeholders filled from the row', async () => {
    const page = await as('admin', '/list/weblist');
    await readGrid(page);
    const opened = page.browserContext().waitForTarget((t) => t.url().includes('isTab=true'));
    await clickRowButton(page, 'Reporting Entities', 'Preview');
    const target = await opened;
    expect(new URL(target.url()).pathname + new URL(target.url()).search).toBe('/list/58?isTab=true');
    const tab = (await target.page())!;
    const grid = await readGrid(tab);
    expect(grid.total).toBe(30);
    await tab.close();
  });

  it('sets a row to Inactive after confirmation with the setStatus helper, and the row then offers Activate', async () => {
    // A business parameter: system parameters need Parameters.updateSystem, which IRU staff lack.
    const page = await as('iru', '/iru/parameters');
    await readGrid(page);
    await clickRowButton(page, 'PEOI officers', 'Deactivate');
    expect(await answerDialog(page, 'yes')).toContain('This record will be set to: Inactive');
    const before = Number(await page.$eval(GRID, (g) => g.getAttribute('data-load-seq')));
    expect(await answerDialog(page, 'ok')).toContain('Record has been set to: Inactive');
    const grid = await readGrid(page, before);
    const row = grid.rows[column(grid, 'Name').indexOf('PEOI officers')];
    expect(row).toContain('Inactive');
    expect(await page.$$eval(`${GRID} [role=row][data-row-id]`, (rows) => rows.filter((r) => r.textContent?.includes('PEOI officers')).map((r) => [...r.querySelectorAll('[data-row-button]')].map((b) => b.textContent)))).toEqual([['Activate']]);
    const server = await serverSelect(portal, 'iru', { module: 'Parameters', fields: ['state'], where: [['code', '=', 'PEOI_OFFICERS']] });
    expect(server.rows[0].state).toBe(4);
    await screenshot(page, 'list-iru-parameters');
  });

  it('asks for a rejection reason of at most 255 characters before rejecting a registration', async () => {
    const created = await serverCall(portal, 'admin', 'Record.create', [
      { module: 'User', fields: ['userid', 'name', 'email', 'logintype', 'state'], values: ['applicant', 'Applicant Officer', 'applicant@bank.example', 2, 61] },
    ]);
    expect(created[0]?.type).toBe('recordset');
    const page = await as('iru', '/iru/webusers');
    await readGrid(page);
    await screenshot(page, 'list-iru-webusers');
    await clickRowButton(page, 'Applicant Officer', 'Reject');
    await page.waitForSelector('input[name=dialog-input]');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    expect(await page.$eval('.field-error', (e) => e.textContent)).toBe('You need to write something!');
    await page.type('input[name=dialog-input]', 'x'.repeat(256));
    await page.click('[data-dialog=dialog] [data-button=ok]');
    await page.waitForFunction(() => document.querySelector('.field-error')?.textContent === 'Reason cannot be more than 255 characters');
    await page.$eval('input[name=dialog-input]', (e) => ((e as HTMLInputElement).value = ''));
    await page.click('input[name=dialog-input]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('input[name=dialog-input]', 'The licence number does not match the registry.');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    expect(await answerDialog(page, 'ok')).toContain('Record has been set to: Rejected');
    const server = await serverSelect(portal, 'iru', { module: 'User', fields: ['state'], where: [['userid', '=', 'applicant']] });
    expect(server.rows[0].state).toBe(23);
  });

  it('exports the filtered list to Excel through a job and downloads its file', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'list-export-'));
    const context = await portal.browser.createBrowserContext({ downloadBehavior: { policy: 'allow', downloadPath: downloads } });
    try {
      const page = await context.newPage();
      await signIn(page, portal.url, 'iru', undefined, '/iru/reportingentity');
      await readGrid(page);
      await page.type('input[name=filter-name]', 'trust');
      await afterLoad(page, () => page.click('[data-action=search]'));
      await page.click('[data-action=export]');
      await page.waitForSelector('[data-export-progress]');
      await page.waitForFunction(() => !document.querySelector('[data-export-progress]'), { timeout: 30_000 });
      const job = await portal.t.database.db('job').orderBy('id', 'desc').first();
      expect(job.state).toBe(71);
      expect(JSON.parse(job.args)).toMatchObject({ title: 'Reporting Entities', module: 'RE', where: [['name', 'like', '%trust%']], columnNames: ['Name', 'Company No.', 'Licence No.', 'Sector', 'Date Incorporated', 'Status'] });
      // The browser saved /out/{id}.xlsx (under the job's title) in the download folder.
      // Chromium may name the file before it has written it: wait until no download is in
      // progress (.crdownload) and the file holds bytes.
      const until = Date.now() + 15_000;
      const complete = (files: string[]) => files.find((f) => f.endsWith('.xlsx') && !files.some((g) => g.endsWith('.crdownload')) && statSync(join(downloads, f)).size > 0);
      let file: string | undefined;
      while (Date.now() < until && !(file = complete(readdirSync(downloads)))) await new Promise((r) => setTimeout(r, 100));
      expect(file).toBeDefined();
      // An .xlsx is a ZIP: it starts with PK.
      expect(readFileSync(join(downloads, file!)).subarray(0, 2).toString()).toBe('PK');
    } finally {
      await context.close();
      rmSync(downloads, { recursive: true, force: true });
    }
  });

  it('keeps screenshots of the main list screens, each showing the total the server counts', async () => {
    const screens: [string, string, string, Record<string, unknown>][] = [
      ['iru', '/iru/formbatch', 'list-iru-formbatch', { module: 'FormBatch' }],
      // The forms list opens on the previous month's periods (its End Date default, seed 003 §2.1).
      ['iru', '/iru/form', 'list-iru-form', { module: 'Form', where: [['endon', '>=', `${previousMonthEnd(new Date()).slice(0, 7)}-01`], ['endon', '<=', previousMonthEnd(new Date())]] }],
      ['iru', '/iru/reusers', 'list-iru-reusers', { module: 'RE_User' }],
      ['iru', '/iru/email_template', 'list-iru-email-templates', { module: 'EmailTemplate' }],
      ['iru', '/iru/permission/role', 'list-iru-roles', { module: 'Role' }],
      ['re', '/re/registersubusers', 'list-re-subusers', { module: 'RE_User' }],
      ['re', '/re/redropdown', 'list-re-dropdowns', { module: 'List' }],
      ['admin', '/list/weblist', 'list-admin-weblist', { module: 'WebList' }],
      ['admin', '/list/weblist_view', 'list-admin-weblist-view', { module: 'WebListview' }],
      ['admin', '/dashgroup', 'list-admin-dashgroup', { module: 'DashboardGroup' }],
    ];
    for (const [user, path, shot, args] of screens) {
      const page = await as(user, path);
      const grid = await readGrid(page);
      const server = await serverSelect(portal, user, { ...args, fields: ['id'], max: 1 }, user === 're' ? 1 : undefined);
      expect(grid.total, path).toBe(server.total);
      expect(grid.rows.length, path).toBe(Math.min(20, server.total));
      await screenshot(page, shot);
    }
  });
});
