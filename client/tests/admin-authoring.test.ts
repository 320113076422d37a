// The low-code promise end to end, on every database of the run (issue 5): an administrator adds
// a column and a filter to the RE entity list view and a field to the entity form in the
// editors; an RE user who is signed in meanwhile sees them on the next visit of those pages
// (moving back in the browser, no reload: definitions are revalidated by updatectr) and on a
// fresh load, and can search with the new filter; an invalid definition is refused with its
// path and stores nothing; restoring the previous version takes the additions away again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { testDialects } from '../../engine/testing/test-database.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { openEditor, setText, storedScreen } from './editor-support.js';
import { afterLoad, answerDialog, column, readGrid, serverSelect } from './list-support.js';

const dialects = await testDialects();

/**
 * portal/metadata/screens: list 58 shows view 58 to RE users (module RE-RE); the Business Info of their
 * profile (/re/reprofile) is form 370 (docs/re-profile.md), the entity's own view of form 58.
 */
const VIEW = 58;
const FORM = 370;
const COLUMN = 'Nature of business (test)';
const FILTER = 'Company No. (test)';
const FIELD = 'Registered on (test)';

describe.each(dialects)('an administrator reshapes the RE screens on %s', (dialect) => {
  let portal: Portal;
  let admin: Page;
  let re: Page;
  let entity: { id: number; companyno: string; bussnature: string };

  beforeAll(async () => {
    portal = await startPortal(dialect);
    admin = (await portal.page()).page;
    re = (await portal.page()).page;
    await signIn(admin, portal.url, 'admin');
    await signIn(re, portal.url, 're');
    const { rows } = await serverSelect(portal, 're', { module: 'RE-RE', fields: ['id', 'companyno', 'bussnature'] }, 1);
    expect(rows).toHaveLength(1);
    entity = { id: Number(rows[0].id), companyno: String(rows[0].companyno), bussnature: String(rows[0].bussnature ?? '') };
    expect(entity.companyno).not.toBe('');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const labels = (page: Page) => page.$$eval('.record-form label.form-label', (ls) => ls.map((l) => (l.textContent ?? '').trim()));
  async function reProfileLabels(): Promise<string[]> {
    await re.waitForSelector(`[data-form][data-mode=view] .record-form [name=name]`);
    return labels(re);
  }
  const textOf = (page: Page, selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());

  it('shows an RE user the column, the filter and the field the administrator added, on the next visit and the next load', async () => {
    // The RE user's list and profile as they were.
    await re.goto(`${portal.url}/re/reportingentity`);
    const before = await readGrid(re);
    expect(before.headers).not.toContain(COLUMN);
    expect(await re.$('input[name=filter-companyno]')).toBeNull();
    await re.click('a[href="/re/reprofile"]');
    await waitForPath(re, (p) => p === '/re/reprofile');
    expect(await reProfileLabels()).not.toContain(FIELD);

    // The administrator adds a column and a filter to the list view, and saves.
    await openEditor(admin, portal.url, `/listview_wiz/${VIEW}`);
    await admin.waitForSelector('[data-testid=add-column-field] option[value=bussnature]');
    await admin.select('[data-testid=add-column-field]', 'bussnature');
    await admin.click('[data-testid=add-column]');
    await setText(admin, '[data-testid=column][data-name=bussnature] [data-testid=column-title]', COLUMN);
    await admin.waitForSelector('[data-testid=add-filter-field] option[value=companyno]');
    await admin.select('[data-testid=add-filter-field]', 'companyno');
    await admin.click('[data-testid=add-filter]');
    await setText(admin, '[data-testid=filter][data-name=companyno] [data-testid=filter-title]', FILTER);
    // The live preview draws the draft with the new column before anything is saved.
    await admin.waitForFunction((title) => [...document.querySelectorAll('[data-list-grid] [role=columnheader]')].some((h) => (h.textContent ?? '').trim() === title), {}, COLUMN);
    await admin.click('[data-testid=save]');
    await admin.waitForSelector('[data-testid=saved]');
    const view = await storedScreen<{ fields: { name: string; title?: string }[]; filters: { name: string; title?: string; type: string }[] }>(portal, 'WebListview', VIEW);
    expect(view.properties.fields.find((f) => f.name === 'bussnature')).toEqual({ name: 'bussnature', title: COLUMN });
    expect(view.properties.filters.find((f) => f.name === 'companyno')).toEqual({ name: 'companyno', title: FILTER, type: 'plain' });

    // ... and a field to the form, and saves.
    await openEditor(admin, portal.url, `/moduleform/edit/v2/${FORM}`);
    await admin.waitForSelector('[data-testid=add-field-name] option[value=createon]');
    await admin.select('[data-testid=add-field-name]', 'createon');
    await admin.click('[data-testid=add-field]');
    await setText(admin, '[data-testid=field][data-name=createon] [data-testid=field-label]', FIELD);
    await admin.click('[data-testid=save]');
    await admin.waitForSelector('[data-testid=saved]');

    // The RE user, still signed in, goes back to the list: no reload, the new definition shows.
    await re.goBack();
    await waitForPath(re, (p) => p === '/re/reportingentity');
    await re.waitForSelector('input[name=filter-companyno]');
    const visited = await readGrid(re);
    expect(visited.headers).toContain(COLUMN);
    expect(column(visited, COLUMN)).toEqual([entity.bussnature]);
    expect(await re.$eval('input[name=filter-companyno]', (e) => e.getAttribute('aria-label'))).toBe(FILTER);

    // The new filter searches on the server.
    await re.type('input[name=filter-companyno]', 'no such company');
    expect((await afterLoad(re, () => re.click('[data-action=search]'))).total).toBe(0);
    await re.$eval('input[name=filter-companyno]', (e) => (e as HTMLInputElement).select());
    await re.type('input[name=filter-companyno]', entity.companyno);
    const found = await afterLoad(re, () => re.click('[data-action=search]'));
    expect(found.ids).toEqual([String(entity.id)]);
    await screenshot(re, `admin-authoring-re-list-${dialect}`);

    // The search went into the address, so the profile is reached from the sidebar again.
    await re.click('a[href="/re/reprofile"]');
    await waitForPath(re, (p) => p === '/re/reprofile');
    await re.waitForFunction((label) => [...document.querySelectorAll('.record-form label.form-label')].some((l) => (l.textContent ?? '').trim() === label), {}, FIELD);
    expect(await re.$eval('.record-form [name=createon]', (e) => (e as HTMLInputElement).value)).not.toBe('');

    // A fresh load shows the same.
    await re.goto(`${portal.url}/re/reportingentity`);
    expect((await readGrid(re)).headers).toContain(COLUMN);
    await re.goto(`${portal.url}/re/reprofile`);
    expect(await reProfileLabels()).toContain(FIELD);
    // The whole journey in one test (two editors, two users, two loads): a longer budget than
    // the suite's 60 s, which a busy 2-core machine has exceeded.
  }, 180_000);

  it('refuses an invalid definition with the path of the problem and stores nothing', async () => {
    const before = await storedScreen<{ fields: Record<string, unknown>[] }>(portal, 'WebForms', FORM);
    await openEditor(admin, portal.url, `/moduleform/edit/v2/${FORM}`);
    await admin.click('[data-testid=mode-raw]');
    const raw = JSON.parse(await admin.$eval('[data-testid=raw-json]', (t) => (t as HTMLTextAreaElement).value));
    expect(raw).toEqual(before.properties);

    // Against the schema: the editor names the path and does not send it.
    raw.columns = 9;
    await setText(admin, '[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    await admin.click('[data-testid=save]');
    await admin.waitForSelector('[data-testid=save-problem][data-from=client]');
    expect(await textOf(admin, '[data-testid=save-problem-path]')).toBe('properties/columns must be <= 4');

    // A field the module does not have: the server refuses it with E_VALIDATION and its path.
    raw.columns = 2;
    (raw.fields[0].attributes as Record<string, unknown>).name = 'nosuchfield';
    await setText(admin, '[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    await admin.click('[data-testid=save]');
    await admin.waitForSelector('[data-testid=save-problem][data-from=server]');
    expect(await textOf(admin, '[data-testid=save-problem-path]')).toBe('properties/fields/0/attributes/name: RE-RE has no field nosuchfield');
    await screenshot(admin, `admin-authoring-invalid-${dialect}`);
    expect(await storedScreen(portal, 'WebForms', FORM)).toEqual(before);
  });

  it('restores the previous version of the list view, and the RE user no longer sees the additions', async () => {
    await openEditor(admin, portal.url, `/listview_wiz/${VIEW}`);
    await admin.waitForSelector('[data-testid=screen-history][data-state=ready]');
    expect(await admin.$$eval('[data-testid=history-row]', (rs) => rs.map((r) => r.getAttribute('data-version')))).toEqual(['2', '1']);
    await admin.click('[data-testid=history-restore-1]');
    expect(await answerDialog(admin, 'yes')).toContain('Version 1 will be saved again');
    await admin.waitForSelector('[data-testid=history-notice][data-tone=success]');
    const view = await storedScreen<{ fields: { name: string }[]; filters: { name: string }[] }>(portal, 'WebListview', VIEW);
    expect(view.properties.fields.map((f) => f.name)).not.toContain('bussnature');
    expect(view.properties.filters.map((f) => f.name)).not.toContain('companyno');

    await re.goto(`${portal.url}/re/reportingentity`);
    const grid = await readGrid(re);
    expect(grid.headers).not.toContain(COLUMN);
    expect(grid.headers).toContain('Name');
    expect(await re.$('input[name=filter-companyno]')).toBeNull();
  });
});
