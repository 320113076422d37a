// The admin editors' messages in Chromium (issue 18): a definition the schema refuses is said as
// the field's label and a sentence (`Module: choose a module`), once, beside the field; picking a
// list in the list-view wizard presets its module; the chart where-builder builds conditions as
// rows joined by And / Or, stored as the where the engine runs, with the JSON still reachable.
// At 1366x768 and 1024x768, with screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { serverSelect } from './list-support.js';
import { setText } from './editor-support.js';

const SIZES = [
  [1366, 768],
  [1024, 768],
] as const;

describe('the admin editors say what is wrong in words (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await signIn(page, portal.url, 'admin');
  });
  afterAll(async () => portal?.close());

  const text = (selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());
  /** How many times a text is shown on the page (in any element's own text). */
  const timesShown = (t: string) => page.evaluate((x) => document.body.innerText.split(x).length - 1, t);

  it.each(SIZES)('refuses a new list view without a name, then without a module, each said once beside its field (%ix%i)', async (width, height) => {
    await page.setViewport({ width, height });
    await page.goto(`${portal.url}/listview_wiz`);
    await page.waitForSelector('[data-testid=editor][data-state=ready]');
    await page.click('[data-testid=save]');
    await page.waitForSelector('label:has([data-testid=name]) [data-testid=field-message]');
    expect(await text('label:has([data-testid=name]) [data-testid=field-message]')).toBe('Name: enter a name');
    expect(await timesShown('Name: enter a name')).toBe(1);

    await setText(page, '[data-testid=name]', `Messages ${width}`);
    await page.click('[data-testid=save]');
    await page.waitForSelector('label:has([data-testid=module]) [data-testid=field-message]');
    expect(await text('label:has([data-testid=module]) [data-testid=field-message]')).toBe('Module: choose a module');
    expect(await timesShown('Module: choose a module')).toBe(1);
    expect(await text('[data-testid=save-problem]')).toBe('Not saved: see the fields marked above.');
    expect(await page.$('[data-testid=draft-problem]')).toBeNull();
    await screenshot(page, `editor-messages-listview-${width}x${height}`);
  });

  it("presets the view's module from the list it is for, and keeps a module the admin chose", async () => {
    await page.setViewport({ width: 1366, height: 768 });
    await page.goto(`${portal.url}/listview_wiz`);
    await page.waitForSelector('[data-testid=editor][data-state=ready]');
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebList', fields: ['id', 'module'], where: [['module', '=', 'Query']], max: 1 });
    const { rows: others } = await serverSelect(portal, 'admin', { module: 'WebList', fields: ['id', 'module'], where: [['module', '=', 'Helpdesk']], max: 1 });
    await page.waitForSelector(`[data-testid=weblist] option[value="${rows[0].id}"]`);
    await page.select('[data-testid=weblist]', String(rows[0].id));
    await page.waitForFunction(() => (document.querySelector('[data-testid=module]') as HTMLSelectElement).value === 'Query');
    // Another list replaces a preset module...
    await page.select('[data-testid=weblist]', String(others[0].id));
    await page.waitForFunction(() => (document.querySelector('[data-testid=module]') as HTMLSelectElement).value === 'Helpdesk');
    // ...but not one the admin chose.
    await page.select('[data-testid=module]', 'Sector');
    await page.select('[data-testid=weblist]', String(rows[0].id));
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.$eval('[data-testid=module]', (s) => (s as HTMLSelectElement).value)).toBe('Sector');
  });

  it.each(SIZES)('says a chart row without a module beside the row, and builds its where as rows joined by And / Or (%ix%i)', async (width, height) => {
    await page.setViewport({ width, height });
    await page.goto(`${portal.url}/mdash/new`);
    await page.waitForSelector('[data-testid=chart-wizard][data-state=ready]');
    const name = `Where builder ${width}`;
    await page.type('[data-testid=name]', name);
    await page.select('[data-testid=type]', '2');
    await page.click('[data-testid=next]');
    await page.waitForSelector('[data-testid=chart-rows]');
    await page.click('[data-testid=add-row]');
    await page.type('[data-testid=row-0-label]', 'Done');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=row-0] [data-testid=field-message]');
    expect(await text('[data-testid=row-0] [data-testid=field-message]')).toBe('Row 1 module: choose a module');
    expect(await timesShown('Row 1 module: choose a module')).toBe(1);

    await page.waitForSelector('[data-testid=row-0-module] option[value=FormBatch]');
    await page.select('[data-testid=row-0-module]', 'FormBatch');
    await page.waitForSelector('[data-testid=row-0-group-field] option[value=state]');
    await page.select('[data-testid=row-0-group-field]', 'state');
    // state = 45, Or state = 71 And re_sector = 1.
    await page.click('[data-testid=row-0-where-add]');
    await page.select('[data-testid=row-0-where-0-field]', 'state');
    await page.type('[data-testid=row-0-where-0-value]', '45');
    await page.click('[data-testid=row-0-where-add]');
    await page.select('[data-testid=row-0-where-1-join]', 'or');
    await page.select('[data-testid=row-0-where-1-field]', 'state');
    await page.type('[data-testid=row-0-where-1-value]', '71');
    await page.click('[data-testid=row-0-where-add]');
    await page.select('[data-testid=row-0-where-2-field]', 're_sector');
    await page.select('[data-testid=row-0-where-2-operator]', 'in');
    await page.type('[data-testid=row-0-where-2-value]', '1, 2');
    await screenshot(page, `editor-messages-where-builder-${width}x${height}`);
    const where = [{ or: [['state', '=', 45], { and: [['state', '=', 71], ['re_sector', 'in', [1, 2]]] }] }];

    // The JSON is still there, showing what the rows build.
    await page.click('[data-testid=row-0-where-mode]');
    await page.waitForSelector('[data-testid=row-0-where-json]');
    expect(JSON.parse(await page.$eval('[data-testid=row-0-where-json]', (e) => (e as HTMLInputElement).value))).toEqual(where);
    await page.click('[data-testid=row-0-where-mode]');
    await page.waitForSelector('[data-testid=row-0-where-2]');

    await page.click('[data-testid=save]');
    const path = await waitForPath(page, (p) => /^\/mdash\/\d+$/.test(p));
    const { rows } = await serverSelect(portal, 'admin', { module: 'DashboardChart', fields: ['data'], where: [['id', '=', Number(path.split('/').pop())]] });
    const data = (typeof rows[0].data === 'string' ? JSON.parse(rows[0].data) : rows[0].data) as { rows: { where: unknown }[] };
    expect(data.rows[0].where).toEqual(where);
    // Opened again, the where is rows again.
    await page.reload();
    await page.waitForSelector('[data-testid=chart-wizard][data-state=ready]');
    await page.click('[data-testid=next]');
    await page.waitForSelector('[data-testid=row-0-where-2]');
    expect(await page.$eval('[data-testid=row-0-where-1-join]', (s) => (s as HTMLSelectElement).value)).toBe('or');
    expect(await page.$eval('[data-testid=row-0-where-2-value]', (s) => (s as HTMLInputElement).value)).toBe('1, 2');
  });
});
