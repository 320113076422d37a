// The Reporting Entity Profile in Chromium (seed 001 §2.4, §2.5, §6, §8; docs/re-profile.md): an
// entity user sees its profile's tabs with Business Info in view mode (no Edit) and a PDF that
// prints for it, the tab kept in ?tab_id=; the regulator sees the notice, the MIDA tab, edits the
// staff counts and finds the server's totals in the table. Each page passes axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { seriousViolations } from './axe-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

async function tabIds(page: Page): Promise<number[]> {
  return page.$$eval('.profile-tabs [role=tab]', (tabs) => tabs.map((t) => Number(t.getAttribute('data-tab-id'))));
}

async function selectedTab(page: Page): Promise<string | null> {
  return page.$eval('.profile-tabs [role=tab][aria-selected=true]', (t) => t.textContent);
}

describe('the reporting entity profile (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    // Entity 1: a bank (sector 1), so the regulator sees its MIDA tab (mida.visible is 1 in the seeds).
    await portal.t.database.db('re').where({ id: 1 }).update({ sector: 1 });
    await bumpVersions(portal.t.database.db, ['re']);
  });
  afterAll(async () => portal?.close());

  it("shows the entity user its profile: title, Back, Business Info in view mode without Edit, a PDF it may print, and the tab kept in tab_id", async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're');
    await page.goto(`${portal.url}/re/reprofile`);
    await page.waitForSelector('.profile-tabs [role=tab]');
    await page.waitForSelector('.profile-tab-panel .record-form');
    expect(await page.$eval('.re-profile-page h1', (h) => h.textContent)).toBe('Reporting Entity Profile');
    expect(await page.$('.re-profile-page [data-action=back]')).not.toBeNull();
    expect(await page.title()).toContain('Reporting Entity Profile');
    const ids = await tabIds(page);
    expect(ids.slice(0, 2)).toEqual([38, 39]);
    expect(ids).not.toContain(52);
    expect(ids).not.toContain(51);
    expect(await selectedTab(page)).toBe('Business Info');
    expect(await page.$('.profile-tab-panel [data-action=edit]')).toBeNull();
    expect(await page.$('[data-regulator-notice]')).toBeNull();

    const href = await page.$eval('.profile-tab-panel [data-action=pdf]', (a) => a.getAttribute('href'));
    expect(href).toContain('/out/RE-RE.pdf');
    const pdf = await page.evaluate(async (u) => {
      const r = await fetch(u, { credentials: 'same-origin' });
      return { status: r.status, type: r.headers.get('content-type') };
    }, href!);
    expect(pdf).toEqual({ status: 200, type: expect.stringContaining('application/pdf') });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 're-profile-entity-bizinfo');

    await page.click('.profile-tabs [data-tab-id="39"]');
    await waitForPath(page, (p) => p === '/re/reprofile?tab_id=39');
    // The address moves first; the tab row follows on the render after it.
    await page.waitForFunction(() => document.querySelector('.profile-tabs [role=tab][aria-selected=true]')?.textContent === 'Details of Office');
    expect(await selectedTab(page)).toBe('Details of Office');
    await page.waitForSelector('.profile-tab-panel .list-page, .profile-tab-panel [data-offices], .profile-tab-panel .empty');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 're-profile-entity-office');

    // An address naming a tab the entity is not shown falls back to the first one.
    await page.goto(`${portal.url}/re/reprofile?tab_id=52`);
    await page.waitForSelector('.profile-tabs [role=tab][aria-selected=true]');
    expect(await selectedTab(page)).toBe('Business Info');
    expect(errors).toEqual([]);
  }, 180_000);

  it("prints the entity's record page (list 58's form, read through RE-RE) with the report it may read", async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're');
    await page.goto(`${portal.url}/re/reportingentity/view/1`);
    await page.waitForSelector('.form-page [data-action=pdf]');
    expect(await page.$eval('.form-page [data-action=pdf]', (a) => a.getAttribute('href'))).toContain('/out/RE-RE.pdf');
    expect(errors).toEqual([]);
  });

  it('shows the regulator the notice and the MIDA tab, whose Edit creates the counts, the server totalling them', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/reprofile?id=1`);
    await page.waitForSelector('[data-regulator-notice]');
    expect(await page.$eval('[data-regulator-notice]', (p) => p.textContent)).toContain('17 August 2022');
    expect(await page.$eval('[data-regulator-notice]', (p) => p.textContent)).toContain('17/03/22');
    const ids = await tabIds(page);
    expect(ids).toContain(52);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 're-profile-iru-bizinfo');

    await page.click('.profile-tabs [data-tab-id="52"]');
    await waitForPath(page, (p) => p === '/iru/reprofile?id=1&tab_id=52');
    await page.waitForSelector('.mida-table');
    const rows = await page.$$eval('.mida-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows).toEqual([
      ['Managerial & Professional', '0', '0', '0'],
      ['Technical & Supervisory', '0', '0', '0'],
      ['Production & Operation Workers', '', '', ''],
      ['Skilled Workers', '0', '0', '0'],
      ['Unskilled Workers', '0', '0', '0'],
      ['Clerical & General Workers', '0', '0', '0'],
      ['Total', '0', '0', '0'],
    ]);
    expect(await page.$$eval('.mida-table thead th', (th) => th.map((h) => h.textContent))).toEqual(['Category', 'Malaysian', 'Foreign', 'Total']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 're-profile-iru-mida-empty');

    expect(await page.$eval('.mida [data-action=edit]', (a) => a.getAttribute('href'))).toBe('/iru/staffclass/create?re=1');
    await page.click('.mida [data-action=edit]');
    await waitForPath(page, (p) => p === '/iru/staffclass/create?re=1');
    await page.waitForSelector('.record-form [name=my_management]');
    expect(await seriousViolations(page)).toEqual([]);
    await page.type('.record-form [name=my_management]', '12');
    await page.type('.record-form [name=fo_management]', '3');
    await page.type('.record-form [name=my_unskilled]', '40');
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-dialog=dialog]');
    await page.click('[data-dialog=dialog] button');
    const stored = await portal.t.database.db('staffclass').where({ re: 1 }).first();
    expect(stored).toMatchObject({ management_total: 15, unskilled_total: 40, my_total: 52, fo_total: 3 });

    await page.goto(`${portal.url}/iru/reprofile?id=1&tab_id=52`);
    await page.waitForSelector('.mida-table tr[data-row=total]');
    await page.waitForFunction(() => document.querySelector('.mida-table tr[data-row=total] td')?.textContent === '52');
    expect(await page.$$eval('.mida-table tr[data-row=total] td', (td) => td.map((c) => c.textContent))).toEqual(['52', '3', '55']);
    expect(await page.$eval('.mida [data-action=edit]', (a) => a.getAttribute('href'))).toBe(`/iru/staffclass/${stored.id}/edit`);
    expect(await page.$eval('.mida [data-action=pdf]', (a) => a.getAttribute('href'))).toContain('/out/MIDA.pdf');
    await screenshot(page, 're-profile-iru-mida');
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows the regulator its not-found page for an entity that does not exist or that its team does not cover, with the way back to the entities', async () => {
    // `rm` manages entities 1 to 3 only (portal/seeds/demo-row-rule-users.ts): entity 4 is answered as a missing one.
    for (const [user, id] of [['iru', 999999], ['rm', 4]] as const) {
      const { page, errors } = await portal.page();
      await signIn(page, portal.url, user);
      await waitForPath(page, (p) => p.startsWith('/iru/'));
      await page.goto(`${portal.url}/iru/reprofile?id=${id}`);
      await page.waitForSelector('[data-not-found]');
      expect(await page.$eval('[data-not-found] h1', (h) => h.textContent)).toBe('Reporting entity not found');
      expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Reporting entity not found.');
      expect(await page.title()).toBe('Reporting entity not found | Reporting Portal');
      expect(await page.$eval('[data-not-found] [data-way-back]', (a) => a.getAttribute('href'))).toBe('/iru/reportingentity');
      expect(await page.$('[data-dialog=dialog]')).toBeNull();
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
