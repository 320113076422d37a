// A resubmission request in Chromium against a real engine (seed 003 §2.2, §4.1, §5;
// docs/resubmission-extension.md): the entity asks to resubmit a tab of an accepted form (the
// category dialog, the search, Add, a data item), the regulator proceeds to payment, the entity
// pays with a PDF proof, the regulator recommends with a reason and approves; on the effective
// date the form reopens, the entity amends it in the entry grid and submits it again, and the
// form's history keeps both versions. On both databases.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, clickRowButton, readGrid, serverCall } from './list-support.js';
import { move, openForm, rowsOf, typeInto } from './filing-support.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { testDialects } from '../../engine/testing/test-database.js';

/** Every input cell of the demo BNK-01 filled so that it passes (portal/actions/filing/form-filing.test.ts). */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1,000,000.50' },
];
const DATA_ITEM = 'Cash and short-term funds';

const ribbon = (page: Page) => page.$eval('.thread-ribbon', (e) => (e.textContent ?? '').trim());
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(await testDialects())('resubmission journey on %s', (dialect) => {
  let portal: Portal;
  let form = 0;
  let acceptedAt = 0;
  let id = 0;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    // A BNK-01 form of entity 1 filed, signed off and accepted through the protocol: its own batch is Completed.
    const db = portal.t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'January 2026 Resubmission Returns', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Statement of Financial Position', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', category: 100211, calendar: 277, properties: JSON.stringify({ items: [{ id: '01', title: 'Assets' }, { id: '02', title: 'Liabilities' }, { id: '03', title: 'Notes' }] }), createon });
    form = Number((await db('form').max({ id: 'id' }))[0].id);
    const step = async (userid: string, action: string, args: Record<string, unknown>) => Number(rowsOf(await serverCall(portal, userid, action, [args]))[0].updatectr);
    let ctr = await step('preparer', 'Form.saveData', { form, updatectr: 1, cells: COMPLETE_BNK01 });
    ctr = await step('preparer', 'Record.update', { module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 78] });
    ctr = await step('checker', 'Record.update', { module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 55] });
    ctr = await step('approver', 'Form.submit', { form, updatectr: ctr });
    acceptedAt = await step('iru', 'Record.update', { module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 45] });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets the entity ask to resubmit a tab of an accepted form: category, search, Add, data item, date and reason', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, '/re/resubmission');
    await readGrid(page);
    expect(await page.title()).toMatch(/^Resubmission \| /);
    await page.click('[data-top-button=Create]');
    await waitForPath(page, (p) => p === '/re/resubmission/create');
    // Entity 1 is a sector 1 bank and `re` a senior approver: the dialog offers the three categories.
    await page.waitForSelector('[data-dialog=form-category]');
    expect(await page.$$eval('[data-dialog=form-category] label', (l) => l.map((x) => x.textContent))).toEqual(['Main Forms', 'SMD Forms', 'App I / App II Forms']);
    await page.click('[data-dialog=form-category] input[value="100211"]');
    await page.click('button[name=choose-category]');
    expect(await page.title()).toMatch(/^Request Resubmission \| /);
    await page.select('select[name=year]', '2026');
    await page.select('select[name=month]', '1');
    await page.type('input[name=code]', 'BNK-01');
    await page.click('button[name=search]');
    await page.waitForSelector(`[data-results] tr[data-form="${form}"]`);
    // Saving with nothing chosen is refused with the seed's message.
    await page.click('button[name=save]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    await page.click(`input[name="tab-${form}-01"]`);
    await page.click('button[name=add]');
    await page.waitForSelector(`input[name="item-${form}-01"]`);
    await page.type(`input[name="item-${form}-01"]`, DATA_ITEM);
    expect(await page.$eval('[data-effective-note]', (e) => e.textContent)).toBe('The effective resubmission date is three days after approval, or as approved by the regulator.');
    await page.$eval('input[name=requestextdate]', (e, v) => {
      const input = e as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, isoIn(10));
    await page.type('textarea[name=reason]', 'The cash line was misstated.');
    await page.click('button[name=save]');
    expect(await answerDialog(page, 'ok')).toContain('Requested!');
    const path = await waitForPath(page, (p) => /^\/re\/resubmission\/\d+$/.test(p));
    id = Number(path.split('/').pop());
    await page.waitForSelector('.thread-ribbon');
    expect(await ribbon(page)).toBe('Pending');
    expect(await page.$$eval('[data-forms] tbody td', (c) => c.map((x) => x.textContent))).toEqual(expect.arrayContaining(['BNK-01', DATA_ITEM]));
    expect(await page.title()).toBe(`Resubmission #${id} | ${(await page.title()).split(' | ')[1]}`);
    expect(errors).toEqual([]);
  });

  it('lets the regulator proceed to payment, and the entity pay with a PDF proof', async () => {
    const officer = await portal.page();
    await officer.page.setViewport({ width: 1024, height: 768 });
    await signIn(officer.page, portal.url, 'iru', undefined, '/iru/resubmission');
    await readGrid(officer.page);
    await clickRowButton(officer.page, 'The cash line was misstated.', 'Detail');
    await waitForPath(officer.page, (p) => p === `/iru/resubmission/${id}`);
    await officer.page.waitForSelector('[data-panel=process]');
    await officer.page.click('button[name=proceed]');
    expect(await answerDialog(officer.page, 'ok')).toContain('Status Changed');
    await officer.page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Pending Payment');
    expect(officer.errors).toEqual([]);

    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, `/re/resubmission/${id}`);
    await page.waitForSelector('[data-panel=payment]');
    await page.click('button[name=pay]');
    expect(await answerDialog(page, 'ok')).toContain('Please select your payment method');
    const cheque = await page.$$eval('select[name=paymenttype] option', (o) => o.find((x) => x.textContent === 'Cheque')?.getAttribute('value') ?? '');
    await page.select('select[name=paymenttype]', cheque);
    await page.click('button[name=pay]');
    expect(await answerDialog(page, 'ok')).toContain('Please upload at least one payment proof');
    const dir = mkdtempSync(join(tmpdir(), 'resubmission-'));
    const proof = join(dir, 'slip.pdf');
    writeFileSync(proof, '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const input = (await page.$('[data-panel=payment] input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(proof);
    await page.waitForSelector('[data-proofs]');
    await page.click('button[name=pay]');
    expect(await answerDialog(page, 'yes')).toContain('Confirm Payment?');
    expect(await answerDialog(page, 'ok')).toContain('Payment Successful.');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Pending Recommendation');
    expect(await page.$$eval('[data-files] a', (a) => a.map((x) => x.textContent))).toEqual(['slip.pdf']);
    expect(errors).toEqual([]);
  });

  it('lets the regulator recommend with a reason and approve; the approved date is three days on', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, `/iru/resubmission/${id}`);
    await page.waitForSelector('[data-panel=recommendation]');
    await page.click('button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Please select your reason');
    expect(await page.$eval('select[name=reasonclass]', (e) => e.className)).toContain('invalid');
    await page.waitForFunction(() => (document.querySelectorAll('select[name=reasonclass] option').length ?? 0) > 1);
    await page.select('select[name=reasonclass]', '99001');
    await page.click('button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForSelector('[data-panel=approval]');
    expect(await ribbon(page)).toBe('Recommended');
    await page.click('button[name=approve]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Approved');
    const [y, m, d] = isoIn(3).split('-');
    const summary = await page.$$eval('[data-summary] tr', (rows) => rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]));
    expect(summary).toContainEqual(['Approved Resubmission Date', `${d}/${m}/${y}`]);
    expect(await page.$$eval('[data-history] tbody tr', (r) => r.length)).toBe(5);
    // The refund-completed flag toggles.
    await page.click('input[name=refundcomplete]');
    expect(await answerDialog(page, 'ok')).toContain('Updated!');
    await page.waitForFunction(() => (document.querySelector('input[name=refundcomplete]') as HTMLInputElement | null)?.checked === true);
    expect(errors).toEqual([]);
  });

  it('reopens the form on the effective date; the entity amends it in the entry grid and submits it again, and the history keeps both versions', async () => {
    const db = portal.t.database.db;
    await db('resubmission').where({ id }).update({ apprextdate: isoIn(0) });
    const answer = (await serverCall(portal, 'iru', 'Resubmission.reopenDue', []))[0];
    expect(JSON.parse(answer?.type === 'text' ? answer.text : '{}')).toMatchObject({ requests: 1, forms: 1 });
    expect(Number((await db('form').where({ id: form }).first('state')).state)).toBe(74);

    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'preparer', undefined, '/re/dashboard');
    await openForm(page, `${portal.url}/re/form/${form}`);
    await typeInto(page, 'B3', '3');
    await page.click('[data-tab-id="02"]');
    await page.waitForSelector('[data-testid=entry-grid][data-tab="02"] .ht_master td[data-address]');
    await typeInto(page, 'B3', '3');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('saved');
    expect(await move(page, 'prepare')).toContain('Pending Verification');
    expect(errors).toEqual([]);

    const ctr = Number(rowsOf(await serverCall(portal, 'checker', 'Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, Number((await db('form').where({ id: form }).first('updatectr')).updatectr), 55] }]))[0].updatectr);
    expect(ctr).toBeGreaterThan(0);
    const approver = await portal.page();
    await signIn(approver.page, portal.url, 'approver', undefined, '/re/dashboard');
    await openForm(approver.page, `${portal.url}/re/form/${form}`);
    expect(await move(approver.page, 'submit')).toContain('Submitted');
    expect(approver.errors).toEqual([]);

    // Both versions are in the form's history: the cells the amendment changed, old and new.
    const history = rowsOf(await serverCall(portal, 'iru', 'Form.history', [{ form }]));
    expect(history.map((h) => Number(h.state))).toEqual([13, 78, 55, 56, 45, 74, 13, 78, 55, 56]);
    const last = Number((await db('form').where({ id: form }).first('updatectr')).updatectr);
    const diff = rowsOf(await serverCall(portal, 'iru', 'Form.diff', [{ form, from: acceptedAt, to: last }]));
    expect(diff.map((r) => [r.tab, r.address, r.before, r.after])).toEqual([['01', 'B3', '1', '3'], ['02', 'B3', '1', '3']]);
    expect((await db('resubmission').where({ id }).first('resubmittedon')).resubmittedon).toBeTruthy();
  });

  it('lets the entity edit a request returned for amendment, asking before unsaved edits are lost; an unknown or other entity\'s request is not found', async () => {
    const db = portal.t.database.db;
    const stored = await db('form').where({ id: form }).first('updatectr');
    rowsOf(await serverCall(portal, 'iru', 'Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, Number(stored.updatectr), 45] }]));
    const made = rowsOf(await serverCall(portal, 're', 'Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'reason', 'forms', 'state'], values: [isoIn(12), 'Notes need restating', JSON.stringify([{ form, properties: [{ id: '03', dataitem: 'Auditor' }] }]), 61], read: ['id'] }]))[0];
    const second = Number(made.id);

    const officer = await portal.page();
    await officer.page.setViewport({ width: 1024, height: 768 });
    await signIn(officer.page, portal.url, 'iru', undefined, `/iru/resubmission/${second}`);
    await officer.page.waitForSelector('[data-panel=process]');
    expect(await officer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await officer.page.type('[data-panel=process] textarea[name=remark]', 'Name the tab of the auditor line');
    await officer.page.click('[data-panel=process] button[name=amend]');
    expect(await answerDialog(officer.page, 'ok')).toContain('Status Changed');
    await officer.page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Amendment Required');
    expect(officer.errors).toEqual([]);

    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, `/re/resubmission/${second}`);
    await page.waitForSelector('button[name=edit]');
    await page.click('button[name=edit]');
    await waitForPath(page, (p) => p === `/re/resubmission/${second}/edit`);
    await page.waitForSelector(`input[name="item-${form}-03"]`);
    expect(await page.title()).toMatch(/^Edit Resubmission \| /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.type(`input[name="item-${form}-03"]`, ' (name of the firm)');
    // Leaving with unsaved changes asks first; Stay keeps the edit.
    await page.click('.resubmission-edit form .toolbar button:not([type=submit])');
    expect(await answerDialog(page, 'no')).toContain('Unsaved changes');
    expect(page.url()).toContain(`/re/resubmission/${second}/edit`);
    await page.type('textarea[name=amendremark]', 'The tab is Notes');
    await page.click('button[name=update]');
    expect(await answerDialog(page, 'ok')).toContain('Updated!');
    await waitForPath(page, (p) => p === `/re/resubmission/${second}`);
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Pending');
    expect(await page.$eval('[data-amendremark]', (e) => e.textContent)).toBe('The tab is Notes');
    expect(await page.$$eval('[data-forms] tbody td', (c) => c.map((x) => x.textContent))).toContain('Auditor (name of the firm)');

    // An unknown request, and another entity's, read as not found.
    await page.goto(`${portal.url}/re/resubmission/999999`);
    await page.waitForFunction(() => document.body.textContent?.includes('Resubmission not found.'));
    expect(errors).toEqual([]);
    const other = await portal.page();
    await signIn(other.page, portal.url, 're2', undefined, `/re/resubmission/${second}`);
    await other.page.waitForFunction(() => document.body.textContent?.includes('Resubmission not found.'));

    // The regulator cancels it, after saying yes to the seed's question.
    await officer.page.reload();
    await officer.page.waitForSelector('[data-panel=process] button[name=cancel]');
    await officer.page.click('[data-panel=process] button[name=cancel]');
    expect(await answerDialog(officer.page, 'no')).toContain('Are you really sure?');
    expect(await ribbon(officer.page)).toBe('Pending');
    await officer.page.click('[data-panel=process] button[name=cancel]');
    expect(await answerDialog(officer.page, 'yes')).toContain('Cancel this Resubmission');
    expect(await answerDialog(officer.page, 'ok')).toContain('Status Changed');
    await officer.page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Cancelled');
  });
});
