// Select boxes and dropdown cells over long lists in Chromium at 1024×768 (seed 001 §7: lookups
// page 30 at a time): the generic form's lookup shows a stored value far down a 5,000-entry list
// by its label, searches as the user types, pages when scrolled and is worked by the keyboard;
// the entry grid's dropdown cell searches the list group the same way and takes its 4,321st entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { answerDialog } from './list-support.js';
import { openForm, openFormWithDropdown, openTab, selectCell, serverData, waitShown } from './filing-support.js';

const POSITIONS = 295;
const CALENDARS = 80;
const LONG = 5000;
const entry = (i: number) => `Long entry ${String(i).padStart(4, '0')}`;
/** The Internal User form (WebForms 156): its Position is a lookup over list group 295. */
const USER_FORM = 156;
const POSITION = '.record-form input[name=position2]';

/** The open lookup's options (not its "More" row) once its page has loaded. */
async function options(page: Page, list = '[data-choices]'): Promise<string[]> {
  await page.waitForFunction((l) => { const e = document.querySelector(l); return e && !e.hasAttribute('data-loading'); }, {}, list);
  return page.$$eval(`${list} [role=option][data-value]`, (os) => os.map((o) => (o.textContent ?? '').trim()));
}

describe.each(await testDialects())('select boxes and dropdown cells over long lists on %s', (dialect) => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    for (const listgroup of [POSITIONS, CALENDARS]) {
      await db.batchInsert('list', Array.from({ length: LONG }, (_, i) => ({ name: entry(i + 1), listgroup, displayorder: 10_000 + i, state: 33, createon })), 500);
    }
    await bumpVersions(db, ['list']);
  });
  afterAll(async () => portal?.close());

  it('shows a lookup’s stored value beyond the first page by its label, searches and pages 30 at a time, and picks by keyboard', async () => {
    const db = portal.t.database.db;
    const far = await db('list').where({ listgroup: POSITIONS, name: entry(4321) }).first('id');
    const user = await db('user').where({ userid: 'checker' }).first('id');
    await db('user').where({ id: user.id }).update({ position2: far.id });
    await bumpVersions(db, ['user']);
    ({ page } = await portal.page());
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'admin');
    await page.goto(`${portal.url}/mainform/${USER_FORM}/edit/${user.id}`);
    await page.waitForFunction((sel, label) => (document.querySelector(sel) as HTMLInputElement | null)?.value === label, {}, POSITION, entry(4321));

    // Focused: the list's first 30 entries and a "More" row; scrolled to its end: 30 more.
    await page.click(POSITION);
    const first = await options(page);
    expect(first).toHaveLength(30);
    expect(await page.$eval('[data-choices] [data-more]', (m) => m.textContent)).toMatch(/^More \(30 of \d+ shown\)$/);
    await page.$eval('[data-choices]', (l) => l.scrollTo(0, l.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('[data-choices] [role=option][data-value]').length === 60);
    await screenshot(page, 'paged-select-lookup');

    // Typed: only the entries containing the text, searched on the server.
    await page.$eval(POSITION, (e) => (e as HTMLInputElement).select());
    await page.type(POSITION, 'entry 433');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-choices] [role=option][data-value]')].every((o) => o.textContent?.includes('entry 433')));
    expect(await options(page)).toEqual(Array.from({ length: 10 }, (_, i) => entry(4330 + i)));
    // Arrows and Enter pick; Escape closes the list without changing the value.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.$eval(POSITION, (e) => (e as HTMLInputElement).value)).toBe(entry(4331));
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[data-choices]');
    await page.keyboard.press('Escape');
    expect(await page.$('[data-choices]')).toBeNull();
    expect(await page.$eval(POSITION, (e) => (e as HTMLInputElement).value)).toBe(entry(4331));
    await page.click('[data-action=update]');
    expect(await answerDialog(page, 'ok')).toContain('Successfully update.');
    const picked = await db('list').where({ listgroup: POSITIONS, name: entry(4331) }).first('id');
    expect(Number((await db('user').where({ id: user.id }).first('position2')).position2)).toBe(Number(picked.id));
  });

  it('lets a filer pick the 4,321st entry of a long list in a dropdown cell, searched and paged in the grid', async () => {
    const form = await openFormWithDropdown(portal);
    ({ page } = await portal.page());
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'preparer');
    await openForm(page, `${portal.url}/re/form/${form}`);
    await openTab(page, '03');
    // The reporting calendar (03!B6): Enter opens the list at its start, 30 entries and "More".
    await selectCell(page, 'B6');
    await page.keyboard.press('Enter');
    const list = '.paged-list';
    await page.waitForSelector(`${list}:not([hidden]) [role=option]`);
    expect(await options(page, list)).toHaveLength(30);
    expect(await page.$eval(`${list} [data-more]`, (m) => m.textContent)).toMatch(/^More \(30 of 50\d\d shown\)$/);
    await page.$eval(list, (l) => l.scrollTo(0, l.scrollHeight));
    await page.waitForFunction((l) => document.querySelectorAll(`${l} [role=option][data-value]`).length === 60, {}, list);
    // Typing searches the server; arrows and Enter take the entry.
    await page.keyboard.type('4321');
    await page.waitForFunction((l, want) => { const o = [...document.querySelectorAll(`${l} [role=option][data-value]`)]; return o.length === 1 && o[0].textContent === want; }, {}, list, entry(4321));
    await screenshot(page, 'paged-select-grid');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitShown(page, 'B6', entry(4321));
    expect(await page.$eval(`[data-testid=entry-grid] .ht_master td[data-address="B6"]`, (td) => td.classList.contains('cell-problem'))).toBe(false);
    // A value typed whole (not picked) is looked up by value and taken too.
    await selectCell(page, 'B6');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${list}:not([hidden])`);
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type(entry(4999).toLowerCase());
    await page.keyboard.press('Escape');
    await waitShown(page, 'B6', entry(4321));
    await selectCell(page, 'B6');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${list}:not([hidden])`);
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type(entry(4999).toLowerCase());
    await page.keyboard.press('Enter');
    await waitShown(page, 'B6', entry(4999));
    await selectCell(page, 'B6');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${list}:not([hidden])`);
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type('4321');
    await page.waitForFunction((l) => document.querySelectorAll(`${l} [role=option][data-value]`).length === 1, {}, list);
    await page.click(`${list} [role=option][data-value="${entry(4321)}"]`);
    await waitShown(page, 'B6', entry(4321));
    await page.click('[data-action=save]');
    await answerDialog(page, 'ok');
    expect((await serverData(portal, 'preparer', form)).cells.get('03!B6')).toBe(entry(4321));
  });
});
