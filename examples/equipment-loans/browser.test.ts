// The same React client, served by an engine running the equipment-loans app (SQLite): the lab
// manager signs in, opens the loans list, asks for a loan through the generated form, approves
// it with the list's button, and sees the loan rules' stamp in the list.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, newPage } from '../../client/testing/browser.js';
import { startAppTestEngine, type AppTestEngine } from '../../engine/testing/app-test-engine.js';
import { equipmentLoans } from './app.js';
import { DEMO_PASSWORD } from './seeds.js';
import { LOAN_STATE } from './states.js';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const LOANS_LIST = 901;
const LOAN_FORM = 901;
const GRID = '[data-list-grid]';

interface Grid {
  headers: string[];
  rows: string[][];
  seq: number;
}

/** The grid once a load after load number `after` has finished. */
async function readGrid(page: Page, after = 0): Promise<Grid> {
  const handle = await page.waitForFunction(
    (sel, n) => {
      const g = document.querySelector(sel);
      if (g === null || g.getAttribute('data-state') !== 'ready' || Number(g.getAttribute('data-load-seq')) <= n) return false;
      return {
        headers: [...g.querySelectorAll('[role=columnheader]')].map((e) => (e.textContent ?? '').trim()),
        rows: [...g.querySelectorAll('[role=row][data-row-id]')].map((r) => [...r.querySelectorAll('[role=gridcell]')].map((c) => (c.textContent ?? '').trim())),
        seq: Number(g.getAttribute('data-load-seq')),
      };
    },
    {},
    GRID,
    after,
  );
  return (await handle.jsonValue()) as Grid;
}

/** The cells of the row whose `header` column reads `text`, by column title. */
function rowOf(grid: Grid, header: string, text: string): Record<string, string> | undefined {
  const i = grid.headers.indexOf(header);
  const row = grid.rows.find((r) => r[i] === text);
  return row && Object.fromEntries(grid.headers.map((h, j) => [h, row[j]]));
}

async function answerDialog(page: Page, button: string): Promise<string> {
  const sel = `[data-dialog=dialog] [data-button=${button}]`;
  await page.waitForSelector(sel);
  const text = await page.$eval('[data-dialog=dialog]', (d) => d.textContent ?? '');
  await page.click(sel);
  await page.waitForFunction((s) => !document.querySelector(s), {}, sel);
  return text;
}

async function setField(page: Page, name: string, text: string): Promise<void> {
  const sel = `.record-form [name="${name}"]`;
  await page.focus(sel);
  await page.$eval(sel, (e) => (e as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.type(sel, text);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
}

describe('the React client serving the equipment-loans app', () => {
  let t: AppTestEngine;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    // CLIENT_DIR lets a run use its own build while another rebuilds client/dist.
    t = await startAppTestEngine(equipmentLoans, 'sqlite', process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {});
    url = await t.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  it('signs the lab manager in, asks for a loan through the form, approves it in the list and shows who approved it', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${url}/`);
    await page.waitForSelector('input[name=userid]');
    await page.type('input[name=userid]', 'labmanager');
    await page.type('input[name=password]', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-shell]');
    // The shell of an internal user: home page and menu, no error dialog at sign-in.
    expect(await page.$('[data-dialog=dialog]')).toBeNull();

    await page.goto(`${url}/list/${LOANS_LIST}`);
    const before = await readGrid(page);
    expect(before.headers).toEqual(expect.arrayContaining(['Equipment', 'Borrower', 'Status', 'Approved by']));
    expect(rowOf(before, 'Equipment', 'Oscilloscope')).toMatchObject({ Status: 'Approved', 'Approved by': 'Lab Manager' });
    expect(rowOf(before, 'Equipment', 'Thermal camera')).toMatchObject({ Status: 'Requested' });

    // The list's create button opens the loan form.
    await page.click('[data-action=create]');
    await page.waitForSelector(`[data-form="${LOAN_FORM}"][data-mode=create]`);
    await page.click('.record-form [name=equipment]');
    await page.waitForSelector('[data-choices] [role=option][data-value="2"]');
    await page.click('[data-choices] [role=option][data-value="2"]');
    await setField(page, 'borrower', 'Marie Curie');
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = due.split('-');
    await setField(page, 'dueon', `${d}/${m}/${y}`);
    await screenshot(page, 'equipment-loans-form');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Created');
    await page.waitForSelector(`[data-form="${LOAN_FORM}"][data-mode=view]`);
    const stored = await t.database.db('lab_loan').where({ borrower: 'Marie Curie' }).first('id', 'equipment', 'state', 'dueon');
    expect(stored).toMatchObject({ equipment: 2, state: LOAN_STATE.requested });
    expect(String(stored.dueon).slice(0, 10)).toBe(due);

    // Back in the list, the row's Approve button moves the loan; the loan rules stamp it.
    await page.goto(`${url}/list/${LOANS_LIST}`);
    const listed = await readGrid(page);
    expect(rowOf(listed, 'Borrower', 'Marie Curie')).toMatchObject({ Equipment: 'Microscope', Status: 'Requested', 'Approved by': '' });
    const clicked = await page.$$eval(
      `${GRID} [role=row][data-row-id]`,
      (rows, text) => {
        const row = rows.find((r) => [...r.querySelectorAll('[role=gridcell]')].some((c) => (c.textContent ?? '').trim() === text));
        const button = row?.querySelector<HTMLButtonElement>('[data-row-button="Approve"]');
        button?.click();
        return Boolean(button);
      },
      'Marie Curie',
    );
    expect(clicked).toBe(true);
    expect(await answerDialog(page, 'yes')).toContain('Approved');
    expect(await answerDialog(page, 'ok')).toContain('Approved');
    const after = await readGrid(page, listed.seq);
    expect(rowOf(after, 'Borrower', 'Marie Curie')).toMatchObject({ Status: 'Approved', 'Approved by': 'Lab Manager' });
    await screenshot(page, 'equipment-loans-approved');
    expect(await t.database.db('lab_equipment').where({ id: 2 }).first('onloan')).toMatchObject({ onloan: 1 });
    expect(errors).toEqual([]);
  });
});
