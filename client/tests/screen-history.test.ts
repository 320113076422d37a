// The history panel of the screen editors in Chromium (client/src/admin/screen-history.tsx, as
// the WebList editor embeds it): versions newest first, two versions compared path by path, an
// earlier version restored after a confirmation, and a restore from a stale page refused with
// E_CONCURRENT explained.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';

const LIST = 61;

describe('screen definition history (sqlite)', () => {
  let portal: Portal;
  let admin: string;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    admin = await portal.t.sessionFor('admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function stored(): Promise<{ properties: Record<string, unknown>; updatectr: number }> {
    const row = await portal.t.database.db('weblist').where({ id: LIST }).first('properties', 'updatectr');
    return { properties: JSON.parse(String(row.properties)), updatectr: Number(row.updatectr) };
  }

  /** Saves the list through the record engine as the admin, as another editor would. */
  async function saveAs(change: (p: Record<string, unknown>) => void): Promise<void> {
    const { properties, updatectr } = await stored();
    change(properties);
    const answer = await portal.t.call('Record.update', [{ module: 'WebList', fields: ['id', 'updatectr', 'properties'], values: [LIST, updatectr, JSON.stringify(properties)] }], admin);
    expect(answer[0]?.type).toBe('recordset');
  }

  async function historyRows(page: Page): Promise<string[][]> {
    await page.waitForSelector('[data-testid=screen-history][data-state=ready]');
    return page.$$eval('[data-testid=history-row]', (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(2, 7).map((td) => (td.textContent ?? '').trim())));
  }

  async function diff(page: Page): Promise<{ kind: string; path: string; text: string }[]> {
    await page.waitForSelector('[data-testid=history-diff]');
    return page.$$eval('[data-testid=diff-entry]', (es) => es.map((e) => ({ kind: e.getAttribute('data-kind') ?? '', path: e.getAttribute('data-path') ?? '', text: (e.textContent ?? '').replace(/\s+/g, ' ').trim() })));
  }

  it('lists the versions, compares two and restores the first after a confirmation', async () => {
    const original = await stored();
    await saveAs((p) => {
      p.title = 'Parameters (renamed)';
    });
    await saveAs((p) => {
      (p.list_id as { name: string }[])[0].name = 'Every parameter';
      p.searchLabel = 'Find';
    });

    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await page.goto(`${portal.url}/weblists/${LIST}`);
    const rows = await historyRows(page);
    expect(rows.map((r) => r[0])).toEqual(['3', '2', '1']);
    expect(rows[0][2]).toBe('System Administrator');
    expect(rows[0][4]).toBe('properties.list_id, properties.searchLabel');
    expect(rows[1][4]).toBe('properties.title');

    // By default the newest against the one before it.
    await page.click('[data-testid=history-compare]');
    expect(await diff(page)).toEqual([
      { kind: 'changed', path: 'properties/list_id/0/name', text: '~ properties/list_id/0/name "Business Parameters" → "Every parameter"' },
      { kind: 'added', path: 'properties/searchLabel', text: '+ properties/searchLabel "Find"' },
    ]);

    await page.click('[data-testid=history-from-1]');
    await page.click('[data-testid=history-to-2]');
    await page.click('[data-testid=history-compare]');
    await page.waitForSelector('[data-testid=history-diff][data-from="1"][data-to="2"]');
    expect((await diff(page)).map((d) => [d.kind, d.path])).toEqual([['changed', 'properties/title']]);
    await screenshot(page, 'screen-history-compare');

    // The newest version is the current one: nothing to restore.
    expect(await page.$eval('[data-testid=history-restore-3]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.click('[data-testid=history-restore-1]');
    expect(await answerDialog(page, 'no')).toContain('Version 1 will be saved again');
    expect((await stored()).updatectr).toBe(original.updatectr + 2);

    await page.click('[data-testid=history-restore-1]');
    await answerDialog(page, 'yes');
    await page.waitForSelector('[data-testid=history-notice][data-tone=success]');
    expect((await stored()).properties).toEqual(original.properties);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=history-row]').length === 4);
    expect((await historyRows(page))[0][0]).toBe('4');
  });

  it('explains E_CONCURRENT when the definition was saved after the page loaded it, and restores nothing', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await page.goto(`${portal.url}/weblists/${LIST}`);
    const before = (await historyRows(page)).length;
    await saveAs((p) => {
      p.title = 'Saved elsewhere';
    });
    const current = await stored();
    await page.click('[data-testid=history-restore-2]');
    await answerDialog(page, 'yes');
    await page.waitForSelector('[data-testid=history-notice][data-tone=error]');
    expect(await page.$eval('[data-testid=history-notice]', (n) => n.textContent)).toContain('saved by someone else');
    expect(await stored()).toEqual(current);
    // The list shows the other save, so the admin sees why.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=history-row]').length === n, {}, before + 1);
  });
});
