// Bulletins in Chromium against a real engine (seed 002 §2): an IRU officer creates a bulletin for
// sector 1 (the required-fields message first), it is e-mailed on creation and listed for IRU with
// its sector; an RE user of a sector-1 entity reads it in the feed and its detail; an RE user whose
// entity is of another sector sees neither, not even by its address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, serverSelect } from './list-support.js';
import { testDialects } from '../../engine/testing/test-database.js';

const DAY = 86_400_000;
/** Bulletin days are UTC days (docs/bulletins.md), as dd/mm/yyyy. */
const dmy = (offset: number) => {
  const d = new Date(Date.now() + offset * DAY).toISOString().slice(0, 10).split('-');
  return `${d[2]}/${d[1]}/${d[0]}`;
};
const TITLE = 'Banking sector notice: revised liquidity template';
const MESSAGE = 'All banks must use the revised liquidity coverage template from next quarter.';

describe.each(await testDialects())('bulletins on %s', (dialect) => {
  let portal: Portal;
  let id = 0;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    // `re` keeps only its link to entity 6 (Insurance, sector 2); `re2` uses entity 2 (Banking, sector 1).
    await portal.t.database.db('re_user').where({ link_fk_user: 3 }).whereNot({ link_fk_re: 6 }).delete();
    await bumpVersions(portal.t.database.db, ['re_user']);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets an IRU officer create a bulletin for sector 1 after the required-fields message, and e-mails it', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/bulletin/create');
    await page.waitForSelector('input[name=sector][value="1"]');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');

    await page.click('input[name=sector][value="1"]');
    await page.type('input[name=startdate]', dmy(0));
    await page.type('input[name=enddate]', dmy(7));
    await page.type('input[name=name]', TITLE);
    await page.click('[data-field=message]');
    await page.keyboard.type(MESSAGE);
    await screenshot(page, `bulletin-create-${dialect}`);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Email successfully sent.');
    const path = await waitForPath(page, (p) => /^\/iru\/bulletin\/\d+$/.test(p));
    id = Number(path.split('/').pop());

    const row = await portal.t.database.db('bulletin').where({ id }).first();
    expect(row).toMatchObject({ name: TITLE, state: 33 });
    expect(String(row.message)).toContain(MESSAGE);
    expect(String(row.enddate).endsWith('23:59:59')).toBe(true);
    expect((await portal.t.database.db('bulletin_sector').where({ link_fk_bulletin: id }).pluck('link_fk_sector')).map(Number)).toEqual([1]);
    expect(row.emailedon).not.toBeNull();
    await page.waitForSelector('.bulletin-title');
    expect(await page.$eval('.bulletin-title', (e) => e.textContent)).toBe(TITLE);

    await page.goto(`${portal.url}/iru/bulletin?sector=1`);
    await page.waitForSelector(`.bulletin-table[data-state=ready] tr[data-row-id="${id}"]`);
    const cells = await page.$eval(`tr[data-row-id="${id}"]`, (tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
    expect(cells.slice(0, 5)).toEqual([TITLE, expect.any(String), '1', 'IRU Officer', 'Active']);
    expect(await page.$eval(`tr[data-row-id="${id}"] .sector-count`, (e) => e.getAttribute('title'))).toBe('Banking');
    await page.goto(`${portal.url}/iru/bulletin?sector=2`);
    await page.waitForSelector('.bulletin-table[data-state=ready]');
    expect(await page.$(`tr[data-row-id="${id}"]`)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows the bulletin to an RE user of a sector-1 entity in the feed and its detail', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're2', undefined, '/re/bulletin');
    await page.waitForSelector('.bulletin-feed .bulletin-cards[data-state=ready]');
    const card = `.bulletin-card[data-bulletin-id="${id}"]`;
    await page.waitForSelector(card);
    expect(await page.$eval(card, (c) => c.textContent ?? '')).toContain('Published on');
    await page.click(`${card} h3 a`);
    await waitForPath(page, (p) => p === `/re/bulletin/${id}`);
    await page.waitForSelector('.bulletin-title');
    expect(await page.$eval('.bulletin-title', (e) => e.textContent)).toBe(TITLE);
    expect(await page.$eval('.bulletin-message', (e) => e.textContent ?? '')).toContain(MESSAGE);
    // Staff buttons are not offered to RE users.
    expect(await page.$$eval('.bulletin-detail .toolbar .btn', (bs) => bs.map((b) => (b.textContent ?? '').trim()))).toEqual(['Back']);
    await screenshot(page, `bulletin-re-detail-${dialect}`);

    // The sidebar badge counts what RE-Bulletin shows in state Active: the demo's two and this one.
    const { total } = await serverSelect(portal, 're2', { module: 'RE-Bulletin', fields: ['id'], where: [['state', '=', 33]], max: 1 }, 2);
    expect(total).toBe(3);
    await page.waitForSelector('a.menu-link[href="/re/bulletin"] .badge');
    expect(await page.$eval('a.menu-link[href="/re/bulletin"] .badge', (e) => e.textContent)).toBe(String(total));

    await page.goto(`${portal.url}/re/dashboard`);
    await page.waitForSelector(`.bulletin-cards[data-state=ready] ${card}`);
    expect((await page.$$('.bulletin-cards .bulletin-card')).length).toBe(3);
    expect(errors).toEqual([]);
  });

  it('hides it from an RE user whose entity is of another sector, in the feed and by its address', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're', undefined, '/re/bulletin');
    await page.waitForSelector('.bulletin-feed .bulletin-cards[data-state=ready]');
    expect(await page.$(`.bulletin-card[data-bulletin-id="${id}"]`)).toBeNull();
    await page.goto(`${portal.url}/re/bulletin/${id}`);
    await page.waitForSelector('.bulletin-detail .list-empty');
    expect(await page.$eval('.bulletin-detail .list-empty', (e) => e.textContent)).toBe('No Record Found');
    expect(await page.$('.bulletin-title')).toBeNull();
  });
});
