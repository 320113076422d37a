// Reading the generic list in the browser and asking the engine the same question, for the
// list tests. Rows are `[data-list-grid] [role=row][data-row-id]`; the grid's `data-state` is
// `ready` once a load finished and `data-load-seq` counts finished loads.
import type { Page } from 'puppeteer-core';
import { recordsetObjects, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import type { Portal } from '../testing/portal.js';

export interface Grid {
  headers: string[];
  rows: string[][];
  ids: string[];
  total: number;
  seq: number;
}

export const GRID = '[data-list-grid]';

/** The grid once a load has finished (after load number `after`, when given). */
export function readGrid(page: Page, after = 0): Promise<Grid> {
  return waitForGrid(page, after, null);
}

/**
 * The grid once a finished load shows a column titled `header`: for a live preview, whose
 * reloads follow edits after a pause, so the load a given edit causes cannot be told by count.
 */
export function readGridWithHeader(page: Page, header: string): Promise<Grid> {
  return waitForGrid(page, 0, header);
}

async function waitForGrid(page: Page, after: number, header: string | null): Promise<Grid> {
  // Waited for and read in one step in the page: a navigation may replace the grid in between.
  const handle = await page.waitForFunction(
    (sel, n, h) => {
      const g = document.querySelector(sel);
      if (g === null || g.getAttribute('data-state') !== 'ready' || Number(g.getAttribute('data-load-seq')) <= n) return false;
      const headers = [...g.querySelectorAll('[role=columnheader]')].map((e) => (e.textContent ?? '').trim());
      if (h !== null && !headers.includes(h)) return false;
      return {
        headers,
        rows: [...g.querySelectorAll('[role=row][data-row-id]')].map((r) => [...r.querySelectorAll('[role=gridcell]')].map((c) => (c.textContent ?? '').trim())),
        ids: [...g.querySelectorAll('[role=row][data-row-id]')].map((r) => r.getAttribute('data-row-id') ?? ''),
        total: Number(g.getAttribute('data-total')),
        seq: Number(g.getAttribute('data-load-seq')),
      };
    },
    {},
    GRID,
    after,
    header,
  );
  return (await handle.jsonValue()) as Grid;
}

/** The number of finished loads so far, to wait for the next one after an action. */
export async function loadSeq(page: Page): Promise<number> {
  await page.waitForSelector(`${GRID}[data-state=ready]`);
  return Number(await page.$eval(GRID, (g) => g.getAttribute('data-load-seq')));
}

/** Does `act` and answers the grid of the load it caused. */
export async function afterLoad(page: Page, act: () => Promise<unknown>): Promise<Grid> {
  const before = await loadSeq(page);
  await act();
  return readGrid(page, before);
}

export function column(grid: Grid, header: string): string[] {
  const i = grid.headers.indexOf(header);
  if (i < 0) throw new Error(`No column ${header} among ${grid.headers.join(', ')}`);
  return grid.rows.map((r) => r[i]);
}

/** Clicks a header cell by its title. */
export async function clickHeader(page: Page, title: string): Promise<void> {
  const handles = await page.$$(`${GRID} [role=columnheader]`);
  for (const h of handles) {
    if ((await h.evaluate((e) => (e.textContent ?? '').trim())) === title) {
      await h.click();
      return;
    }
  }
  throw new Error(`No header ${title}`);
}

/** Clicks a row's button, the row found by the text of one of its cells. */
export async function clickRowButton(page: Page, cellText: string, label: string): Promise<void> {
  const ok = await page.$$eval(
    `${GRID} [role=row][data-row-id]`,
    (rows, text, l) => {
      const row = rows.find((r) => [...r.querySelectorAll('[role=gridcell]')].some((c) => (c.textContent ?? '').trim() === text));
      const button = row?.querySelector<HTMLButtonElement>(`[data-row-button="${l}"]`);
      if (!button) return false;
      button.click();
      return true;
    },
    cellText,
    label,
  );
  if (!ok) throw new Error(`No ${label} button on the row of ${cellText}`);
}

/** Clicks a dialog's button (`yes`, `ok`, `cancel`, …) once the dialog shows. */
export async function answerDialog(page: Page, button: string): Promise<string> {
  const sel = `[data-dialog=dialog] [data-button=${button}]`;
  await page.waitForSelector(sel);
  const text = await page.$eval('[data-dialog=dialog]', (d) => d.textContent ?? '');
  await page.click(sel);
  await page.waitForFunction((s) => !document.querySelector(s), {}, sel);
  return text;
}

export interface ServerAnswer {
  rows: Record<string, unknown>[];
  total: number;
}

/** Record2.select (Record.select for administrators) as `userid` on entity `re`, through the engine. */
export async function serverSelect(portal: Portal, userid: string, args: Record<string, unknown>, re?: number): Promise<ServerAnswer> {
  const cookie = await portal.t.sessionFor(userid, re);
  const values: EnvelopeValue[] = await portal.t.call(userid === 'admin' ? 'Record.select' : 'Record2.select', [args], cookie);
  const [rs, total] = values;
  if (rs?.type !== 'recordset') throw new Error(`Record.select answered ${JSON.stringify(values)}`);
  return { rows: recordsetObjects(rs), total: Number(total?.type === 'text' ? total.text : 0) };
}

/** A call as `userid` through the engine (answers the decoded values). */
export async function serverCall(portal: Portal, userid: string, action: string, args: unknown[]): Promise<EnvelopeValue[]> {
  return portal.t.call(action, args, await portal.t.sessionFor(userid));
}

export function ddmmyyyy(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
