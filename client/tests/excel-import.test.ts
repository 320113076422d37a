// Excel import in Chromium against a real engine on SQLite (seed 003 §2.4; docs/excel.md): the
// preparer fills Create Excel Import (Title, Form Type as the server offers it, a workbook of the workbook contract),
// saves, and watches the import's page go to Completed as the engine's job worker runs it; the
// form then holds what the workbook held.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { filedTemplate } from '../../portal/filing/form-data.js';
import { contractWorkbook, type ContractCell } from '../../portal/jobs/form-import/testing/contract-workbook.js';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { formWords } from '../../portal/jobs/form-import/testing/form-words.js';

describe('Excel import (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('creates an import with a workbook on /re/excelimport/create and shows it Completed on its page', async () => {
    const db = portal.t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Import in the browser', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const { layout, properties } = await filedTemplate(db, { id: form, formtemplate: Number(template.id), templateversion: 1 });
    const cell = layout.cells.find((c) => c.tab === '01' && c.place.cell.editor === 'numeric')!;
    const cells: ContractCell[] = [{ tab: '01', address: layout.address(cell, 0, {}), code: cell.code, type: 'numeric', value: 4321 }];
    const dir = await mkdtemp(join(tmpdir(), 'excel-import-'));
    const file = join(dir, 'returns.xlsx');
    await writeFile(file, await contractWorkbook({ form, template: 'BNK-01', version: 1, tabs: properties.items, cells }));

    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'preparer', undefined, '/re/excelimport/create');
    await page.waitForSelector('input[name=name]');
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Create Excel Import');
    expect(await page.$eval('textarea[name=description]', (e) => (e as HTMLTextAreaElement).disabled)).toBe(true);
    expect(await page.$eval('input[type=file]', (e) => [(e as HTMLInputElement).multiple, e.getAttribute('accept')])).toEqual([true, '.xls,.xlsx']);
    expect(await page.$eval('input[name=replaceall]', (e) => (e as HTMLInputElement).checked)).toBe(false);
    // The Form Types come from the server (Job.ImportFromExcel.types): the preparer (role 25) imports main forms only.
    await page.waitForFunction(() => document.querySelectorAll('select[name=importtype] option[value="1100855"]').length === 1);
    expect(await page.$$eval('select[name=importtype] option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))).toEqual(['1100855']);
    await page.type('input[name=name]', 'January returns');
    // Without a file: the seed's message.
    await page.select('select[name=importtype]', '1100855');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please upload at least one excel files.');
    const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    await waitForPath(page, (p) => /^\/re\/excelimport\/\d+$/.test(p));
    // The page polls every 3 s: Not Started or In Progress first, then Completed.
    await page.waitForFunction(() => document.querySelector('[data-testid=import-state]')?.textContent === 'Completed', { timeout: 30_000 });
    expect(await page.$eval('[data-testid=import-description]', (e) => e.textContent)).toBe(`returns.xlsx: 1 cell written into ${formWords(form, 'BNK-01')}.`);
    // Unticked, the import writes only what the workbook changes, and its page says so.
    expect(await page.$eval('[data-testid=excel-import]', (e) => e.textContent)).toContain('Replace the whole formNo: only the cells the workbooks change are written');
    // Dates as people write them, not as stored.
    expect(await page.$eval('[data-testid=excel-import]', (e) => e.textContent)).toMatch(/Created On\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [ap]m/);
    const stored = await db('formcell').where({ form, tab: '01', address: cells[0].address }).first('value');
    expect(Number(stored.value)).toBe(4321);
    expect(errors).toEqual([]);
  });
});
