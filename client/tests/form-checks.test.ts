// Checks where the work happens, on the form entry page (/re/form/:id) in Chromium on SQLite:
// "Check now" lists the form's breaches in words, each a link to its cell; "Submit for
// verification" of a form that breaks its rules is refused with the same list; "Copy from last
// period" fills the chosen tabs from the last accepted return; the validation report downloads as
// a PDF; a checker finds Copy from last period disabled, with its reason.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverCall } from './list-support.js';
import { fillTheRest, formState, openForm, openFormWithDropdown, rowsOf, serverData } from './filing-support.js';

async function downloaded(dir: string, ext: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const done = (await readdir(dir)).filter((f) => f.endsWith(`.${ext}`));
    if (done.length) return join(dir, done[0]);
    if (Date.now() > until) throw new Error(`nothing downloaded into ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('checks, reports and copying on the form entry page', () => {
  let portal: Portal;
  let page: Page;
  let form: number;
  let dir: string;

  /** An accepted BNK-01 return of entity 1 for December 2023, filed and signed off through the protocol. */
  async function acceptedLastPeriod(): Promise<void> {
    const db = portal.t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'December 2023', endon: '2023-12-31', duedate: '2024-01-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Statement of Financial Position', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2023-12-31', createon });
    const last = Number((await db('form').max({ id: 'id' }))[0].id);
    const cells = [
      ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 100 }, { tab, address: `C${r}`, value: 90 }])),
      { tab: '03', address: 'B2', value: '31-12-2023' },
      { tab: '03', address: 'B3', value: 'Last Year Auditors LLP' },
      { tab: '03', address: 'B5', value: '200000' },
    ];
    const ctrOf = (values: Awaited<ReturnType<typeof serverCall>>) => Number(rowsOf(values)[0].updatectr);
    let ctr = ctrOf(await serverCall(portal, 'preparer', 'Form.saveData', [{ form: last, updatectr: 1, cells }]));
    const step = async (who: string, state: number) => (ctr = ctrOf(await serverCall(portal, who, 'Record.update', [{ module: who === 'iru' ? 'Form' : 'REForm', fields: ['id', 'updatectr', 'state'], values: [last, ctr, state], read: ['id', 'updatectr'] }])));
    await step('preparer', 78);
    await step('checker', 55);
    ctr = ctrOf(await serverCall(portal, 'approver', 'Form.submit', [{ form: last, updatectr: ctr }]));
    await step('iru', 45);
  }

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    form = await openFormWithDropdown(portal);
    await fillTheRest(portal, 'preparer', form);
    await acceptedLastPeriod();
    ({ page } = await portal.page());
    await page.setViewport({ width: 1366, height: 768 });
    dir = await mkdtemp(join(tmpdir(), 'form-checks-download-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: page.browserContext().id });
    await signIn(page, portal.url, 'preparer');
  });
  afterAll(async () => {
    await portal?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the breaches in words when "Check now" is pressed, each a link to its cell', async () => {
    await openForm(page, `${portal.url}/re/form/${form}`);
    await page.click('[data-action=validate]');
    await page.waitForSelector('[data-problem-cell="03!B3"]');
    expect(await page.$eval('[data-testid=problems]', (e) => e.textContent)).toContain('SFP-N B3: This cell must be filled in. (Name of the external auditor)');
    await page.click('[data-problem-cell="03!B3"]');
    await page.waitForFunction(() => document.querySelector('[data-testid=cell-address]')?.textContent === '03!B3');
    expect(await page.$eval('[role=tab][aria-selected=true]', (t) => t.getAttribute('data-tab-id'))).toBe('03');
  });

  it('refuses "Submit for verification" while the form breaks its rules, showing the same list', async () => {
    // A cell of the grid is selected (the link above): the dialog stands above the grid's frozen header.
    await page.click('[data-move=prepare]');
    await answerDialog(page, 'yes');
    expect(await answerDialog(page, 'ok')).toContain('problems that must be corrected first');
    expect(await page.$eval('[data-testid=problems]', (e) => e.textContent)).toContain('SFP-N B3: This cell must be filled in.');
    expect(await formState(page)).toBe(13);
  });

  it('fills the chosen tabs from the last accepted return with "Copy from last period"', async () => {
    expect(await page.$eval('[data-action=copy-previous]', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await page.click('[data-action=copy-previous]');
    await page.waitForSelector('[data-dialog=copy-previous]');
    // Only the notes: the figures typed this period stay.
    await page.click('[data-copy-tab="01"]');
    await page.click('[data-copy-tab="02"]');
    await page.click('[data-dialog=copy-previous] [data-button=copy]');
    expect(await answerDialog(page, 'ok')).toContain('copied from the return for the period ending 31/12/2023');
    const { cells } = await serverData(portal, 'preparer', form);
    expect(cells.get('03!B3')).toBe('Last Year Auditors LLP');
    expect(cells.get('01!B4')).toBe('350');
    await page.waitForFunction(() => !document.querySelector('[data-problem-cell="03!B3"]'));
  });

  it('downloads the validation report as a PDF naming the form, its period and its rules', async () => {
    // After the copy the page reloads the form: its buttons come back with it.
    await page.waitForSelector('[data-action=validation-report-pdf]:not([disabled])', { visible: true });
    await page.click('[data-action=validation-report-pdf]');
    const file = await downloaded(dir, 'pdf');
    const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: await readFile(file) }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Validation report: BNK-01, period ending 31/01/2024');
    expect(text).toContain('01!B3 Cash and short-term funds (Current year) Must be filled in Failed');
    expect(text).toContain('03!B3 Name of the external auditor Must be filled in Passed');
  });

  it('shows a checker "Copy from last period" disabled, with the reason', async () => {
    const { page: checker } = await portal.page();
    await signIn(checker, portal.url, 'checker');
    await openForm(checker, `${portal.url}/re/form/${form}`);
    expect(await checker.$eval('[data-action=copy-previous]', (b) => [(b as HTMLButtonElement).disabled, b.getAttribute('title')])).toEqual([true, 'Only the preparers and approvers of the entity fill in its forms.']);
    await checker.close();
  });
});
