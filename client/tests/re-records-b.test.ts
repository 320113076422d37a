// Entity record types B in Chromium against a real engine (seed 001 §4.2, §5.2, §8; seed 000
// §2.12; docs/re-records.md "Record types B"): an entity user creates a fund at /re/funds/create
// and sees it Listed, then submits the entity's BCAF from /re/bcaf: a wrong year is refused with
// the seed's words, the confirmation warns, and the BCAF is stored Submitted on 31 December of
// the chosen year with its Edit and Submit buttons gone. At 1024x768, axe-clean, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, clickRowButton } from './list-support.js';
import { answerPrompt } from './auth-kit.js';
import { seriousViolations } from './axe-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

async function setField(page: Page, name: string, text: string): Promise<void> {
  const sel = `.record-form [name="${name}"]`;
  await page.waitForSelector(sel);
  await page.focus(sel);
  await page.$eval(sel, (e) => (e as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  if (text) await page.type(sel, text);
}

describe.each(['sqlite', 'mysql'] as const)('entity record types B (%s)', (dialect) => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    // Seed 001 §6: the BCAF tab (and its rows) is the bank's with bank.bcaf.visible = 1, a branch type other than 1 (A) and category 50 or 70.
    const db = portal.t.database.db;
    await db('re').where({ id: 1 }).update({ branchtype: 'B' });
    if (!(await db('recategory').where({ id: 50 }).first('id'))) await db('recategory').insert({ id: 50, name: 'Category 50', state: 33, updatectr: 1 });
    await db('re_recategory').insert({ link_fk_re: 1, link_fk_recategory: 50, link_updatectr: 1 });
    if (await db('parameters').where({ code: 'bank.bcaf.visible' }).first('id')) await db('parameters').where({ code: 'bank.bcaf.visible' }).update({ value0: '1' });
    else await db('parameters').insert({ code: 'bank.bcaf.visible', name: 'bank.bcaf.visible', value0: '1', state: 33, issystem: false, updatectr: 1 });
    await bumpVersions(db, ['re', 're_recategory', 'recategory', 'parameters']);
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('lets an entity user create a fund and submit its BCAF for a chosen year, then no longer edit it', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, '/re/funds/create');
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, 'name', 'Coral Reef Sukuk Fund');
    await setField(page, 'datelaunch', '01/03/2021');
    await setField(page, 'currency', 'USD');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Created');
    const viewPath = await waitForPath(page, (p) => /^\/re\/funds\/view\/\d+$/.test(p));
    const fund = await portal.t.database.db('re_fund').where({ id: Number(viewPath.split('/').pop()) }).first();
    expect(fund).toMatchObject({ re: 1, fundkind: 1, name: 'Coral Reef Sukuk Fund', state: 76 });

    await page.goto(`${portal.url}/re/bcaf`);
    await page.waitForSelector('[role=row][data-row-id] [data-row-button="Submit"]');
    expect(await page.title()).toMatch(/^BCAF/);
    expect(await seriousViolations(page)).toEqual([]);
    const open = await portal.t.database.db('re_bcaf').where({ re: 1, state: 33 }).first();
    const shownStart = (d: unknown) => {
      const s = d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10);
      return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
    };
    await clickRowButton(page, shownStart(open.start_date), 'Submit');
    await page.waitForSelector('[data-dialog=dialog] input[name=dialog-input]');
    await answerPrompt(page, '20x5');
    const invalid = await answerDialog(page, 'ok');
    expect(invalid).toContain('Invalid Date');
    expect(invalid).toContain('ALERT! Please choose valid date');

    await clickRowButton(page, shownStart(open.start_date), 'Submit');
    await page.waitForSelector('[data-dialog=dialog] input[name=dialog-input]');
    await answerPrompt(page, '2025');
    expect(await answerDialog(page, 'yes')).toContain('can no longer be edited');
    expect(await answerDialog(page, 'ok')).toContain('BCAF ORM has been submitted');
    const stored = await portal.t.database.db('re_bcaf').where({ id: open.id }).first();
    expect(Number(stored.state)).toBe(56);
    expect(shownStart(stored.submitted_date)).toBe('31/12/2025');
    await page.waitForFunction(
      (id) => {
        const row = document.querySelector(`[role=row][data-row-id="${id}"]`);
        return !!row && !row.querySelector('[data-row-button="Submit"]') && !row.querySelector('[data-row-button="Edit"]');
      },
      {},
      String(open.id),
    );
    await screenshot(page, `re-records-b-bcaf-${dialect}`);
    expect(errors).toEqual([]);
  }, 240_000);
});
