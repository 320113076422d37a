// Import Allow in Chromium (seed 003 §2.10; docs/excel.md "Who may import"), at 1024×768 and
// 1440×900: regulator staff add a rule refusing Excel import of BNK-01 to Harbourline Bank on the
// generated list and form of /iru/importallow; the entity's preparer is told so on Create Excel
// Import, and the import of a BNK-01 workbook fails with the same sentence, its form unchanged.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { filedTemplate } from '../../portal/filing/form-data.js';
import { addDays } from '../../portal/filing/period-dates.js';
import { shownDay } from '../../portal/filing/return-mail.js';
import { contractWorkbook } from '../../portal/jobs/form-import/testing/contract-workbook.js';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { seriousViolations } from './axe-support.js';

async function setField(page: Page, name: string, text: string): Promise<void> {
  const sel = `.record-form [name="${name}"]`;
  await page.waitForSelector(sel);
  await page.focus(sel);
  await page.$eval(sel, (e) => (e as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  if (text) await page.type(sel, text);
}

/** Picks a record in a searchable select of the form: types part of its label, clicks it. */
async function choose(page: Page, name: string, typed: string, value: number): Promise<void> {
  const sel = `.record-form [name="${name}"]`;
  await page.click(sel);
  await page.type(sel, typed);
  await page.waitForSelector(`[data-choices] [role=option][data-value="${value}"]`);
  await page.click(`[data-choices] [role=option][data-value="${value}"]`);
  await page.waitForFunction((s, v) => (document.querySelector(s) as HTMLElement | null)?.dataset.value === v, {}, sel, String(value));
}

/** Whether the page scrolls sideways: a screen usable at this size does not. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('Import Allow (sqlite)', () => {
  let portal: Portal;
  let template: number;
  const validTo = addDays(sqlDate(), 10);
  const sentence = `Excel import is not allowed for BNK-01 Statement of Financial Position of Harbourline Bank Ltd until ${shownDay(addDays(validTo, 1))}.`;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    template = Number((await portal.t.database.db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A new Open form of entity 1 on `code`; for BNK-01 also a workbook typing 4321 into a cell of it. */
  async function newForm(code: string) {
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    const tpl = Number((await db('formtemplate').where({ code }).first('id')).id);
    await db('formbatch').insert({ re: 1, name: `Import allow ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: tpl, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    await bumpVersions(db, ['formbatch', 'form']);
    const { layout, properties } = await filedTemplate(db, { id: form, formtemplate: tpl, templateversion: 1 });
    const cell = layout.cells.find((c) => c.place.cell.editor === 'numeric')!;
    const address = layout.address(cell, 0, {});
    const bytes = await contractWorkbook({ form, template: code, version: 1, tabs: properties.items, cells: [{ tab: cell.tab, address, code: cell.code, type: 'numeric', value: 4321 }] });
    return { form, tab: cell.tab, address, bytes };
  }

  for (const [width, height] of [[1024, 768], [1440, 900]] as const) {
    it(`lets staff add a rule refusing BNK-01 to an entity, whose preparer is told beforehand and whose import is refused with the sentence (${width}×${height})`, async () => {
      const db = portal.t.database.db;
      await db('import_allow').delete();
      await bumpVersions(db, ['import_allow']);
      // The entity files on another template too, so it may still import: only BNK-01 is refused.
      await newForm('TRC-02');
      const bnk = await newForm('BNK-01');

      const staff = await portal.page();
      await staff.page.setViewport({ width, height });
      await signIn(staff.page, portal.url, 'iru', undefined, '/iru/importallow');
      await staff.page.waitForSelector('h1');
      await staff.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Import Allow');
      expect(await staff.page.title()).toMatch(/^Import Allow \| /);
      await staff.page.goto(`${portal.url}/iru/importallow/create`);
      await staff.page.waitForSelector('[data-form][data-mode=create]');
      expect(await staff.page.$eval('h1', (e) => e.textContent)).toMatch(/Import Allow Rule/);
      await choose(staff.page, 're', 'Harbourline', 1);
      await choose(staff.page, 'formtemplate', 'Statement', template);
      expect(await staff.page.$eval('.record-form [name=allowed]', (e) => (e as HTMLInputElement).checked)).toBe(false);
      await setField(staff.page, 'validto', shownDay(validTo));
      await setField(staff.page, 'reason', 'Restated figures expected from the auditor');
      expect(await scrollsSideways(staff.page)).toBe(false);
      expect(await seriousViolations(staff.page)).toEqual([]);
      await staff.page.click('[data-action=save]');
      expect(await answerDialog(staff.page, 'ok')).toContain('Created');
      await waitForPath(staff.page, (p) => /^\/iru\/importallow\/view\/\d+$/.test(p));
      expect(await db('import_allow').first('re', 'sector', 'formtemplate', 'allowed', 'validto')).toMatchObject({ re: 1, sector: null, formtemplate: template, validto: validTo });

      // The list shows the rule in words, its day as DD/MM/YYYY.
      await staff.page.goto(`${portal.url}/iru/importallow`);
      await staff.page.waitForSelector('[role=row][data-row-id]');
      const row = await staff.page.$eval('[role=row][data-row-id]', (e) => e.textContent ?? '');
      expect(row).toContain('Harbourline Bank Ltd');
      expect(row).toContain('BNK-01');
      expect(row).toContain(shownDay(validTo));
      expect(row).toContain('No');
      expect(await scrollsSideways(staff.page)).toBe(false);
      expect(staff.errors).toEqual([]);
      await staff.page.close();

      // The preparer is told before uploading, then the import of the BNK-01 workbook is refused with the sentence.
      const dir = await mkdtemp(join(tmpdir(), 'import-allow-'));
      const file = join(dir, 'bnk.xlsx');
      await writeFile(file, bnk.bytes);
      const { page, errors } = await portal.page();
      await page.setViewport({ width, height });
      await signIn(page, portal.url, 'preparer', undefined, '/re/excelimport/create');
      await page.waitForSelector('[data-testid=import-allowance]');
      expect(await page.$eval('[data-testid=import-allowance]', (e) => e.textContent)).toContain(sentence);
      expect(await scrollsSideways(page)).toBe(false);
      await page.type('input[name=name]', 'January returns');
      await page.waitForFunction(() => document.querySelectorAll('select[name=importtype] option[value="1100855"]').length === 1);
      await page.select('select[name=importtype]', '1100855');
      const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await page.click('button[type=submit]');
      expect(await answerDialog(page, 'ok')).toContain('Created!');
      await waitForPath(page, (p) => /^\/re\/excelimport\/\d+$/.test(p));
      await page.waitForFunction(() => document.querySelector('[data-testid=import-state]')?.textContent === 'Failed', { timeout: 30_000 });
      expect(await page.$eval('[data-testid=import-description]', (e) => e.textContent)).toContain(sentence);
      expect(await db('formcell').where({ form: bnk.form, tab: bnk.tab, address: bnk.address }).first('value')).toBeUndefined();
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
