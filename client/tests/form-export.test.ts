// The Export to Excel button of the form entry page (/re/form/:id) in Chromium on SQLite: the
// preparer clicks it, the job is polled and the browser downloads the form's workbook (read back
// with exceljs: its hidden map names the form); a refused export shows "Error Generating Excel"
// with the reason; an approver-view-only form offers no export to the preparer (its approver keeps it).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bumpVersions } from '../../engine/db/change-versions.js';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { fillTheRest, openForm, openFormWithDropdown } from './filing-support.js';

async function downloaded(dir: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const done = (await readdir(dir)).filter((f) => f.endsWith('.xlsx'));
    if (done.length) return join(dir, done[0]);
    if (Date.now() > until) throw new Error(`nothing downloaded into ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('exporting a form to Excel from the entry page', () => {
  let portal: Portal;
  let page: Page;
  let form: number;
  let dir: string;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    form = await openFormWithDropdown(portal);
    await fillTheRest(portal, 'preparer', form);
    ({ page } = await portal.page());
    dir = await mkdtemp(join(tmpdir(), 'form-export-download-'));
    const cdp = await page.createCDPSession();
    // Downloads of the test's own browser context go to `dir`.
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: page.browserContext().id });
    await signIn(page, portal.url, 'preparer');
  });
  afterAll(async () => {
    await portal?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('downloads the form as a workbook whose cells hold the values the server holds', async () => {
    await openForm(page, `${portal.url}/re/form/${form}`);
    await page.click('[data-action=export-excel]');
    const file = await downloaded(dir).catch(async (e) => {
      throw new Error(`${e.message}; jobs: ${JSON.stringify(await portal.t.database.db('job').select('id', 'type', 'state', 'result'))}`);
    });
    expect(file).toMatch(/BNK-01 2024-01-31\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    expect(wb.getWorksheet('_regportal')!.getCell('B2').value).toBe(form);
    expect(wb.worksheets[0].getCell('B4').value).toBe(350);
    expect(await page.$eval('[data-action=export-excel]', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
  });

  it('shows Error Generating Excel with the reason when the export is refused', async () => {
    const template = (await portal.t.database.db('form').where({ id: form }).first('formtemplate')).formtemplate;
    await portal.t.database.db('formtemplate').where({ id: template }).update({ approverviewonly: true });
    await bumpVersions(portal.t.database.db, ['formtemplate']);
    try {
      await page.click('[data-action=export-excel]');
      const text = await answerDialog(page, 'ok');
      expect(text).toContain('Error Generating Excel');
      expect(text).toContain('You do not have permission');
    } finally {
      await portal.t.database.db('formtemplate').where({ id: template }).update({ approverviewonly: false });
      await bumpVersions(portal.t.database.db, ['formtemplate']);
    }
  });
  it('hides Export to Excel on an approver-view-only form from a preparer, and shows it to the approver', async () => {
    const template = (await portal.t.database.db('form').where({ id: form }).first('formtemplate')).formtemplate;
    await portal.t.database.db('formtemplate').where({ id: template }).update({ approverviewonly: true });
    await bumpVersions(portal.t.database.db, ['formtemplate']);
    const { page: approverPage } = await portal.page();
    try {
      await openForm(page, `${portal.url}/re/form/${form}`);
      expect(await page.$('[data-action=export-excel]')).toBeNull();
      expect(await page.$('[data-action=history]')).not.toBeNull();
      await signIn(approverPage, portal.url, 'approver');
      await openForm(approverPage, `${portal.url}/re/form/${form}`);
      expect(await approverPage.$('[data-action=export-excel]')).not.toBeNull();
    } finally {
      await portal.t.database.db('formtemplate').where({ id: template }).update({ approverviewonly: false });
      await bumpVersions(portal.t.database.db, ['formtemplate']);
      await approverPage.close();
    }
  });
});
