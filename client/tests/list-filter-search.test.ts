// A generated list's select-box filter over a module's records pages like every lookup (seed 001
// §7; docs/client.md "Select boxes over long lists"), in Chromium at 1024×768 on SQLite and
// MariaDB: the Import Allow list's Reporting Entity filter, over 1,200 more entities than the demo
// has, opens on 30 choices and a More row counting them all, pages on when scrolled, is searched on
// the server to the last entity, and the chosen entity filters the list as Record.select answers the same question. The
// value is kept: after a reload, when the list is opened again within the portal, and in the
// user's saved view opened in another browser, the box reads the entity's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { pathOf, screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { afterLoad, column, readGrid, serverSelect } from './list-support.js';

const MANY = 1200;
const LIST = '/iru/importallow';
const BOX = 'input[name=filter-re]';
const entity = (i: number) => `Filter entity ${String(i).padStart(4, '0')}`;

/** The open search list's options (not its "More" row) once its page has loaded. */
async function options(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const e = document.querySelector('[data-choices]');
    return e && !e.hasAttribute('data-loading');
  });
  return page.$$eval('[data-choices] [role=option][data-value]', (os) => os.map((o) => (o.textContent ?? '').trim()));
}

/** The filter box's text and value once its label has been read (a value alone is not enough). */
async function boxShows(page: Page, value: string, text: string): Promise<void> {
  await page.waitForFunction(
    (sel, v, t) => {
      const e = document.querySelector(sel) as HTMLInputElement | null;
      return e !== null && e.dataset.value === v && e.value === t;
    },
    {},
    BOX,
    value,
    text,
  );
}

const whereOf = (path: string) => JSON.parse(new URLSearchParams(path.split('?')[1] ?? '').get('where') ?? 'null') as unknown;

describe.each(await testDialects())("a list's select-box filter over more than 1,000 records (%s)", (dialect) => {
  let portal: Portal;
  let last: string;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    const { id: _id, ...first } = await db('re').where({ id: 1 }).first();
    await db.batchInsert('re', Array.from({ length: MANY }, (_, i) => ({ ...first, name: entity(i + 1), companyno: `F${i + 1}`, createon })), 100);
    last = String((await db('re').where({ name: entity(MANY) }).first('id')).id);
    // One rule for the last entity among rules for others: the filter must find it alone.
    await db('import_allow').insert([
      { re: Number(last), allowed: false, reason: 'Rule of the last entity', createon },
      { re: 1, allowed: false, reason: 'Rule of the first demo entity', createon },
      { re: null, sector: 1, allowed: true, reason: 'Rule of a sector', createon },
    ]);
    await bumpVersions(db, ['re', 'import_allow']);
  });
  afterAll(async () => portal?.close());

  it('searches the Reporting Entity filter to the last of more than 1,000 entities and filters the list by it; the value keeps its name after a reload, a return and in the saved view', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, LIST);
    const all = await readGrid(page);
    expect(all.total).toBeGreaterThanOrEqual(3);

    // 30 choices and a More row counting every entity; scrolled to its end, 30 more.
    await page.click(BOX);
    expect(await options(page)).toHaveLength(30);
    const more = await page.$eval('[data-choices] [data-more]', (m) => m.textContent ?? '');
    expect(Number(/^More \(30 of (\d+) shown\)$/.exec(more)?.[1])).toBeGreaterThan(1000);
    await page.$eval('[data-choices]', (l) => l.scrollTo(0, l.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('[data-choices] [role=option][data-value]').length === 60);
    await screenshot(page, 'list-filter-search-open');

    // Typed, the server finds the last entity alone; picked, it reads by its name.
    await page.type(BOX, entity(MANY));
    await page.waitForFunction(
      (want) => {
        const o = [...document.querySelectorAll('[data-choices] [role=option][data-value]')];
        return o.length === 1 && o[0].textContent === want;
      },
      {},
      entity(MANY),
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await boxShows(page, last, entity(MANY));

    const grid = await afterLoad(page, () => page.click('[data-action=search]'));
    const where = [['re', '=', last]];
    expect(whereOf(await pathOf(page))).toEqual(where);
    const server = await serverSelect(portal, 'iru', { module: 'ImportAllow', fields: ['id', 'reason'], where, order: 'createon desc', max: 20 });
    expect(server.total).toBe(1);
    expect(grid.total).toBe(1);
    expect(grid.ids).toEqual(server.rows.map((r) => String(r.id)));
    expect(column(grid, 'Reporting Entity')).toEqual([entity(MANY)]);
    expect(column(grid, 'Reason')).toEqual(['Rule of the last entity']);
    await screenshot(page, 'list-filter-search-filtered');

    // A reload: the address keeps the search, the box reads the entity's name again.
    await page.reload();
    expect((await readGrid(page)).ids).toEqual(grid.ids);
    await boxShows(page, last, entity(MANY));

    // Away and back by the sidebar: the kept search comes back with the name.
    await page.click('a[href="/iru/reportingentity"]');
    await readGrid(page);
    await page.click(`a[href="${LIST}"]`);
    await page.waitForFunction(() => new URLSearchParams(location.search).has('where'));
    expect((await readGrid(page)).ids).toEqual(grid.ids);
    await boxShows(page, last, entity(MANY));

    // Saved in the user's view, the filter opens with its name in another browser.
    await page.click('[data-testid=save-my-view]');
    await page.waitForSelector('[data-testid=reset-view]');
    const other = (await portal.page()).page;
    await other.setViewport({ width: 1024, height: 768 });
    await signIn(other, portal.url, 'iru', undefined, LIST);
    expect((await readGrid(other)).ids).toEqual(grid.ids);
    await boxShows(other, last, entity(MANY));

    // Cleared, the list shows every rule again.
    await other.click('[data-filter=re] .choice-clear');
    await boxShows(other, '', '');
    const cleared = await afterLoad(other, () => other.click('[data-action=search]'));
    expect(cleared.total).toBe(all.total);
    expect(errors).toEqual([]);
  });
});
