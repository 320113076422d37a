// The regulator's submission list (/iru/formbatch, WebList 49) in Chromium on SQLite: a batch's
// Export to Excel row button downloads the .zip of its forms, and Late notify shows only on an
// overdue batch, queues the entity's notice and says 'Email successfully sent.'; a second click
// the same day is refused with the reason. The entity's own list does not show Late notify.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { afterLoad, answerDialog, clickRowButton, GRID } from './list-support.js';

const daysFromToday = (n: number) => {
  const d = new Date(`${sqlDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function downloaded(dir: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const done = (await readdir(dir)).filter((f) => f.endsWith('.zip'));
    if (done.length) return join(dir, done[0]);
    if (Date.now() > until) throw new Error(`nothing downloaded into ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const OVERDUE = 'H10 Overdue Batch';
const FUTURE = 'H10 Future Batch';

describe('the row buttons of the regulator\'s submission list', () => {
  let portal: Portal;
  let page: Page;
  let dir: string;
  let overdue: number;

  /** A batch of entity 1 due on `duedate` holding one Open BNK-01 form. */
  async function newBatch(name: string, duedate: string): Promise<number> {
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    await db('formbatch').insert({ re: 1, name, endon: '2026-01-31', duedate, state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Balance Sheet', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    return batch;
  }

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    overdue = await newBatch(OVERDUE, daysFromToday(-10));
    await newBatch(FUTURE, daysFromToday(10));
    ({ page } = await portal.page());
    dir = await mkdtemp(join(tmpdir(), 'batch-export-download-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: page.browserContext().id });
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/formbatch`);
    await page.waitForSelector(`${GRID}[data-state=ready]`);
    await page.type('[data-filter=name] input', 'H10');
    const grid = await afterLoad(page, () => page.click('[data-action=search]'));
    expect(grid.rows.map((r) => r[0]).sort()).toEqual([FUTURE, OVERDUE]);
  });
  afterAll(async () => {
    await portal?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const buttonsOf = (name: string) =>
    page.$$eval(`${GRID} [role=row][data-row-id]`, (rows, n) => {
      const row = rows.find((r) => [...r.querySelectorAll('[role=gridcell]')].some((c) => (c.textContent ?? '').trim() === n));
      return [...(row?.querySelectorAll('[data-row-button]') ?? [])].map((b) => b.getAttribute('data-row-button'));
    }, name);

  it('downloads the batch as a .zip holding its form\'s workbook', async () => {
    await clickRowButton(page, OVERDUE, 'Export to Excel');
    const file = await downloaded(dir).catch(async (e) => {
      throw new Error(`${e.message}; jobs: ${JSON.stringify(await portal.t.database.db('job').select('id', 'type', 'state', 'result'))}`);
    });
    const zip = await JSZip.loadAsync(await readFile(file));
    expect(Object.keys(zip.files).filter((f) => f.endsWith('.xlsx'))).toEqual(['BNK-01 2026-01-31.xlsx']);
  });

  it('offers Late notify only on the overdue batch', async () => {
    expect(await buttonsOf(OVERDUE)).toContain('Late notify');
    expect(await buttonsOf(FUTURE)).not.toContain('Late notify');
    expect(await buttonsOf(FUTURE)).toContain('Export to Excel');
  });

  it('sends the overdue batch\'s late notice, then refuses a second one the same day', async () => {
    await clickRowButton(page, OVERDUE, 'Late notify');
    expect(await answerDialog(page, 'yes')).toContain(`Send a late notice for ${OVERDUE}`);
    expect(await answerDialog(page, 'ok')).toContain('Email successfully sent.');
    const mails = await portal.t.database.db('email_outbox').where('subject', 'like', `Late submission: ${OVERDUE}%`).orderBy('id').pluck('recipient');
    expect(mails).toEqual(['re@regportal.example', 'approver@regportal.example']);
    await page.waitForSelector(`${GRID}[data-state=ready]`);
    await clickRowButton(page, OVERDUE, 'Late notify');
    await answerDialog(page, 'yes');
    expect(await answerDialog(page, 'ok')).toContain('A late notice for this submission was already sent today.');
    expect(await portal.t.database.db('state_history').where({ module: 'formbatch', record_id: overdue }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
  it('gives the entity\'s own submission list (/re/batches, the same list 49) Export to Excel, and no Late notify (the entity may never send one)', async () => {
    const { page: rePage } = await portal.page();
    try {
      await signIn(rePage, portal.url, 're');
      await rePage.goto(`${portal.url}/re/batches`);
      await rePage.waitForSelector(`${GRID}[data-state=ready]`);
      await rePage.type('[data-filter=name] input', 'H10');
      await afterLoad(rePage, () => rePage.click('[data-action=search]'));
      const buttons = await rePage.$$eval(`${GRID} [role=row][data-row-id] [data-row-button]`, (bs) => bs.map((b) => [b.getAttribute('data-row-button'), (b as HTMLButtonElement).disabled]));
      expect(buttons).toContainEqual(['Export to Excel', false]);
      expect(buttons.map(([label]) => label)).not.toContain('Late notify');
    } finally {
      await rePage.close();
    }
  });
});
