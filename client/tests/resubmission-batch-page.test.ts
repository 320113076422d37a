// A submission reopened by an approved resubmission (docs/resubmission-extension.md "The reopened
// submission") in Chromium, on every database of the run, at 1024×768 and 1440×900, as the entity
// and as the regulator: the Submissions list's row reads Type "Resubmission" (submit type 1100526,
// list group 1105) and its Original Due Date, and the batch page says Submission Type
// Resubmission, the new Due Date and the Original Due Date in DD/MM/YYYY, all drawn on screen; an
// ordinary submission says neither.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { column, GRID, readGrid } from './list-support.js';

const RESUBMITTED = 'H3R Resubmitted Returns';
const ORDINARY = 'H3R Ordinary Returns';
const RESUBMISSION = 1100526;
const SIZES = [{ width: 1024, height: 768 }, { width: 1440, height: 900 }];
const textOf = (page: Page, sel: string) => page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
/** The batch page's facts as the user reads them: each label with its value. */
const facts = (page: Page) =>
  page.$$eval('.batch-facts dt', (dts) => Object.fromEntries(dts.map((dt) => [(dt.textContent ?? '').trim(), (dt.nextElementSibling?.textContent ?? '').replace(/\s+/g, ' ').trim()])));
/** Whether every fact is drawn inside the viewport. */
const factsOnScreen = (page: Page) =>
  page.$$eval('.batch-facts dt, .batch-facts dd', (es) =>
    es.every((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    }),
  );

describe.each(await testDialects())('a resubmission batch on its page and in the Submissions list on %s', (dialect) => {
  let portal: Portal;
  let resubmitted = 0;
  let ordinary = 0;

  beforeAll(async () => {
    portal = await startPortal(dialect);
    const db = portal.t.database.db;
    const createon = sqlDateTime();
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const add = async (name: string, extra: Record<string, unknown>) => {
      await db('formbatch').insert({ re: 1, name, endon: '2026-01-31', duedate: '2026-02-20', state: 13, frozen_ind: false, createon, ...extra });
      const id = Number((await db('formbatch').where({ name }).max({ id: 'id' }))[0].id);
      await db('form').insert({ code: 'H3R-A', name: 'Form H3R-A', re: 1, formbatch: id, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
      return id;
    };
    // Reopened by an approved resubmission: due again on 15/05/2026, first due on 20/02/2026.
    resubmitted = await add(RESUBMITTED, { submittype: RESUBMISSION, duedateorg: '2026-02-20', duedate: '2026-05-15' });
    ordinary = await add(ORDINARY, {});
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('names the submit type in words as the list group 1105 entry', async () => {
    const entry = await portal.t.database.db('list').where({ id: RESUBMISSION }).first('name', 'listgroup');
    expect([String(entry.name), Number(entry.listgroup)]).toEqual(['Resubmission', 1105]);
  });

  for (const [shell, userid] of [['re', 're'], ['iru', 'iru']] as const) {
    it(`shows the ${shell === 're' ? 'entity' : 'regulator'} the resubmission's type and both due dates in the list and on its page, at both sizes`, async () => {
      const { page, errors } = await portal.page();
      try {
        await page.setViewport(SIZES[0]);
        await signIn(page, portal.url, userid, undefined, `/${shell}/batches`);
        await page.waitForSelector(`${GRID}[data-state=ready]`);
        await page.type('[data-filter=name] input', 'H3R');
        const before = Number(await page.$eval(GRID, (g) => g.getAttribute('data-load-seq')));
        await page.click('[data-action=search]');
        const grid = await readGrid(page, before);
        const row = (id: number) => grid.ids.map(Number).indexOf(id);
        expect(row(resubmitted)).toBeGreaterThanOrEqual(0);
        expect(column(grid, 'Type')[row(resubmitted)]).toBe('Resubmission');
        expect(column(grid, 'Original Due Date')[row(resubmitted)]).toBe('20/02/2026');
        expect(column(grid, 'Due Date')[row(resubmitted)]).toBe('15/05/2026');
        expect(column(grid, 'Type')[row(ordinary)]).toBe('-');
        expect(column(grid, 'Original Due Date')[row(ordinary)]).toBe('-');
        expect(column(grid, 'Due Date')[row(ordinary)]).toBe('20/02/2026');

        for (const size of SIZES) {
          await page.setViewport(size);
          await page.goto(`${portal.url}/${shell}/batch/${resubmitted}`);
          await page.waitForSelector('[data-fact=duedateorg]');
          expect(await textOf(page, '.batch-head h1')).toBe(RESUBMITTED);
          expect(await facts(page)).toMatchObject({
            'Period End': '31/01/2026',
            'Due Date': '15/05/2026',
            'Submission Type': 'Resubmission',
            'Original Due Date': '20/02/2026',
            Status: 'Open',
          });
          expect(await factsOnScreen(page)).toBe(true);
          await screenshot(page, `resubmission-batch-${shell}-${size.width}`);

          await page.goto(`${portal.url}/${shell}/batch/${ordinary}`);
          await page.waitForSelector('[data-fact=duedate]');
          const plain = await facts(page);
          expect(plain['Due Date']).toBe('20/02/2026');
          expect(Object.keys(plain)).not.toContain('Submission Type');
          expect(Object.keys(plain)).not.toContain('Original Due Date');
        }
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
