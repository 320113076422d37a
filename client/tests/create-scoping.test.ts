// The create screens offer what the server lets the caller create (seed 002 §6; docs/row-rules.md
// "Creating"), in Chromium against a real engine: the relationship manager's Create New Query
// lists sector 1 and its banks only, the App I/II officer's the App I/II entities; Create New
// Question lists the help desk categories of list group 248 the caller may use, more for the
// primary user of a verified entity than for a sub user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { seriousViolations } from './axe-support.js';

const optionTexts = (page: Page, name: string) =>
  page.$eval(`select[name=${name}]`, (e) => [...(e as HTMLSelectElement).options].map((o) => (o.textContent ?? '').trim()));

/** The entity search box's choices once focused (a caller's entities are fewer than its first page here). */
async function entityChoices(page: Page): Promise<string[]> {
  // The box is drawn once the screen's metadata has arrived; a busy machine may take a while.
  await page.waitForSelector('input[name=re]');
  await page.click('input[name=re]');
  await page.waitForFunction(() => { const l = document.querySelector('[data-choices]'); return l && !l.hasAttribute('data-loading') && l.querySelector('[role=option][data-value]'); });
  const shown = await page.$$eval('[data-choices] [role=option][data-value]', (os) => os.map((o) => (o.textContent ?? '').trim()));
  await page.keyboard.press('Escape');
  return shown;
}

/** Waits until the select has more than its empty choice, then reads its choices. */
async function loaded(page: Page, name: string): Promise<string[]> {
  await page.waitForFunction((n) => ((document.querySelector(`select[name=${n}]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1, {}, name);
  return optionTexts(page, name);
}

describe('create screens offer what the server accepts (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const names = async (ids: number[]) => (await portal.t.database.db('re').whereIn('id', ids).orderBy('name').pluck('name')).map(String);

  it('offers the relationship manager sector 1 and the banks it manages only', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'rm', undefined, '/iru/query/create');
    const sector1 = String((await portal.t.database.db('sector').where({ id: 1 }).first('name')).name);
    expect(await loaded(page, 'sector')).toEqual(['All sectors', sector1]);
    expect(await entityChoices(page)).toEqual(await names([1, 2, 3]));
    // Choosing the sector keeps its entities; the screen with its new Sector field stays accessible.
    await page.select('select[name=sector]', '1');
    expect(await entityChoices(page)).toEqual(await names([1, 2, 3]));
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('offers the App I/II officer the App I/II entities only', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'appofficer', undefined, '/iru/query/create');
    const app = (await portal.t.database.db('re_recategory').whereIn('link_fk_recategory', [73, 74, 75, 76, 100213]).pluck('link_fk_re')).map(Number);
    expect(await entityChoices(page)).toEqual(await names(app));
    expect(errors).toEqual([]);
  });

  it('offers the primary user of a verified entity the relationship manager category, and a sub user not', async () => {
    const category = 'Relationship Manager (Banks)';
    // re2: primary user of entity 2 (verified in the demo), not a senior user by position.
    const primary = await portal.page();
    await signIn(primary.page, portal.url, 're2', undefined, '/re/helpdesk/create');
    expect(await loaded(primary.page, 'category')).toContain(category);
    const sub = await portal.page();
    await signIn(sub.page, portal.url, 'preparer', undefined, '/re/helpdesk/create');
    const offered = await loaded(sub.page, 'category');
    expect(offered).toContain('General Enquiry');
    expect(offered).not.toContain(category);
    expect([...primary.errors, ...sub.errors]).toEqual([]);
  });
});
