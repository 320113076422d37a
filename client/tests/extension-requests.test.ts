// Extension requests in Chromium against a real engine (seed 003 §2.3, §4.2, §5; docs/resubmission-extension.md):
// the entity requests an extension of an open submission and pays with a PDF proof (refused
// first without one); it sees the request Processing / In Progress once recommended; the regulator
// finds it in its list (counted in the sidebar), is asked for a reason, recommends and approves;
// the submission then shows the approved due date with the original beside it. At 1024x768, on
// SQLite and MariaDB.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, clickRowButton, column, readGrid } from './list-support.js';

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const PROOF = '/tmp/h20e-extension-proof.pdf';
const CHEQUE = '1100481';

const ribbon = (page: Page) => page.$eval('.thread-ribbon', (e) => (e.textContent ?? '').trim());
const cell = (page: Page, key: string) => page.$eval(`tr[data-row=${key}] td`, (e) => (e.textContent ?? '').trim());

/** Sets a controlled input's value as a user's typing would (date inputs take no typed text reliably). */
async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (e, v) => {
      const input = e as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

describe.each(['sqlite', 'mysql'] as const)('extension requests (%s)', (dialect) => {
  let portal: Portal;
  let batchId = 0;
  let id = 0;
  const due = iso(20);
  const wanted = iso(35);

  beforeAll(async () => {
    portal = await startPortal(dialect);
    writeFileSync(PROOF, '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const db = portal.t.database.db;
    const batch = { re: 1, name: 'Extension Journey Returns', endon: iso(-10), duedate: due, state: 13, updatectr: 1, createon: new Date().toISOString().slice(0, 19).replace('T', ' ') };
    const [row] = dialect === 'mysql' ? await db('formbatch').insert(batch) : await db('formbatch').insert(batch).returning('id');
    batchId = Number(typeof row === 'object' ? (row as { id: number }).id : row);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets the entity request an extension and pay with a PDF proof, refused first without a proof', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, '/re/extension/create');
    await page.waitForSelector(`select[name=formbatch] option[value="${batchId}"]`);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Request Extension');
    expect(await page.title()).toMatch(/^Request Extension \| /);
    // Submitted and closed batches are not offered.
    const offered = await page.$$eval('select[name=formbatch] option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const states = await portal.t.database.db('formbatch').whereIn('id', offered.map(Number)).pluck('state');
    expect(states.every((s) => [75, 13, 54].includes(Number(s)))).toBe(true);

    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    await page.select('select[name=formbatch]', String(batchId));
    expect(await page.$eval('input[name=extenddate]', (e) => (e as HTMLInputElement).min)).toBe(iso(21));
    await setValue(page, 'input[name=extenddate]', wanted);
    await page.type('textarea[name=description]', 'Our auditors sign off two weeks late.');
    await page.select('select[name=paymenttype]', CHEQUE);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please upload at least one payment proof');
    const file = await page.waitForSelector('input[name=file]');
    await (file as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(PROOF);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'yes')).toContain('Confirm Payment?');
    expect(await answerDialog(page, 'ok')).toContain('Payment Successful. Extension requested.');
    const path = await waitForPath(page, (p) => /^\/re\/extension\/\d+$/.test(p));
    id = Number(path.split('/').pop());
    await page.waitForSelector('.thread-ribbon');
    expect(await ribbon(page)).toBe('Paid');
    expect(await cell(page, 'extenddate')).toBe(shown(wanted));
    expect(await page.$$eval('.proofs a', (as) => as.map((a) => a.textContent))).toEqual(['h20e-extension-proof.pdf']);
    expect(await page.title()).toBe(`Extension #${id} | ${await page.evaluate(() => document.title.split(' | ')[1])}`);
    await screenshot(page, 'extension-paid');
    expect(errors).toEqual([]);
  });

  it('lets the regulator find it, asks for a reason, and recommend it; the entity then sees it In Progress', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, '/iru/extension');
    const grid = await readGrid(page);
    expect(grid.headers).toEqual(expect.arrayContaining(['End Date', 'Current Due Date', 'Reporting Entity', 'Requested Extension Date', 'Approved Extension Date', 'Requested On', 'Status']));
    expect(column(grid, 'Requested Extension Date')).toContain(shown(wanted));
    await page.waitForSelector('a.menu-link[href="/iru/extension"] .badge');
    expect(Number(await page.$eval('a.menu-link[href="/iru/extension"] .badge', (e) => e.textContent))).toBeGreaterThanOrEqual(1);
    await clickRowButton(page, shown(wanted), 'Detail');
    await waitForPath(page, (p) => p === `/iru/extension/${id}`);
    await page.waitForSelector('.recommendation-panel');
    expect(await page.$eval('input[name=extenddaterecommend]', (e) => (e as HTMLInputElement).value)).toBe(wanted);
    await page.click('button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Please select your reason');
    expect(await page.$eval('select[name=reason]', (e) => e.closest('label')?.textContent ?? '')).toContain('Please select your reason');
    await page.select('select[name=reason]', '101001');
    await page.click('button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Recommended');
    await page.waitForSelector('.approval-panel');
    expect(errors).toEqual([]);

    const entity = await portal.page();
    await entity.page.setViewport({ width: 1024, height: 768 });
    await signIn(entity.page, portal.url, 're', undefined, `/re/extension/${id}`);
    await entity.page.waitForSelector('.thread-ribbon');
    expect(await ribbon(entity.page)).toBe('Processing');
    expect(await entity.page.$('.recommendation-panel, .approval-panel')).toBeNull();
    await entity.page.goto(`${portal.url}/re/extension`);
    const theirs = await readGrid(entity.page);
    expect(theirs.headers).not.toContain('Reporting Entity');
    expect(column(theirs, 'Status')[column(theirs, 'Requested Extension Date').indexOf(shown(wanted))]).toBe('In Progress');
    expect(entity.errors).toEqual([]);
  });

  it('lets the regulator approve it, and the submission is then due on the approved date with its original kept', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, `/iru/extension/${id}`);
    await page.waitForSelector('.approval-panel');
    expect(await page.$eval('input[name=extenddateapprv]', (e) => (e as HTMLInputElement).value)).toBe(wanted);
    await page.type('textarea[name=description2]', 'Granted.');
    await page.click('button[name=approve]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Approved');
    expect(await cell(page, 'extenddateapprv')).toBe(shown(wanted));
    expect(await cell(page, 'duedate')).toBe(`${shown(wanted)} (originally ${shown(due)})`);
    expect(errors).toEqual([]);

    const entity = await portal.page();
    await entity.page.setViewport({ width: 1024, height: 768 });
    await signIn(entity.page, portal.url, 're', undefined, `/re/batch/${batchId}`);
    await entity.page.waitForSelector('[data-fact=duedate]');
    expect(await entity.page.$eval('[data-fact=duedate]', (e) => (e.textContent ?? '').trim())).toContain(shown(wanted));
    await entity.page.goto(`${portal.url}/re/extension/${id}`);
    await entity.page.waitForSelector('.thread-ribbon');
    expect(await ribbon(entity.page)).toBe('Approved');
    await screenshot(entity.page, 'extension-approved');
    expect(entity.errors).toEqual([]);
  });

  it('says so for a request that does not exist', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, '/re/extension/999999');
    await page.waitForSelector('[data-not-found], [role=alert]');
    expect(await page.evaluate(() => document.body.textContent ?? '')).toContain('Extension request not found.');
    expect(await page.title()).toMatch(/^Extension not found \| /);
    expect(errors).toEqual([]);
  });
});
