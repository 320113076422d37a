// The Form Viewer designer in Chromium, on every database of the run: an IRU officer opens a demo
// template from the template list, edits a tab (a numeric cell with precision, a formula by cell
// code, a dropdown bound to a list group, two header cells merged), saves ('Submitted'), reloads
// and sees the same; a move of two columns is refused with the seed's message; a circular formula
// is refused with the server's message; missing templates and overrides say so. On SQLite also:
// the context and column menus, a cell clicked again straight after an edit (what is typed replaces
// its text; a real double click edits the text kept), hidden rows and columns, frozen header rows,
// add-new-rows grids, formulas across tabs, the leave guard, adding, removing and duplicating tabs,
// a stale save (E_CONCURRENT), static JSON forms, and the 1024 × 768 layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { setText } from './editor-support.js';
import { answerDialog, serverCall, serverSelect } from './list-support.js';

const GRID = '[data-testid=designer-grid] .ht_master';

/**
 * Middle of the grid cell at a designer row and column. Rows are found by their row header (the
 * frozen header rows in the top overlay, which covers them in the main table) and the click goes
 * to the table that shows them.
 */
async function cellPoint(page: Page, row: number, col: number): Promise<{ x: number; y: number }> {
  return page.$eval(
    '[data-testid=designer-grid]',
    (grid, r, c) => {
      const find = (table: string) =>
        [...grid.querySelectorAll(`${table} tbody tr`)].find((tr) => tr.querySelector('th')?.textContent?.trim() === String(r + 1));
      const tr = find('.ht_clone_top') ?? find('.ht_master');
      const td = tr?.querySelectorAll('td')[c];
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

/** The labels of the open handsontable menu (context or column menu) matching `menu`. */
async function menuItems(page: Page, menu: '.htContextMenu' | '.htDropdownMenu'): Promise<string[]> {
  await page.waitForFunction((m) => {
    const el = document.querySelector(m) as HTMLElement | null;
    return el !== null && el.offsetWidth > 0 && el.querySelectorAll('tbody td').length > 0;
  }, {}, menu);
  return page.$$eval(`${menu} tbody td`, (tds) => tds.map((td) => (td.textContent ?? '').trim()).filter(Boolean));
}

async function clickMenuItem(page: Page, menu: string, label: string): Promise<void> {
  const handle = await page.evaluateHandle((m, l) => [...document.querySelectorAll(`${m} tbody td`)].find((td) => (td.textContent ?? '').trim() === l), menu, label);
  const el = handle.asElement();
  if (!el) throw new Error(`No menu item ${label}`);
  const b = await (el as import('puppeteer-core').ElementHandle<Element>).boundingBox();
  await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height / 2);
  await page.mouse.click(b!.x + b!.width / 2, b!.y + b!.height / 2);
}

const masterRows = (page: Page) => page.$eval(GRID, (root) => root.querySelectorAll('tbody tr').length);
const rowHeaders = (page: Page) => page.$$eval(`${GRID} tbody th`, (ths) => ths.map((t) => (t.textContent ?? '').trim()));
const columnHeaders = (page: Page) => page.$$eval('[data-testid=designer-grid] .ht_clone_top thead th', (ths) => ths.map((t) => (t.textContent ?? '').trim()).filter(Boolean));
const tabStrip = (page: Page) => page.$$eval('[data-designer] [role=tab]', (ts) => ts.map((t) => (t.textContent ?? '').trim()));

async function templateIdOf(portal: Portal, code: string): Promise<number> {
  const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id'], where: [['code', '=', code]] });
  return Number(rows[0].id);
}

async function openDesigner(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector(GRID);
}

async function openTab(page: Page, id: string): Promise<void> {
  await page.click(`[data-tab-id="${id}"]`);
  await page.waitForSelector(`[data-testid=designer-grid][data-tab="${id}"] .ht_master`);
}

describe.each(await testDialects())('the Form Viewer designer on %s', (dialect) => {
  let portal: Portal;
  let page: Page;
  let errors: string[];
  let templateId: number;

  beforeAll(async () => {
    portal = await startPortal(dialect);
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
    await screenshot(page, `form-designer-1366-${dialect}`);
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
    // The list group is searched by name (the type-to-search box) and picked.
    await page.waitForSelector('input[name=cell-listgroup]');
    await page.click('input[name=cell-listgroup]');
    await page.type('input[name=cell-listgroup]', 'Calendar');
    await page.waitForSelector('[data-choices] [role=option][data-value="80"]');
    await page.click('[data-choices] [role=option][data-value="80"]');
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
    // The saved group reads by its name.
    await page.waitForFunction(() => {
      const e = document.querySelector('input[name=cell-listgroup]') as HTMLInputElement | null;
      return e?.dataset.value === '80' && e.value === 'Calendar';
    });
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

  // The rest runs on SQLite only: it is the client's behaviour, the same on either database.
  const more = it.runIf(dialect === 'sqlite');

  more('opens the context menu with only remove row and remove column, and removes a row with it', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    const before = await masterRows(page);
    const p = await cellPoint(page, 2, 0);
    await page.mouse.click(p.x, p.y, { button: 'right' });
    expect(await menuItems(page, '.htContextMenu')).toEqual(['Remove row', 'Remove column']);
    await clickMenuItem(page, '.htContextMenu', 'Remove row');
    await page.waitForFunction((g, n) => document.querySelector(g)?.querySelectorAll('tbody tr').length === n, {}, GRID, before - 1);
    expect(await cellText(page, 2, 0)).toBe('Other reserves');
    expect(await page.$eval('[data-designer]', (e) => e.getAttribute('data-dirty'))).toBe('true');
  });

  more('opens the column menu from the header button, with removal and the filters', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    const button = await page.$$('[data-testid=designer-grid] .ht_clone_top thead th .changeType');
    const th = await page.$$eval('[data-testid=designer-grid] .ht_clone_top thead th', (ths) => ths.map((t) => (t.textContent ?? '').trim()));
    expect(button.length).toBeGreaterThanOrEqual(2);
    // Handsontable shows the button on hover: move over the header of column B first.
    const b = await button[th.filter(Boolean).indexOf('B')].boundingBox();
    await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height / 2);
    await page.mouse.click(b!.x + b!.width / 2, b!.y + b!.height / 2);
    const items = await menuItems(page, '.htDropdownMenu');
    // The filter items hold their own inputs (condition select, value list): compare their start.
    expect(items[0]).toBe('Remove column');
    expect(items.some((i) => i.startsWith('Filter by condition'))).toBe(true);
    expect(items.some((i) => i.startsWith('Filter by value'))).toBe(true);
    await clickMenuItem(page, '.htDropdownMenu', 'Remove column');
    await page.waitForFunction(() => (document.querySelector('input[name=col-count]') as HTMLInputElement | null)?.value === '1');
    expect(await columnHeaders(page)).toEqual(['A']);
  });

  more('filters a column by value from its menu, and a cell picked in the filtered grid is the template cell', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    const buttons = await page.$$('[data-testid=designer-grid] .ht_clone_top thead th .changeType');
    const a = await buttons[0].boundingBox();
    await page.mouse.move(a!.x + a!.width / 2, a!.y + a!.height / 2);
    await page.mouse.click(a!.x + a!.width / 2, a!.y + a!.height / 2);
    await menuItems(page, '.htDropdownMenu');
    const clickIn = async (selector: string, text?: string) => {
      const handle = await page.evaluateHandle((sel, t) => [...document.querySelectorAll(sel)].find((e) => t === undefined || (e.textContent ?? '').trim() === t) ?? null, selector, text);
      const el = handle.asElement() as import('puppeteer-core').ElementHandle<Element> | null;
      if (!el) throw new Error(`nothing at ${selector} ${text ?? ''}`);
      await el.click();
    };
    await clickIn('.htDropdownMenu .htUISelectionControls a', 'Clear');
    await clickIn('.htDropdownMenu .htUIMultipleSelectHot label', 'Other reserves');
    await clickIn('.htDropdownMenu .htUIButtonOK input');
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr').length === 1, {}, GRID);
    const point = await page.$eval(GRID, (root) => {
      const td = root.querySelector('tbody tr')!.querySelectorAll('td')[1];
      const b = td.getBoundingClientRect();
      return { x: b.left + 20, y: b.top + b.height / 2 };
    });
    expect(await cellText(page, 0, 0)).toBe('Other reserves');
    await page.mouse.click(point.x, point.y);
    // The fourth row of the template (header row, then Paid-up, Retained, Other reserves).
    await page.waitForFunction(() => (document.querySelector('input[name=cell-address]') as HTMLInputElement | null)?.value === 'B4');
    expect(await field(page, 'cell-code')).toBe('INS0301003');
  });

  more('replaces the text of a cell clicked again straight after an edit with what is typed, and edits the text kept on a double click', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    const a3 = await cellPoint(page, 2, 0);
    await page.mouse.click(a3.x, a3.y);
    await page.waitForFunction(() => (document.querySelector('input[name=cell-address]') as HTMLInputElement | null)?.value === 'A3');
    await page.keyboard.type('Alpha');
    await page.keyboard.press('Enter');
    await page.waitForFunction((g) => (document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[0]?.textContent ?? '').trim() === 'Alpha', {}, GRID);
    // Back on the cell at once (within the half second handsontable allows a double click): the
    // click selects it, and what is typed replaces the text again.
    await page.mouse.click(a3.x, a3.y);
    await page.keyboard.type('Beta');
    await page.keyboard.press('Enter');
    await page.waitForFunction((g) => (document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[0]?.textContent ?? '').trim() !== 'Alpha', {}, GRID);
    expect(await cellText(page, 2, 0)).toBe('Beta');
    // A real double click opens the editor on the text kept.
    await new Promise((r) => setTimeout(r, 600));
    await page.mouse.click(a3.x, a3.y, { count: 2 });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.handsontableInputHolder')].some((h) => h.style.opacity === '1'));
    await page.keyboard.press('End');
    await page.keyboard.type(' Gamma');
    await page.keyboard.press('Enter');
    await page.waitForFunction((g) => (document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[0]?.textContent ?? '').trim() !== 'Beta', {}, GRID);
    expect(await cellText(page, 2, 0)).toBe('Beta Gamma');
    await selectCell(page, 2, 0);
    expect(await field(page, 'cell-value')).toBe('Beta Gamma');
  });

  more('hides rows and columns, freezes the header rows, and shows add-new-rows tabs with 20 rows plus a spare', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    // Freeze Top is on by default: the header row stays in the top overlay.
    expect(await page.$$eval('[data-testid=designer-grid] .ht_clone_top tbody tr', (trs) => trs.length)).toBe(1);
    await page.click('[data-section=header] > summary');
    await page.click('input[name=freezetop]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=designer-grid] .ht_clone_top tbody tr').length === 0);
    expect(await rowHeaders(page)).toContain('3');
    await setText(page, 'input[name=hide-rows]', '3');
    await page.waitForFunction((g) => ![...document.querySelectorAll(`${g} tbody th`)].some((t) => t.textContent?.trim() === '3'), {}, GRID);
    expect((await rowHeaders(page)).slice(0, 4)).toEqual(['1', '2', '4', '5']);
    await setText(page, 'input[name=hide-cols]', 'A');
    await page.waitForFunction(() => ![...document.querySelectorAll('[data-testid=designer-grid] .ht_clone_top thead th')].some((t) => t.textContent?.trim() === 'A'));
    expect(await columnHeaders(page)).toEqual(['B']);

    const trc = await templateIdOf(portal, 'TRC-02');
    const stored = props((await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties'], where: [['id', '=', trc]] })).rows[0].properties);
    const register = stored.items[0];
    expect(register.type).toBe('add-new-rows');
    await openDesigner(page, `${portal.url}/iru/formviewer/${trc}`);
    // To the last row of the grid: header rows, at least 20 rows, one spare.
    await selectCell(page, register.header.items.length, 0);
    await page.keyboard.down('Control');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Control');
    const last = register.header.items.length + Math.max(20, register.items.length) + 1;
    await page.waitForFunction((g, n) => [...document.querySelectorAll(`${g} tbody th`)].some((t) => t.textContent?.trim() === String(n)), {}, GRID, last);
    expect((await rowHeaders(page)).at(-1)).toBe(String(last));
  });

  more('computes formulas that cite cells of other tabs', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${await templateIdOf(portal, 'INS-03')}`);
    await selectCell(page, 1, 1);
    await setText(page, 'input[name=cell-value]', '500');
    await settle();
    await openTab(page, '02');
    await selectCell(page, 1, 1);
    await setText(page, 'input[name=cell-value]', '250');
    await settle();
    await openTab(page, '03');
    // =IF(required=0,0,ROUND(available/required*100,2)): 500 / 250 → 200.
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr')[1]?.querySelectorAll('td')[1]?.textContent?.trim() === '200', {}, GRID);
    expect(await cellText(page, 1, 1)).toBe('200');
    // Tab 01 cited no other tab when its grid opened; a formula now citing tab 02 computes at once.
    await openTab(page, '01');
    await selectCell(page, 2, 1);
    await setText(page, 'input[name=cell-value]', '=cell(INS0302001)+1');
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[1]?.textContent?.trim() === '251', {}, GRID);
    // The grid's HyperFormula computes Excel's results: 101 - 1 + 1 + 0 (HyperFormula's own: 100 + 0 + #NUM!).
    await setText(page, 'input[name=cell-value]', '=ROUND(1.005,2)*100+INT(-0.5)+DATEDIF(DATE(2024,1,31),DATE(2024,3,1),"m")+IF(TRUE,0,5)');
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[1]?.textContent?.trim() === '101', {}, GRID);
  });

  more('asks before unsaved edits are lost when a sidebar link is followed', async () => {
    const here = await pathOf(page);
    expect(await page.$eval('[data-designer]', (e) => e.getAttribute('data-dirty'))).toBe('true');
    await page.click('a[href="/iru/formtemplate"]');
    expect(await answerDialog(page, 'no')).toContain('This definition has changes that are not saved. Leave the page and lose them?');
    expect(await pathOf(page)).toBe(here);
    await page.waitForSelector(GRID);
    // Asked again, Leave goes.
    await page.click('a[href="/iru/formtemplate"]');
    await answerDialog(page, 'yes');
    await waitForPath(page, (p) => p === '/iru/formtemplate');
  });

  more('adds a tab, removes it after a confirmation, duplicates a tab, and saves them', async () => {
    const id = await templateIdOf(portal, 'INS-03');
    await openDesigner(page, `${portal.url}/iru/formviewer/${id}`);
    await page.click('[data-action=add-tab]');
    await page.waitForSelector('[data-testid=designer-grid][data-tab="04"] .ht_master');
    expect(await tabStrip(page)).toEqual(['SOL-A - Capital available', 'SOL-R - Capital required', 'SOL-C - Solvency ratio', 'NEW - New tab']);
    await page.click('[data-action=remove-tab]');
    expect(await answerDialog(page, 'no')).toContain('Remove the tab NEW - New tab?');
    expect((await tabStrip(page)).length).toBe(4);
    await page.click('[data-action=remove-tab]');
    await answerDialog(page, 'yes');
    await page.waitForFunction(() => document.querySelectorAll('[data-designer] [role=tab]').length === 3);
    expect(await page.$eval('[data-testid=designer-grid]', (e) => e.getAttribute('data-tab'))).toBe('03');

    await openTab(page, '01');
    await page.click('[data-action=duplicate-tab]');
    await page.waitForSelector('[data-testid=designer-grid][data-tab="04"] .ht_master');
    expect(await tabStrip(page)).toEqual(['SOL-A - Capital available', 'SOL-A (copy) - Capital available', 'SOL-R - Capital required', 'SOL-C - Solvency ratio']);
    expect(await cellText(page, 1, 0)).toBe('Paid-up share capital');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Submitted');
    const saved = props((await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties'], where: [['id', '=', id]] })).rows[0].properties);
    expect(saved.items.map((t: { id: string }) => t.id)).toEqual(['01', '04', '02', '03']);
    expect(saved.items[1].items[0][1].code).toMatch(/^INS0304\d{3}$/);
  });

  more('asks before a batch update, and then gives every selected cell the validation message', async () => {
    const id = await templateIdOf(portal, 'INS-03');
    await openDesigner(page, `${portal.url}/iru/formviewer/${id}`);
    await page.$eval('[data-section=validations]', (d) => ((d as HTMLDetailsElement).open = true));
    await selectCell(page, 1, 1, [2, 1]);
    const ticked = () => page.$eval('input[name=batch-update]', (e) => (e as HTMLInputElement).checked);
    await page.click('input[name=batch-update]');
    // Seed 001 §5.1, verbatim; declining leaves the box unticked.
    expect(await answerDialog(page, 'no')).toContain(
      'You have checked Batch Update checkbox. This feature is used to update all selected cells validation and validation message. Are you sure?',
    );
    expect(await ticked()).toBe(false);
    await page.click('input[name=batch-update]');
    await answerDialog(page, 'yes');
    await page.waitForFunction(() => (document.querySelector('input[name=batch-update]') as HTMLInputElement | null)?.checked === true);
    expect(await field(page, 'validation-address')).toBe('B2:B3');
    await setText(page, 'input[name=cell-validationmsg]', 'Enter the amount in thousands');
    await settle();
    await page.click('input[name=batch-update]');
    await page.waitForFunction(() => (document.querySelector('input[name=batch-update]') as HTMLInputElement | null)?.checked === false);
    for (const row of [1, 2]) {
      await selectCell(page, row, 1);
      expect(await field(page, 'cell-validationmsg')).toBe('Enter the amount in thousands');
    }
    // A cell outside the selection keeps its own message.
    await selectCell(page, 3, 1);
    expect(await field(page, 'cell-validationmsg')).not.toBe('Enter the amount in thousands');
  });

  more('shows the notice and Reload when someone else saved the template first', async () => {
    const id = await templateIdOf(portal, 'INS-03');
    await openDesigner(page, `${portal.url}/iru/formviewer/${id}`);
    const row = (await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['properties', 'updatectr'], where: [['id', '=', id]] })).rows[0];
    const other = props(row.properties);
    other.title = 'Solvency Margin (revised elsewhere)';
    await serverCall(portal, 'iru', 'Record2.update', [{ module: 'FormTemplate', fields: ['id', 'properties', 'updatectr'], values: [id, JSON.stringify(other), Number(row.updatectr)] }]);
    await selectCell(page, 1, 0);
    await setText(page, 'input[name=cell-value]', 'Paid-up capital');
    await settle();
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-conflict]');
    expect(await page.$eval('[data-conflict]', (e) => e.textContent)).toContain('your changes were not saved');
    await page.click('[data-action=reload]');
    await page.waitForSelector('[data-designer][data-dirty=false]');
    await page.waitForSelector(GRID);
    expect(await page.$('[data-conflict]')).toBeNull();
    expect(await cellText(page, 1, 0)).toBe('Paid-up share capital');
  });

  more('opens static JSON forms by name, from the static folder and with ?form= from the json folder', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/sample-return`);
    expect(await tabStrip(page)).toEqual(['INC - Income', 'RAT - Ratios']);
    expect(await page.$eval('[data-action=save]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await openTab(page, '02');
    // 1200 + 300 on the Income tab.
    await page.waitForFunction((g) => document.querySelector(g)?.querySelectorAll('tbody tr')[1]?.querySelectorAll('td')[1]?.textContent?.trim() === '1500', {}, GRID);
    await openDesigner(page, `${portal.url}/iru/formviewer?form=sample-checklist`);
    expect(await tabStrip(page)).toEqual(['CHK - Checklist']);
    expect(await page.$eval('[data-designer] h1', (h) => h.textContent)).toBe('CHECK-01 - Sample Checklist (json form) (static form)');
    await page.goto(`${portal.url}/iru/formviewer/no-such-form`);
    expect(await answerDialog(page, 'ok')).toContain('/static/json/no-such-form.json: 404');
  });

  more('shows schema problems at their fields before Save asks the server', async () => {
    await openDesigner(page, `${portal.url}/iru/formviewer/${templateId}`);
    await setText(page, 'input[name=tab-title]', '');
    await settle();
    const calls: string[] = [];
    const count = (r: import('puppeteer-core').HTTPRequest) => {
      if (r.method() === 'POST') calls.push(r.url());
    };
    page.on('request', count);
    try {
      await page.click('[data-action=save]');
      await page.waitForSelector('[data-problem=tab-title]');
    } finally {
      page.off('request', count);
    }
    expect(await page.$eval('[data-problem=tab-title]', (e) => e.textContent)).toBe('must NOT have fewer than 1 characters');
    expect(calls).toEqual([]);
  });

  more('keeps the grid wide at 1024 × 768: the accordion starts folded and opens on request', async () => {
    await page.setViewport({ width: 1024, height: 768 });
    try {
      await openDesigner(page, `${portal.url}/iru/formviewer/${templateId}`);
      const gridBox = () => page.$eval('[data-testid=designer-grid] .handsontable', (e) => ({ w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height }));
      expect(await page.$eval('#designer-side', (e) => (e as HTMLElement).hidden)).toBe(true);
      const wide = await gridBox();
      expect(wide.w).toBeGreaterThan(0.8 * 1024 - 60);
      // Seed 001 §9: window height − 160.
      expect(Math.round(wide.h)).toBe(768 - 160);
      await screenshot(page, 'form-designer-1024');
      await page.click('[data-action=toggle-side]');
      await page.waitForFunction(() => !(document.querySelector('#designer-side') as HTMLElement).hidden);
      await page.waitForFunction((w) => (document.querySelector('[data-testid=designer-grid] .handsontable')?.getBoundingClientRect().width ?? 0) < w - 200, {}, wide.w);
      await screenshot(page, 'form-designer-1024-properties');
    } finally {
      await page.setViewport({ width: 1366, height: 768 });
    }
    expect(errors).toEqual([]);
  });
});
