// Editing on the filing screens in Chromium, on SQLite, at 1024 × 768 and 1440 × 900: the
// designer's cell property fields keep the keyboard while a whole word is typed (and store it);
// typing over a selected cell of the entry grid replaces its text as a spreadsheet does, while F2,
// a double click and Enter edit the text kept and Escape restores it; a dialog and its backdrop
// cover every layer of the grid (frozen rows, headers, the corner) and a grid menu left open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, serverSelect } from './list-support.js';
import { MASTER, fillTheRest, openForm, openFormWithDropdown, openTab, selectCell, shown, typeInto, waitShown } from './filing-support.js';

const DESIGNER_GRID = '[data-testid=designer-grid] .ht_master';
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

/** The middle of an entry grid cell on screen. */
const centreOf = (page: Page, address: string) =>
  page.$eval(MASTER, (root, a) => {
    const r = root.querySelector(`td[data-address="${a}"]`)!.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, address);

/** Waits past the 100 ms debounce of the designer's property fields. */
const settle = () => new Promise((r) => setTimeout(r, 300));

/** The name of the field that has the keyboard. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName ?? '');

/**
 * The middle of a designer cell, found by its row header: the frozen header rows are shown by the
 * top overlay, which covers them in the main table.
 */
function cellCentre(page: Page, row: number, col: number): Promise<{ x: number; y: number }> {
  return page.$eval(
    '[data-testid=designer-grid]',
    (grid, r, c) => {
      const find = (table: string) => [...grid.querySelectorAll(`${table} tbody tr`)].find((tr) => tr.querySelector('th')?.textContent?.trim() === String(r + 1));
      const td = (find('.ht_clone_top') ?? find('.ht_master'))?.querySelectorAll('td')[c];
      if (!td) throw new Error(`no cell ${r},${c}`);
      const b = td.getBoundingClientRect();
      return { x: b.left + Math.min(20, b.width / 2), y: b.top + b.height / 2 };
    },
    row,
    col,
  );
}

/** Selects a designer cell by clicking it in the grid, and waits until Cell Properties names it. */
async function selectDesignerCell(page: Page, row: number, col: number): Promise<void> {
  const p = await cellCentre(page, row, col);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((a) => (document.querySelector('input[name=cell-address]') as HTMLInputElement | null)?.value === a, {}, `${String.fromCharCode(65 + col)}${row + 1}`);
}

/** Clicks into a property field and types as a person does, a key at a time with pauses longer than the debounce. */
async function typeSlowly(page: Page, name: string, text: string): Promise<void> {
  await page.click(`[name=${name}]`, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 160 });
}

/**
 * What lies on top at the middle of each grid layer (corner, column headers, frozen rows, body):
 * the answer names the layer and whether a dialog's backdrop or box is the topmost element there.
 */
function layersCovered(gridSelector: string): { layer: string; covered: boolean; top: string }[] {
  const grid = document.querySelector(gridSelector);
  if (!grid) throw new Error(`no grid ${gridSelector}`);
  const probes: [string, Element | null][] = [
    ['corner', grid.querySelector('.ht_clone_top_inline_start_corner th, .ht_clone_top_left_corner th')],
    ['column header', grid.querySelector('.ht_clone_top thead th:nth-child(2)')],
    ['frozen row', grid.querySelector('.ht_clone_top tbody td')],
    ['row header', grid.querySelector('.ht_clone_inline_start tbody th, .ht_clone_left tbody th')],
    ['body', grid.querySelector('.ht_master tbody tr:last-child td')],
  ];
  return probes.filter(([, el]) => el && (el as HTMLElement).offsetWidth > 0).map(([layer, el]) => {
    const b = el!.getBoundingClientRect();
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return { layer, covered: Boolean(top?.closest('.dialog-backdrop, [role=dialog], [role=alertdialog]')), top: top ? `${top.tagName}.${top.className}` : 'nothing' };
  });
}

describe.each(VIEWPORTS)('editing on the filing screens at $width × $height', (viewport) => {
  let portal: Portal;
  let form: number;
  let templateId: number;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    form = await openFormWithDropdown(portal);
    await fillTheRest(portal, 'preparer', form);
    const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id'], where: [['code', '=', 'BNK-01']] });
    templateId = Number(rows[0].id);
  });
  afterAll(async () => {
    await portal?.close();
  });

  describe('the form designer', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await portal.page());
      await page.setViewport(viewport);
      await signIn(page, portal.url, 'iru');
      await page.goto(`${portal.url}/iru/formviewer/${templateId}`);
      await page.waitForSelector(DESIGNER_GRID);
      // On a narrow window the accordion starts folded away.
      if (await page.$eval('#designer-side', (e) => (e as HTMLElement).hidden)) await page.click('[data-action=toggle-side]');
      await page.waitForSelector('[data-section=cell]:not([hidden])');
    });

    it('keeps the keyboard in Value while a whole phrase is typed, and stores the phrase', async () => {
      await selectDesignerCell(page, 2, 0);
      await typeSlowly(page, 'cell-value', 'Audit opinion');
      expect(await focused(page)).toBe('cell-value');
      await settle();
      expect(await page.$eval('[name=cell-value]', (e) => (e as HTMLInputElement).value)).toBe('Audit opinion');
      await page.waitForFunction((g) => (document.querySelector(g)?.querySelectorAll('tbody tr')[2]?.querySelectorAll('td')[0]?.textContent ?? '').trim() === 'Audit opinion', { timeout: 5000 }, DESIGNER_GRID);
    });

    it('keeps the keyboard in Explanatory Note and Width while they are typed, and stores both', async () => {
      await typeSlowly(page, 'cell-note', 'Signed by the auditor');
      expect(await focused(page)).toBe('cell-note');
      await typeSlowly(page, 'cell-width', '145');
      expect(await focused(page)).toBe('cell-width');
      await settle();
      // Another cell and back: what was typed is what the template holds now.
      await selectDesignerCell(page, 3, 0);
      await selectDesignerCell(page, 2, 0);
      expect(await page.$eval('[name=cell-note]', (e) => (e as HTMLTextAreaElement).value)).toBe('Signed by the auditor');
      expect(await page.$eval('[name=cell-width]', (e) => (e as HTMLInputElement).value)).toBe('145');
      expect(await page.$eval('[name=cell-value]', (e) => (e as HTMLInputElement).value)).toBe('Audit opinion');
    });

    it('shows the Remove Tab question above every layer of the grid', async () => {
      await page.click('[data-action=remove-tab]');
      await page.waitForSelector('[role=alertdialog]');
      const layers = await page.evaluate(layersCovered, '[data-testid=designer-grid]');
      expect(layers.length).toBeGreaterThanOrEqual(4);
      expect(layers.filter((l) => !l.covered)).toEqual([]);
      await answerDialog(page, 'no');
    });
  });

  describe('the form designer with a grid menu open', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await portal.page());
      await page.setViewport(viewport);
      await signIn(page, portal.url, 'iru');
      const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id'], where: [['code', '=', 'INS-03']] });
      await page.goto(`${portal.url}/iru/formviewer/${Number(rows[0].id)}`);
      await page.waitForSelector(DESIGNER_GRID);
    });

    it('shows a dialog that opens while the context menu is open above the menu', async () => {
      const p = await cellCentre(page, 2, 0);
      await page.mouse.click(p.x, p.y, { button: 'right' });
      await page.waitForFunction(() => {
        const m = document.querySelector('.htContextMenu') as HTMLElement | null;
        return m !== null && m.offsetWidth > 0 && m.querySelectorAll('tbody td').length > 0;
      });
      // A dialog may open while the menu stays open (here Remove Tab, pressed without a mouse down).
      await page.$eval('[data-action=remove-tab]', (e) => (e as HTMLButtonElement).click());
      await page.waitForSelector('[role=alertdialog]');
      const menu = await page.$eval('.htContextMenu', (m) => {
        const r = m.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(15, r.height / 2));
        return { shown: (m as HTMLElement).offsetWidth > 0, covered: Boolean(top?.closest('.dialog-backdrop')), top: top ? `${top.tagName}.${top.className}` : 'nothing' };
      });
      expect(menu).toMatchObject({ shown: true, covered: true });
      await answerDialog(page, 'no');
    });
  });

  describe('the entry grid', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await portal.page());
      await page.setViewport(viewport);
      await signIn(page, portal.url, 'preparer');
      await openForm(page, `${portal.url}/re/form/${form}`);
      await openTab(page, '03');
      await typeInto(page, 'B3', 'Ernst & Young PLT');
      await waitShown(page, 'B3', 'Ernst & Young PLT');
    });

    it('replaces the text of a selected cell with what is typed over it, also when clicked again straight after an edit', async () => {
      const b3 = await centreOf(page, 'B3');
      await page.mouse.click(b3.x, b3.y);
      await page.keyboard.type('KPMG');
      await page.keyboard.press('Enter');
      await waitShown(page, 'B3', 'KPMG');
      // Back on the cell at once (within the half second handsontable allows a double click): the
      // click selects it, and what is typed replaces the text again.
      await page.mouse.click(b3.x, b3.y);
      await page.keyboard.type('PwC');
      await page.keyboard.press('Enter');
      await waitShown(page, 'B3', 'PwC');
    });

    it('edits the text kept with F2, a double click and Enter', async () => {
      await selectCell(page, 'B3');
      await page.keyboard.press('F2');
      await page.keyboard.type(' PLT');
      await page.keyboard.press('Enter');
      await waitShown(page, 'B3', 'PwC PLT');

      await selectCell(page, 'B3');
      await page.keyboard.press('Enter');
      await page.keyboard.type(' Malaysia');
      await page.keyboard.press('Enter');
      await waitShown(page, 'B3', 'PwC PLT Malaysia');

      const b = await centreOf(page, 'B3');
      await page.mouse.click(b.x, b.y, { count: 2 });
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.handsontableInputHolder')].some((h) => h.style.opacity === '1'));
      await page.keyboard.press('End');
      await page.keyboard.type(' Bhd');
      await page.keyboard.press('Enter');
      await waitShown(page, 'B3', 'PwC PLT Malaysia Bhd');
    });

    it('restores the value with Escape after typing over a cell', async () => {
      await selectCell(page, 'B3');
      await page.keyboard.type('Deloitte');
      await page.keyboard.press('Escape');
      await waitShown(page, 'B3', 'PwC PLT Malaysia Bhd');
      expect(await shown(page, 'B3')).toBe('PwC PLT Malaysia Bhd');
    });

    it('shows a dialog and its backdrop above every layer of the grid', async () => {
      await openTab(page, '01');
      await typeInto(page, 'C3', '12.5');
      await page.click('[data-action=save]');
      await page.waitForSelector('[role=alertdialog]');
      const layers = await page.evaluate(layersCovered, '[data-testid=entry-grid]');
      expect(layers.length).toBeGreaterThanOrEqual(4);
      expect(layers.filter((l) => !l.covered)).toEqual([]);
      expect(await answerDialog(page, 'ok')).toContain('Some cells hold values that are not accepted');
    });
  });
});
