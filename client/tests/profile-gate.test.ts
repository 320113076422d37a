// The profile gate in Chromium at 1024×768 (seed 000 §2.2, docs/re-profile.md): the primary user
// of an entity whose profile is not confirmed who opens a form, an Excel import or the sub-user
// creation page is told the seed's message and sent to the profile before any of the page shows,
// to the Business Info first, then to the Details of Office (tab 39); once both are confirmed the
// pages open. The server's refusal of the same writes is tested in portal/profile/re-profile.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { VERIFY_OFFICE, VERIFY_PROFILE } from '../../portal/profile/profile-gate.js';

/** What each gated page shows once it opens. */
const PAGE_CONTENT = '[data-form-entry], .thread-create, .record-form';

describe('the profile gate at 1024×768 (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let gated: string[];

  async function setConfirmed(bizinfo: boolean, office: boolean) {
    const db = portal.t.database.db;
    const at = '2025-01-01 00:00:00';
    await db('re').where({ id: 1 }).update({ verifybizinfo: bizinfo ? at : null, verifybizinfoby: bizinfo ? 3 : null, verifyoffice: office ? at : null, verifyofficeby: office ? 3 : null });
    await bumpVersions(db, ['re']);
  }

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const form = await portal.t.database.db('form').where({ re: 1 }).orderBy('id').first('id');
    gated = [`/re/form/${String(form.id)}`, '/re/excelimport/create', '/re/registersubusers/create', '/re/regsubusers/create'];
    page = (await portal.page()).page;
    await page.setViewport({ width: 1024, height: 768 });
    await setConfirmed(false, false);
    await signIn(page, portal.url, 're');
  });
  afterAll(async () => {
    await setConfirmed(true, true).catch(() => undefined);
    await portal?.close();
  });

  /** Opens `path` and answers the gate's message; the page itself never shows. */
  async function stopped(path: string): Promise<string> {
    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await page.$(PAGE_CONTENT), path).toBeNull();
    return answerDialog(page, 'ok');
  }

  it('sends the primary user of an unconfirmed entity from a form, an Excel import and sub-user creation to the Business Info, with the seed message', async () => {
    for (const path of gated) {
      expect(await stopped(path), path).toContain(VERIFY_PROFILE);
      await waitForPath(page, (p) => p === '/re/reprofile');
    }
    await screenshot(page, 'profile-gate-1024');
  });

  it('sends the user to the Details of Office (tab 39) once only the office details wait for confirmation', async () => {
    await setConfirmed(true, false);
    for (const path of gated) {
      expect(await stopped(path), path).toContain(VERIFY_OFFICE);
      await waitForPath(page, (p) => p === '/re/reprofile?tab_id=39');
    }
  });

  it('opens every gated page once both are confirmed', async () => {
    await setConfirmed(true, true);
    for (const path of gated) {
      await page.goto(`${portal.url}${path}`);
      await page.waitForSelector(PAGE_CONTENT);
      expect(await page.$('[data-dialog=dialog]'), path).toBeNull();
      expect(await page.evaluate(() => location.pathname), path).toBe(path);
    }
  });

  it('does not hold back a user who is not the primary user of the entity', async () => {
    await setConfirmed(false, false);
    const other = (await portal.page()).page;
    await other.setViewport({ width: 1024, height: 768 });
    await signIn(other, portal.url, 'preparer');
    await other.goto(`${portal.url}${gated[0]}`);
    await other.waitForSelector('[data-form-entry]');
    expect(await other.$('[data-dialog=dialog]')).toBeNull();
  });
});
