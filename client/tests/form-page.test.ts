// The generic form page (seed 000 §2.9, §4.3, §5, §8; seed 001 §2.7) in the real client served by
// the engine, in Chromium: modes and their transitions, the save rules and messages, the state
// selector, concurrent edits, permissions, select boxes, helpers and broken definitions. What
// the page saved is checked in the database through Record.select.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { onEveryDocument } from '../testing/browser.js';

// Test-only definitions, written straight into the database (the shipped ones are in metadata/).
const RULES_FORM = 9001;
const BUTTONS_FORM = 9002;
const AJAX_FORM = 9003;
const HELPER_FORM = 9004;
const RELATION_FORM = 9005;
const READONLY_FORM = 9006;
const ENTITY_FORM = 9007;
/** Parameters with an editable state selector (the shipped parameter forms 61 and 149 keep status read-only). */
const PARAMETER_FORM = 9008;
const BROKEN_FORM = 9099;
const CHILD_LIST = 9047;

const TEST_FORMS: { id: number; name: string; module: string; properties: unknown }[] = [
  {
    id: RULES_FORM,
    name: 'Rules',
    module: 'FormBatch',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name', required: true }, config: { label: 'Submission' } },
        { tag: 'input', attributes: { name: 'endon', type: 'date', validation: [{ rule: 'beforeDate', field: 'duedate' }] }, config: { label: 'Period End' } },
        { tag: 'input', attributes: { name: 'duedate', type: 'date', validation: [{ rule: 'afterDate', field: 'endon' }] }, config: { label: 'Due Date' } },
        { tag: 'input', attributes: { name: 'calendar', type: 'number' }, config: { label: 'Calendar' } },
        { tag: 'input', attributes: { name: 'category', type: 'number', validation: [{ rule: 'different', field: 'calendar' }] }, config: { label: 'Category' } },
        { tag: 'input', attributes: { name: 'total0', type: 'number', validation: [{ rule: 'differentByFieldName', fields: ['open', 'calendar'] }] }, config: { label: 'Forms' } },
        { tag: 'input', attributes: { name: 'open', type: 'number' }, config: { label: 'Open' } },
        { tag: 'input', attributes: { name: 're_sector', type: 'number' }, config: { label: 'Sector' } },
        { tag: 'input', attributes: { name: 'ready', type: 'number' }, config: { label: 'Designation' } },
        { tag: 'input', attributes: { name: 'submitted', type: 'number', validation: [{ rule: 'allowchairman', designation: 'ready', sector: 're_sector' }] }, config: { label: 'Board Position' } },
      ],
    },
  },
  {
    id: BUTTONS_FORM,
    name: 'Buttons',
    module: 'EmailTemplate',
    properties: {
      buttons: [
        { label: 'Approve', helper: 'approveTemplate', permission: 'EmailTemplate.update' },
        { label: 'Preview', helper: 'previewTemplate' },
      ],
      fields: [{ tag: 'input', attributes: { name: 'subject' }, config: { label: 'Subject' } }],
    },
  },
  {
    id: AJAX_FORM,
    name: 'Ajax',
    module: 'Parameters',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name' }, config: { label: 'Name' } },
        { tag: 'select', attributes: { name: 'fieldtype' }, config: { label: 'Status entry' }, ajax: { module: 'List', listgroup: 1 } },
      ],
    },
  },
  {
    id: HELPER_FORM,
    name: 'Helpers',
    module: 'Parameters',
    properties: {
      buttons: [
        { label: 'Recalculate', helper: 'recalculateAll' },
        { label: 'Broken', helper: 'recalculate(1 2)' },
      ],
      fields: [{ tag: 'input', attributes: { name: 'name', change: 'noSuchHelper' }, config: { label: 'Name' } }],
    },
  },
  {
    id: RELATION_FORM,
    name: 'Group with entries',
    module: 'ListGroup',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name', required: true }, config: { label: 'Name' } },
        { tag: 'relation', attributes: { name: 'entries' }, config: { label: 'Entries' }, relation: { list_id: CHILD_LIST, relation_type: 1, child_name: 'List', modulecolumn_name: 'listgroup', parent_name: 'ListGroup' } },
      ],
    },
  },
  {
    id: READONLY_FORM,
    name: 'Read-only code',
    module: 'Parameters',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name', required: true }, config: { label: 'Name' } },
        { tag: 'input', attributes: { name: 'code', readOnly: true }, config: { label: 'Code' } },
      ],
    },
  },
  {
    id: ENTITY_FORM,
    name: 'Ad hoc submission',
    module: 'FormBatch',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name', required: true }, config: { label: 'Submission' } },
        { tag: 'hidden', attributes: { name: 're' } },
        { tag: 'input', attributes: { name: 'endon', type: 'date', required: true }, config: { label: 'Period End' } },
        { tag: 'input', attributes: { name: 'duedate', type: 'date', required: true }, config: { label: 'Due Date' } },
      ],
    },
  },
  {
    id: PARAMETER_FORM,
    name: 'Parameter',
    module: 'Parameters',
    properties: {
      fields: [
        { tag: 'input', attributes: { name: 'name', required: true, maxLength: 255 }, config: { label: 'Name' } },
        { tag: 'input', attributes: { name: 'code', required: true, maxLength: 50 }, config: { label: 'Code' } },
        { tag: 'select', attributes: { name: 'fieldtype' }, config: { label: 'Field Type' }, ajax: { module: 'List', listgroup: 280 } },
        { tag: 'state', attributes: { name: 'state' }, config: { label: 'Status' } },
        { tag: 'textarea', attributes: { name: 'value0' }, config: { label: 'Value', width: 12 } },
      ],
    },
  },
];

describe('generic form page (sqlite)', () => {
  let portal: Portal;
  let adminCookie: string;

  async function stored(module: string, id: number): Promise<Record<string, unknown>> {
    const values = await portal.t.call('Record.select', [{ module, where: [['id', '=', id]] }], adminCookie);
    return recordsetObjects(values[0] as RecordsetValue)[0] as Record<string, unknown>;
  }

  beforeAll(async () => {
    // Every test signs in afresh, more often than the default 20 sign-ins a minute allow.
    portal = await startPortal('sqlite', { LOGIN_RATE_LIMIT: '1000' });
    const db = portal.t.database.db;
    const createon = '2024-01-01 00:00:00';
    await db('webforms').insert(TEST_FORMS.map((f) => ({ id: f.id, name: f.name, module: f.module, properties: JSON.stringify(f.properties), createon })));
    // A definition that breaks its schema (no fields), as only a hand edit of the table could store.
    await db('webforms').insert({ id: BROKEN_FORM, name: 'Broken', module: 'Parameters', properties: JSON.stringify({ fields: [] }), createon });
    // The child list of the relation form, whose own form is the shipped List entry form 47.
    await db('weblist').insert({
      id: CHILD_LIST,
      name: 'Entries',
      module: 'List',
      properties: JSON.stringify({ title: 'Entries', form: 47, list_id: [{ id: 47, name: 'Entries', default: true }] }),
      createon,
    });
    await bumpVersions(db, ['webforms', 'weblist']);
    adminCookie = await portal.t.sessionFor('admin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  // ------------------------------------------------------------ helpers

  /** Every dialog the page opens, busy ones included, recorded as "title|message". */
  async function recordDialogs(page: Page): Promise<void> {
    await onEveryDocument(page, () => {
      const win = window as unknown as { __dialogs?: string[] };
      if (win.__dialogs) return;
      const seen: string[] = [];
      win.__dialogs = seen;
      new MutationObserver(() => {
        for (const d of document.querySelectorAll<HTMLElement>('[data-dialog]')) {
          if (d.dataset.seen) continue;
          d.dataset.seen = '1';
          const title = d.querySelector('.dialog-title')?.textContent ?? '';
          seen.push(`${d.dataset.dialog}:${title}|${d.querySelector('.dialog-message')?.textContent ?? ''}`);
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const dialogsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __dialogs: string[] }).__dialogs);

  /** The open dialog's title and message; its OK button is pressed. */
  async function answerDialog(page: Page): Promise<{ title: string; message: string }> {
    const d = await page.waitForSelector('[data-dialog=dialog]');
    const out = await d!.evaluate((e) => ({ title: e.querySelector('.dialog-title')?.textContent ?? '', message: e.querySelector('.dialog-message')?.textContent ?? '' }));
    await page.click('[data-dialog=dialog] [data-button=ok]');
    await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
    return out;
  }

  async function openForm(page: Page, path: string): Promise<void> {
    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-form], [data-screen-error]');
  }

  /** A parameter's Field Type (seed 003 §5: name, value, type and status are required), once its choices have loaded. */
  async function chooseType(page: Page, type = '1648'): Promise<void> {
    await page.click('.record-form [name=fieldtype]');
    await page.waitForSelector(`[data-choices] [role=option][data-value="${type}"]`);
    await page.click(`[data-choices] [role=option][data-value="${type}"]`);
    await page.waitForFunction((v) => (document.querySelector('.record-form [name=fieldtype]') as HTMLElement | null)?.dataset.value === v, {}, type);
  }

  async function setField(page: Page, name: string, text: string): Promise<void> {
    const sel = `.record-form [name="${name}"]`;
    await page.focus(sel);
    await page.$eval(sel, (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    if (text) await page.type(sel, text);
  }

  const valueOf = (page: Page, name: string) => page.$eval(`.record-form [name="${name}"]`, (e) => (e as HTMLInputElement).value);
  const isDisabled = (page: Page, action: string) => page.$eval(`[data-action="${action}"]`, (e) => (e as HTMLButtonElement).disabled);
  const actions = (page: Page) => page.$$eval('.form-toolbar [data-action]', (els) => els.map((e) => e.textContent));
  const fieldErrors = (page: Page) =>
    page.$$eval('[data-field-error]', (els) => Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.fieldError, e.textContent])));

  // ------------------------------------------------------------ tests

  it('creates a record, shows it, edits it and updates it, and the database holds what was typed', async () => {
    const { page, errors } = await portal.page();
    await recordDialogs(page);
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${PARAMETER_FORM}/create`);
    expect(await page.$eval('[data-form]', (e) => e.getAttribute('data-mode'))).toBe('create');
    expect(await actions(page)).toEqual(['Back', 'Save', 'Save and New']);
    await setField(page, 'name', 'Maximum upload size');
    await setField(page, 'code', 'MAX_UPLOAD_TEST');
    await chooseType(page);
    await setField(page, 'value0', '20 MB');
    await screenshot(page, 'form-create');
    await page.click('[data-action=save]');
    expect(await answerDialog(page)).toEqual({ title: 'Created', message: 'Successfully create.' });
    expect(await dialogsSeen(page)).toContain('busy:|Creating...');

    const viewPath = await waitForPath(page, (p) => new RegExp(`^/iru/form/${PARAMETER_FORM}/view/\\d+$`).test(p));
    const id = Number(viewPath.split('/').pop());
    await page.waitForSelector('[data-form][data-mode=view]');
    expect(await valueOf(page, 'name')).toBe('Maximum upload size');
    expect(await page.$eval('.record-form [name=name]', (e) => (e as HTMLInputElement).readOnly)).toBe(true);
    expect(await stored('Parameters', id)).toMatchObject({ name: 'Maximum upload size', code: 'MAX_UPLOAD_TEST', value0: '20 MB', state: 33 });

    await page.click('[data-action=edit]');
    await waitForPath(page, (p) => p === `/iru/form/${PARAMETER_FORM}/edit/${id}`);
    await page.waitForSelector('[data-form][data-mode=edit]');
    expect(await isDisabled(page, 'update')).toBe(true);
    await setField(page, 'value0', '25 MB');
    await page.select('.record-form [name=state]', '4');
    await page.click('[data-action=update]');
    expect(await answerDialog(page)).toEqual({ title: 'Update successfully', message: 'Successfully update.' });
    expect(await dialogsSeen(page)).toContain('busy:|Updating...');
    await waitForPath(page, (p) => p === `/iru/form/${PARAMETER_FORM}/view/${id}`);
    expect(await stored('Parameters', id)).toMatchObject({ name: 'Maximum upload size', value0: '25 MB', state: 4, updatectr: 2 });
    expect(errors).toEqual([]);
  });

  it('keeps Save and Update disabled until the form has changed', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${PARAMETER_FORM}/create`);
    expect(await isDisabled(page, 'save')).toBe(true);
    expect(await isDisabled(page, 'save-new')).toBe(true);
    await setField(page, 'name', 'x');
    expect(await isDisabled(page, 'save')).toBe(false);
    expect(await isDisabled(page, 'save-new')).toBe(false);
    // Typing it away again is no change.
    await setField(page, 'name', '');
    expect(await isDisabled(page, 'save')).toBe(true);

    await openForm(page, '/iru/form/58/edit/3');
    await page.waitForSelector('[data-action=update]');
    expect(await isDisabled(page, 'update')).toBe(true);
    const owner = await valueOf(page, 'owner');
    await setField(page, 'owner', `${owner}!`);
    expect(await isDisabled(page, 'update')).toBe(false);
    await setField(page, 'owner', owner);
    expect(await isDisabled(page, 'update')).toBe(true);
  });

  it('saves and starts a new record with Save and New', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, '/iru/form/154/create');
    await setField(page, 'message', '<p>Maintenance on Sunday</p>');
    await setField(page, 'startdate', '01/03/2025');
    await page.click('[data-action=save-new]');
    expect(await answerDialog(page)).toEqual({ title: 'Created', message: 'Successfully create.' });
    expect(await pathOf(page)).toBe('/iru/form/154/create');
    expect(await valueOf(page, 'message')).toBe('');
    expect(await isDisabled(page, 'save')).toBe(true);
    const rows = await portal.t.database.db('publicmessage').where({ message: '<p>Maintenance on Sunday</p>' }).select('startdate');
    // Typed DD/MM/YYYY, stored YYYY-MM-DD.
    expect(rows.map((r) => String(r.startdate).slice(0, 10))).toEqual(['2025-03-01']);
  });

  it('blocks an invalid save with the seed’s message and shows required and custom-rule messages beside the fields', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await openForm(page, `/mainform/${RULES_FORM}/create`);
    await setField(page, 'endon', '31/03/2025');
    await setField(page, 'duedate', '15/03/2025');
    await setField(page, 'calendar', '277');
    await setField(page, 'category', '277');
    await setField(page, 'open', '5');
    await setField(page, 'total0', '5');
    await setField(page, 're_sector', '1');
    await setField(page, 'ready', '1379');
    await setField(page, 'submitted', '313');
    await page.click('[data-action=save]');
    expect(await answerDialog(page)).toEqual({ title: 'Form Error', message: 'Please fill in all the required fields.' });
    expect(await fieldErrors(page)).toEqual({
      name: 'This field is required.',
      endon: 'Must be less than Due Date.',
      duedate: 'Must be greater than Period End.',
      category: 'Cannot be the same as Calendar.',
      total0: 'Cannot be the same as Open.',
      submitted: 'Cannot be Chairman when designation is Non-Executive Director.',
    });
    await screenshot(page, 'form-rule-messages');
    // The messages follow corrections as they are typed.
    await setField(page, 'submitted', '312');
    await setField(page, 'duedate', '15/04/2025');
    const left = await fieldErrors(page);
    expect(left.submitted).toBeUndefined();
    expect(left.duedate).toBeUndefined();
    expect(left.endon).toBeUndefined();
    expect(left.name).toBe('This field is required.');
    // A date that is not DD/MM/YYYY is named as such.
    await setField(page, 'endon', '31-03-2025');
    expect((await fieldErrors(page)).endon).toBe('Enter a date as DD/MM/YYYY.');
  });

  it('requires every field of the reporting entity form: an emptied one blocks the update with Form Error', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, '/iru/form/58/edit/2');
    await page.waitForSelector('[data-action=update]');
    // Every required field of form 58, less those the entity's sector does not let staff change
    // (shown read-only, never sent: RE.getLockedFields, docs/re-admin-actions.md).
    const [locked] = await portal.t.call('RE.getLockedFields', [{ id: 2 }], await portal.t.sessionFor('iru'));
    const lockedNames = new Set(recordsetObjects(locked as RecordsetValue).map((r) => String(r.field)));
    const form58 = JSON.parse(readFileSync(join(PROJECT_ROOT, 'portal/metadata/screens/WebForms/58.json'), 'utf8')) as { properties: { fields: { attributes?: { name?: string; required?: boolean } }[] } };
    const requiredNames = form58.properties.fields.filter((f) => f.attributes?.required && !lockedNames.has(String(f.attributes.name))).map((f) => f.attributes!.name);
    const required = await page.$$eval('.record-form .form-label .required', (els) => els.length);
    expect(required).toBe(requiredNames.length);
    expect(requiredNames).toContain('owner');
    await setField(page, 'owner', '');
    await setField(page, 'name', 'Sentinel Bank');
    await page.click('[data-action=update]');
    expect(await answerDialog(page)).toEqual({ title: 'Form Error', message: 'Please fill in all the required fields.' });
    expect(await fieldErrors(page)).toEqual({ owner: 'This field is required.' });
    await screenshot(page, 'form-entity-required');
    expect((await stored('RE', 2)).name).not.toBe('Sentinel Bank');
  });

  it('shows the server’s E_VALIDATION message beside its field', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    const existing = await portal.t.database.db('parameters').whereNotNull('code').first('code');
    await openForm(page, `/iru/form/${PARAMETER_FORM}/create`);
    await setField(page, 'name', 'Duplicate');
    await setField(page, 'code', String(existing.code));
    await chooseType(page);
    await setField(page, 'value0', 'x');
    await page.click('[data-action=save]');
    await page.waitForSelector('[data-field-error=code]');
    const msg = await page.$eval('[data-field-error=code]', (e) => e.textContent ?? '');
    expect(msg.length).toBeGreaterThan(0);
    expect(await page.$eval('[data-form-error]', (e) => e.textContent)).toBe('Please correct the highlighted fields.');
    expect(await pathOf(page)).toBe(`/iru/form/${PARAMETER_FORM}/create`);
    // Correcting the field takes its message away.
    await setField(page, 'code', 'UNIQUE_CODE_1');
    expect(await page.$('[data-field-error=code]')).toBeNull();
  });

  it('never sends a read-only field: the server keeps a value the page still shows as it was', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    // A business parameter: system parameters need Parameters.updateSystem, which IRU staff lack.
    const row = await portal.t.database.db('parameters').whereNotNull('code').where({ issystem: false }).orderBy('id').first('id', 'code', 'name');
    const id = Number(row.id);
    await openForm(page, `/iru/form/${READONLY_FORM}/edit/${id}`);
    await page.waitForSelector('[data-action=update]');
    expect(await valueOf(page, 'code')).toBe(row.code);
    expect(await page.$eval('.record-form [name=code]', (e) => (e as HTMLInputElement).readOnly)).toBe(true);
    // Someone changes the code behind the page's back without a new version: had the page sent
    // the code it shows, the update would write the old one back.
    await portal.t.database.db('parameters').where({ id }).update({ code: 'CHANGED_ELSEWHERE' });
    await setField(page, 'name', `${row.name} (renamed)`);
    await page.click('[data-action=update]');
    expect((await answerDialog(page)).title).toBe('Update successfully');
    expect(await stored('Parameters', id)).toMatchObject({ name: `${row.name} (renamed)`, code: 'CHANGED_ELSEWHERE' });
  });

  it('offers in the state selector only the states reachable from the current one, plus it', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    // A batch in state Open (13): the map allows Ready (55) and Incomplete (75) from there.
    const batch = await portal.t.database.db('formbatch').where({ state: 13 }).orderBy('id').first('id');
    await openForm(page, `/iru/form/49/edit/${batch.id}`);
    await page.waitForSelector('[data-action=update]');
    const options = await page.$$eval('.record-form select[name=state] option', (els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent]));
    expect(options.filter(([v]) => v !== '')).toEqual(
      expect.arrayContaining([
        ['13', 'Open'],
        ['55', 'Ready'],
        ['75', 'Incomplete'],
      ]),
    );
    expect(options.filter(([v]) => v !== '').length).toBe(3);
    expect(await valueOf(page, 'state')).toBe('13');
    await page.select('.record-form select[name=state]', '55');
    await page.click('[data-action=update]');
    expect((await answerDialog(page)).title).toBe('Update successfully');
    expect((await stored('FormBatch', Number(batch.id))).state).toBe(55);
    // From Ready the choices are others: Open and Submitted, never 0.
    await page.click('[data-action=edit]');
    await page.waitForSelector('[data-action=update]');
    const next = await page.$$eval('.record-form select[name=state] option', (els) => els.map((e) => (e as HTMLOptionElement).value).filter((v) => v !== ''));
    expect(next.sort()).toEqual(['13', '55', '56']);
  });

  it('explains a concurrent edit with the other user’s values, and Reload shows them', async () => {
    const row = await portal.t.database.db('parameters').where({ issystem: false }).orderBy('id', 'desc').first('id');
    const id = Number(row.id);
    const first = await portal.page();
    const second = await portal.page();
    await signIn(first.page, portal.url, 'iru');
    await signIn(second.page, portal.url, 'iru');
    await openForm(first.page, `/iru/form/${PARAMETER_FORM}/edit/${id}`);
    await openForm(second.page, `/iru/form/${PARAMETER_FORM}/edit/${id}`);
    await first.page.waitForSelector('[data-action=update]');
    await second.page.waitForSelector('[data-action=update]');

    await setField(first.page, 'name', 'Name from the first user');
    await first.page.click('[data-action=update]');
    expect((await answerDialog(first.page)).title).toBe('Update successfully');

    await setField(second.page, 'value0', 'Value from the second user');
    await second.page.click('[data-action=update]');
    await second.page.waitForSelector('[data-conflict]');
    const notice = await second.page.$eval('[data-conflict]', (e) => e.textContent ?? '');
    expect(notice).toContain('changed by someone else');
    expect(await second.page.$eval('[data-conflict-field=name]', (e) => e.textContent)).toBe('Name: now “Name from the first user”');
    await screenshot(second.page, 'form-concurrent-edit');
    // Nothing of the second user's was written.
    expect(await stored('Parameters', id)).toMatchObject({ name: 'Name from the first user' });
    expect((await stored('Parameters', id)).value0).not.toBe('Value from the second user');

    await second.page.click('[data-action=reload]');
    await second.page.waitForFunction(() => !document.querySelector('[data-conflict]'));
    expect(await valueOf(second.page, 'name')).toBe('Name from the first user');
    // The reloaded copy is current: an update now goes through.
    await setField(second.page, 'value0', 'Value from the second user');
    await second.page.click('[data-action=update]');
    expect((await answerDialog(second.page)).title).toBe('Update successfully');
    expect(await stored('Parameters', id)).toMatchObject({ name: 'Name from the first user', value0: 'Value from the second user' });
  });

  it('hides Edit, Update and permission-gated form buttons from a user without the update permission', async () => {
    const template = await portal.t.database.db('email_template').orderBy('id').first('id');
    // IRU staff may read e-mail templates but not change them.
    const iru = await portal.page();
    await signIn(iru.page, portal.url, 'iru');
    await openForm(iru.page, `/iru/form/${BUTTONS_FORM}/view/${template.id}`);
    expect(await actions(iru.page)).toEqual(['Back', 'Preview']);
    await openForm(iru.page, `/iru/form/${BUTTONS_FORM}/edit/${template.id}`);
    expect(await actions(iru.page)).toEqual(['Back', 'Preview']);
    await openForm(iru.page, `/iru/form/${BUTTONS_FORM}/create`);
    expect(await actions(iru.page)).toEqual(['Back', 'Preview']);
    // An administrator holds every permission and sees them all.
    const admin = await portal.page();
    await signIn(admin.page, portal.url, 'admin');
    await openForm(admin.page, `/mainform/${BUTTONS_FORM}/view/${template.id}`);
    expect(await actions(admin.page)).toEqual(['Back', 'Edit', 'Approve', 'Preview']);
  });

  it('searches a select box’s module as the user types: 30 choices a page, one request after the pause', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    // An inactive entry (state 4) of a List source is never offered.
    await portal.t.database.db('list').where({ id: 25 }).update({ state: 4 });
    await bumpVersions(portal.t.database.db, ['list']);
    const selects: string[] = [];
    page.on('request', (r) => {
      const body = r.postData() ?? '';
      if (r.url().endsWith('/process') && body.includes('"module":"List"') && body.includes('like')) selects.push(body);
    });
    await openForm(page, `/iru/form/${AJAX_FORM}/create`);
    await page.click('.record-form [name=fieldtype]');
    await page.waitForFunction(() => document.querySelectorAll('[data-choices] [role=option]').length > 0);
    // A page of 30 choices, then the "More" row (seed 001 §7: lookups page 30 at a time).
    expect(await page.$$eval('[data-choices] [role=option][data-value]', (els) => els.length)).toBe(30);
    expect(await page.$$eval('[data-choices] [data-more]', (els) => els.length)).toBe(1);
    await page.type('.record-form [name=fieldtype]', 'pend', { delay: 40 });
    await page.waitForFunction(() => {
      const o = [...document.querySelectorAll('[data-choices] [role=option]')].map((e) => e.textContent ?? '');
      return o.length > 0 && o.every((t) => /pend/i.test(t));
    });
    const labels = await page.$$eval('[data-choices] [role=option]', (els) => els.map((e) => e.textContent));
    expect(labels).toEqual(['Pending', 'Pending Verification', 'Pending Recommendation', 'Pending Email Verification']);
    // Four keystrokes 40 ms apart: one search, 250 ms after the last. A machine too busy to send
    // them within the pause may send an earlier one too, never one per keystroke.
    expect(selects.length).toBeGreaterThanOrEqual(1);
    expect(selects.length).toBeLessThan(4);
    expect(selects.at(-1)).toContain('%pend%');
    await screenshot(page, 'form-select-box');
    await page.click('[data-choices] [role=option][data-value="78"]');
    expect(await valueOf(page, 'fieldtype')).toBe('Pending Verification');
    expect(await page.$eval('.record-form [name=fieldtype]', (e) => (e as HTMLElement).dataset.value)).toBe('78');
    await portal.t.database.db('list').where({ id: 25 }).update({ state: 33 });
    await bumpVersions(portal.t.database.db, ['list']);
  });

  it('says Function not provided for a helper that does not exist, and Failed to parse for a reference it cannot read', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${HELPER_FORM}/create`);
    await page.type('.record-form [name=name]', 'x');
    expect(await answerDialog(page)).toEqual({ title: '', message: 'Function not provided: noSuchHelper' });
    await page.click('[data-action=helper][data-helper=recalculateAll]');
    expect(await answerDialog(page)).toEqual({ title: '', message: 'Function not provided: recalculateAll' });
    await page.click('[data-action=helper][data-helper="recalculate(1 2)"]');
    expect(await answerDialog(page)).toEqual({ title: '', message: 'Failed to parse: recalculate(1 2)' });
  });

  it('shows an explicit error screen for a WebForms row that breaks its schema', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${BROKEN_FORM}/view/1`);
    const text = await page.$eval('[data-screen-error]', (e) => e.textContent ?? '');
    expect(text).toContain('This screen cannot be shown');
    expect(text).toContain(`WebForms ${BROKEN_FORM}: properties/fields must NOT have fewer than 1 items`);
    await openForm(page, '/iru/form/424242/view/1');
    expect(await page.$eval('[data-screen-error]', (e) => e.textContent ?? '')).toContain('WebForms 424242: does not exist');
    expect(errors).toEqual([]);
  });

  it('says No Record Found for a record that does not exist', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${PARAMETER_FORM}/view/987654`);
    expect(await answerDialog(page)).toEqual({ title: 'Form Error', message: 'No Record Found' });
    expect(await page.$('[data-not-found]')).not.toBeNull();
    expect(await actions(page)).toEqual(['Back']);
  });

  it('lists a parent’s children and adds one in a new tab that fills the relation column and closes', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openForm(page, `/iru/form/${RELATION_FORM}/view/295`);
    await page.waitForSelector('[data-relation=entries] [data-action=relation-add]');
    await screenshot(page, 'form-relation-list');
    const opened = new Promise<import('puppeteer-core').Page>((resolve) =>
      page.browserContext().once('targetcreated', async (t) => resolve((await t.page())!)),
    );
    await page.click('[data-relation=entries] [data-action=relation-add]');
    const tab = await opened;
    await tab.waitForSelector('[data-form][data-mode=create]');
    const url = new URL(tab.url());
    expect(url.pathname).toBe('/iru/form/47/create');
    expect(Object.fromEntries(url.searchParams)).toEqual({ parent_id: '295', relation: '1', col: 'listgroup', pmodule: 'ListGroup', isTab: 'true' });
    // The relation column comes from parent_id (shown by its label, held as the id).
    await tab.waitForFunction(() => (document.querySelector('.record-form [name=listgroup]') as HTMLInputElement | null)?.value === 'Position');
    expect(await tab.$eval('.record-form [name=listgroup]', (e) => (e as HTMLElement).dataset.value)).toBe('295');
    expect(await tab.$$eval('.form-toolbar [data-action]', (els) => els.map((e) => e.textContent))).toEqual(['Close', 'Save', 'Save and New']);
    await tab.type('.record-form [name=name]', 'Chief Risk Officer');
    await tab.click('[data-action=save]');
    await tab.waitForSelector('[data-dialog=dialog]');
    await tab.click('[data-dialog=dialog] [data-button=ok]');
    await waitForPath(tab, (p) => /^\/iru\/form\/47\/view\/\d+\?isTab=true$/.test(p));
    // The entry just added (the key officers' designations have one of that name too).
    const added = await portal.t.database.db('list').where({ name: 'Chief Risk Officer' }).orderBy('id', 'desc').first('listgroup');
    expect(Number(added.listgroup)).toBe(295);
    expect(await tab.$eval('[data-action=close]', (e) => e.textContent)).toBe('Close');
    const closed = new Promise((resolve) => tab.once('close', resolve));
    await tab.click('[data-action=close]');
    await closed;
  });

  it('gives no add button to a user who may not create the child', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    await openForm(page, `/re/form/${RELATION_FORM}/view/295`);
    await page.waitForSelector('[data-relation=entries]');
    expect(await page.$('[data-relation=entries] [data-action=relation-add]')).toBeNull();
  });

  it('gives a new record the entity of the address (?re=) when the form has an re field', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'admin');
    await openForm(page, `/mainform/${ENTITY_FORM}/create?re=6`);
    await setField(page, 'name', 'Ad hoc return for entity six');
    await setField(page, 'endon', '30/06/2025');
    await setField(page, 'duedate', '31/07/2025');
    await page.click('[data-action=save]');
    expect((await answerDialog(page)).title).toBe('Created');
    await waitForPath(page, (p) => new RegExp(`^/mainform/${ENTITY_FORM}/view/\\d+$`).test(p));
    const row = await portal.t.database.db('formbatch').where({ name: 'Ad hoc return for entity six' }).first('re', 'endon', 'duedate', 'state');
    expect(Number(row.re)).toBe(6);
    expect(String(row.duedate).slice(0, 10)).toBe('2025-07-31');
    // A new record starts in the module's default state (Open).
    expect(Number(row.state)).toBe(13);
  });

  it('writes an RE user’s entity through RE-RE and offers its report as a PDF', async () => {
    const { page } = await portal.page();
    const updates: string[] = [];
    page.on('request', (r) => {
      const body = r.postData() ?? '';
      if (body.includes('.update')) updates.push(body);
    });
    await signIn(page, portal.url, 're');
    const re = Number(await page.evaluate(() => localStorage.getItem('re')));
    await openForm(page, `/re/form/58/view/${re}`);
    await page.waitForSelector('[data-action=edit]');
    expect(await page.$eval('[data-action=pdf]', (e) => (e as HTMLAnchorElement).getAttribute('href'))).toBe(`/out/RE-RE.pdf?action=report.print&WHERE=id%3D${re}`);
    await screenshot(page, 'form-entity-view');
    await page.click('[data-action=edit]');
    await page.waitForSelector('[data-action=update]');
    await setField(page, 'comporigin', 'Labuan');
    await page.click('[data-action=update]');
    expect((await answerDialog(page)).title).toBe('Update successfully');
    expect((await stored('RE', re)).comporigin).toBe('Labuan');
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0])).toMatchObject({ action: 'Record2.update', args: [{ module: 'RE-RE' }] });
  });
});
