// A smoke journey through the generic list on every database of the run (SQLite, and MariaDB
// when reachable): the entity list, a contains search with a LIKE wildcard typed by the user,
// the second page of a sort, compared with what Record.select answers on that database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../engine/testing/test-database.js';
import { pathOf, signIn, startPortal, type Portal } from '../testing/portal.js';
import { afterLoad, clickHeader, column, readGrid, serverSelect } from './list-support.js';

const dialects = await testDialects();

describe.each(dialects)('the generic list on %s', (dialect) => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lists, searches with contains and pages a sorted list as the database answers', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/reportingentity');
    const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));

    const first = await readGrid(page);
    const all = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], order: 'name asc', max: 20 });
    expect(first.total).toBe(all.total);
    expect(column(first, 'Name')).toEqual(names(all.rows));

    // "(l)" in any case; the user's "_" must match only itself, so "(l)_" matches nothing.
    await page.type('input[name=filter-name]', '(L)');
    const found = await afterLoad(page, () => page.click('[data-action=search]'));
    const contains = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], where: [['name', 'like', '%(L)%']], order: 'name asc' });
    expect(contains.total).toBeGreaterThan(1);
    expect(column(found, 'Name')).toEqual(names(contains.rows));
    await page.type('input[name=filter-name]', '_');
    const none = await afterLoad(page, () => page.click('[data-action=search]'));
    expect(none.total).toBe(0);

    await afterLoad(page, () => page.click('[data-action=reset]'));
    await afterLoad(page, () => clickHeader(page, 'Date Incorporated'));
    await afterLoad(page, () => clickHeader(page, 'Date Incorporated'));
    const second = await afterLoad(page, () => page.click('[data-page="2"]'));
    const sorted = await serverSelect(portal, 'iru', { module: 'RE', fields: ['name'], order: 'dateincorporated desc', max: 20, pageIndex: 2 });
    expect(column(second, 'Name')).toEqual(names(sorted.rows));
    expect(new URLSearchParams((await pathOf(page)).split('?')[1]).get('order')).toBe('dateincorporated desc');
    expect(errors).toEqual([]);
  });
});
