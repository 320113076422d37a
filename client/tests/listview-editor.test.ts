// The list editors in Chromium against a real engine (seed 000 §2.11, issue 5): an admin adds a
// column to a list view in the structured editor, sees it in the live preview with real rows,
// saves, and the list shows it on the next load; invalid definitions are refused with their
// path (by the client's schema check and by the server's); a list's title change is saved; a
// stale save is refused with a reload offer; both editors are reached from the admin lists; an
// order no index serves is named with the index it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { recordsetObjects } from '../../engine/protocol/envelope.js';
import { openEditor, setText as setTextIn } from './editor-support.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { leaveQuestionsOf } from '../testing/browser.js';
import { answerDialog, clickRowButton, column, readGrid, readGridWithHeader, serverCall, serverSelect } from './list-support.js';

const VIEW = 58;
const LIST = 58;

describe('the list view and list editors (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await signIn(page, portal.url, 'admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const open = (path: string) => openEditor(page, portal.url, path);

  /** The stored record as the engine answers it. */
  async function stored(module: 'WebList' | 'WebListview', id: number): Promise<{ updatectr: number; name: string; properties: Record<string, unknown> }> {
    const { rows } = await serverSelect(portal, 'admin', { module, fields: ['id', 'updatectr', 'name', 'properties'], where: [['id', '=', id]] });
    const p = rows[0].properties;
    return { updatectr: Number(rows[0].updatectr), name: String(rows[0].name), properties: typeof p === 'string' ? JSON.parse(p) : (p as Record<string, unknown>) };
  }

  const setText = (selector: string, value: string) => setTextIn(page, selector, value);

  const textOf = (selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());

  it('adds a column in the structured editor, shows it in the live preview with real rows, saves it, and the list shows it on the next load', async () => {
    await open(`/listview_wiz/${VIEW}`);
    expect(await page.$eval('[data-testid=module]', (s) => (s as HTMLSelectElement).value)).toBe('RE');
    const before = await readGrid(page);
    expect(before.headers).not.toContain('Owner (test)');
    const server = await serverSelect(portal, 'admin', { module: 'RE', fields: ['name', 'owner'], order: 'name asc', max: 20 });

    await page.waitForSelector('[data-testid=add-column-field] option[value=owner]');
    await page.select('[data-testid=add-column-field]', 'owner');
    await page.click('[data-testid=add-column]');
    await page.waitForSelector('[data-testid=column][data-name=owner]');
    await setText('[data-testid=column][data-name=owner] [data-testid=column-title]', 'Owner (test)');
    const grid = await readGridWithHeader(page, 'Owner (test)');
    expect(grid.headers).toContain('Owner (test)');
    expect(grid.total).toBe(server.total);
    expect(column(grid, 'Name')).toEqual(server.rows.map((r) => String(r.name)));
    expect(column(grid, 'Owner (test)')).toEqual(server.rows.map((r) => String(r.owner ?? '')));
    // Moved up past the hidden E-mail and Status columns, and the preview follows.
    await page.click('[data-testid=column][data-name=owner] [data-testid=column-up]');
    await page.click('[data-testid=column][data-name=owner] [data-testid=column-up]');
    await page.waitForFunction(() => {
      const h = [...document.querySelectorAll('[data-list-grid] [role=columnheader]')].map((e) => (e.textContent ?? '').trim());
      return h.indexOf('Owner (test)') === h.indexOf('Status') - 1 && h.indexOf('Owner (test)') > 0;
    });
    await screenshot(page, 'listview-editor-preview');

    const ctr = (await stored('WebListview', VIEW)).updatectr;
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');
    const after = await stored('WebListview', VIEW);
    expect(after.updatectr).toBe(ctr + 1);
    const fields = after.properties.fields as { name: string; title?: string }[];
    expect(fields.map((f) => f.name).slice(-3)).toEqual(['owner', 'state', 'email']);
    expect(fields.find((f) => f.name === 'owner')).toEqual({ name: 'owner', title: 'Owner (test)' });
    // The history below the editor shows the new version.
    await page.waitForFunction((n) => document.querySelector(`[data-testid=history-row][data-version="${n}"]`) !== null, {}, 2);

    await page.goto(`${portal.url}/list/${LIST}`);
    const list = await readGrid(page);
    expect(list.headers).toContain('Owner (test)');
    expect(column(list, 'Owner (test)')).toEqual(server.rows.map((r) => String(r.owner ?? '')));
  });

  it('refuses an invalid raw JSON definition with the path of the problem, by the client and by the server, and stores nothing', async () => {
    await open(`/listview_wiz/${VIEW}`);
    const before = await stored('WebListview', VIEW);
    await page.click('[data-testid=mode-raw]');
    const raw = JSON.parse(await page.$eval('[data-testid=raw-json]', (t) => (t as HTMLTextAreaElement).value));
    expect(raw).toEqual(before.properties);

    // JSON that does not parse: the parser's message, nothing saved.
    await setText('[data-testid=raw-json]', '{"controller": ');
    expect(await textOf('[data-testid=parse-error]')).toMatch(/^Not valid JSON/);
    await page.click('[data-testid=save]');
    expect(await textOf('[data-testid=save-problem]')).toContain('the raw JSON does not parse');

    // Width 5 breaks the schema (minimum 20): the client names the path and does not call the server.
    raw.fields[0].width = 5;
    await setText('[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    expect(await textOf('[data-testid=draft-problem-path]')).toBe('properties/fields/0/width must be >= 20');
    await page.waitForSelector('[data-testid=preview-problem]');
    expect(await textOf('[data-testid=preview-problem] code')).toBe('properties/fields/0/width must be >= 20');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=save-problem][data-from=client]');
    expect(await textOf('[data-testid=save-problem-path]')).toBe('properties/fields/0/width must be >= 20');
    await screenshot(page, 'listview-editor-invalid');

    // A field the module does not have passes the schema; the server refuses it, naming the path.
    raw.fields[0].width = 240;
    raw.fields[0].name = 'nosuchfield';
    await setText('[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=save-problem][data-from=server]');
    expect(await textOf('[data-testid=save-problem-path]')).toBe('properties/fields/0/name: RE has no field nosuchfield');

    expect(await stored('WebListview', VIEW)).toEqual(before);
  });

  it('refuses a save over a newer version with E_CONCURRENT and reloads the definition on request', async () => {
    await open(`/listview_wiz/${VIEW}`);
    const before = await stored('WebListview', VIEW);
    // Someone else saves meanwhile.
    const other = { ...before.properties, searchFields: ['name'] };
    const answer = await serverCall(portal, 'admin', 'Record.update', [{ module: 'WebListview', fields: ['id', 'updatectr', 'properties'], values: [VIEW, before.updatectr, JSON.stringify(other)] }]);
    expect(answer[0]?.type).toBe('recordset');
    await setText('[data-testid=name]', 'Reporting Entities - stale');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=conflict]');
    expect((await stored('WebListview', VIEW)).name).toBe(before.name);
    await page.click('[data-testid=reload]');
    await page.waitForFunction((n) => document.querySelector(`[data-testid=editor][data-updatectr="${n}"]`) !== null, {}, before.updatectr + 1);
    expect(await page.$eval('[data-testid=name]', (i) => (i as HTMLInputElement).value)).toBe(before.name);
    expect(await page.$eval('[data-testid=search-fields]', (i) => (i as HTMLInputElement).value)).toBe('name');
  });

  it('saves a list title change from /weblists/{id}', async () => {
    await open(`/weblists/${LIST}`);
    const before = await stored('WebList', LIST);
    expect(await page.$eval('[data-testid=title]', (i) => (i as HTMLInputElement).value)).toBe(before.properties.title);
    await page.waitForSelector('[data-testid=preview] [data-list-grid][data-state=ready]');
    await setText('[data-testid=title]', 'Entities (edited)');
    // The preview shows the draft's title.
    await page.waitForFunction(() => document.querySelector('[data-testid=preview-title]')?.textContent === 'Entities (edited)');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');
    const after = await stored('WebList', LIST);
    expect(after.properties).toEqual({ ...before.properties, title: 'Entities (edited)' });
    expect(after.updatectr).toBe(before.updatectr + 1);
    await screenshot(page, 'weblist-editor');
  });

  it('asks before leaving an editor with unsaved changes: Stay keeps them, Leave goes, and a reload gets the browser\'s question', async () => {
    await open(`/weblists/${LIST}`);
    // Unchanged, Back leaves without a question.
    await page.click('[data-testid=back]');
    await waitForPath(page, (p) => p === '/list/weblist');
    expect(await page.$('[data-dialog=dialog]')).toBeNull();

    await open(`/weblists/${LIST}`);
    await setText('[data-testid=name]', 'Not saved yet');
    await page.waitForSelector('[data-testid=editor][data-dirty=true]');
    await page.click('[data-testid=back]');
    expect(await answerDialog(page, 'no')).toContain('This definition has changes that are not saved.');
    expect(await pathOf(page)).toBe(`/weblists/${LIST}`);
    expect(await page.$eval('[data-testid=name]', (i) => (i as HTMLInputElement).value)).toBe('Not saved yet');

    const asked = leaveQuestionsOf(page);
    await page.reload();
    await page.waitForSelector('[data-testid=editor][data-state=ready]');
    expect(leaveQuestionsOf(page)).toBe(asked + 1);
    expect(await page.$eval('[data-testid=name]', (i) => (i as HTMLInputElement).value)).not.toBe('Not saved yet');

    await setText('[data-testid=name]', 'Not saved either');
    await page.click('[data-testid=back]');
    expect(await answerDialog(page, 'yes')).toContain('Leave');
    await waitForPath(page, (p) => p === '/list/weblist');
    expect((await stored('WebList', LIST)).name).not.toMatch(/^Not saved/);
  });

  it('reaches the editors from the admin lists: Edit on a row, New above the list', async () => {
    await page.goto(`${portal.url}/list/weblist_view`);
    await readGrid(page);
    await clickRowButton(page, 'WebList Views', 'Edit');
    await waitForPath(page, (p) => p === '/listview_wiz/18');
    await page.waitForSelector('[data-testid=editor][data-state=ready]');

    await page.goto(`${portal.url}/list/weblist`);
    await readGrid(page);
    await clickRowButton(page, 'WebList', 'Edit');
    await waitForPath(page, (p) => p === '/weblists/17');

    // A new list view, from the New button: a module, a column, a name, Create.
    await page.goto(`${portal.url}/list/weblist_view`);
    await readGrid(page);
    await page.click('[data-top-button="New"]');
    await waitForPath(page, (p) => p === '/listview_wiz');
    await page.waitForSelector('[data-testid=module] option[value=Sector]');
    await page.select('[data-testid=module]', 'Sector');
    await page.waitForSelector('[data-testid=add-column-field] option[value=name]');
    await page.select('[data-testid=add-column-field]', 'name');
    // The draft turns valid with its first column: the preview appears with real rows.
    await page.waitForFunction(() => document.querySelector('[data-testid=preview-problem] code')?.textContent === 'properties/fields must NOT have fewer than 1 items');
    await page.click('[data-testid=add-column]');
    const grid = await readGrid(page);
    const sectors = await serverSelect(portal, 'admin', { module: 'Sector', fields: ['name'], max: 20 });
    expect(grid.total).toBe(sectors.total);
    await setText('[data-testid=name]', 'Sectors by name');
    await page.click('[data-testid=save]');
    const path = await waitForPath(page, (p) => /^\/listview_wiz\/\d+$/.test(p));
    const id = Number(path.split('/').pop());
    const made = await serverCall(portal, 'admin', 'Record.select', [{ module: 'WebListview', fields: ['name', 'properties'], where: [['id', '=', id]] }]);
    const row = made[0]?.type === 'recordset' ? recordsetObjects(made[0])[0] : null;
    expect(row?.name).toBe('Sectors by name');
    const properties = typeof row?.properties === 'string' ? JSON.parse(row.properties) : row?.properties;
    expect(properties).toEqual({ controller: { module: 'Sector' }, fields: [{ name: 'name', title: grid.headers[0] }] });
    expect(column(grid, grid.headers[0])).toEqual(sectors.rows.map((r) => String(r.name)));
  });

  it('says which index an order needs that the table lacks, and says nothing once the order is served again', async () => {
    await open(`/listview_wiz/${VIEW}`);
    const order = await page.$eval('[data-testid=controller-order]', (i) => (i as HTMLInputElement).value);
    await setText('[data-testid=controller-order]', 'updateon desc');
    await page.waitForSelector('[data-testid=index-advice] li[data-caller=staff]', { timeout: 20_000 });
    const advice = await textOf('[data-testid=index-advice] li[data-caller=staff]');
    expect(advice).toContain('Staff (RE): needs an index on re (updateon)');
    expect(advice).toContain('No index of re holds these columns in this order, so every page sorts the matching rows.');
    await screenshot(page, 'listview-editor-index-advice');
    await setText('[data-testid=controller-order]', order);
    await page.waitForFunction(() => document.querySelector('[data-testid=index-advice]') === null, { timeout: 20_000 });
  });
});
