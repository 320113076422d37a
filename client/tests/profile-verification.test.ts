// Profile confirmation in Chromium (seed 000 §2.2, seed 001 §4.1 and §7): the primary user of an
// entity whose profile is not confirmed is stopped before the sub-user creation page with the
// seed's messages and sent to the profile, confirms the business profile (Verified), then the
// office details, and is then let through. The server holds the record of who confirmed when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

describe('profile confirmation by the primary user (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    // Entity 1 (primary user `re`) as if that user had just registered for it.
    await portal.t.database.db('re').where({ id: 1 }).update({ verifybizinfo: null, verifybizinfoby: null, verifyoffice: null, verifyofficeby: null });
    await bumpVersions(portal.t.database.db, ['re']);
    page = (await portal.page()).page;
    await signIn(page, portal.url, 're');
  });
  afterAll(async () => portal?.close());

  const panelStep = () => page.$eval('[data-testid=verify-panel]', (p) => p.getAttribute('data-step'));

  it('stops the sub-user creation page until the business profile is confirmed, and takes the user to it', async () => {
    await page.goto(`${portal.url}/re/registersubusers/create`);
    expect(await answerDialog(page, 'ok')).toContain('You need to verify your Profile before you can continue');
    await waitForPath(page, (p) => p === '/re/reprofile');
    await page.waitForSelector('[data-testid=verify-panel] [data-action=verify]');
    expect(await panelStep()).toBe('RE.verifyBizInfo');
    expect(await page.$eval('[data-testid=verify-panel] [data-action=verify]', (b) => b.textContent)).toBe('Verified');
    await screenshot(page, 're-profile-verify');
  });

  it('records the confirmation, then asks for the office details on tab 39', async () => {
    await Promise.all([page.waitForNavigation(), page.click('[data-testid=verify-panel] [data-action=verify]')]);
    await page.waitForSelector('[data-testid=verify-panel][data-step="RE.verifyOffice"]');
    expect((await portal.t.database.db('re').where({ id: 1 }).first('verifybizinfo')).verifybizinfo).not.toBeNull();

    await page.goto(`${portal.url}/re/registersubusers/create`);
    expect(await answerDialog(page, 'ok')).toContain('You need to verify your Details of Office before you can continue');
    await waitForPath(page, (p) => p === '/re/reprofile?tab_id=39');
    // On tab 39 the office list variant carries the action, which asks for confirmation first.
    await page.waitForSelector('[data-office-variant] [data-testid=verify-panel][data-tab=office]');
    await page.click('[data-testid=verify-panel] [data-action=verify]');
    await Promise.all([page.waitForNavigation(), answerDialog(page, 'yes')]);
    // The profile reloads on its Details of Office tab (39), with nothing left to confirm.
    await page.waitForSelector('.profile-tabs [role=tab][data-tab-id="39"][aria-selected=true]');
    expect(await page.$('[data-testid=verify-panel]')).toBeNull();
  });

  it('lets the user open the sub-user creation page once both are confirmed', async () => {
    await page.goto(`${portal.url}/re/registersubusers/create`);
    await page.waitForSelector('.record-form [name=name]');
    expect(await page.$('[data-dialog=dialog]')).toBeNull();
    const row = await portal.t.database.db('re').where({ id: 1 }).first('verifyoffice', 'verifyofficeby');
    expect(row.verifyoffice).not.toBeNull();
  });
});
