// The Submissions lists and the forms of one batch in Chromium, on every database of the run:
// the regulator's /iru/batches (titled RE Submissions, reached from the sidebar) and the
// entity's /re/batches open a batch at /{shell}/batch/{id}, which shows the batch's heading,
// only its forms (rows opening the form), Export to Excel of the batch and Back; another
// entity's batch, or none, is not found.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { signIn, startPortal, type Portal } from '../testing/portal.js';
import { column, GRID, readGrid } from './list-support.js';

const OWN = 'H11 Own Batch';
const OTHER = 'H11 Other Batch';
const textOf = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
const pathIs = (page: Page, path: string) => page.waitForFunction((p) => window.location.pathname === p, {}, path);

describe.each(await testDialects())('the forms of a submission batch on %s', (dialect) => {
  let portal: Portal;
  let own: number;
  let other: number;
  let forms: number[];

  /** A batch of entity `re` holding Open forms of the given codes; answers its id and the forms'. */
  async function newBatch(re: number, name: string, codes: string[]): Promise<{ batch: number; forms: number[] }> {
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    await db('formbatch').insert({ re, name, endon: '2026-01-31', duedate: '2026-02-20', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').where({ name }).max({ id: 'id' }))[0].id);
    for (const code of codes) {
      await db('form').insert({ code, name: `Form ${code}`, re, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    }
    const ids = await db('form').where({ formbatch: batch }).orderBy('id').pluck('id');
    return { batch, forms: ids.map(Number) };
  }

  async function openBatchFrom(page: Page, list: string, id: number): Promise<void> {
    await page.type('[data-filter=name] input', 'H11');
    const before = Number(await page.$eval(GRID, (g) => g.getAttribute('data-load-seq')));
    await page.click('[data-action=search]');
    await readGrid(page, before);
    await page.click(`${GRID} [role=row][data-row-id="${id}"] [role=gridcell]`);
    await pathIs(page, `${list.replace(/batches$/, 'batch')}/${id}`);
    await page.waitForSelector(`[data-batch="${id}"] ${GRID}[data-state=ready]`);
  }

  beforeAll(async () => {
    portal = await startPortal(dialect);
    ({ batch: own, forms } = await newBatch(1, OWN, ['H11-A', 'H11-B']));
    ({ batch: other } = await newBatch(6, OTHER, ['H11-C']));
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows the regulator RE Submissions from the sidebar, and a batch row opens its forms with its heading', async () => {
    const { page } = await portal.page();
    try {
      await signIn(page, portal.url, 'iru');
      await page.waitForSelector('.sidebar a[href="/iru/batches"]');
      await page.click('.sidebar a[href="/iru/batches"]');
      await page.waitForSelector(`${GRID}[data-state=ready]`);
      expect(await textOf(page, '.list-title')).toBe('RE Submissions');
      expect(await page.title()).toBe('RE Submissions | Reporting Portal');
      expect(await page.$('[data-action=export]')).not.toBeNull();
      await openBatchFrom(page, '/iru/batches', own);
      expect(await page.title()).toBe(`${OWN} | Reporting Portal`);
      expect(await textOf(page, '.batch-head h1')).toBe(OWN);
      const entity = await portal.t.database.db('re').where({ id: 1 }).first('name');
      expect(await textOf(page, '[data-fact=entity]')).toBe(String(entity.name));
      expect(await textOf(page, '[data-fact=endon]')).toBe('31/01/2026');
      expect(await textOf(page, '[data-fact=duedate]')).toBe('20/02/2026');
      expect(await textOf(page, '[data-fact=state]')).toBe('Open');
      const grid = await readGrid(page);
      // Only the batch's forms, whatever their period (no default End Date), code ascending.
      expect(grid.ids.map(Number)).toEqual(forms);
      expect(column(grid, 'Code')).toEqual(['H11-A', 'H11-B']);
      expect(grid.headers).toEqual(expect.arrayContaining(['Code', 'Form', 'Period End', 'Status']));
      // Export to Excel submits the batch's export job.
      const jobsBefore = Number((await portal.t.database.db('job').count({ n: '*' }))[0].n);
      await page.click('.batch-head [data-action=export-excel]');
      await page.waitForFunction(() => !(document.querySelector('.batch-head [data-action=export-excel]') as HTMLButtonElement | null)?.disabled, { timeout: 60_000 });
      expect(Number((await portal.t.database.db('job').count({ n: '*' }))[0].n)).toBe(jobsBefore + 1);
      // A form row opens the regulator's form page; Back returns to the submissions.
      await page.click(`${GRID} [role=row][data-row-id="${forms[0]}"] [role=gridcell]`);
      await pathIs(page, `/iru/form/${forms[0]}`);
      await page.goBack();
      await page.waitForSelector('.batch-head [data-action=back]');
      await page.click('.batch-head [data-action=back]');
      await pathIs(page, '/iru/batches');
    } finally {
      await page.close();
    }
  });

  it('gives the entity its own batch\'s forms from /re/batches, and another entity\'s batch is not found', async () => {
    const { page } = await portal.page();
    try {
      await signIn(page, portal.url, 're');
      await page.goto(`${portal.url}/re/batches`);
      await page.waitForSelector(`${GRID}[data-state=ready]`);
      expect(await textOf(page, '.list-title')).toBe('Submission');
      await openBatchFrom(page, '/re/batches', own);
      expect(await page.title()).toBe(`${OWN} | Reporting Portal`);
      expect(await page.$('[data-fact=entity]')).toBeNull();
      expect((await readGrid(page)).ids.map(Number)).toEqual(forms);
      expect(await page.$('.batch-head [data-action=export-excel]')).not.toBeNull();
      expect(await page.$$eval('.batch-head [data-action^=validation-report]', (bs) => bs.map((b) => b.textContent))).toEqual(['Validation report (Excel)', 'Validation report (PDF)']);
      await page.click(`${GRID} [role=row][data-row-id="${forms[1]}"] [role=gridcell]`);
      await pathIs(page, `/re/form/${forms[1]}`);
      for (const id of [other, 999_999]) {
        await page.goto(`${portal.url}/re/batch/${id}`);
        await page.waitForSelector('[data-not-found]');
        expect(await textOf(page, '[data-not-found] [role=alert]')).toBe('Submission not found.');
        expect(await page.title()).toBe('Submission not found | Reporting Portal');
      }
    } finally {
      await page.close();
    }
  });
});
