// The report designer and the report list in Chromium against a real engine (seed 000 §2.11,
// issue 22): the admin opens the reports (/report/editor, list 82), edits RE's template in
// /modulereport/{id} and the live preview prints it again (the PDF the server sent, read with
// pdftotext), a script in the template is refused by its line on screen and by the server, the
// fixed template is saved as a new version, the page is axe-clean at 1024x768 and asks before
// unsaved edits are left; an unknown report is a not-found page; /reportlist lists the reports.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { decodeXml, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { clickRowButton, serverSelect } from './list-support.js';
import { setText } from './editor-support.js';
import { seriousViolations } from './axe-support.js';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('the report designer and the report list (sqlite)', () => {
  let portal: Portal;
  let page: Page;
  let reId = 0;
  const previews: Buffer[] = [];

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await page.setViewport({ width: 1024, height: 768 });
    // The PDFs the server printed for the designer's preview, as it sent them.
    page.on('response', (res: HTTPResponse) => {
      if (!res.url().endsWith('/process') || !(res.request().postData() ?? '').includes('Report.preview')) return;
      res
        .text()
        .then((body) => {
          // The client asks for the JSON form of the envelope; the XML one is read too.
          const v = body.trimStart().startsWith('{') ? (JSON.parse(body) as { values: EnvelopeValue[] }).values[0] : decodeXml(body)[0];
          if (v?.type === 'text') previews.push(Buffer.from(v.text, 'base64'));
        })
        // A preview answered after the page moved on has no body left to read (the browser drops
        // it); the tests wait only for the previews they ask for.
        .catch(() => undefined);
    });
    await signIn(page, portal.url, 'admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const text = (selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());
  /** The text of the first preview PDF the server sends after `after` previews, once the page shows it. */
  async function nextPreview(after: number): Promise<string> {
    const deadline = Date.now() + 90_000;
    while (previews.length <= after && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(previews.length).toBeGreaterThan(after);
    await page.waitForFunction(() => document.querySelector('[data-testid=report-preview]')?.getAttribute('data-state') === 'ready' && document.querySelectorAll('[data-testid=preview-image]').length === 1, { timeout: 30_000 });
    return pdfText(previews[previews.length - 1]);
  }

  it('lists the reports in the Report Editor (list 82) reached from the sidebar, and opens RE in the designer', async () => {
    await page.click('.sidebar a[href="/report/editor"]');
    await page.waitForSelector('[role=row][data-row-id]');
    expect(await page.$$eval('.sidebar a', (as) => as.map((a) => a.textContent?.trim()))).toEqual(expect.arrayContaining(['Report Editor', 'Report List']));
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebReport', fields: ['id', 'name'], where: [['name', '=', 'RE']] });
    reId = Number(rows[0].id);
    await clickRowButton(page, 'RE', 'Edit');
    await waitForPath(page, (p) => p === `/modulereport/${reId}`);
    await page.waitForSelector('[data-testid=report-designer][data-state=ready]');
    expect(await page.title()).toContain('Report RE');
    expect(await page.$eval('[data-testid=field-companyno]', (e) => (e as HTMLInputElement).checked)).toBe(true);
  });

  it('prints the live preview of the draft and prints it again after the template is edited', { timeout: 180_000 }, async () => {
    const first = await nextPreview(0);
    expect(first).toContain('Reporting Entity Profile');
    const template = await page.$eval('[data-testid=report-template]', (e) => (e as HTMLTextAreaElement).value);
    const before = previews.length;
    await setText(page, '[data-testid=report-template]', template.replace('<h2>Capital</h2>', '<h2>Capital as designed in the browser</h2>'));
    expect(await nextPreview(before)).toContain('Capital as designed in the browser');
    expect(await page.$eval('[data-testid=preview-image]', (img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    await screenshot(page, 'report-designer-preview-1024');
  });

  it('refuses a script in the template, naming its line, on screen and when saved', async () => {
    const template = await page.$eval('[data-testid=report-template]', (e) => (e as HTMLTextAreaElement).value);
    const lines = template.split('\n');
    const at = lines.findIndex((l) => l.includes('<h2>Entity</h2>'));
    lines.splice(at + 1, 0, '<script>fetch("/process")</script>');
    await setText(page, '[data-testid=report-template]', lines.join('\n'));
    await page.waitForSelector('[data-testid=problem-template]');
    expect(await text('[data-testid=problem-template]')).toBe(`Line ${at + 2}: <script> is not allowed in a report template: a report runs no code`);
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=save-problem]');
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebReport', fields: ['updatectr'], where: [['id', '=', reId]] });
    expect(Number(rows[0].updatectr)).toBe(1);
    lines.splice(at + 1, 1);
    await setText(page, '[data-testid=report-template]', lines.join('\n'));
    await page.waitForFunction(() => !document.querySelector('[data-testid=problem-template]'));
  });

  it('is axe-clean at 1024x768', async () => {
    await page.waitForSelector('[data-testid=preview-image]');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('asks before unsaved edits are left, then saves them as a new version', async () => {
    await page.click('.sidebar a[href="/reportlist"]');
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await text('[data-dialog=dialog] .dialog-message')).toBe('This definition has changes that are not saved. Leave the page and lose them?');
    await page.click('[data-dialog=dialog] [data-button=no]');
    await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
    expect(await page.evaluate(() => location.pathname)).toBe(`/modulereport/${reId}`);
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebReport', fields: ['updatectr', 'template'], where: [['id', '=', reId]] });
    expect(Number(rows[0].updatectr)).toBe(2);
    expect(String(rows[0].template)).toContain('Capital as designed in the browser');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=history-row]').length >= 2, { timeout: 10_000 });
    // The stored report prints as saved.
    const res = await page.evaluate(async (id) => (await fetch(`/out/RE.pdf?WHERE=id%3D${id}`)).status, 1);
    expect(res).toBe(200);
  });

  it('previews the list report RE-SECTOR for the records a WHERE matches, its table row repeated per entity in order', { timeout: 180_000 }, async () => {
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebReport', fields: ['id'], where: [['name', '=', 'RE-SECTOR']] });
    await page.goto(`${portal.url}/modulereport/${rows[0].id}`);
    await page.waitForSelector('[data-testid=report-designer][data-state=ready]');
    await page.waitForSelector('[data-testid=preview-where]');
    const before = previews.length;
    await page.type('[data-testid=preview-where]', 'sector=2');
    const entities = (await serverSelect(portal, 'admin', { module: 'RE', fields: ['name'], where: [['sector', '=', 2]], order: 'name asc' })).rows.map((r) => String(r.name));
    expect(entities.length).toBeGreaterThan(1);
    // The preview printed for the record id alone may come first; wait for the sector's.
    const deadline = Date.now() + 90_000;
    let listed = '';
    while (!listed && Date.now() < deadline) {
      listed = previews.slice(before).map((pdf) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ')).find((t) => t.includes('Sector: Insurance')) ?? '';
      if (!listed) await new Promise((r) => setTimeout(r, 200));
    }
    expect(listed).toContain(`Sector: Insurance · ${entities.length} entities`);
    const at = entities.map((n) => listed.indexOf(n));
    expect(at.every((p, i) => p > (i ? at[i - 1] : -1)), JSON.stringify(at)).toBe(true);
    await page.waitForFunction(() => document.querySelector('[data-testid=report-preview]')?.getAttribute('data-state') === 'ready');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists the reports on /reportlist and shows an unknown report as not found', async () => {
    await page.goto(`${portal.url}/reportlist`);
    await page.waitForSelector('[data-testid=report-list]');
    expect(await page.$$eval('[data-testid=report-list] tbody tr td:first-child', (tds) => tds.map((t) => t.textContent))).toEqual(expect.arrayContaining(['RE', 'RE-RE', 'SHOWCAUSE']));
    expect(await page.title()).toContain('Report List');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${portal.url}/modulereport/999999`);
    await page.waitForSelector('[data-not-found]');
    expect(await text('[data-not-found] h1')).toBe('Report not found');
  });
});
