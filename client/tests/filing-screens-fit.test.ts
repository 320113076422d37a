// The filing screens as people who file monthly meet them, at 1024×768 and 1440×900 in Chromium:
// the lists of submissions, forms and queries keep their Status and date columns in view, never
// under the row buttons, and show no button the user could never use; the entry grid gets the
// width (the entity panel is folded for a user of one entity, and stays as each user leaves it),
// scrolls with the page so that its last row shows whole, and shows a number its column's cut
// edge would hide; the form's heading and tab title say whose return of which period it is, on
// the entity's page and on the regulator's review alike. On SQLite: layout does not depend on
// the database.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../src/ui/date-format.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { MASTER, openForm } from './filing-support.js';
import { GRID } from './list-support.js';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

interface HeaderFit {
  title: string;
  left: number;
  right: number;
  /** Whole inside the grid's box and the window, and left of the row buttons' column. */
  inView: boolean;
}

/** Where the headers with these titles are, with the grid scrolled to its start and into view. */
async function headersFit(page: Page, titles: string[]): Promise<{ fits: HeaderFit[]; disabledButtons: number; headers: string[] }> {
  await page.waitForSelector(`${GRID}[data-state=ready]`);
  await page.waitForFunction((sel) => {
    const g = document.querySelector(sel) as HTMLElement | null;
    return g !== null && Number(g.dataset.width) === g.clientWidth;
  }, {}, GRID);
  await new Promise((r) => setTimeout(r, 150));
  return page.$eval(
    GRID,
    (g, wanted) => {
      const rdg = g.querySelector('.rdg') as HTMLElement;
      rdg.scrollLeft = 0;
      rdg.scrollIntoView({ block: 'start' });
      const box = rdg.getBoundingClientRect();
      const actions = g.querySelector('[role=columnheader].list-actions');
      const edge = Math.min(box.right, window.innerWidth, actions ? actions.getBoundingClientRect().left : Infinity);
      const heads = [...g.querySelectorAll<HTMLElement>('[role=columnheader]')];
      const fits = wanted.map((title) => {
        const h = heads.find((e) => (e.textContent ?? '').trim() === title);
        if (!h) return { title, left: NaN, right: NaN, inView: false };
        const r = h.getBoundingClientRect();
        return { title, left: r.left, right: r.right, inView: r.left >= box.left - 1 && r.right <= edge + 1 };
      });
      return {
        fits,
        disabledButtons: g.querySelectorAll('[data-row-button]:disabled').length,
        headers: heads.map((e) => (e.textContent ?? '').trim()),
      };
    },
    titles,
  );
}

describe('the filing screens at 1024×768 and 1440×900 (sqlite)', () => {
  let portal: Portal;
  let form: number;
  let batch: number;
  let heading: string;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const f = await db('form').join('re', 're.id', 'form.re').where({ 'form.re': 1, 'form.code': 'BNK-01' }).whereNotNull('form.formbatch').orderBy('form.endon', 'desc').first('form.id', 'form.code', 'form.name', 'form.endon', 'form.formbatch', 're.name as re_name');
    form = Number(f.id);
    batch = Number(f.formbatch);
    heading = `${f.code} ${f.name} — ${f.re_name} — ${formatDate(String(f.endon instanceof Date ? f.endon.toISOString() : f.endon).slice(0, 10))}`;
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const size of SIZES) {
    it(`keeps Status and the dates of the entity's submission, forms and query lists in view, clear of the row buttons, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'approver');
      const lists: [string, string, string[]][] = [
        ['re-batches', '/re/batches', ['Status', 'Period End', 'Due Date', 'Submitted']],
        ['re-forms', `/re/formview?where=${encodeURIComponent('[]')}`, ['Status', 'Period End', 'Last Submitted']],
        ['re-batch-forms', `/re/batch/${batch}`, ['Status', 'Period End', 'Last Submitted']],
        // Eleven columns with three date-times: at 1024 the date of settlement scrolls sideways.
        ['re-query', '/re/query', size.width > 1024 ? ['Status', 'Date of Query', 'Date of Reply', 'Date of Settlement'] : ['Status', 'Date of Query', 'Date of Reply']],
      ];
      for (const [name, path, titles] of lists) {
        await page.goto(`${portal.url}${path}`);
        const m = await headersFit(page, titles);
        await screenshot(page, `filing-fit-${name}-${size.width}`);
        expect(m.fits.filter((h) => !h.inView), `${name} at ${size.width}: ${m.headers.join(', ')}`).toEqual([]);
        // No button the user has no permission for (the entity cannot freeze, delete or send late notices).
        expect(m.disabledButtons, name).toBe(0);
      }
      // The entity's submissions offer their one usable button (Export to Excel), not the regulator's.
      await page.goto(`${portal.url}/re/batches`);
      await page.waitForSelector(`${GRID}[data-state=ready] [role=row][data-row-id]`);
      const labels = await page.$$eval(`${GRID} [role=row][data-row-id] [data-row-button]`, (bs) => [...new Set(bs.map((b) => b.getAttribute('data-row-button')))]);
      expect(labels).toEqual(['Export to Excel']);
      expect(errors).toEqual([]);
    });

    it(`puts the regulator's several row buttons behind one Actions menu that opens over the grid, leaving Status in view, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'iru');
      await page.goto(`${portal.url}/iru/batches`);
      const m = await headersFit(page, ['Status', 'Period End', 'Due Date']);
      expect(m.fits.filter((h) => !h.inView), m.headers.join(', ')).toEqual([]);
      const first = `${GRID} [role=row][data-row-id] [data-row-menu]`;
      await page.click(first);
      await page.waitForSelector('.row-menu:popover-open [data-row-button="Export to Excel"]');
      const menu = await page.$eval('.row-menu:popover-open', (e) => {
        const r = e.getBoundingClientRect();
        const anchor = e.parentElement!.querySelector('[data-row-menu]')!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, right: r.right, anchorBottom: anchor.bottom, anchorTop: anchor.top, items: [...e.querySelectorAll('[data-row-button]')].map((b) => b.textContent) };
      });
      await screenshot(page, `filing-fit-iru-batches-menu-${size.width}`);
      expect(menu.items).toContain('Export to Excel');
      expect(menu.items.length).toBeGreaterThan(1);
      expect(menu.right).toBeLessThanOrEqual(size.width);
      expect(menu.bottom).toBeLessThanOrEqual(size.height);
      expect(menu.top >= menu.anchorBottom - 1 || menu.bottom <= menu.anchorTop + 1).toBe(true);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.row-menu:popover-open'));
      expect(errors).toEqual([]);
    });

    it(`gives a one-entity preparer the entry grid folded of the entity panel, with its last row whole when the page scrolls to it, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'preparer');
      await openForm(page, `${portal.url}/re/form/${form}`);
      expect(await page.$eval('[data-entity-panel]', (e) => e.getAttribute('data-entity-panel'))).toBe('collapsed');
      await new Promise((r) => setTimeout(r, 300));
      for (const tab of await page.$$eval('[data-form-entry] [role=tab]', (ts) => ts.map((t) => t.getAttribute('data-tab-id')))) {
        await page.click(`[data-tab-id="${tab}"]`);
        await page.waitForSelector(`[data-testid=entry-grid][data-tab="${tab}"] .ht_master td[data-address]`);
        await new Promise((r) => setTimeout(r, 300));
        const last = await page.$eval(MASTER, async (root) => {
          const holder = root.querySelector('.wtHolder') as HTMLElement;
          // Scrolled by the page (the content's box), not by a scrollbar of the grid's own.
          root.closest('[data-testid=entry-grid]')!.scrollIntoView({ block: 'end' });
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const rows = [...root.querySelectorAll('.htCore tbody tr')];
          const tr = rows[rows.length - 1] as HTMLElement;
          const r = tr.getBoundingClientRect();
          const h = holder.getBoundingClientRect();
          return { rowTop: r.top, rowBottom: r.bottom, holderBottom: h.top + holder.clientHeight, ownScroll: holder.scrollHeight - holder.clientHeight, innerHeight: window.innerHeight };
        });
        await screenshot(page, `filing-fit-entry-${tab}-${size.width}`);
        expect(last.ownScroll, `tab ${tab}`).toBeLessThanOrEqual(1);
        expect(last.rowBottom, `tab ${tab}`).toBeLessThanOrEqual(last.holderBottom + 1);
        expect(last.rowBottom, `tab ${tab}`).toBeLessThanOrEqual(last.innerHeight + 1);
        expect(last.rowTop, `tab ${tab}`).toBeGreaterThanOrEqual(0);
      }
      // A user who opens the panel finds it open next time.
      await page.click('[data-entity-panel=collapsed] .entity-panel-toggle');
      await page.waitForSelector('[data-entity-panel=expanded]');
      await openForm(page, `${portal.url}/re/form/${form}`);
      expect(await page.$eval('[data-entity-panel]', (e) => e.getAttribute('data-entity-panel'))).toBe('expanded');
      await page.click('[data-entity-panel=expanded] .entity-panel-toggle');
      await page.waitForSelector('[data-entity-panel=collapsed]');
      expect(errors).toEqual([]);
    });

    it(`shows a right-aligned number whose column the grid's edge cuts from its start, whole on hover, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'preparer');
      await openForm(page, `${portal.url}/re/form/${form}`);
      await page.waitForSelector(`${MASTER} td.htRight[data-address]`);
      // The grid made narrower than its columns, as on a small screen: its edge cuts a number column.
      const cut = await page.$eval(MASTER, async (root) => {
        const grid = root.closest('[data-testid=entry-grid]') as HTMLElement;
        const holder = root.querySelector('.wtHolder') as HTMLElement;
        const td = [...root.querySelectorAll<HTMLElement>('td.htRight[data-address]')].find((c) => (c.textContent ?? '').trim() !== '');
        if (!td) return null;
        const t = td.getBoundingClientRect();
        const h = holder.getBoundingClientRect();
        grid.style.width = `${Math.round(t.left - h.left + t.width / 2)}px`;
        window.dispatchEvent(new Event('resize'));
        await new Promise((r) => setTimeout(r, 400));
        const cell = root.querySelector<HTMLElement>(`td[data-address="${td.dataset.address}"]`)!;
        const c = cell.getBoundingClientRect();
        const edge = holder.getBoundingClientRect().left + holder.clientWidth;
        return { address: cell.dataset.address, text: (cell.textContent ?? '').trim(), title: cell.title, align: getComputedStyle(cell).textAlign, cutByEdge: c.left < edge && c.right > edge };
      });
      expect(cut).not.toBeNull();
      await screenshot(page, `filing-fit-entry-cut-${size.width}`);
      expect(cut!.cutByEdge, JSON.stringify(cut)).toBe(true);
      expect(cut!.align).toBe('left');
      expect(cut!.title).toBe(cut!.text);
      expect(errors).toEqual([]);
    });

    it(`names the form's entity, template and period in the heading and tab title, for the entity and the regulator, at ${size.width}×${size.height}`, async () => {
      for (const [user, path] of [['preparer', `/re/form/${form}`], ['iru', `/iru/form/${form}`]] as const) {
        const { page, errors } = await portal.page();
        await page.setViewport(size);
        await signIn(page, portal.url, user);
        await openForm(page, `${portal.url}${path}`);
        await page.waitForFunction((h) => document.querySelector('[data-form-entry] h1')?.textContent === h, { timeout: 10_000 }, heading).catch(() => undefined);
        expect(await page.$eval('[data-form-entry] h1', (e) => e.textContent), user).toBe(heading);
        expect(await page.title(), user).toBe(`${heading} | Reporting Portal`);
        // The heading is whole in the window.
        const h1 = await page.$eval('[data-form-entry] h1', (e) => ({ right: e.getBoundingClientRect().right, cut: e.scrollWidth > e.clientWidth }));
        expect(h1.right).toBeLessThanOrEqual(size.width);
        expect(h1.cut).toBe(false);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }
});
