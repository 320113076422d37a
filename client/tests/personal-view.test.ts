// Personal list views in Chromium against a real engine (issue 5, docs/screens.md): a user
// hides and reorders columns and saves "my view"; another browser of the same user shows it; a
// reset brings the admin's view back; another user never sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { afterLoad, clickHeader, readGrid } from './list-support.js';

const LIST = '/re/reportingentity';
const ADMIN_HEADERS = ['Name', 'Company No.', 'Licence No.', 'Sector', 'Date Incorporated', 'Status'];

describe('personal list views (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A new browser context (its own cookies and storage: another browser) signed in as `userid`. */
  async function browserOf(userid: string): Promise<Page> {
    const { page } = await portal.page();
    await signIn(page, portal.url, userid);
    await page.goto(`${portal.url}${LIST}`);
    return page;
  }

  const headers = async (page: Page) => (await readGrid(page)).headers.filter((h) => h !== '');

  /** What the server keeps for `userid` (ListView.personal), through a session of their own. */
  async function storedView(userid: string, view: number): Promise<unknown> {
    const session = await portal.t.sessionFor(userid);
    const values = await portal.t.call('ListView.personal', [{ view }], session);
    return values[0]?.type === 'text' ? JSON.parse(values[0].text) : values[0];
  }

  async function viewId(): Promise<number> {
    // The list's view is the WebList's default one; read it the way the server has it.
    const session = await portal.t.sessionFor('re');
    const values = await portal.t.call('Record.select', [{ module: 'WebList', fields: ['properties'], where: [['id', '=', 58]] }], session);
    const rs = values[0];
    const props = rs?.type === 'recordset' ? JSON.parse(String(rs.rows[0][0])) : null;
    const entries = (props?.list_id ?? []) as { id: number; default?: boolean }[];
    return (entries.find((v) => v.default) ?? entries[0]).id;
  }

  it('keeps a hidden, moved column in the saved view across browsers, resets it, and leaves other users alone', async () => {
    const first = await browserOf('re');
    expect(await headers(first)).toEqual(ADMIN_HEADERS);
    const view = await viewId();
    expect(await storedView('re', view)).toBeNull();

    // Hide "Licence No." and move "Status" up above "Date Incorporated": the grid follows at once.
    await first.click('[data-testid=columns-toggle]');
    await first.waitForSelector('[data-testid=columns-panel]');
    // The panel takes focus when it opens (it is non-modal: no trap, the list stays usable).
    expect(await first.evaluate(() => document.activeElement?.closest('[data-testid=columns-panel]') !== null)).toBe(true);
    const licence = await first.$eval('[data-testid=column-setting]:nth-child(3)', (e) => e.getAttribute('data-column'));
    await first.click(`[data-testid=column-visible-${licence}]`);
    const status = await first.$eval('[data-testid=column-setting]:nth-child(6)', (e) => e.getAttribute('data-column'));
    await first.click(`[data-testid=column-up-${status}]`);
    await first.waitForFunction(() => ![...document.querySelectorAll('[data-list-grid] [role=columnheader]')].some((h) => h.textContent?.trim() === 'Licence No.'));
    const edited = ['Name', 'Company No.', 'Sector', 'Status', 'Date Incorporated'];
    expect(await headers(first)).toEqual(edited);
    expect(await first.$eval('[data-testid=save-my-view]', (b) => b.textContent)).toBe('Save my view *');
    await screenshot(first, 'personal-view-columns-panel');
    // Escape closes the panel and gives focus back to its button.
    await first.keyboard.press('Escape');
    await first.waitForFunction(() => !document.querySelector('[data-testid=columns-panel]'));
    expect(await first.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('columns-toggle');

    await first.click('[data-testid=save-my-view]');
    await first.waitForSelector('[data-testid=reset-view]');
    expect(await first.$eval('[data-testid=save-my-view]', (b) => b.textContent)).toBe('Save my view');
    const saved = (await storedView('re', view)) as { settings: { columns: { name: string; visible: boolean }[] }; updatectr: number };
    expect(saved.updatectr).toBe(1);
    expect(saved.settings.columns.find((c) => c.name === licence)).toMatchObject({ visible: false });

    // Another browser of the same user: the saved view, from the server.
    const second = await browserOf('re');
    expect(await headers(second)).toEqual(edited);

    // Another user still has the admin's view.
    const other = await browserOf('re2');
    expect(await headers(other)).toEqual(ADMIN_HEADERS);
    expect(await other.$('[data-testid=reset-view]')).toBeNull();
    expect(await storedView('re2', view)).toBeNull();

    // Reset in the second browser: the admin's columns come back, there and on the next load of the first.
    await second.click('[data-testid=reset-view]');
    await second.waitForFunction(() => document.querySelector('[data-testid=reset-view]') === null);
    expect(await headers(second)).toEqual(ADMIN_HEADERS);
    expect(await storedView('re', view)).toBeNull();
    await first.reload();
    expect(await headers(first)).toEqual(ADMIN_HEADERS);
  });

  it('saves the sort in force with the columns, and a width typed in the panel', async () => {
    const page = await browserOf('re2');
    // A window with room for a 333 px column beside the entity list's row buttons (a narrower one
    // shrinks columns towards their minimum, list-grid.tsx).
    await page.setViewport({ width: 1920, height: 1000 });
    // Sort by Company No., descending, through the address the list keeps.
    await page.goto(`${portal.url}${LIST}?order=companyno%20desc`);
    await readGrid(page);
    await page.click('[data-testid=columns-toggle]');
    await page.waitForSelector('[data-testid=columns-panel]');
    const name = await page.$eval('[data-testid=column-setting]:nth-child(1)', (e) => e.getAttribute('data-column'));
    await page.click(`[data-testid=column-width-${name}]`, { count: 3 });
    await page.type(`[data-testid=column-width-${name}]`, '333');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Math.round(document.querySelector('[data-list-grid] [role=columnheader]')!.getBoundingClientRect().width) === 333);
    await page.click('[data-testid=save-my-view]');
    await page.waitForSelector('[data-testid=reset-view]');

    const again = await browserOf('re2');
    await again.setViewport({ width: 1920, height: 1000 });
    const grid = await readGrid(again);
    expect(grid.headers.filter((h) => h !== '')).toEqual(ADMIN_HEADERS);
    await again.waitForFunction(() => Math.round(document.querySelector('[data-list-grid] [role=columnheader]')!.getBoundingClientRect().width) === 333);
    const companies = grid.rows.map((r) => r[1]);
    expect(companies.length).toBeGreaterThan(0);
    expect(companies).toEqual([...companies].sort((a, b) => b.localeCompare(a)));
    expect(await again.$eval('[data-list-grid] [role=columnheader][aria-sort]', (h) => [h.textContent?.trim(), h.getAttribute('aria-sort')])).toEqual(['Company No.', 'descending']);

    // Clearing the saved sort from its header leaves the list unsorted: the saved sort stays away.
    await afterLoad(again, () => clickHeader(again, 'Company No.'));
    expect(await again.$('[data-list-grid] [role=columnheader][aria-sort]')).toBeNull();
    expect(new URL(again.url()).searchParams.get('order')).toBe('none');
  });
});
