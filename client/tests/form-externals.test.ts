// Values read from other forms in the entry grid (/re/form/:id), in Chromium on SQLite: a formula
// cell over last period's accepted figure shows it, shaded as read from elsewhere, and its
// tooltip and the cell panel name the form and period it came from; the form-level check over it
// explains itself with the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { serverCall } from './list-support.js';
import { MASTER, openForm, rowsOf, selectCell, shown } from './filing-support.js';
import { crossFormTemplates, insertBatch, insertTemplate } from '../../portal/testing/cross-form.js';

describe('values read from other forms in the entry grid', () => {
  let portal: Portal;
  let page: Page;
  let form: number;
  const { a, b, ia, ib } = crossFormTemplates(1);

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const [ta, tb] = [await insertTemplate(db, a, ia), await insertTemplate(db, b, ib)];
    const [october] = await insertBatch(db, '2026-10-31', [ta]);
    const [november, loans] = await insertBatch(db, '2026-11-30', [ta, tb]);
    form = november;
    const save = async (id: number, values: Record<string, number>) => rowsOf(await serverCall(portal, 'preparer', 'Form.saveData', [{ form: id, updatectr: 1, cells: Object.entries(values).map(([code, value]) => ({ code, value })) }]));
    await save(october, { [`${ia}01001`]: 20000, [`${ia}01002`]: 20000, [`${ia}01003`]: 0 });
    await db('form').where({ id: october }).update({ state: 45 });
    await save(loans, { [`${ib}01001`]: 110 });
    await save(november, { [`${ia}01001`]: 9000, [`${ia}01002`]: 9000, [`${ia}01003`]: 100 });
    ({ page } = await portal.page());
    await page.setViewport({ width: 1366, height: 768 });
    await signIn(page, portal.url, 'preparer');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows last period\'s figure in its formula cell, marked, with where it came from in the tooltip and the cell panel', async () => {
    await openForm(page, `${portal.url}/re/form/${form}`);
    // Row 5: the header, then the fourth body row (Total assets last period).
    expect(await shown(page, 'B5')).toBe('20,000');
    const from = `prev(${ia}01001) Total assets = 20,000, from PA-1, period ending 31/10/2026`;
    const cell = await page.$eval(MASTER, (root) => {
      const td = root.querySelector('td[data-address="B5"]') as HTMLElement;
      return { title: td.title, external: td.classList.contains('cell-external') };
    });
    expect(cell).toEqual({ title: from, external: true });
    await selectCell(page, 'B5');
    expect(await page.$$eval('[data-testid=cell-external]', (ps) => ps.map((p) => p.textContent))).toEqual([from]);
  });

  it('explains the check over last period with its values among the form\'s problems', async () => {
    expect(await page.$eval('[data-testid=problems]', (e) => e.textContent)).toContain(`Total assets may not fall by more than half from last period. (${ia}01001 = 9,000; prev(${ia}01001) = 20,000)`);
  });
});
