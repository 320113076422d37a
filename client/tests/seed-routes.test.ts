// Seed routes in Chromium at 1024×768 (seed 000 §2.12, seed 003 §2.7 and §2.9; docs/screens.md):
// `list/view/{data_id}` shows one list entry, `user/profile` and `user/profile/edit` lead to the
// user's own profile screens, the PEOI forms page is headed by its submission's entity and period,
// and /iru sends roles 43 and 44 to /iru/formbatch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';

describe('seed routes at 1024×768 (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => portal?.close());

  async function signedIn(userid: string): Promise<Page> {
    const { page } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, userid);
    return page;
  }

  const text = (page: Page) => page.evaluate(() => document.querySelector('main, [data-shell]')?.textContent ?? '');

  it('shows one list entry at list/view/{data_id}, for the entity and the regulator', async () => {
    for (const [userid, shell] of [['re', 're'], ['iru', 'iru']] as const) {
      const page = await signedIn(userid);
      // 581001 is the title Mr of list group 581 (seeds/lookup-lists.ts).
      await page.goto(`${portal.url}/${shell}/list/view/581001`);
      await page.waitForSelector('.record-form');
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLInputElement>('.record-form input')].some((i) => i.value === 'Mr') || (document.querySelector('.record-form')?.textContent ?? '').includes('Mr'));
      expect(await page.$('[data-not-found]')).toBeNull();
      await page.close();
    }
  });

  it("leads user/profile and user/profile/edit to the user's own profile screens", async () => {
    const re = await signedIn('re');
    const reId = Number((await portal.t.database.db('user').where({ userid: 're' }).first('id')).id);
    await re.goto(`${portal.url}/re/user/profile`);
    await waitForPath(re, (p) => p === '/re/profile/view');
    await re.waitForSelector('.record-form');
    await re.goto(`${portal.url}/re/user/profile/edit`);
    await waitForPath(re, (p) => p === `/re/profile/edit/${reId}`);
    await re.waitForSelector('.record-form');
    const iru = await signedIn('iru');
    await iru.goto(`${portal.url}/iru/user/profile`);
    await waitForPath(iru, (p) => p === '/iru/profile/view');
    await iru.waitForSelector('.record-form');
  });

  it("heads the PEOI forms page with the submission's entity and period", async () => {
    const db = portal.t.database.db;
    const batch = await db({ b: 'formbatch' }).join({ r: 're' }, 'r.id', 'b.re').where('b.re', 1).orderBy('b.id').first('b.id as id', 'b.endon as endon', 'r.name as entity');
    const [y, m, d] = String(batch.endon).slice(0, 10).split('-');
    const page = await signedIn('iru');
    await page.goto(`${portal.url}/iru/peoi_form/${String(batch.id)}`);
    await page.waitForFunction(() => (document.querySelector('h1[data-heading]')?.textContent ?? '').includes('period ending'));
    const heading = await page.$eval('h1[data-heading]', (h) => h.textContent ?? '');
    expect(heading).toBe(`Forms of ${String(batch.entity)}, period ending ${d}/${m}/${y}`);
    expect(await page.title()).toContain(String(batch.entity));
  });

  it('sends roles 43 and 44 from /iru to /iru/formbatch, and other regulator staff to the dashboard', async () => {
    for (const userid of ['appofficer', 'apphou']) {
      const page = await signedIn(userid);
      await page.goto(`${portal.url}/iru`);
      await waitForPath(page, (p) => p === '/iru/formbatch');
      await page.waitForSelector('.list-page, [data-list]');
      expect(await text(page)).not.toContain('Page not found');
      await page.close();
    }
    const iru = await signedIn('iru');
    await iru.goto(`${portal.url}/iru`);
    await waitForPath(iru, (p) => p === '/iru/dashboard');
  });
});
