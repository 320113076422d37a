// Issue 21's last screens in Chromium on both databases (docs/re-admin-actions.md): the entity's
// Details of Office list variant with its Verify Details of Office action (refused while the entity
// has no office, confirmed then gone after the reload); the entity form without the relationship
// managers for entity users; the regulator's form showing the fields the entity's sector may not
// change read-only; and a Link action on Child Entities choosing an existing entity, never itself,
// one already linked or one of its parents. Axe on the variant, the form and the Link dialog at 1024x768.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { seriousViolations } from './axe-support.js';
import { answerDialog, GRID } from './list-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

const VARIANT = '[data-office-variant]';
const VERIFY = `${VARIANT} [data-testid=verify-panel] [data-action=verify]`;
const LINK_DIALOG = '[data-dialog=re-admin]';
/** Demo entities 11-15 are sector 3, 6-10 sector 2. */
const INSURER = 7;

describe.each(await testDialects())('office verification variant, managers, locked fields and links on %s', (dialect) => {
  let portal: Portal;
  let parked: number[] = [];

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    // Entity 1 (primary user `re`) with its business profile confirmed and its offices not yet.
    await db('re').where({ id: 1 }).update({ verifyoffice: null, verifyofficeby: null });
    // Its offices are parked on entity 2 for the first check (no office: refused).
    parked = (await db('re_office').where({ re: 1 }).select('id')).map((r) => Number(r.id));
    expect(parked.length).toBeGreaterThan(0);
    await db('re_office').whereIn('id', parked).update({ re: 2 });
    await bumpVersions(db, ['re', 're_office']);
  });
  afterAll(async () => portal?.close());

  describe('as the entity\'s primary user', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await portal.page());
      await page.setViewport({ width: 1024, height: 768 });
      await signIn(page, portal.url, 're');
    });

    it('offers Verify Details of Office on the office list, refuses it while there is no office, then confirms and hides it', async () => {
      await page.goto(`${portal.url}/re/reprofile?tab_id=39`);
      await page.waitForSelector(VERIFY);
      expect(await page.$eval(VERIFY, (b) => b.textContent)).toBe('Verify Details of Office');
      // The list variant carries the action; no second panel above the tabs.
      expect(await page.$$eval('[data-testid=verify-panel]', (ps) => ps.length)).toBe(1);
      await page.waitForSelector(`${VARIANT} ${GRID}[data-state=ready]`);
      await page.click(VERIFY);
      expect(await answerDialog(page, 'yes')).toContain('I confirm that the details of office listed are correct and complete.');
      const refused = await answerDialog(page, 'ok');
      expect(refused).toContain('Verify Office error');
      expect(refused).toContain('Details of Office not found');
      expect((await portal.t.database.db('re').where({ id: 1 }).first('verifyoffice')).verifyoffice).toBeNull();

      const db = portal.t.database.db;
      await db('re_office').whereIn('id', parked).update({ re: 1 });
      await bumpVersions(db, ['re_office']);
      await page.reload();
      await page.waitForSelector(VERIFY);
      await page.waitForSelector(`${VARIANT} ${GRID}[data-state=ready] [role=row][data-row-id]`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.click(VERIFY);
      await Promise.all([page.waitForNavigation(), answerDialog(page, 'yes')]);
      await page.waitForSelector(`${VARIANT} ${GRID}[data-state=ready]`);
      expect(await page.$(VERIFY)).toBeNull();
      expect(await page.$('[data-testid=verify-panel]')).toBeNull();
      expect((await db('re').where({ id: 1 }).first('verifyoffice')).verifyoffice).not.toBeNull();
      await screenshot(page, 're-office-verified');
    });

    it('shows the entity form without the relationship managers', async () => {
      await page.goto(`${portal.url}/re/reportingentity/view/1`);
      await page.waitForSelector('.record-form [name=name]');
      expect(await page.$('.record-form [name=smd1]')).toBeNull();
      expect(await page.$('.record-form [name=smd2]')).toBeNull();
    });
  });

  describe('as the regulator', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await portal.page());
      await page.setViewport({ width: 1024, height: 768 });
      await signIn(page, portal.url, 'iru');
    });

    it("shows read-only the business information the entity's sector may not change, and the managers", async () => {
      await page.goto(`${portal.url}/iru/reportingentity/edit/${INSURER}`);
      await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=smd1]');
      await page.waitForFunction(() => (document.querySelector('.record-form [name=branchtype]') as HTMLInputElement | null)?.readOnly === true);
      const readOnly = (name: string) => page.$eval(`.record-form [name="${name}"]`, (e) => (e as HTMLInputElement).readOnly);
      expect(await readOnly('branchtype')).toBe(true);
      expect(await readOnly('trustcompany')).toBe(true);
      expect(await readOnly('owner')).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      // A save sends what may change and leaves the locked fields alone.
      await page.$eval('.record-form [name=owner]', (e) => ((e as HTMLInputElement).value = ''));
      await page.type('.record-form [name=owner]', 'Insurer Holdings Ltd');
      await page.click('[data-action=update]');
      expect(await answerDialog(page, 'ok')).toContain('Successfully update.');
      expect((await portal.t.database.db('re').where({ id: INSURER }).first('owner')).owner).toBe('Insurer Holdings Ltd');
    });

    it('links an existing entity as a child, offering neither the parent, its linked children nor its parents', async () => {
      const db = portal.t.database.db;
      // 11 is a parent of 12; 12 has child 13 already.
      await db('re_re').insert([
        { link_fk_parent: 11, link_fk_child: 12, link_updatectr: 1 },
        { link_fk_parent: 12, link_fk_child: 13, link_updatectr: 1 },
      ]);
      await bumpVersions(db, ['re_re']);
      await page.goto(`${portal.url}/iru/list/380/fk_link_fk_parent/12`);
      await page.waitForSelector(`${GRID}[data-state=ready]`);
      await page.click('[data-top-button=Link]');
      const box = `${LINK_DIALOG} input[name=choice][role=combobox]`;
      await page.waitForSelector(box);
      expect(await seriousViolations(page)).toEqual([]);
      // The type-to-search box offers the entities by name, 30 at a time.
      const offeredFor = async (text: string) => {
        await page.$eval(box, (e) => ((e as HTMLInputElement).value = ''));
        await page.click(box);
        if (text) await page.type(box, text);
        await page.waitForFunction((sel) => { const l = document.querySelector(`${sel} [role=listbox]`); return l && !l.hasAttribute('data-loading'); }, {}, LINK_DIALOG);
        return page.$$eval(`${LINK_DIALOG} [role=option][data-value]`, (os) => os.map((o) => Number((o as HTMLElement).dataset.value)));
      };
      const nameOf = async (id: number) => String((await db('re').where({ id }).first('name')).name);
      for (const id of [11, 12, 13]) expect(await offeredFor(await nameOf(id))).not.toContain(id);
      expect(await offeredFor(await nameOf(14))).toContain(14);
      await page.click(`${LINK_DIALOG} [role=option][data-value="14"]`);
      expect(await page.$eval(box, (e) => (e as HTMLInputElement).dataset.value)).toBe('14');
      await screenshot(page, 're-link-child');
      await page.click(`${LINK_DIALOG} [data-button=ok]`);
      expect(await answerDialog(page, 'ok')).toContain('Successfully create.');
      const name14 = String((await db('re').where({ id: 14 }).first('name')).name);
      await page.waitForFunction((n) => [...document.querySelectorAll('[role=gridcell]')].some((c) => (c.textContent ?? '').trim() === n), {}, name14);
      expect((await db('re_re').where({ link_fk_parent: 12 }).orderBy('link_fk_child').select('link_fk_child')).map((r) => Number(r.link_fk_child))).toEqual([13, 14]);
    });
  });
});
