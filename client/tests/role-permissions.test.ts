// Role & Permission (seed 003 §2.8, §5, §6, §8) in Chromium against a real engine: the list at
// /iru/permission/role (list 50) opens the role editor; a task ticked in the matrix and saved
// (Role.setPermissions) shows for the role's users on their next page load; row select-all and
// the module search; a blank name is refused; Copy Role asks for a source, confirms and copies;
// without RolePermission.update the boxes are disabled and Copy Role and Save are hidden; User
// Group Maintenance (/iru/user/group/{id}) changes a user's roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { dialogShown, fill, pressDialog } from './auth-kit.js';
import { readGrid } from './list-support.js';

// seeds/access.ts: role 1 RE (the demo user `re`), 26 Checker (no grants); seeds/demo-admin.ts:
// role 11 Access Administrator (RolePermission.update), held by the demo user `iru`.
const RE_ROLE = 1;
const CHECKER = 26;
const ACCESS_ADMIN = 11;
const EDITOR = '[data-testid=role-editor][data-state=ready]';

describe('the role permission editor (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const db = () => portal.t.database.db;
  const grantsOf = async (role: number) => (await db()('role_permissiontasks').where({ link_fk_role: role }).orderBy('link_fk_permissiontasks').pluck('link_fk_permissiontasks')).map(Number);
  const taskId = async (name: string) => Number((await db()('permissiontasks').where({ name }).first('id')).id);
  const box = (name: string) => `${EDITOR} input[data-task="${name}"]`;
  const isChecked = (page: Page, name: string) => page.$eval(box(name), (e) => (e as HTMLInputElement).checked);
  const openEditor = async (page: Page, role: number) => {
    await page.goto(`${portal.url}/iru/permission/role/${role}`);
    await page.waitForSelector(EDITOR);
  };

  /** What the RE user sees on /re/listgroup (list 43): New List Group is enabled with ListGroup.create. */
  async function reSeesCreate(): Promise<boolean> {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're', undefined, '/re/listgroup');
    await readGrid(page);
    const enabled = await page.$eval('[data-top-button="New List Group"]', (b) => !(b as HTMLButtonElement).disabled);
    await page.close();
    return enabled;
  }

  it('grants a task ticked in the matrix, and the user of that role sees it on the next load', async () => {
    expect(await reSeesCreate()).toBe(false);
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/permission/role');
    const grid = await readGrid(page);
    expect(grid.rows.some((r) => r.includes('RE'))).toBe(true);
    await page.goto(`${portal.url}/iru/permission/role/${RE_ROLE}`);
    await page.waitForSelector(EDITOR);
    expect(await page.$eval('[data-testid=role-editor] input[name=name]', (e) => (e as HTMLInputElement).value)).toBe('RE');
    expect(await isChecked(page, 'ListGroup.select')).toBe(true);
    expect(await isChecked(page, 'ListGroup.create')).toBe(false);

    await page.click(box('ListGroup.create'));
    await page.click('[data-testid=save-role]');
    expect(await dialogShown(page)).toMatchObject({ title: 'Success', message: 'Role Update!' });
    await pressDialog(page);
    await page.waitForSelector(EDITOR);
    expect(await grantsOf(RE_ROLE)).toContain(await taskId('ListGroup.create'));
    expect(await isChecked(page, 'ListGroup.create')).toBe(true);
    await screenshot(page, 'role-permission-editor');
    expect(await reSeesCreate()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('narrows the matrix by the module search and ticks a whole row with its select-all', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openEditor(page, CHECKER);
    await fill(page, `${EDITOR} input[name=module-search]`, 'business parameter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=role-matrix] tbody tr').length === 1);
    expect(await page.$eval('[data-testid=role-matrix] tbody tr', (r) => r.getAttribute('data-module'))).toBe('Parameters');
    await page.click(`${EDITOR} input[data-row=Parameters]`);
    for (const verb of ['select', 'create', 'update', 'delete']) expect(await isChecked(page, `Parameters.${verb}`)).toBe(true);
    await page.click(`${EDITOR} input[data-column=select]`);
    expect(await isChecked(page, 'Parameters.select')).toBe(false);
    await page.click('[data-testid=save-role]');
    expect((await dialogShown(page)).message).toBe('Role Update!');
    await pressDialog(page);
    expect(await grantsOf(CHECKER)).toEqual([await taskId('Parameters.create'), await taskId('Parameters.update'), await taskId('Parameters.delete')].sort((a, b) => a - b));
  });

  it('refuses a blank role name with the seed’s message', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/iru/permission/role/create`);
    await page.waitForSelector(EDITOR);
    await page.click(box('Sector.select'));
    await page.click('[data-testid=save-role]');
    expect(await dialogShown(page)).toMatchObject({ title: 'Error', message: 'Please fill in all the required fields' });
    await pressDialog(page);
    await fill(page, `${EDITOR} input[name=name]`, 'Sector readers');
    await page.click('[data-testid=save-role]');
    expect((await dialogShown(page)).message).toBe('Role Update!');
    await pressDialog(page);
    const path = await waitForPath(page, (p) => /^\/iru\/permission\/role\/\d+$/.test(p));
    const id = Number(path.split('/').pop());
    expect((await db()('role').where({ id }).first('name')).name).toBe('Sector readers');
    expect(await grantsOf(id)).toEqual([await taskId('Sector.select')]);
  });

  it('copies another role’s permissions after asking for the source and a confirmation', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openEditor(page, CHECKER);
    await page.click('[data-testid=copy-role]');
    await page.waitForSelector('[data-testid=copy-role-dialog] select[name=copy-from] option[value="1"]');
    await page.click('[data-testid=copy-role-confirm]');
    expect(await dialogShown(page)).toMatchObject({ title: 'Error', message: 'Please select a role to copy from.' });
    await pressDialog(page);
    await page.select('[data-testid=copy-role-dialog] select[name=copy-from]', String(RE_ROLE));
    await page.click('[data-testid=copy-role-confirm]');
    expect((await dialogShown(page)).title).toBe('Confirm Copy?');
    await page.click('[data-dialog=dialog] button[data-button=yes]');
    await page.waitForFunction(() => ![...document.querySelectorAll('[data-dialog=dialog] .dialog-title')].some((t) => t.textContent === 'Confirm Copy?'));
    expect(await dialogShown(page)).toMatchObject({ message: 'Success: Role permission successfully copied.' });
    await pressDialog(page);
    expect(await grantsOf(CHECKER)).toEqual(await grantsOf(RE_ROLE));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.checked === true, {}, box('REForm.update'));
  });

  it("maintains a user's roles with the role checkboxes and Update (User Group Maintenance)", async () => {
    const MFA_USER = 5;
    const rolesOf = async () => (await db()('user_role').where({ link_fk_user: MFA_USER }).orderBy('link_fk_role').pluck('link_fk_role')).map(Number);
    expect(await rolesOf()).toEqual([2]);
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru', undefined, '/iru/user/group');
    await readGrid(page);
    await page.goto(`${portal.url}/iru/user/group/${MFA_USER}`);
    await page.waitForSelector('[data-testid=user-group][data-state=ready]');
    await page.click(`[data-testid=user-group] input[data-role="${ACCESS_ADMIN}"]`);
    await page.click('[data-testid=user-group] input[data-role="2"]');
    await page.click('[data-testid=update-user-group]');
    expect(await dialogShown(page)).toMatchObject({ message: 'Updated!' });
    await pressDialog(page);
    expect(await rolesOf()).toEqual([ACCESS_ADMIN]);
    const mfa = await portal.t.sessionFor('mfa');
    const [current] = await portal.t.call('User.current', [], mfa);
    expect(current.type === 'text' && JSON.parse(current.text).roles).toEqual({ [String(ACCESS_ADMIN)]: true });
    expect(errors).toEqual([]);
  });

  it('disables the boxes and hides Copy Role and Save without RolePermission.update', async () => {
    await db()('role_permissiontasks').where({ link_fk_role: ACCESS_ADMIN, link_fk_permissiontasks: await taskId('RolePermission.update') }).delete();
    await bumpVersions(db(), ['role_permissiontasks']);
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openEditor(page, RE_ROLE);
    expect(await page.$eval(EDITOR, (e) => e.getAttribute('data-can-edit'))).toBe('no');
    expect(await page.$$eval(`${EDITOR} input[type=checkbox]`, (els) => els.every((e) => (e as HTMLInputElement).disabled))).toBe(true);
    expect(await page.$('[data-testid=copy-role]')).toBeNull();
    expect(await page.$('[data-testid=save-role]')).toBeNull();
    await screenshot(page, 'role-permission-readonly');
  });
});
