// The form editor in Chromium against a real engine (seed 000 §2.11, issue 5): an admin opens
// the RE entity form (the form of list 58), adds a field in the structured editor, sees it in
// the live preview of the real form with a real record, saves, and a fresh load of the form
// shows it; invalid definitions are refused with their path (by the client's schema check and
// by the server's); the editor is reached from /list/webform (Edit on a row, New above it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { openEditor, setText as setTextIn } from './editor-support.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { clickRowButton, readGrid, serverCall, serverSelect } from './list-support.js';

/** portal/metadata/screens/WebList/58.json → properties.form. */
const FORM = 58;
const LABEL = 'Registered on (test)';

describe('the form editor (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await signIn(page, portal.url, 'admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const open = (path: string) => openEditor(page, portal.url, path);

  async function stored(id: number): Promise<{ updatectr: number; name: string; module: string; properties: { fields: { tag: string; attributes: Record<string, unknown>; config?: Record<string, unknown> }[] } & Record<string, unknown> }> {
    const { rows } = await serverSelect(portal, 'admin', { module: 'WebForms', fields: ['id', 'updatectr', 'name', 'module', 'properties'], where: [['id', '=', id]] });
    const p = rows[0].properties;
    return { updatectr: Number(rows[0].updatectr), name: String(rows[0].name), module: String(rows[0].module), properties: typeof p === 'string' ? JSON.parse(p) : p };
  }

  const setText = (selector: string, value: string) => setTextIn(page, selector, value);

  const textOf = (selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());
  /** The labels of a rendered form's fields, in order. */
  const labelsIn = (scope: string) => page.$$eval(`${scope} .record-form label.form-label`, (ls) => ls.map((l) => (l.textContent ?? '').trim()));

  it('adds a field in the structured editor, shows it in the live preview with a real record, saves it, and the form shows it on the next load', async () => {
    await open(`/moduleform/edit/v2/${FORM}`);
    expect(await page.$eval('[data-testid=form-module]', (s) => (s as HTMLSelectElement).value)).toBe('RE');
    const before = await stored(FORM);
    const first = (await serverSelect(portal, 'admin', { module: 'RE', fields: ['id', 'name', 'createon'], order: 'id asc', max: 1 })).rows[0];
    expect(first.createon).toBeTruthy();

    // The preview renders the stored definition first (create mode), with no Save buttons.
    await page.waitForSelector('[data-testid=preview-form] [data-form][data-mode=create]');
    expect(await labelsIn('[data-testid=preview-form]')).toContain('Name');
    expect(await page.$('[data-testid=preview-form] [data-action=save]')).toBeNull();

    await page.waitForSelector('[data-testid=add-field-name] option[value=createon]');
    const lastField = await page.$$eval('[data-testid=field]', (fs) => fs[fs.length - 1]?.getAttribute('data-name'));
    await page.select('[data-testid=add-field-name]', 'createon');
    await page.click('[data-testid=add-field]');
    const field = `[data-testid=field][data-name=createon]`;
    await page.waitForSelector(field);
    expect(await page.$eval(`${field} [data-testid=field-tag]`, (s) => (s as HTMLSelectElement).value)).toBe('input');
    await setText(`${field} [data-testid=field-label]`, LABEL);
    // Moved up once, it sits before the last field of the form.
    await page.click(`${field} [data-testid=field-up]`);
    expect(await page.$$eval('[data-testid=field]', (fs) => fs.map((f) => f.getAttribute('data-name')).slice(-2))).toEqual(['createon', lastField]);

    // View mode of the first RE record: the new field shows with the record's value; still no Edit or Update.
    await page.click('[data-testid=preview-mode-view]');
    await page.waitForFunction((id) => (document.querySelector('[data-testid=preview-record]') as HTMLSelectElement | null)?.value === id, {}, String(first.id));
    await page.waitForFunction(
      (label) => [...document.querySelectorAll('[data-testid=preview-form] [data-form][data-mode=view] label.form-label')].some((l) => (l.textContent ?? '').trim() === label),
      {},
      LABEL,
    );
    expect(await page.$eval('[data-testid=preview-form] .record-form [name=name]', (e) => (e as HTMLInputElement).value)).toBe(String(first.name));
    expect(await page.$eval('[data-testid=preview-form] .record-form [name=createon]', (e) => (e as HTMLInputElement).value)).not.toBe('');
    const labels = await labelsIn('[data-testid=preview-form]');
    expect(labels.indexOf(LABEL)).toBe(labels.length - 2);
    expect(await page.$('[data-testid=preview-form] [data-action=edit]')).toBeNull();
    await page.click('[data-testid=preview-mode-edit]');
    await page.waitForSelector('[data-testid=preview-form] [data-form][data-mode=edit]');
    expect(await page.$('[data-testid=preview-form] [data-action=update]')).toBeNull();
    await screenshot(page, 'form-editor-preview');

    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');
    const after = await stored(FORM);
    expect(after.updatectr).toBe(before.updatectr + 1);
    const fields = after.properties.fields;
    expect(fields).toHaveLength(before.properties.fields.length + 1);
    expect(fields[fields.length - 2]).toEqual({ tag: 'input', attributes: { name: 'createon', type: 'datetime', readOnly: true }, config: { label: LABEL } });
    expect({ ...after.properties, fields: fields.filter((f) => f.attributes.name !== 'createon') }).toEqual(before.properties);
    // The history below the editor shows the new version.
    await page.waitForFunction((n) => document.querySelector(`[data-testid=history-row][data-version="${n}"]`) !== null, {}, 2);

    // A fresh page load of the form shows the field.
    await page.goto(`${portal.url}/mainform/${FORM}/view/${String(first.id)}`);
    await page.waitForSelector('[data-form][data-mode=view]');
    expect(await labelsIn('')).toContain(LABEL);
    expect(await page.$eval('.record-form [name=createon]', (e) => (e as HTMLInputElement).value)).not.toBe('');
  });

  it('shows a select box source and options in the field details, and a tag change keeps only what the tag uses', async () => {
    await open(`/moduleform/edit/v2/${FORM}`);
    const sector = '[data-testid=field][data-name=sector]';
    await page.click(`${sector} [data-testid=field-more]`);
    expect(await page.$eval(`${sector} [data-testid=source-kind]`, (s) => (s as HTMLSelectElement).value)).toBe('module');
    expect(await page.$eval(`${sector} [data-testid=ajax-module]`, (s) => (s as HTMLSelectElement).value)).toBe('Sector');
    const branch = '[data-testid=field][data-name=branchtype]';
    await page.click(`${branch} [data-testid=field-more]`);
    expect(await page.$$eval(`${branch} [data-testid=option-label]`, (is) => is.map((i) => (i as HTMLInputElement).value))).toEqual(['A', 'B', 'C', 'D']);
    await page.click(`${branch} [data-testid=option-add]`);
    await page.click(`${branch} [data-testid=option-add]`);
    await page.select(`${branch} [data-testid=field-tag]`, 'input');
    await page.waitForSelector(`${branch}[data-tag=input]`);
    expect(await page.$(`${branch} [data-testid=field-source]`)).toBeNull();
    await page.click('[data-testid=mode-raw]');
    const raw = JSON.parse(await page.$eval('[data-testid=raw-json]', (t) => (t as HTMLTextAreaElement).value));
    expect(raw.fields.find((f: { attributes: { name: string } }) => f.attributes.name === 'branchtype')).toEqual({ tag: 'input', attributes: { name: 'branchtype', required: true }, config: { label: 'Branch Type' } });
  });

  it('refuses an invalid raw JSON definition with the path of the problem, by the client and by the server, and stores nothing', async () => {
    await open(`/moduleform/edit/v2/${FORM}`);
    const before = await stored(FORM);
    await page.click('[data-testid=mode-raw]');
    const raw = JSON.parse(await page.$eval('[data-testid=raw-json]', (t) => (t as HTMLTextAreaElement).value));
    expect(raw).toEqual(before.properties);

    await setText('[data-testid=raw-json]', '{"fields": [');
    expect(await textOf('[data-testid=parse-error]')).toMatch(/^Not valid JSON/);
    await page.click('[data-testid=save]');
    expect(await textOf('[data-testid=save-problem]')).toContain('the raw JSON does not parse');

    // Width 13 breaks the schema (1-12): the client names the path, the preview shows it instead of the form.
    raw.fields[1].config.width = 13;
    await setText('[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    expect(await textOf('[data-testid=draft-problem-path]')).toBe('properties/fields/1/config/width must be <= 12');
    await page.waitForSelector('[data-testid=preview-problem]');
    expect(await textOf('[data-testid=preview-problem] code')).toBe('properties/fields/1/config/width must be <= 12');
    expect(await page.$('[data-testid=preview-form]')).toBeNull();
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=save-problem][data-from=client]');
    expect(await textOf('[data-testid=save-problem-path]')).toBe('properties/fields/1/config/width must be <= 12');
    await screenshot(page, 'form-editor-invalid');

    // A field the module does not have passes the schema; the server refuses it, naming the path.
    delete raw.fields[1].config.width;
    raw.fields[1].attributes.name = 'nosuchfield';
    await setText('[data-testid=raw-json]', JSON.stringify(raw, null, 2));
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=save-problem][data-from=server]');
    expect(await textOf('[data-testid=save-problem-path]')).toBe('properties/fields/1/attributes/name: RE has no field nosuchfield');

    expect(await stored(FORM)).toEqual(before);
  });

  it('refuses a save over a newer version with E_CONCURRENT and reloads the definition on request', async () => {
    await open(`/moduleform/edit/v2/${FORM}`);
    const before = await stored(FORM);
    // Someone else saves meanwhile.
    const other = { ...before.properties, title: 'Entity (changed elsewhere)' };
    const answer = await serverCall(portal, 'admin', 'Record.update', [{ module: 'WebForms', fields: ['id', 'updatectr', 'properties'], values: [FORM, before.updatectr, JSON.stringify(other)] }]);
    expect(answer[0]?.type).toBe('recordset');
    await setText('[data-testid=name]', 'Reporting Entity - stale');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=conflict]');
    expect((await stored(FORM)).name).toBe(before.name);
    await page.click('[data-testid=reload]');
    await page.waitForFunction((n) => document.querySelector(`[data-testid=editor][data-updatectr="${n}"]`) !== null, {}, before.updatectr + 1);
    expect(await page.$eval('[data-testid=name]', (i) => (i as HTMLInputElement).value)).toBe(before.name);
    expect(await page.$eval('[data-testid=form-title]', (i) => (i as HTMLInputElement).value)).toBe('Entity (changed elsewhere)');
  });

  it('reaches the editor from /list/webform: Edit on a row, New above the list, and creates a form', async () => {
    await page.goto(`${portal.url}/list/webform`);
    await readGrid(page);
    await clickRowButton(page, String(FORM), 'Edit');
    await waitForPath(page, (p) => p === `/moduleform/edit/v2/${FORM}`);
    await page.waitForSelector('[data-testid=editor][data-state=ready]');

    await page.goto(`${portal.url}/list/webform`);
    await readGrid(page);
    await page.click('[data-top-button="New"]');
    await waitForPath(page, (p) => p === '/moduleform/edit/v2');
    await page.waitForSelector('[data-testid=form-module] option[value=Sector]');
    await page.select('[data-testid=form-module]', 'Sector');
    await page.waitForFunction(() => document.querySelector('[data-testid=preview-problem] code')?.textContent === 'properties/fields must NOT have fewer than 1 items');
    await page.waitForSelector('[data-testid=add-field-name] option[value=name]');
    await page.select('[data-testid=add-field-name]', 'name');
    await page.click('[data-testid=add-field]');
    await page.click('[data-testid=field][data-name=name] [data-testid=field-required]');
    await setText('[data-testid=form-title]', 'Sector (test)');
    await setText('[data-testid=name]', 'Sector form');
    await page.waitForSelector('[data-testid=preview-form] [data-form][data-mode=create]');
    // The preview follows the draft 400 ms after the last edit: wait for the title to arrive.
    await page.waitForFunction(() => (document.querySelector('[data-testid=preview-form] h1')?.textContent ?? '').includes('Sector (test)'));
    expect(await textOf('[data-testid=preview-form] h1')).toContain('Sector (test)');
    await page.click('[data-testid=save]');
    const path = await waitForPath(page, (p) => /^\/moduleform\/edit\/v2\/\d+$/.test(p));
    const id = Number(path.split('/').pop());
    const made = await stored(id);
    expect(made).toMatchObject({ name: 'Sector form', module: 'Sector', properties: { title: 'Sector (test)', fields: [{ tag: 'input', attributes: { name: 'name', required: true } }] } });

    // The new form renders on its own address.
    await page.goto(`${portal.url}/mainform/${id}/create`);
    await page.waitForSelector('[data-form][data-mode=create]');
    expect(await page.$('.record-form [name=name]')).not.toBeNull();
  });
});
