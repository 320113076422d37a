// A smoke journey of the generic form page on every database this run covers (MariaDB when it
// answers): create a record, update it, and find both in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';

describe.each(await testDialects())('generic form page smoke (%s)', (dialect) => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function setField(page: Page, name: string, text: string): Promise<void> {
    const sel = `.record-form [name="${name}"]`;
    await page.focus(sel);
    await page.$eval(sel, (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    await page.type(sel, text);
  }

  async function confirm(page: Page): Promise<string> {
    await page.waitForSelector('[data-dialog=dialog]');
    const title = await page.$eval('[data-dialog=dialog] .dialog-title', (e) => e.textContent ?? '');
    await page.click('[data-dialog=dialog] [data-button=ok]');
    return title;
  }

  it('creates a public message and updates its end date, as the database then holds', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/form/154/create`);
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, 'message', `<p>Smoke on ${dialect}</p>`);
    await setField(page, 'startdate', '02/01/2025');
    await page.click('[data-action=save]');
    expect(await confirm(page)).toBe('Created');
    const path = await waitForPath(page, (p) => /^\/iru\/form\/154\/view\/\d+$/.test(p));
    const id = Number(path.split('/').pop());
    const db = portal.t.database.db;
    const created = await db('publicmessage').where({ id }).first('message', 'startdate', 'updatectr');
    expect(created.message).toBe(`<p>Smoke on ${dialect}</p>`);
    expect(String(created.startdate).slice(0, 10)).toBe('2025-01-02');

    await page.waitForSelector('[data-action=edit]');
    await page.click('[data-action=edit]');
    await page.waitForSelector('[data-action=update]');
    await setField(page, 'enddate', '31/12/2025');
    await page.click('[data-action=update]');
    expect(await confirm(page)).toBe('Update successfully');
    await waitForPath(page, (p) => p === `/iru/form/154/view/${id}`);
    const updated = await db('publicmessage').where({ id }).first('enddate', 'updatectr');
    expect(String(updated.enddate).slice(0, 10)).toBe('2025-12-31');
    expect(Number(updated.updatectr)).toBe(Number(created.updatectr) + 1);
    expect(errors).toEqual([]);
  });
});
