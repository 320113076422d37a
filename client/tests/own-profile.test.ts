// One's own profile (form 66 on My-User, seed 000 §2.12) in Chromium against a real engine: an
// RE user opens it from the sidebar, edits their name and contact number at
// /re/profile/edit/{id} and sees them saved; the e-mail stays read-only; an IRU user reaches
// the same page from the user menu; another user's profile address finds no record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { fill } from './auth-kit.js';

/** seeds/demo-users.ts */
const RE_ID = 3;
const IRU_ID = 2;

describe('one’s own profile (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const stored = (id: number) => portal.t.database.db('user').where({ id }).first('name', 'contactno', 'email');
  const valueOf = (page: Page, name: string) => page.$eval(`.record-form [name=${name}]`, (e) => (e as HTMLInputElement).value);

  it('lets an RE user change their name and contact number from the sidebar, and keeps the e-mail read-only', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're');
    await page.click('nav.sidebar a[href="/re/profile/view"]');
    await page.waitForSelector('[data-form][data-mode=view] .record-form [name=name]');
    const before = await stored(RE_ID);
    expect(await valueOf(page, 'name')).toBe(before.name);
    expect(await valueOf(page, 'email')).toBe(before.email);

    await page.click('[data-action=edit]');
    await waitForPath(page, (p) => p === `/re/profile/edit/${RE_ID}`);
    await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=name]');
    expect(await page.$eval('.record-form [name=email]', (e) => (e as HTMLInputElement).readOnly || (e as HTMLInputElement).disabled)).toBe(true);
    await fill(page, '.record-form [name=name]', 'Compliance Officer (renamed)');
    await fill(page, '.record-form [name=contactno]', '+60 3 2222 3333');
    await page.click('[data-action=update]');
    await waitForPath(page, (p) => p === '/re/profile/view');
    await page.waitForFunction(() => (document.querySelector('.record-form [name=name]') as HTMLInputElement | null)?.value === 'Compliance Officer (renamed)');
    expect(await valueOf(page, 'contactno')).toBe('+60 3 2222 3333');
    expect(await stored(RE_ID)).toEqual({ name: 'Compliance Officer (renamed)', contactno: '+60 3 2222 3333', email: before.email });
    // The header's name follows.
    await page.waitForFunction(() => document.querySelector('.user-menu-button')?.textContent === 'Compliance Officer (renamed)');
    await screenshot(page, 'own-profile-re');
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('opens an IRU user’s own profile from the user menu', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await page.click('.user-menu-button');
    await page.click('.user-menu-items a[href="/iru/profile/view"]');
    await page.waitForSelector('[data-form][data-mode=view] .record-form [name=name]');
    expect(await valueOf(page, 'userid')).toBe('iru');
    expect(await page.$('[data-action=edit]')).not.toBeNull();
    await page.browserContext().close();
  });

  it('shows nothing of another user at their profile address: the server finds no such record in the caller’s scope', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    const before = await stored(IRU_ID);
    await page.goto(`${portal.url}/re/profile/edit/${IRU_ID}`);
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await page.$eval('[data-dialog=dialog]', (d) => d.textContent ?? '')).toContain('No Record Found');
    expect(await page.$('.record-form [name=name]')).toBeNull();
    expect(await stored(IRU_ID)).toEqual(before);
    await page.browserContext().close();
  });
});
