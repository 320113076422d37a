// Threads in Chromium against a real engine (seed 002 §2, §4, §5; docs/threads.md): an RE user
// raises a help desk question from the create form, IRU finds it in the General Helpdesk list and
// replies, the RE user sees the reply and the state Responded; IRU closes it after the seed's
// confirmation and the reply box goes; another entity's thread sends an RE user back to the list.
// Queries: the IRU list's bulk status with the seed's messages, a reply, closing and a conclusion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog, readGrid, column } from './list-support.js';

const SUBJECT = 'Where do I find the filing calendar?';
const REPLY = 'It is under Submissions, in the calendar column.';
/** seeds/demo-threads.ts: thread 4 belongs to entity 2 (user re2). */
const OTHER_ENTITY_THREAD = 4;

const ribbon = (page: Page) => page.$eval('.thread-ribbon', (e) => (e.textContent ?? '').trim());

describe('help desk threads (sqlite)', () => {
  let portal: Portal;
  let id = 0;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets an RE user raise a question from a prefilled form, refusing it while the message is empty', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, `/re/helpdesk/create?c=1410&s=${encodeURIComponent(SUBJECT)}`);
    await page.waitForFunction(() => (document.querySelector('select[name=category]') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent === 'General Enquiry');
    expect(await page.$eval('input[name=name]', (e) => (e as HTMLInputElement).value)).toBe(SUBJECT);
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    expect(await page.$eval('textarea[name=description]', (e) => e.className)).toContain('invalid');

    await page.type('textarea[name=description]', 'Line one\nLine two');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    const path = await waitForPath(page, (p) => /^\/re\/helpdesk\/\d+$/.test(p));
    id = Number(path.split('/').pop());
    await page.waitForSelector('.thread-ribbon');
    expect(await ribbon(page)).toBe('New');
    expect(await page.$eval('.thread-title', (e) => e.textContent)).toBe(`(General Enquiry) ${SUBJECT}`);
    expect(await page.$eval('.thread-description', (e) => e.textContent)).toBe('Line one\nLine two');
    expect(await page.$('.thread-status-dialog, button[title="Change Status"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows the question to IRU in the General Helpdesk list, and IRU replies in the thread', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/helpdesk');
    const grid = await readGrid(page);
    expect(grid.headers).toEqual(expect.arrayContaining(['Category', 'Subject', 'Created By', 'Email Address', 'Reporting Entity', 'Date', 'Status']));
    expect(column(grid, 'Subject')[0]).toBe(SUBJECT);
    expect(column(grid, 'Email Address')[0]).toBe('re@regportal.example');

    await page.goto(`${portal.url}/iru/helpdesk/${id}`);
    await page.waitForSelector('.thread-reply');
    await page.click('.thread-reply button');
    expect(await answerDialog(page, 'ok')).toContain('Please enter your message before reply');
    expect(await page.$eval('textarea[name=reply]', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await page.type('textarea[name=reply]', REPLY);
    await page.click('.thread-reply button');
    expect(await answerDialog(page, 'ok')).toContain('Sent!');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Responded');
    expect(errors).toEqual([]);
  });

  it('shows the RE user the reply, highlighted as staff, and the state Responded', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, `/re/helpdesk/${id}`);
    await page.waitForSelector('.thread-message');
    expect(await ribbon(page)).toBe('Responded');
    const messages = await page.$$eval('.thread-message', (els) => els.map((e) => [e.className, e.querySelector('.thread-message-text')?.textContent, e.querySelector('.thread-author')?.textContent?.trim()]));
    expect(messages).toEqual([['thread-message thread-message-staff', REPLY, 'IRU Officer']]);
    await screenshot(page, 'threads-re-sees-reply');

    // The RE list shows it too, without the regulator's columns.
    await page.goto(`${portal.url}/re/helpdesk`);
    const grid = await readGrid(page);
    expect(grid.headers).not.toContain('Email Address');
    expect(column(grid, 'Status')[column(grid, 'Subject').indexOf(SUBJECT)]).toBe('Responded');

    await page.goto(`${portal.url}/re/helpdesk/${OTHER_ENTITY_THREAD}`);
    await waitForPath(page, (p) => p === '/re/helpdesk');
    expect(errors).toEqual([]);
  });

  it('lets IRU close the thread after the seed\'s confirmation, after which no reply or change is offered', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, `/iru/helpdesk/${id}`);
    await page.waitForSelector('button.thread-ribbon');
    await page.click('button.thread-ribbon');
    await page.waitForSelector('.thread-status-dialog select');
    const choices = await page.$$eval('.thread-status-dialog option', (os) => os.map((o) => o.textContent));
    expect(choices).toEqual(['Please select', 'Open', 'On Hold', 'Closed']);
    await page.select('.thread-status-dialog select', '8');
    await page.click('.thread-status-dialog .btn-primary');
    const confirmation = await answerDialog(page, 'yes');
    expect(confirmation).toContain('Change status to Closed');
    expect(confirmation).toContain('Record can no longer be amended after this status change. Are you sure?');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Closed');
    expect(await page.$('.thread-reply')).toBeNull();
    expect(await page.$('button.thread-ribbon')).toBeNull();
    const stored = await portal.t.database.db('helpdesk').where({ id }).first('state');
    expect(Number(stored.state)).toBe(8);
    expect(errors).toEqual([]);
  });

  it('lets IRU raise a query by choosing the entity, its submission, a form and its tab in turn, refusing it while a field is empty', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/query/create');
    const optionCount = (name: string) => page.$eval(`select[name=${name}]`, (e) => (e as HTMLSelectElement).options.length);
    const chooseFirst = async (name: string) => {
      await page.waitForFunction((n) => ((document.querySelector(`select[name=${n}]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1, {}, name);
      const value = await page.$eval(`select[name=${name}]`, (e) => (e as HTMLSelectElement).options[1].value);
      await page.select(`select[name=${name}]`, value);
      return value;
    };
    /** The entity box is a search: focused, its first choice is picked. */
    const pickFirstEntity = async () => {
      await page.waitForSelector('input[name=re]');
      await page.click('input[name=re]');
      await page.waitForSelector('[data-choices] [role=option][data-value]');
      const value = await page.$eval('[data-choices] [role=option][data-value]', (o) => o.getAttribute('data-value') ?? '');
      await page.click('[data-choices] [role=option][data-value]');
      await page.waitForFunction((v) => (document.querySelector('input[name=re]') as HTMLInputElement).dataset.value === v, {}, value);
      return value;
    };
    await page.waitForSelector('form.thread-create button[type=submit]');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    expect(await page.$eval('input[name=re]', (e) => e.getAttribute('aria-invalid'))).toBe('true');

    const re = await pickFirstEntity();
    const batch = await chooseFirst('formbatch');
    const form = await chooseFirst('form');
    const tab = await chooseFirst('formtab');
    await page.type('input[name=dataitem]', 'Total assets');
    await page.type('input[name=name]', 'Explain the change in total assets');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    expect(await page.$eval('textarea[name=description]', (e) => e.className)).toContain('invalid');

    await page.type('textarea[name=description]', 'The figure moved by 40% against last period.');
    await page.click('button[type=submit]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    const path = await waitForPath(page, (p) => /^\/iru\/query\/\d+$/.test(p));
    const stored = await portal.t.database.db('query').where({ id: Number(path.split('/').pop()) }).first('re', 'formbatch', 'form', 'formtab', 'dataitem', 'state');
    expect(stored).toMatchObject({ formtab: tab, dataitem: 'Total assets' });
    expect([Number(stored.re), Number(stored.formbatch), Number(stored.form)]).toEqual([Number(re), Number(batch), Number(form)]);
    // Choosing another entity empties what depended on the first one.
    await page.goto(`${portal.url}/iru/query/create`);
    await pickFirstEntity();
    await chooseFirst('formbatch');
    await page.click('input[name=re] ~ .choice-clear');
    await page.waitForFunction(() => (document.querySelector('select[name=formbatch]') as HTMLSelectElement).value === '');
    // The form list empties with its submission (after the render that cleared the submission).
    await page.waitForFunction(() => (document.querySelector('select[name=form]') as HTMLSelectElement).options.length <= 1);
    expect(await optionCount('form')).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it('changes the status of ticked queries in bulk from the IRU list, with the seed\'s messages', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/query');
    const grid = await readGrid(page);
    const row = column(grid, 'Subject').indexOf('Total assets differ from last period');
    expect(row).toBeGreaterThanOrEqual(0);
    await page.click('[data-bulk-status] button');
    expect(await answerDialog(page, 'ok')).toContain('Please select a status');
    await page.select('select[name=bulkstate]', '8');
    await page.click('[data-bulk-status] button');
    expect(await answerDialog(page, 'ok')).toContain('Please select at least one query');
    const rowId = grid.ids[row];
    await page.click(`[data-list-grid] [role=row][data-row-id="${rowId}"] input[type=checkbox]`);
    await page.waitForFunction(() => document.querySelector('[data-bulk-status] .muted')?.textContent === '1 selected');
    await page.click('[data-bulk-status] button');
    expect(await answerDialog(page, 'ok')).toContain('Success: Bulk status updated successfully.');
    const stored = await portal.t.database.db('query').where({ id: Number(rowId) }).first('state', 'closeon');
    expect(Number(stored.state)).toBe(8);
    expect(stored.closeon).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it('lets IRU answer a query, close it and confirm its conclusion, which then cannot change', async () => {
    const { page, errors } = await portal.page();
    // seeds/demo-threads.ts: query 2 was answered by the entity (Responded).
    await signIn(page, portal.url, 'iru', undefined, '/iru/query/2');
    await page.waitForSelector('.thread-details');
    expect(await ribbon(page)).toBe('Responded');
    await page.type('textarea[name=reply]', 'Thank you, please also send the breakdown.');
    await page.click('.thread-reply button');
    expect(await answerDialog(page, 'ok')).toContain('Sent!');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Open');
    await page.click('button.thread-ribbon');
    await page.waitForSelector('.thread-status-dialog select');
    await page.select('.thread-status-dialog select', '8');
    await page.click('.thread-status-dialog .btn-primary');
    expect(await answerDialog(page, 'yes')).toContain('Record can no longer be amended after this status change. Are you sure?');
    await answerDialog(page, 'ok');
    await page.waitForSelector('.thread-conclusion textarea');
    expect(await page.$('.thread-reply')).toBeNull();
    await page.type('.thread-conclusion textarea', 'Explained; no further action.');
    await page.click('.thread-conclusion .btn-primary');
    expect(await answerDialog(page, 'yes')).toContain('Confirm Conclusion?');
    expect(await answerDialog(page, 'ok')).toContain('Updated!');
    await page.waitForFunction(() => (document.querySelector('.thread-conclusion textarea') as HTMLTextAreaElement | null)?.disabled === true);
    const stored = await portal.t.database.db('query').where({ id: 2 }).first('state', 'conclusion', 'conclusionconfirm');
    expect([Number(stored.state), stored.conclusion, Number(stored.conclusionconfirm)]).toEqual([8, 'Explained; no further action.', 1]);
    await screenshot(page, 'threads-iru-query-concluded');
    expect(errors).toEqual([]);
  });

  it('closes a query with resubmission after asking for the resubmission date and reason', async () => {
    const { page, errors } = await portal.page();
    // seeds/demo-threads.ts: query 4 is Open (and confidential, which IRU staff see).
    await signIn(page, portal.url, 'iru', undefined, '/iru/query/4');
    await page.waitForSelector('button.thread-ribbon');
    await page.click('button.thread-ribbon');
    await page.waitForSelector('.thread-status-dialog select');
    await page.select('.thread-status-dialog select', '80');
    await page.click('.thread-status-dialog .btn-primary');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // A date input takes its value from the page (typing depends on the browser's locale).
    await page.$eval(
      'input[name=requestextdate]',
      (el, v) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(el, v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      },
      tomorrow,
    );
    await page.type('.thread-status-dialog textarea[name=reason]', 'Restate the exposure table');
    await page.click('.thread-status-dialog .btn-primary');
    expect(await answerDialog(page, 'yes')).toContain('Change status to Closed With Resubmission');
    expect(await answerDialog(page, 'ok')).toContain('New Resubmission Created!');
    await page.waitForFunction(() => document.querySelector('.thread-ribbon')?.textContent === 'Closed With Resubmission');
    expect(await page.$$eval('.thread-details th', (ths) => ths.map((th) => th.textContent))).toContain('Conclusion');
    const stored = await portal.t.database.db('query').where({ id: 4 }).first('state', 'resubmission');
    expect(Number(stored.state)).toBe(80);
    const resubmission = await portal.t.database.db('resubmission').where({ id: Number(stored.resubmission) }).first('state', 'reason', 'requestextdate');
    expect([Number(resubmission.state), resubmission.reason, String(resubmission.requestextdate).slice(0, 10)]).toEqual([54, 'Restate the exposure table', tomorrow]);
    expect(errors).toEqual([]);
  });
});
