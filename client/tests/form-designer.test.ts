// The Form Viewer designer in Chromium (SQLite): an IRU officer opens a demo template from the
// template list, edits a tab (a numeric cell with precision, a formula by cell code, a dropdown
// bound to a list group, two header cells merged), saves ('Submitted'), reloads and sees the same;
// a move of two columns is refused with the seed's message; a circular formula is refused with
// the server's message; missing templates and overrides say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { setText } from './editor-support.js';
import { answerDialog, serverSelect } from './list-support.js';

const GRID = '[data-testid=designer-grid] .ht_master';

/** Middle of the grid cell at a designer row and column. */
async function cellPoint(page: Page, row: number, col: number): Promise<{ x: number; y: number }> {
  return page.$eval(
    GRID,
    (root, r, c) => {
      const td = root.querySelectorAll('tbody tr')[r]?.querySelectorAll('td')[c];
      if (!td) throw new Error(`no cell ${r},${c}`);
      const b = td.getBoundingClientRect();
      return { x: b.left + Math.min(20, b.width / 2), y: b.top + b.height / 2 };
    },
    row,
    col,
  );
}

async function selectCell(page: Page, row: number, col: number, extendTo?: [number, number]) {
  const p = await cellPoint(page, row, col);
  await page.mouse.click(p.x, p.y);
  if (extendTo) {
    const q = await cellPoint(page, extendTo[0], extendTo[1]);
    await page.keyboard.down('Shift');
    await page.mouse.click(q.x, q.y);
    await page.keyboard.up('Shift');
  }
  await page.waitForFunction((a) => (document.querySelector('input[name=cell-address]') as HTMLInputElement | null)?.value === a, {}, `${String.fromCharCode(65 + col)}${row + 1}`);
}

const field = (page: Page, name: string) => page.$eval(`[name=${name}]`, (e) => (e as HTMLInputElement).value);
const cellText = (page: Page, row: number, col: number) =>
  page.$eval(GRID, (root, r, c) => (root.querySelectorAll('tbody tr')[r]?.querySelectorAll('td')[c]?.textContent ?? '').trim(), row, col);
const props = (v: unknown): any => (typeof v === 'string' ? JSON.parse(v) : v);
/** Waits past the 100 ms debounce of property fields. */
const settle = () => new Promise((r) => setTimeout(r, 250));

describe('the Form Viewer designer', () => {
  let portal: Portal;
  let page: Page;
  let errors: string[];
  let templateId: number;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    ({ page, errors } = await portal.page());
    await page.setViewport({ width: 1366, height: 768 });
    await signIn(page, portal.url, 'iru');
    const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id', 'code'], where: [['code', '=', 'BNK-01']] });
    templateId = Number(rows[0].id);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('opens a template from the list with its tab strip, grid and accordion', async () => {
    await page.goto(`${portal.url}/iru/formtemplate`);
    await page.waitForSelector(`[data-list-grid] [role=row][data-row-id="${templateId}"]`);
    await page.click(`[data-list-grid] [role=row][data-row-id="${templateId}"] [role=gridcell]`);
    await waitForPath(page, (p) => p === `/iru/formviewer/${templateId}`);
    await page.waitForSelector(GRID);
    const tabs = await page.$$eval('[data-designer] [role=tab]', (ts) => ts.map((t) => (t.textContent ?? '').trim()));
    expect(tabs).toEqual(['SFP-A - Assets', 'SFP-L - Liabilities and equity', 'SFP-N - Notes']);
    expect(await page.title()).toBe('BNK-01 - Statement of Financial Position | Reporting Portal');
    expect(await page.$$eval('.designer-section > summary', (s) => s.map((x) => x.textContent))).toEqual(['Form Properties', 'Table Properties', 'Header Properties', 'Cell Properties', 'Cell Validations', 'Tab Summary']);
    // The merged "Amount" header spans the two year columns.
    expect(await page.$eval(GRID, (root) => root.querySelector('tbody tr td[colspan="2"]')?.textContent)).toBe("Amount (RM'000)");
    await screenshot(page, 'form-designer-1366');
  });

  it('edits a tab, saves, and shows the same after a reload', async () => {
    await page.click('[data-tab-id="03"]');
    await page.waitForSelector(`[data-testid=designer-grid][data-tab="03"]`);
    // A third column for the new cells.
    await setText(page, 'input[name=col-count]', '3');
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr')[0]?.querySelectorAll('td').length === 3, {}, GRID);

    // C2: numeric, precision 10, scale 2.
    await selectCell(page, 1, 2);
    await page.select('select[name=cell-type]', 'numeric');
    await page.waitForSelector('input[name=cell-precision]');
    await setText(page, 'input[name=cell-precision]', '10');
    await setText(page, 'input[name=cell-scale]', '2');
    await settle();
    // C3: a formula naming the paid-up capital by its code.
    await selectCell(page, 2, 2);
    await setText(page, 'input[name=cell-value]', '=cell(BNK0103004)*2');
    await settle();
    // C4: a dropdown bound to list group 80 (reporting calendar).
    await selectCell(page, 3, 2);
    await page.select('select[name=cell-type]', 'dropdown');
    await page.waitForSelector('select[name=cell-listgroup] option[value="80"]');
    await page.select('select[name=cell-listgroup]', '80');
    await settle();
    // B1:C1 merged.
    await selectCell(page, 0, 1, [0, 2]);
    await page.click('[data-action=merge-cells]');
    await page.waitForFunction((g) => document.querySelector(g)?.querySelector('tbody tr td[colspan="2"]') !== null, {}, GRID);
    expect(await page.$eval('[data-designer]', (e) => e.getAttribute('data-dirty'))).toBe('true');

    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Submitted');
    await page.waitForSelector('[data-designer][data-dirty=false]');

    const stored = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties'], where: [['id', '=', templateId]] });
    const notes = props(stored.rows[0].properties).items[2];
    expect(notes.header.items[0][1]).toMatchObject({ value: 'Details', colspan: 2 });
    expect(notes.items[0][2]).toMatchObject({ editor: 'numeric', precision: 10, scale: 2 });
    expect(notes.items[1][2]).toMatchObject({ editor: 'formula', formula: '=cell(BNK0103004)*2', disabled: true });
    expect(notes.items[2][2]).toMatchObject({ editor: 'dropdown', listgroup: 80 });
    expect(notes.items[1][2].code).toMatch(/^BNK0103\d{3}$/);

    await page.reload();
    await page.waitForSelector(GRID);
    await page.click('[data-tab-id="03"]');
    await page.waitForSelector(`[data-testid=designer-grid][data-tab="03"]`);
    expect(await page.$eval(GRID, (root) => root.querySelector('tbody tr td[colspan="2"]')?.textContent)).toBe('Details');
    await selectCell(page, 1, 2);
    expect(await field(page, 'cell-precision')).toBe('10');
    expect(await field(page, 'cell-scale')).toBe('2');
    await selectCell(page, 2, 2);
    expect(await field(page, 'cell-value')).toBe('=cell(BNK0103004)*2');
    // HyperFormula computes it in the grid (the paid-up capital is empty: 0).
    expect(await cellText(page, 2, 2)).toBe('0');
    await selectCell(page, 3, 2);
    expect(await field(page, 'cell-listgroup')).toBe('80');
    await page.setViewport({ width: 1024, height: 768 });
    await screenshot(page, 'form-designer-1024');
    await page.setViewport({ width: 1366, height: 768 });
  });

  it('refuses a move of two columns at once', async () => {
    const header = (col: number) =>
      page.$eval('[data-testid=designer-grid] .ht_clone_top thead tr', (tr, c) => {
        const b = tr.querySelectorAll('th')[c + 1].getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
      }, col);
    const a = await header(0);
    const b = await header(1);
    await page.mouse.click(a.x, a.y);
    await page.keyboard.down('Shift');
    await page.mouse.click(b.x, b.y);
    await page.keyboard.up('Shift');
    const c = await header(2);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + c.x) / 2, c.y, { steps: 5 });
    await page.mouse.move(c.x + 30, c.y, { steps: 5 });
    await page.mouse.up();
    expect(await answerDialog(page, 'ok')).toContain('Please move one column at a time');
  });

  it('refuses a circular formula with the server message', async () => {
    const code = (await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties'], where: [['id', '=', templateId]] })).rows[0].properties;
    const formulaCode = props(code).items[2].items[1][2].code as string;
    // B5 (paid-up capital) now reads C3, which reads B5.
    await selectCell(page, 4, 1);
    await setText(page, 'input[name=cell-value]', `=cell(${formulaCode})`);
    await settle();
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-testid=problems]');
    const text = await page.$eval('[data-testid=problems]', (e) => e.textContent ?? '');
    expect(text).toContain('Circular reference');
    expect(text).toContain(formulaCode);
  });

  it('says when the template or the override does not exist', async () => {
    // Leave the unsaved circular edit behind.
    await page.goto(`${portal.url}/iru/formviewer/99999`);
    await page.waitForSelector('[data-not-found]');
    expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form not found.');
    await answerDialog(page, 'ok');
    await page.goto(`${portal.url}/iru/formviewer/${templateId}?ovr=99999`);
    await page.waitForSelector('[data-not-found]');
    expect(await page.$eval('[data-not-found] [role=alert]', (e) => e.textContent)).toBe('Form Override not found.');
    expect(errors).toEqual([]);
  });
});
