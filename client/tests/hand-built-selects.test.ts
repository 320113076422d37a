// The hand-built pages' select boxes over lists that run past 1,000 records page like the
// generated ones (docs/client.md "Select boxes over long lists"), in Chromium at 1024×768: the
// dropdown request's list group, the Excel import's, the non-compliance case's and the query's reporting entity
// open on 30 choices and a More row counting every record, page on, and are searched on the server
// to the last record of a list of 1,200 more, which is then picked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';

const MANY = 1200;
const group = (i: number) => `Long group ${String(i).padStart(4, '0')}`;
const entity = (i: number) => `Long entity ${String(i).padStart(4, '0')}`;

/** The open search list's options (not its "More" row) once its page has loaded. */
async function options(page: Page): Promise<string[]> {
  await page.waitForFunction(() => { const e = document.querySelector('[data-choices]'); return e && !e.hasAttribute('data-loading'); });
  return page.$$eval('[data-choices] [role=option][data-value]', (os) => os.map((o) => (o.textContent ?? '').trim()));
}

/** Focuses the box: 30 choices and a More row counting more than 1,000; scrolled, 30 more; typed, the last record alone, picked. */
async function searchToLast(page: Page, input: string, last: string): Promise<string> {
  await page.waitForSelector(`${input}:not([disabled])`);
  await page.click(input);
  expect(await options(page)).toHaveLength(30);
  const more = await page.$eval('[data-choices] [data-more]', (m) => m.textContent ?? '');
  expect(Number(/^More \(30 of (\d+) shown\)$/.exec(more)?.[1])).toBeGreaterThan(1000);
  await page.$eval('[data-choices]', (l) => l.scrollTo(0, l.scrollHeight));
  await page.waitForFunction(() => document.querySelectorAll('[data-choices] [role=option][data-value]').length === 60);
  await page.type(input, last);
  await page.waitForFunction((want) => { const o = [...document.querySelectorAll('[data-choices] [role=option][data-value]')]; return o.length === 1 && o[0].textContent === want; }, {}, last);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect(await page.$eval(input, (e) => (e as HTMLInputElement).value)).toBe(last);
  return page.$eval(input, (e) => (e as HTMLInputElement).dataset.value ?? '');
}

describe('hand-built select boxes over lists of more than 1,000 records (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    await db.batchInsert('listgroup', Array.from({ length: MANY }, (_, i) => ({ name: group(i + 1), state: 33, createon })), 300);
    const { id: _id, ...first } = await db('re').where({ id: 1 }).first();
    await db.batchInsert('re', Array.from({ length: MANY }, (_, i) => ({ ...first, name: entity(i + 1), companyno: `L${i + 1}`, createon })), 100);
    await bumpVersions(db, ['listgroup', 're']);
  });
  afterAll(async () => portal?.close());

  it("searches the dropdown request's list group to the last of more than 1,000 groups", async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, '/re/requestvalue/create');
    const picked = await searchToLast(page, 'input[name=dropdown]', group(MANY));
    const stored = await portal.t.database.db('listgroup').where({ name: group(MANY) }).first('id');
    expect(picked).toBe(String(stored.id));
    await screenshot(page, 'hand-built-select-dropdown-request');
    expect(errors).toEqual([]);
  });

  it("searches the Excel import's, the non-compliance case's and the query's reporting entity to the last of more than 1,000 entities", async () => {
    const stored = String((await portal.t.database.db('re').where({ name: entity(MANY) }).first('id')).id);
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, '/iru/excelimport/create');
    expect(await searchToLast(page, 'input[name=reportingentity]', entity(MANY))).toBe(stored);
    await page.goto(`${portal.url}/iru/peoi/create`);
    expect(await searchToLast(page, 'input[name=re]', entity(MANY))).toBe(stored);
    // The entity picked, its submissions are offered (the new entity has none yet).
    await page.waitForSelector('select[name=formbatch]:not([disabled])');
    // Create New Query: the same box; the Sector list narrows it on the server.
    await page.goto(`${portal.url}/iru/query/create`);
    expect(await searchToLast(page, 'input[name=re]', entity(MANY))).toBe(stored);
    expect(errors).toEqual([]);
  });
});
