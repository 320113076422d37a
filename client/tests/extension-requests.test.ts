// Extension requests in Chromium against a real engine (seed 003 §2.3, §4.2, §5; docs/resubmission-extension.md):
// the entity requests an extension of an open submission and pays with a PDF proof (refused
// first without one); it sees the request Processing / In Progress once recommended; the regulator
// finds it in its list (counted in the sidebar), is asked for a reason, recommends and approves;
// the submission then shows the approved due date with the original beside it. While the request is
// with the entity a wrong proof is replaced (Upload Proof, then Withdraw), the last one always kept;
// once with the regulator neither button is offered (at 1024x768 and 1440x900). At 1024x768, on
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
const RIGHT_PROOF = '/tmp/h20e-extension-proof-right.pdf';
const SIZES = [{ width: 1024, height: 768 }, { width: 1440, height: 900 }];
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

/** The proofs' names as shown, and which offer Withdraw. */
const proofList = (page: Page) => page.$$eval('.proofs li', (lis) => lis.map((li) => [li.querySelector('a')?.textContent ?? '', Boolean(li.querySelector('button[name=withdraw-proof]'))]));

/** Whether the element is drawn inside the viewport (not hidden, clipped off to the right or below). */
const onScreen = (page: Page, selector: string) =>
  page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth && getComputedStyle(e).visibility !== 'hidden';
  });

describe.each(['sqlite', 'mysql'] as const)('extension requests (%s)', (dialect) => {
  let portal: Portal;
  let batchId = 0;
  let id = 0;
  const due = iso(20);
  const wanted = iso(35);

  beforeAll(async () => {
    portal = await startPortal(dialect);
    for (const f of [PROOF, RIGHT_PROOF]) writeFileSync(f, '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
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

  it('lets the entity replace a wrong proof while the request is with it, keeping at least one, at 1024x768 and 1440x900', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport(SIZES[0]);
    await signIn(page, portal.url, 're', undefined, `/re/extension/${id}`);
    await page.waitForSelector('.proofs');
    // The only proof of a Paid request is kept: no Withdraw, and the page says how to replace it.
    expect(await proofList(page)).toEqual([['h20e-extension-proof.pdf', false]]);
    expect(await page.$eval('[data-last-proof]', (e) => e.textContent)).toBe('At least one payment proof is kept: to replace this one, upload the right proof, then withdraw this one.');
    for (const size of SIZES) {
      await page.setViewport(size);
      expect(await onScreen(page, 'button[name=upload-proof]')).toBe(true);
      expect(await onScreen(page, 'input[name=add-proof]')).toBe(true);
    }
    await page.setViewport(SIZES[0]);
    // Upload Proof with nothing chosen says what is missing.
    await page.click('button[name=upload-proof]');
    expect(await answerDialog(page, 'ok')).toContain('Please upload at least one payment proof');
    const input = await page.waitForSelector('input[name=add-proof]');
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(RIGHT_PROOF);
    await page.click('button[name=upload-proof]');
    expect(await answerDialog(page, 'ok')).toContain('Payment proof uploaded.');
    await page.waitForFunction(() => document.querySelectorAll('.proofs li').length === 2);
    // The file box no longer shows the file just sent.
    expect(await page.$eval('input[name=add-proof]', (e) => (e as HTMLInputElement).files?.length ?? 0)).toBe(0);
    expect(await proofList(page)).toEqual([['h20e-extension-proof.pdf', true], ['h20e-extension-proof-right.pdf', true]]);
    expect(await page.$('[data-last-proof]')).toBeNull();
    for (const size of SIZES) {
      await page.setViewport(size);
      expect(await onScreen(page, '.proofs li:first-child button[name=withdraw-proof]')).toBe(true);
    }
    await screenshot(page, 'extension-two-proofs-1440');
    await page.setViewport(SIZES[0]);
    // Withdraw asks first; Cancel keeps the proof.
    await page.click('.proofs li:first-child button[name=withdraw-proof]');
    expect(await answerDialog(page, 'no')).toContain('Withdraw this payment proof?');
    expect((await proofList(page)).length).toBe(2);
    await page.click('.proofs li:first-child button[name=withdraw-proof]');
    expect(await answerDialog(page, 'yes')).toContain('h20e-extension-proof.pdf');
    expect(await answerDialog(page, 'ok')).toContain('Payment proof withdrawn.');
    await page.waitForFunction(() => document.querySelectorAll('.proofs li').length === 1);
    expect(await proofList(page)).toEqual([['h20e-extension-proof-right.pdf', false]]);
    await page.waitForSelector('[data-last-proof]');
    const kept = await portal.t.database.db('extension_reference').where({ fk_extension: id }).pluck('name');
    expect(kept.map(String)).toEqual(['h20e-extension-proof-right.pdf']);
    await screenshot(page, 'extension-proof-replaced');
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
    // With the regulator now: the proofs stay as they are, neither Withdraw nor Upload Proof is offered, at either size.
    for (const size of SIZES) {
      await entity.page.setViewport(size);
      expect(await proofList(entity.page)).toEqual([['h20e-extension-proof-right.pdf', false]]);
      expect(await entity.page.$$('button[name=withdraw-proof], button[name=upload-proof], input[name=add-proof], [data-last-proof]')).toEqual([]);
    }
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
