// The grids as people meet them at 1366×768 and 1024×768 (issue 18), measured in Chromium:
// dates, date-times and statuses are never cut (each cell's text fits its box), long text ends
// in an ellipsis with the whole text on hover, a grid wider than its box scrolls sideways with
// its bottom (and so its scrollbar) in the window, the row buttons stay in view however far the
// grid is scrolled, rows look clickable, and a list has one Create button. Screenshots of each
// grid at both sizes go to test-results/screenshots. On SQLite: layout does not depend on the
// database.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SCREENS } from '../src/app/screen-routes.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { GRID } from './list-support.js';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

interface Layout {
  viewport: number;
  /** Cells of kinds that must show whole (date, datetime, state) whose text overflows, and their headers. */
  cut: string[];
  /** Text cells that end in an ellipsis without the whole text on hover. */
  cutWithoutTitle: string[];
  sideways: boolean;
  overflowX: string;
  /** The grid's bottom edge (with its horizontal scrollbar) once scrolled into view, against the window's height. */
  bottom: number;
  innerHeight: number;
  /** Row button cells: their left and right edges, and the grid box's, after scrolling to each end. */
  actions: { left: number; right: number; buttonsInside: boolean }[];
  box: { left: number; right: number };
  cursor: string;
}

/** Measures the grid on the page now; `scroll` = how far sideways first (0, or 'end'). */
async function measure(page: Page, scroll: 0 | 'end'): Promise<Layout> {
  return page.$eval(
    GRID,
    (g, scrollTo) => {
      const rdg = g.querySelector('.rdg') as HTMLElement;
      rdg.scrollLeft = scrollTo === 'end' ? rdg.scrollWidth : 0;
      rdg.scrollIntoView({ block: 'end' });
      const whole = ['date', 'datetime', 'state'];
      const cut: string[] = [];
      const cutWithoutTitle: string[] = [];
      for (const span of g.querySelectorAll<HTMLElement>('[role=row][data-row-id] .cell')) {
        const kind = span.dataset.kind ?? '';
        const cell = span.closest('[role=gridcell]') as HTMLElement;
        const over = span.scrollWidth > span.clientWidth || span.getBoundingClientRect().width > cell.getBoundingClientRect().width + 0.5;
        if (whole.includes(kind) && over) cut.push(`${kind}: ${span.textContent}`);
        if (kind === 'text' && over && span.title !== span.textContent && !(span.title.length > (span.textContent ?? '').length)) cutWithoutTitle.push(span.textContent ?? '');
      }
      for (const kind of whole) {
        for (const head of g.querySelectorAll<HTMLElement>(`[role=columnheader].head-${kind}`)) {
          const name = (head.querySelector('.rdg-header-sort-name') ?? head) as HTMLElement;
          if (name.scrollWidth > name.clientWidth) cut.push(`header: ${head.textContent}`);
        }
      }
      const box = g.getBoundingClientRect();
      const actions = [...g.querySelectorAll<HTMLElement>('[role=row][data-row-id] .list-actions')].map((c) => {
        const r = c.getBoundingClientRect();
        // Buttons on screen: those of a closed row menu are not.
        const buttonsInside = [...c.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0).every((b) => {
          const br = b.getBoundingClientRect();
          return br.left >= r.left - 0.5 && br.right <= r.right + 0.5;
        });
        return { left: r.left, right: r.right, buttonsInside };
      });
      const firstCell = g.querySelector('[role=row][data-row-id] [role=gridcell]:not(.list-actions)');
      return {
        viewport: window.innerWidth,
        cut,
        cutWithoutTitle,
        sideways: rdg.scrollWidth > rdg.clientWidth,
        overflowX: getComputedStyle(rdg).overflowX,
        bottom: rdg.getBoundingClientRect().bottom,
        innerHeight: window.innerHeight,
        actions,
        box: { left: box.left, right: box.right },
        cursor: firstCell ? getComputedStyle(firstCell).cursor : '',
      };
    },
    scroll,
  );
}

async function openGrid(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector(`${GRID}[data-state=ready] [role=row][data-row-id]`);
  // The widths follow the measured box (a ResizeObserver): wait until they were made for it.
  await page.waitForFunction((sel) => {
    const g = document.querySelector(sel) as HTMLElement | null;
    return g !== null && Number(g.dataset.width) === g.clientWidth;
  }, {}, GRID);
  await new Promise((r) => setTimeout(r, 100));
}

/** Every rule of the issue for one grid, at the current size. */
async function expectGridHolds(page: Page, name: string, opts: { actions?: boolean; clickable: boolean }): Promise<Layout> {
  const start = await measure(page, 0);
  await screenshot(page, `list-layout-${name}-${start.viewport}`);
  expect(start.cut, `${name} at ${start.viewport}: cut cells`).toEqual([]);
  expect(start.cutWithoutTitle, `${name} at ${start.viewport}: cut text without its title`).toEqual([]);
  // The grid is never taller than the window: its bottom, where the horizontal scrollbar is, shows.
  expect(start.bottom).toBeLessThanOrEqual(start.innerHeight + 1);
  if (start.sideways) expect(['auto', 'scroll']).toContain(start.overflowX);
  if (opts.clickable) expect(start.cursor).toBe('pointer');
  const ends = start.sideways ? [start, await measure(page, 'end')] : [start];
  if (start.sideways) await screenshot(page, `list-layout-${name}-${start.viewport}-scrolled`);
  for (const at of ends) {
    if (opts.actions !== undefined) expect(at.actions.length > 0).toBe(opts.actions);
    for (const a of at.actions) {
      // Never clipped: inside the grid's box and the window, every button whole.
      expect(a.right).toBeLessThanOrEqual(Math.min(at.box.right, at.viewport) + 1);
      expect(a.left).toBeGreaterThanOrEqual(at.box.left - 1);
      expect(a.buttonsInside).toBe(true);
    }
  }
  return start;
}

describe('list layout at 1366×768 and 1024×768 (sqlite)', () => {
  let portal: Portal;
  let batch: number;
  const LONG = 'A submission batch with a very long name that no column of the grid can show whole at any size';

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    // A submitted form in a batch (its Last Submitted is a date-time), and a long batch name on
    // every batch, so that whichever rows a page shows, one text is too long for its column.
    const form = await db('form').whereNotNull('lastsubmiton').whereNotNull('formbatch').first('formbatch');
    batch = Number(form.formbatch);
    await db('formbatch').update({ name: LONG });
  });
  afterAll(async () => {
    await portal?.close();
  });

  for (const size of SIZES) {
    it(`keeps the regulator's grids whole where it matters at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'iru');
      // RE Submissions: many columns, four row buttons; at 1024 it scrolls sideways.
      await openGrid(page, `${portal.url}/iru/batches`);
      const batches = await expectGridHolds(page, 'iru-batches', { actions: true, clickable: true });
      if (size.width === 1024) expect(batches.sideways).toBe(true);
      // The long batch name is cut with an ellipsis and whole on hover.
      const long = await page.$$eval(`${GRID} .cell[data-kind=text]`, (cells) =>
        cells.filter((c) => c.textContent?.startsWith('A submission batch')).map((c) => ({ title: c.getAttribute('title'), overflow: getComputedStyle(c).textOverflow, cut: c.scrollWidth > c.clientWidth })),
      );
      expect(long.length).toBeGreaterThan(0);
      expect(long[0]).toEqual({ title: LONG, overflow: 'ellipsis', cut: true });
      // Query: row checkboxes and an Open button per row.
      await openGrid(page, `${portal.url}/iru/query`);
      await expectGridHolds(page, 'iru-query', { actions: true, clickable: true });
      // The forms of a batch (hand-built page around the list): Last Submitted is a date-time, whole.
      await openGrid(page, `${portal.url}/iru/batch/${batch}`);
      const forms = await expectGridHolds(page, 'iru-batch-forms', { actions: false, clickable: true });
      expect(forms.cut).toEqual([]);
      const lastSubmitted = await page.$$eval(`${GRID} .cell[data-kind=datetime]`, (cells) => cells.map((c) => c.textContent));
      expect(lastSubmitted.length).toBeGreaterThan(0);
      for (const t of lastSubmitted) expect(t).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (am|pm))?$/);
      expect(errors).toEqual([]);
    });

    it(`keeps the entity's grids whole beside the entity panel at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 're');
      await openGrid(page, `${portal.url}/re/requestvalue`);
      await expectGridHolds(page, 're-requestvalue', { actions: true, clickable: true });
      await openGrid(page, `${portal.url}/re/formview?where=${encodeURIComponent('[]')}`);
      await expectGridHolds(page, 're-forms', { clickable: true });
      expect(errors).toEqual([]);
    });
  }

  for (const size of SIZES) {
    it(`keeps the bulletin list's dates, statuses and row buttons whole, and a row opens its bulletin, at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'iru');
      await page.goto(`${portal.url}/iru/bulletin`);
      await page.waitForSelector('.bulletin-table[data-state=ready] tr[data-row-id]');
      const m = await page.$eval('.bulletin-table', (t) => {
        const scroller = t.closest('.table-scroll') as HTMLElement;
        const sr = scroller.getBoundingClientRect();
        const cut = [...t.querySelectorAll<HTMLElement>('td.cell-date, td.cell-state')].filter((c) => c.scrollWidth > c.clientWidth || getComputedStyle(c).whiteSpace !== 'nowrap').map((c) => c.textContent);
        const dates = [...t.querySelectorAll<HTMLElement>('td.cell-date')].map((c) => c.textContent);
        const actions = [...t.querySelectorAll<HTMLElement>('td.row-actions')].map((c) => {
          const r = c.getBoundingClientRect();
          return { right: r.right, buttonsInside: [...c.querySelectorAll('a, button')].every((b) => b.getBoundingClientRect().right <= Math.min(r.right, sr.right) + 0.5) };
        });
        const titles = [...t.querySelectorAll<HTMLElement>('td.cell-title')].map((c) => ({ cut: c.scrollWidth > c.clientWidth, title: c.title, text: c.textContent, overflow: getComputedStyle(c).textOverflow }));
        return { cut, dates, actions, scrollerRight: sr.right, viewport: window.innerWidth, titles, cursor: getComputedStyle(t.querySelector('tr[data-row-id]')!).cursor };
      });
      await screenshot(page, `list-layout-iru-bulletin-${size.width}`);
      expect(m.cut).toEqual([]);
      for (const d of m.dates) expect(d).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      for (const a of m.actions) {
        expect(a.right).toBeLessThanOrEqual(Math.min(m.scrollerRight, m.viewport) + 1);
        expect(a.buttonsInside).toBe(true);
      }
      for (const t of m.titles) {
        expect(t.title).toBe(t.text);
        expect(t.overflow).toBe('ellipsis');
      }
      expect(m.cursor).toBe('pointer');
      // A click on the row (not on its buttons) opens the bulletin, as Open does.
      const id = await page.$eval('.bulletin-table tr[data-row-id]', (r) => r.getAttribute('data-row-id'));
      await page.click('.bulletin-table tr[data-row-id] td.cell-title');
      await page.waitForFunction((p) => window.location.pathname === p, {}, `/iru/bulletin/${id}`);
      expect(errors).toEqual([]);
    });

    it(`lays out the dropdown request and its Approval panel within the window at ${size.width}×${size.height}`, async () => {
      const db = portal.t.database.db;
      const request = await db('smsdropdown').where({ state: 54 }).first('id');
      const { page, errors } = await portal.page();
      await page.setViewport(size);
      await signIn(page, portal.url, 'iru');
      await page.goto(`${portal.url}/iru/requestvalue/${request.id}`);
      await page.waitForSelector('.approval-panel');
      const m = await page.evaluate(() => {
        const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
        const cells = [...document.querySelectorAll('.detail-table tr')].map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]);
        const labelsCut = [...document.querySelectorAll<HTMLElement>('.detail-table th')].filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent);
        return {
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          details: box('.detail-table').right,
          panel: box('.approval-panel').right,
          back: box('.request-back').right,
          viewport: window.innerWidth,
          cells,
          labelsCut,
          labels: [...document.querySelectorAll('.approval-panel label')].map((l) => l.querySelector('span')?.textContent),
        };
      });
      await screenshot(page, `list-layout-dropdown-request-${size.width}`);
      expect(m.pageOverflow).toBeLessThanOrEqual(0);
      for (const right of [m.details, m.panel, m.back]) expect(right).toBeLessThanOrEqual(m.viewport);
      expect(m.labelsCut).toEqual([]);
      expect(m.labels).toEqual(['Approved Value', 'Remark']);
      const date = m.cells.find(([th]) => th === 'Request Date');
      expect(date?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (am|pm)$/);
      expect(errors).toEqual([]);
    });
  }

  it('shows a row under the pointer as one to click: the pointer cursor and a changed background', async () => {
    const { page } = await portal.page();
    await page.setViewport(SIZES[1]);
    await signIn(page, portal.url, 'iru');
    await openGrid(page, `${portal.url}/iru/batches`);
    const cell = `${GRID} [role=row][data-row-id] [role=gridcell]`;
    const before = await page.$eval(cell, (c) => getComputedStyle(c).backgroundColor);
    await page.hover(cell);
    const after = await page.$eval(cell, (c) => ({ bg: getComputedStyle(c).backgroundColor, cursor: getComputedStyle(c).cursor }));
    expect(after.cursor).toBe('pointer');
    expect(after.bg).not.toBe(before);
  });

  it('offers one Create button on every named list, in each shell', async () => {
    const doubles: string[] = [];
    // The hand-built lists besides the named ones.
    const own = { re: ['query'], iru: ['query', 'bulletin'], admin: [] as string[] };
    let seen = 0;
    const withCreate: string[] = [];
    for (const [shell, user] of [
      ['re', 're'],
      ['iru', 'iru'],
      ['admin', 'admin'],
    ] as const) {
      const { page } = await portal.page();
      await page.setViewport(SIZES[1]);
      await signIn(page, portal.url, user);
      for (const path of [...LIST_SCREENS.filter((s) => s.shells.includes(shell)).map((s) => s.path), ...own[shell]]) {
        await page.goto(`${portal.url}${shell === 'admin' ? '' : `/${shell}`}/${path}`);
        // The list, or whatever the page shows instead (not allowed, an error).
        await page.waitForFunction(
          (sel) => document.querySelector(`${sel}[data-state=ready], .bulletin-table[data-state=ready]`) || document.querySelector('[data-list-error], [data-not-found], [data-not-allowed], .screen-error'),
          {},
          GRID,
        );
        seen += 1;
        const creates = await page.$$eval('#content a, #content button', (els) =>
          els.filter((e) => /^Create\b/.test((e.textContent ?? '').trim()) && (e as HTMLElement).offsetParent !== null).map((e) => (e.textContent ?? '').trim()),
        );
        if (creates.length > 1) doubles.push(`${shell} ${path}: ${creates.join(', ')}`);
        if (creates.length === 1) withCreate.push(`${shell} ${path}`);
      }
    }
    expect(doubles).toEqual([]);
    expect(seen).toBeGreaterThan(40);
    // The check saw the buttons it counts: these lists offer their users one.
    expect(withCreate).toEqual(expect.arrayContaining(['re requestvalue', 're helpdesk', 'iru bulletin', 'iru query']));
  }, 240_000);
});
