// Filling a form in the entry grid (/re/form/:id) in Chromium on SQLite: the preparer of the
// first demo entity types a number (the total's formula recomputes as they type), a bad value
// (its message at the cell, and Save refuses), a dropdown value from its list group and text;
// saves (only the changed cells reach Form.saveData); a reload shows what the server holds. The
// tab title, the not-found page, the leave guard and the 1024 × 768 layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { leaveQuestionsOf } from '../testing/browser.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverCall, serverSelect } from './list-support.js';
import { MASTER, chooseFromList, fillTheRest, formState, move, rowsOf, openForm, openFormWithDropdown, openTab, problemAt, selectCell, serverData, shown, typeInto, waitShown } from './filing-support.js';

describe('filling a form in the entry grid', () => {
  let portal: Portal;
  let page: Page;
  let errors: string[];
  let form: number;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    form = await openFormWithDropdown(portal);
    await fillTheRest(portal, 'preparer', form);
    ({ page, errors } = await portal.page());
    await page.setViewport({ width: 1366, height: 768 });
    await signIn(page, portal.url, 'preparer');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows the form with its tabs, its state, the values the server holds and the computed totals', async () => {
    await openForm(page, `${portal.url}/re/form/${form}`);
    expect(await page.title()).toBe('BNK-01 Statement of Financial Position — Harbourline Bank Ltd — 31/01/2024 | Reporting Portal');
    expect(await page.$$eval('[data-form-entry] [role=tab]', (ts) => ts.map((t) => (t.textContent ?? '').trim()))).toEqual(['SFP-A - Assets', 'SFP-L - Liabilities and equity', 'SFP-N - Notes']);
    expect(await page.$eval('[data-testid=form-state]', (e) => e.textContent)).toBe('Open');
    expect(await shown(page, 'B4')).toBe('350');
    expect(await shown(page, 'B8')).toBe('1,400');
    expect(await shown(page, 'C8')).toBe('50');
    expect(await page.$$eval('[data-action=save]', (b) => b.length)).toBe(1);
  });

  it('shows the server\'s findings of Validate at their cells', async () => {
    const server = rowsOf(await serverCall(portal, 'preparer', 'Form.validate', [{ form }]));
    const cash = server.find((r) => r.tab === '01' && r.address === 'B3');
    expect(cash).toBeDefined();
    await page.click('[data-action=validate]');
    await page.waitForFunction((m) => document.querySelector(m)?.querySelector('td[data-address="B3"][data-problem]') !== null, {}, MASTER);
    expect(await problemAt(page, 'B3')).toBe(cash!.message);
    expect(await page.$eval('[data-testid=problems]', (e) => e.textContent)).toContain(`SFP-A B3: ${String(cash!.message)}`);
  });

  it('recomputes the total as a value is typed, and marks the form unsaved', async () => {
    await typeInto(page, 'B3', '1,000');
    await waitShown(page, 'B3', '1,000');
    await waitShown(page, 'B8', '2,400');
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-dirty'))).toBe('true');
  });

  it('shows the message of a bad value at its cell and refuses to save it', async () => {
    await typeInto(page, 'C3', '12.5');
    await page.waitForFunction((m) => document.querySelector(m)?.querySelector('td[data-address="C3"][data-problem]') !== null, {}, MASTER);
    expect(await problemAt(page, 'C3')).toBe('Enter a whole number, without decimals.');
    await selectCell(page, 'C3');
    expect(await page.$eval('[data-testid=cell-problem]', (e) => e.textContent)).toBe('Enter a whole number, without decimals.');
    expect(await page.$eval('[data-testid=problems]', (e) => e.textContent)).toContain('SFP-A C3: Enter a whole number, without decimals.');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Some cells hold values that are not accepted');
    expect((await serverData(portal, 'preparer', form)).cells.get('01!B3') ?? null).toBeNull();
    await typeInto(page, 'C3', '10');
    await page.waitForFunction((m) => document.querySelector(m)?.querySelector('td[data-address="C3"][data-problem]') === null, {}, MASTER);
    await waitShown(page, 'C8', '50');
  });

  it('takes a dropdown value from its list group and text, then saves only the changed cells', async () => {
    await openTab(page, '03');
    await chooseFromList(page, 'B6', 'Quarterly');
    await typeInto(page, 'B3', 'Ernst & Young PLT');
    await waitShown(page, 'B3', 'Ernst & Young PLT');
    await chooseFromList(page, 'B6', 'Monthly');
    const before = (await serverData(portal, 'preparer', form)).info.updatectr;

    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Your changes to the form have been saved.');
    await page.waitForSelector('[data-form-entry][data-dirty=false]');
    const after = await serverData(portal, 'preparer', form);
    expect(after.info.updatectr).toBeGreaterThan(before);
    expect(after.cells.get('01!B3')).toBe('1000');
    expect(after.cells.get('01!C3')).toBe('10');
    expect(after.cells.get('03!B3')).toBe('Ernst & Young PLT');
    expect(after.cells.get('03!B6')).toBe('Monthly');
    expect(after.cells.get('01!B8')).toBe('2400');
    // One revision with exactly the three changed cells.
    const last = rowsOf(await serverCall(portal, 'preparer', 'Form.history', [{ form }])).at(-1);
    const changed = (typeof last?.cells === 'string' ? JSON.parse(last.cells) : last?.cells) as string[];
    expect([...changed].sort()).toEqual(['01!B3', '03!B3', '03!B6']);
  });

  it('shows what the server holds after a reload', async () => {
    await page.reload();
    await page.waitForSelector(MASTER);
    await waitShown(page, 'B3', '1,000');
    expect(await shown(page, 'B8')).toBe('2,400');
    await openTab(page, '03');
    expect(await shown(page, 'B6')).toBe('Monthly');
    expect(await shown(page, 'B2')).toBe('31-01-2024');
    expect(await shown(page, 'B5')).toBe('250,000.00');
  });

  it('hides the columns the template hides', async () => {
    await openTab(page, '02');
    expect(await shown(page, 'B3')).toBe('800');
    expect(await page.$eval(MASTER, (root) => root.querySelector('td[data-address="C3"]'))).toBeNull();
    expect(await page.$$eval('[data-testid=entry-grid] .ht_clone_top thead th', (ths) => ths.map((t) => (t.textContent ?? '').trim()).filter(Boolean))).toEqual(['A', 'B']);
  });

  it('keeps unsaved edits on screen when someone else saved first, and reloads what the server holds', async () => {
    await openTab(page, '01');
    await typeInto(page, 'B5', '360');
    await waitShown(page, 'B8', '2,410');
    const { info } = await serverData(portal, 'preparer', form);
    await serverCall(portal, 'preparer', 'Form.saveData', [{ form, updatectr: info.updatectr, cells: [{ tab: '01', address: 'C6', value: '11' }] }]);
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-conflict]');
    expect(await page.$eval('[data-conflict]', (e) => e.textContent)).toContain('This form was changed by someone else');
    // The changed cell in words: its tab's title and address, never the internal 01!C6.
    const changed = await page.$eval('[data-conflict-cells]', (e) => e.textContent ?? '');
    expect(changed).toMatch(/\bC6\b/);
    expect(changed).not.toContain('01!');
    expect(await shown(page, 'B5')).toBe('360');
    expect((await serverData(portal, 'preparer', form)).cells.get('01!B5')).toBe('350');
    await page.click('[data-action=reload]');
    await waitShown(page, 'C6', '11');
    expect(await shown(page, 'B5')).toBe('350');
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-dirty'))).toBe('false');
  });

  it('asks before leaving unsaved edits', async () => {
    await openTab(page, '01');
    await typeInto(page, 'B4', '351');
    await waitShown(page, 'B8', '2,401');
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-dirty'))).toBe('true');
    // Idle, the page changes nothing (no render loop between React and the grid).
    const mutations = await page.evaluate(() => new Promise<number>((resolve) => {
      let n = 0;
      const o = new MutationObserver((l) => { n += l.length; });
      o.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      setTimeout(() => { o.disconnect(); resolve(n); }, 1000);
    }));
    expect(mutations).toBeLessThan(50);
    await page.click('a[href="/re/dashboard"]');
    expect(await answerDialog(page, 'no')).toContain('This form has values that are not saved. Leave the page and lose them?');
    expect(new URL(page.url()).pathname).toBe(`/re/form/${form}`);
    const asked = leaveQuestionsOf(page);
    await page.reload();
    expect(leaveQuestionsOf(page)).toBeGreaterThan(asked);
    await page.waitForSelector(MASTER);
    await waitShown(page, 'B4', '350');
  });

  it('offers the checker no Save on an Open form, which only those who prepare may change', async () => {
    const checker = (await portal.page()).page;
    await checker.setViewport({ width: 1024, height: 768 });
    await signIn(checker, portal.url, 'checker');
    await openForm(checker, `${portal.url}/re/form/${form}`);
    expect(await formState(checker)).toBe(13);
    expect(await checker.$eval('[data-form-entry]', (e) => e.getAttribute('data-writable'))).toBe('false');
    expect(await checker.$$eval('[data-action=save]', (b) => b.length)).toBe(0);
    await checker.close();
  });

  it('fits 1024 × 768 with the grid and its buttons in view', async () => {
    await page.setViewport({ width: 1024, height: 768 });
    await page.reload();
    await page.waitForSelector(MASTER);
    const right = await page.$eval('[data-action=save]', (b) => b.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(1024);
    await screenshot(page, 'form-entry-1024-sqlite');
    await page.setViewport({ width: 1366, height: 768 });
  });

  it('lets the regulator raise a query from a cell, pre-filled, and marks the cell while the query is open', async () => {
    const { page: iru } = await portal.page();
    await iru.setViewport({ width: 1366, height: 768 });
    await signIn(iru, portal.url, 'iru');
    await openForm(iru, `${portal.url}/iru/form/${form}`);
    expect(await iru.$$eval('[data-action=save]', (b) => b.length)).toBe(0);
    await selectCell(iru, 'B3');
    await iru.click('[data-action=raise-query]');
    await iru.waitForFunction(() => location.pathname === '/iru/query/create');
    const code = 'BNK0101001';
    // The entity box is a search: its value is the chosen record's (data-value), its text the name.
    const value = (name: string) => iru.$eval(`[name=${name}]`, (e) => (e as HTMLInputElement).dataset.value ?? (e as HTMLInputElement).value);
    await iru.waitForFunction(() => ((document.querySelector('select[name=formtab]') as HTMLSelectElement | null)?.value ?? '') !== '');
    expect([await value('re'), await value('form'), await value('formtab'), await value('dataitem')]).toEqual(['1', String(form), 'SFP-A', code]);
    expect(await value('formbatch')).not.toBe('');
    await iru.type('input[name=name]', 'Cash and short-term funds');
    await iru.type('textarea[name=description]', 'Please explain the increase in cash.');
    await iru.click('button[type=submit]');
    expect(await answerDialog(iru, 'ok')).toContain('Created!');
    const { rows } = await serverSelect(portal, 'iru', { module: 'Query', fields: ['id', 're', 'form', 'formtab', 'dataitem', 'state'], where: [['form', '=', form]] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ re: 1, form, formtab: 'SFP-A', dataitem: code });

    await openForm(iru, `${portal.url}/iru/form/${form}`);
    expect(await iru.$eval(MASTER, (root) => root.querySelector('td[data-address="B3"]')?.classList.contains('has-query'))).toBe(true);
    expect(await iru.$eval(MASTER, (root) => root.querySelector('td[data-address="B4"]')?.classList.contains('has-query'))).toBe(false);
    await selectCell(iru, 'B3');
    expect(await iru.$eval('[data-testid=cell-query]', (e) => e.textContent)).toContain('This cell has an open query.');
    // The query names its data item in words and leads back to the form at that cell.
    await iru.goto(`${portal.url}/iru/query/${rows[0].id}`);
    await iru.waitForFunction(() => /\(BNK0101001\)$/.test(document.querySelector('[data-query-dataitem]')?.textContent ?? ''));
    expect(await iru.$eval('[data-query-dataitem]', (e) => e.textContent)).not.toBe('BNK0101001');
    await iru.click('[data-query-form-link]');
    await iru.waitForFunction((f) => location.pathname === `/iru/form/${f}`, {}, form);
    await iru.waitForSelector('[data-testid=cell-query]');
    // The entity sees the marker too.
    await openForm(page, `${portal.url}/re/form/${form}`);
    expect(await page.$eval(MASTER, (root) => root.querySelector('td[data-address="B3"]')?.classList.contains('has-query'))).toBe(true);
  });

  it('hides Submit from the approver who prepared the version, with a notice; the server refuses it too', async () => {
    const approver = (await portal.page()).page;
    await approver.setViewport({ width: 1366, height: 768 });
    await signIn(approver, portal.url, 'approver');
    await openForm(approver, `${portal.url}/re/form/${form}`);
    expect(await move(approver, 'prepare')).toContain('Pending Verification');
    const { info } = await serverData(portal, 'checker', form);
    await serverCall(portal, 'checker', 'Record2.update', [{ module: 'REForm', fields: ['id', 'state', 'updatectr'], values: [form, 55, info.updatectr] }]);
    await openForm(approver, `${portal.url}/re/form/${form}`);
    expect(await formState(approver)).toBe(55);
    expect(await approver.$$eval('[data-move]', (bs) => bs.map((b) => b.getAttribute('data-move')))).toEqual(['return-pending']);
    expect(await approver.$eval('[data-notice=four-eyes]', (e) => e.textContent)).toBe('You prepared this version of the form, so another approver must submit it.');
    const refused = await serverCall(portal, 'approver', 'Form.submit', [{ form, updatectr: (await serverData(portal, 'approver', form)).info.updatectr }]);
    expect(JSON.stringify(refused)).toContain('E_NOPERMISSION');
  });

  it('shows a form of a frozen batch read-only with a notice and no moves', async () => {
    const { rows } = await serverSelect(portal, 'iru', { module: 'Form', fields: ['formbatch'], where: [['id', '=', form]] });
    const batch = (await serverSelect(portal, 'iru', { module: 'FormBatch', fields: ['id', 'updatectr'], where: [['id', '=', rows[0].formbatch]] })).rows[0];
    await serverCall(portal, 'iru', 'Record2.update', [{ module: 'FormBatch', fields: ['id', 'frozen_ind', 'updatectr'], values: [batch.id, 1, batch.updatectr] }]);
    await openForm(page, `${portal.url}/re/form/${form}`);
    expect(await page.$eval('[data-notice=frozen]', (e) => e.textContent)).toContain('This submission is frozen');
    expect(await page.$$eval('[data-move], [data-action=save]', (bs) => bs.length)).toBe(0);
    expect(await page.$eval('[data-form-entry]', (e) => e.getAttribute('data-writable'))).toBe('false');
  });

  it('says so when the form does not exist or belongs to another entity', async () => {
    await page.goto(`${portal.url}/re/form/999999`);
    await page.waitForSelector('[data-not-found]');
    expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form not found.');
    expect(await page.title()).toBe('Form not found | Reporting Portal');
    const other = await portal.page();
    await signIn(other.page, portal.url, 're2');
    await other.page.goto(`${portal.url}/re/form/${form}`);
    await other.page.waitForSelector('[data-not-found]');
    expect(await other.page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form not found.');
  });
});
