// The filing browser tests' shared steps: a BNK-01 form of the first demo entity filed on a
// template version with a dropdown (the regulator adds one and opens a period, as it would),
// most of its cells filled through the protocol so that it can be submitted, and reading and
// typing in the entry grid by cell address.
import type { Page } from 'puppeteer-core';
import { recordsetObjects, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import type { Portal } from '../testing/portal.js';
import { answerDialog, serverCall, serverSelect } from './list-support.js';

export const MASTER = '[data-testid=entry-grid] .ht_master';

const textOf = (values: EnvelopeValue[], i: number) => (values[i]?.type === 'text' ? (values[i] as { text: string }).text : '');

export function rowsOf(values: EnvelopeValue[]): Record<string, unknown>[] {
  const rs = values[0];
  if (rs?.type !== 'recordset') throw new Error(`Expected a recordset, got ${JSON.stringify(values).slice(0, 300)}`);
  return recordsetObjects(rs);
}

/**
 * The regulator adds a "Reporting calendar" dropdown (list group 80) under the notes of BNK-01
 * and hides a column of its second tab, publishing a new version: forms of periods opened after
 * this are filed on it.
 */
export async function addReportingCalendar(portal: Portal): Promise<void> {
  const { rows } = await serverSelect(portal, 'iru', { module: 'FormTemplate', fields: ['id', 'properties', 'updatectr'], where: [['code', '=', 'BNK-01']] });
  const t = rows[0];
  const props = typeof t.properties === 'string' ? JSON.parse(t.properties) : t.properties;
  props.items[2].items.push([{ value: 'Reporting calendar' }, { editor: 'dropdown', listgroup: 80 }]);
  // The previous year of the liabilities is hidden from filers (the cells still hold values).
  props.items[1].hide_cols = ['C'];
  await serverCall(portal, 'iru', 'Record2.update', [{ module: 'FormTemplate', fields: ['id', 'properties', 'updatectr'], values: [t.id, JSON.stringify(props), t.updatectr] }]);
}

/**
 * The template changed as addReportingCalendar does, and a monthly period opened for banks: the
 * first entity gets an Open BNK-01 form on the new version. Answers the form id.
 */
export async function openFormWithDropdown(portal: Portal, endon = '2024-01-31'): Promise<number> {
  await addReportingCalendar(portal);
  const opened = rowsOf(await serverCall(portal, 'iru', 'FormBatch.openPeriod', [{ calendar: 277, endon, sector: 1, category: 100211 }]));
  const mine = opened.find((r) => Number(r.re) === 1 && r.code === 'BNK-01');
  if (!mine) throw new Error(`No BNK-01 form for entity 1: ${JSON.stringify(opened).slice(0, 500)}`);
  return Number(mine.form);
}

/** Cells by `tab!address` as Form.getData answers them to `userid`, and the form's counter and state. */
export async function serverData(portal: Portal, userid: string, form: number): Promise<{ cells: Map<string, string | null>; info: { updatectr: number; state: number } }> {
  const values = await serverCall(portal, userid, 'Form.getData', [{ form }]);
  const cells = new Map(rowsOf(values).map((r) => [`${String(r.tab)}!${String(r.address)}`, r.value === null || r.value === undefined ? null : String(r.value)]));
  return { cells, info: JSON.parse(textOf(values, 1)) };
}

/**
 * Every required cell but three filled through the protocol: the cash line of the current year
 * (01!B3), the auditor (03!B3) and the reporting calendar (03!B6) are left for the browser. The
 * other assets add up to 1,400 and the liabilities to 2,400, so typing 1,000 balances the form.
 */
export async function fillTheRest(portal: Portal, userid: string, form: number): Promise<void> {
  const { info } = await serverData(portal, userid, form);
  const cells: { tab: string; address: string; value: string }[] = [];
  for (const r of [4, 5, 6, 7]) cells.push({ tab: '01', address: `B${r}`, value: '350' });
  for (const r of [3, 4, 5, 6, 7]) cells.push({ tab: '01', address: `C${r}`, value: '10' });
  for (const [r, v] of [[3, '800'], [4, '400'], [5, '400'], [6, '400'], [7, '400']] as const) cells.push({ tab: '02', address: `B${r}`, value: v });
  for (const r of [3, 4, 5, 6, 7]) cells.push({ tab: '02', address: `C${r}`, value: '10' });
  cells.push({ tab: '03', address: 'B2', value: '31-01-2024' }, { tab: '03', address: 'B5', value: '250000' });
  const answer = await serverCall(portal, userid, 'Form.saveData', [{ form, updatectr: info.updatectr, cells }]);
  rowsOf(answer);
}

export async function openForm(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForGrid(page);
}

/** Waits for the grid; a page that shows something else instead says what in the failure. */
export async function waitForGrid(page: Page): Promise<void> {
  try {
    await page.waitForSelector(MASTER, { timeout: 15_000 });
  } catch (e) {
    const text = await page.$eval('main, body', (b) => (b.textContent ?? '').replace(/\s+/g, ' ').slice(0, 600)).catch(() => '');
    throw new Error(`No entry grid at ${page.url()}: ${text}`, { cause: e });
  }
}

export async function openTab(page: Page, id: string): Promise<void> {
  await page.click(`[data-tab-id="${id}"]`);
  await page.waitForSelector(`[data-testid=entry-grid][data-tab="${id}"] .ht_master td[data-address]`);
}

/** What the grid shows at an address of the open tab. */
/** What the grid shows at an address of the open tab (a dropdown's arrow left out). */
export const shown = (page: Page, address: string) =>
  page.$eval(MASTER, (root, a) => {
    const td = root.querySelector(`td[data-address="${a}"]`)?.cloneNode(true) as HTMLElement | undefined;
    td?.querySelectorAll('.htAutocompleteArrow').forEach((x) => x.remove());
    return (td?.textContent ?? '').trim();
  }, address);

export const problemAt = (page: Page, address: string) =>
  page.$eval(MASTER, (root, a) => root.querySelector(`td[data-address="${a}"]`)?.getAttribute('data-problem') ?? null, address);

/**
 * Clicks a cell and waits until the panel names it. The problem list above the grid grows and
 * shrinks as values are typed, moving the grid: a click that landed before the move is repeated.
 */
export async function selectCell(page: Page, address: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const point = await page.$eval(MASTER, (root, a) => {
      const td = root.querySelector(`td[data-address="${a}"]`);
      if (!td) throw new Error(`no cell ${a}`);
      const b = td.getBoundingClientRect();
      return { x: b.left + Math.min(20, b.width / 2), y: b.top + b.height / 2 };
    }, address);
    await page.mouse.click(point.x, point.y);
    try {
      // Selected, and the grid has the keyboard (not a button a closing dialog gave focus back to).
      await page.waitForFunction(
        (a) => document.querySelector('[data-testid=cell-address]')?.textContent?.endsWith(`!${a}`) && document.activeElement?.closest('[data-testid=entry-grid]'),
        { timeout: 3000 },
        address,
      );
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
}

/** Types into a cell as a user does: select it, open its editor, replace what it holds, Enter. */
export async function typeInto(page: Page, address: string, text: string): Promise<void> {
  await selectCell(page, address);
  // A click on the cell that is already selected may have opened its editor (Chromium 156.0.8078.108
  // after a dialog closed): Enter would then close it again.
  if (!(await page.evaluate(editorOpen, true))) await page.keyboard.press('Enter');
  // The editor's textarea exists while closed too (hidden by opacity): wait for it to open, or
  // Ctrl+A would select the whole grid on a slow machine and the typing would go astray.
  await page.waitForFunction(editorOpen, {}, true);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(editorOpen, {}, false);
}

function editorOpen(open: boolean): boolean {
  const holders = [...document.querySelectorAll<HTMLElement>('.handsontableInputHolder')];
  const shown = holders.some((h) => h.style.opacity === '1' && h.contains(document.activeElement));
  return shown === open;
}

/** Picks a value of a dropdown cell from its list, as a user does: open the editor, click the entry. */
export async function chooseFromList(page: Page, address: string, option: string): Promise<void> {
  await selectCell(page, address);
  await page.keyboard.press('Enter');
  const handle = await page.waitForFunction(
    (o) => [...document.querySelectorAll('.paged-list [role=option]')].find((li) => li.textContent?.trim() === o && (li as HTMLElement).offsetWidth > 0),
    {},
    option,
  );
  const box = await (handle.asElement() as import('puppeteer-core').ElementHandle<Element>).boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await waitShown(page, address, option);
}

export async function waitShown(page: Page, address: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (m, a, t) => (document.querySelector(m)?.querySelector(`td[data-address="${a}"]`)?.textContent ?? '').replace('▼', '').trim() === t,
      { timeout: 10_000 },
      MASTER, address, text,
    );
  } catch (e) {
    throw new Error(`${address} shows "${await shown(page, address).catch(() => '?')}", not "${text}"`, { cause: e });
  }
}

/** Clicks a sign-off or review button and answers its dialogs: the reason when asked, then OK. */
export async function move(page: Page, id: string, reason?: string): Promise<string> {
  await page.click(`[data-move=${id}]`);
  if (reason !== undefined) {
    await page.waitForSelector('[data-dialog=dialog] input');
    await page.type('[data-dialog=dialog] input', reason);
    await page.click('[data-dialog=dialog] [data-button=ok]');
  } else {
    await answerDialog(page, 'yes');
  }
  return answerDialog(page, 'ok');
}

export const formState = (page: Page) => page.$eval('[data-form-entry]', (e) => Number(e.getAttribute('data-state')));
