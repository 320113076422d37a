// Routine reports and PEOI cases in Chromium against a real engine (seed 003 §2.6, §2.7, §4.5,
// §4.6; docs/routine-reports-peoi.md). The demo IRU officer is given the stage roles (head of
// unit 21, head of department 20, IRU 22, PEOI officer 36) so one user walks every panel: a report
// from the form to a published bulletin, then a late batch's case to the letter dialog.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { testDialects } from '../../engine/testing/test-database.js';

const STAGE_ROLES = [20, 21, 22, 36];
const NAME = 'Browser deposits report';

async function fill(page: Page, selector: string, value: string) {
  await page.click(selector, { count: 3 });
  await page.type(selector, value);
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

describe.each(await testDialects())('routine reports and PEOI cases on %s', (dialect) => {
  let portal: Portal;
  let reportId = 0;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    const iru = Number((await db('user').where({ userid: 'iru' }).first('id')).id);
    await db('user_role').insert(STAGE_ROLES.map((role) => ({ link_fk_user: iru, link_fk_role: role })));
    await bumpVersions(db, ['user_role']);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('takes a routine report from the form to a published bulletin through every panel', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, '/iru/RoutineReport/create');
    await page.waitForSelector('select[name=bulletintmpl] option:nth-child(2)');
    expect(await page.title()).toMatch(/^Create Routine Report \| /);
    await page.click('button[name=save]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill in all the required fields');
    await page.select('select[name=bulletintmpl]', '1');
    await fill(page, 'input[name=name]', NAME);
    await page.click('input[name=stakeholders-external]');
    await page.click('input[name=periodicity-monthly]');
    await page.click('input[name=periodicity-monthly]');
    expect(await page.$eval('input[name=periodicity-monthly]', (e) => (e as HTMLInputElement).checked)).toBe(false);
    await page.click('input[name=periodicity-quarterly]');
    await fill(page, 'input[name=noofre]', '12');
    await fill(page, 'input[name=typeofre]', 'Commercial banks');
    await fill(page, 'input[name=submissiondue]', '31/12/2026');
    await fill(page, 'input[name=submissionlevel]', '85');
    await fill(page, 'input[name=preceedingamt]', 'RM 1.2 bn');
    await fill(page, 'input[name=accuracylevel]', 'High');
    await fill(page, 'textarea[name=majorcontribute]', 'Bank A and Bank B');
    await fill(page, 'textarea[name=trend]', 'Up 3%');
    await fill(page, 'textarea[name=insight]', 'Savings deposits drove the growth.');
    await fill(page, 'input[name=disseminationdeadline]', '15/01/2027');
    await page.click('input[name=sector-1]');
    expect(await fitsWidth(page)).toBe(true);
    await page.click('button[name=save]');
    expect(await answerDialog(page, 'ok')).toContain('Created!');
    await waitForPath(page, (p) => /^\/iru\/RoutineReport\/?$/.test(p));
    const row = await portal.t.database.db('routinerpt').where({ name: NAME }).first('id', 'submissiondue', 'submissionlevel', 'stakeholders', 'periodicity');
    reportId = Number(row.id);
    expect(String(row.submissiondue)).toBe('2026-12-31 23:59:59');
    expect(row).toMatchObject({ stakeholders: 'external', periodicity: 'quarterly' });

    await page.goto(`${portal.url}/iru/RoutineReport/${reportId}`);
    await page.waitForSelector('textarea[name=reply]');
    expect(await page.title()).toMatch(new RegExp(`^${NAME} \\| `));
    await page.click('button[name=send-reply]');
    expect(await answerDialog(page, 'ok')).toContain('Please enter your message before reply');
    expect(await page.$eval('textarea[name=reply]', (e) => e.className)).toContain('invalid');
    await page.type('textarea[name=reply]', 'First look at the data');
    await page.click('button[name=send-reply]');
    expect(await answerDialog(page, 'ok')).toContain('Sent!');
    await page.waitForFunction(() => document.querySelector('.state-badge')?.textContent === 'Responded');

    const report = join(tmpdir(), 'h23-report.csv');
    const validation = join(tmpdir(), 'h23-validation.csv');
    writeFileSync(report, 'bank,deposits\nA,1\n');
    writeFileSync(validation, 'check,result\ntotals,ok\n');
    await page.type('textarea[name=reply]', 'Figures attached');
    const reportInput = await page.$('input[name=report-file]');
    await reportInput!.uploadFile(report);
    await page.click('button[name=send-reply]');
    expect(await answerDialog(page, 'ok')).toContain('File Upload Error: Need to upload both file');
    const validationInput = await page.$('input[name=validation-file]');
    await validationInput!.uploadFile(validation);
    await page.click('button[name=send-reply]');
    expect(await answerDialog(page, 'ok')).toContain('Sent!');
    await page.waitForFunction(() => document.querySelector('.state-badge')?.textContent === 'Pending Recommendation');
    expect(await page.$('textarea[name=reply]')).toBeNull();
    expect(await page.$$eval('.messages a', (as) => as.map((a) => a.textContent))).toEqual(['report: h23-report.csv', 'validation: h23-validation.csv']);

    await page.type('textarea[name=remark]', 'Good to go');
    await page.click('button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForSelector('.approve-panel');
    await page.type('textarea[name=remark]', 'Approved for release');
    await page.click('button[name=approve]');
    expect(await answerDialog(page, 'ok')).toContain('Status Changed');
    await page.waitForSelector('button[name=publish]');
    await page.click('button[name=publish]');
    expect(await answerDialog(page, 'ok')).toContain('Published!');
    await page.waitForSelector('[data-action=view-bulletin]');
    expect(await page.$eval('.state-badge', (e) => e.textContent)).toBe('Published');
    await screenshot(page, 'routine-report-published');
    await page.click('[data-action=view-bulletin]');
    const bulletin = Number((await portal.t.database.db('routinerpt').where({ id: reportId }).first('bulletin')).bulletin);
    await waitForPath(page, (p) => p === `/iru/bulletin/${bulletin}`);
    await page.waitForFunction(() => document.body.textContent?.includes('Savings deposits drove the growth.'));
    expect(errors).toEqual([]);
  }, 90_000);

  it("shows an RE user of the report's sector the published report, read-only", async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, `/re/RoutineReport/${reportId}`);
    await page.waitForSelector('.routine-report-page');
    expect(await page.$eval('.state-badge', (e) => e.textContent)).toBe('Published');
    expect(await page.$('textarea[name=reply]')).toBeNull();
    expect(await page.$('[data-action=edit]')).toBeNull();
    expect(await page.$('[data-action=view-bulletin]')).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows a missing report as not found', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/RoutineReport/999999');
    await page.waitForSelector('[data-not-found]');
    expect(await page.title()).toMatch(/not found/i);
  });

  it("takes a late batch's case through the stage panels to the 640 px letter dialog", async () => {
    const db = portal.t.database.db;
    await db('formbatch').insert({ re: 1, name: 'Browser late batch', endon: '2023-06-30', duedate: '2023-07-15', submitteddate: '2023-07-20 10:00:00', state: 71, updatectr: 1, createon: sqlDateTime() });
    await bumpVersions(db, ['formbatch']);
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru', undefined, '/iru/peoi/create');
    await page.waitForSelector('input[name=endon]');
    await page.type('input[name=endon]', '30/06/2023');
    await page.click('button[name=create-period]');
    expect(await answerDialog(page, 'ok')).toContain('1 case created');
    await waitForPath(page, (p) => /^\/iru\/peoi\/?$/.test(p));
    const id = Number((await db('peoi').orderBy('id', 'desc').first('id')).id);

    await page.goto(`${portal.url}/iru/peoi/edit/${id}`);
    await page.waitForSelector('fieldset[data-stage=iru]');
    expect(await page.title()).toMatch(/^Non-Compliance: /);
    await page.click('fieldset[data-stage=iru] button[name=recommend]');
    expect(await answerDialog(page, 'ok')).toContain('Please fill all the field');
    const act = async (stage: string, action: string, reason: string, description: string) => {
      await page.waitForSelector(`fieldset[data-stage=${stage}] button[name=${action}]`);
      if (reason) await page.select(`select[name=reason-${stage}]`, reason);
      await page.type(`textarea[name=description-${stage}]`, description);
      await page.click(`fieldset[data-stage=${stage}] button[name=${action}]`);
      expect(await answerDialog(page, 'ok')).toContain('Updated!');
    };
    // Role 36 sees list 617 in every panel (seed 003 §6); 10086 issues.
    await act('iru', 'recommend', '617001', 'Five days late');
    await act('hou', 'recommend', '617001', 'Agree');
    await act('peoi', 'issue', '10086', 'Issue the letter');
    await page.waitForSelector('button[name=generate-letter]');
    expect(await fitsWidth(page)).toBe(true);
    await page.click('button[name=generate-letter]');
    await page.waitForSelector('[data-dialog=letter]');
    expect(await page.$eval('[data-dialog=letter]', (e) => Math.round(e.getBoundingClientRect().width))).toBe(640);
    await page.click('button[name=generate]');
    expect(await answerDialog(page, 'ok')).toContain('Please select at least one address');
    await page.click('[data-dialog=letter] tbody tr:first-child input[type=checkbox]');
    await page.click('button[name=generate]');
    expect(await answerDialog(page, 'ok')).toContain("Ensure all addresses must have 'Send Via' selected.");
    await page.select('[data-dialog=letter] tbody tr:first-child select', 'post');
    await page.click('button[name=generate]');
    expect(await answerDialog(page, 'ok')).toContain('Please select section');
    await page.select('select[name=section]', 'Section 1');
    await page.click('button[name=generate]');
    expect(await answerDialog(page, 'ok')).toContain('Please select PEOI Officer');
    await page.select('select[name=officer]', 'peoi@regportal.example');
    const opened = new Promise<import('puppeteer-core').Target>((resolve) => page.browserContext().once('targetcreated', resolve));
    await page.click('button[name=generate]');
    const target = await opened;
    expect(target.url()).toContain('/out/SHOWCAUSE.pdf');
    // The letter opens in a new tab; back to the case (a background tab does not paint).
    await (await target.page())?.close();
    await page.bringToFront();
    await page.waitForFunction(() => !document.querySelector('[data-dialog=letter]'));
    expect(Number((await db('peoi').where({ id }).first('generateLetter')).generateLetter)).toBe(1);
    // Retract after its confirmation.
    await page.waitForSelector('fieldset[data-stage=peoi] button[name=retract]');
    await page.click('fieldset[data-stage=peoi] button[name=retract]');
    expect(await answerDialog(page, 'yes')).toContain('Confirm Retract?');
    expect(await answerDialog(page, 'ok')).toContain('Updated!');
    expect(Number((await db('peoi').where({ id }).first('state')).state)).toBe(85);
    expect(errors).toEqual([]);
  }, 90_000);
});
