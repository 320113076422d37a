// Role & Permission (seed 003 §2.8, §5, §6, §8) in Chromium against a real engine: the list at
// /iru/permission/role (list 50) opens the role editor; a task ticked in the matrix and saved
// (Role.setPermissions) shows for the role's users on their next page load; row select-all and
// the module search; a blank name is refused; Copy Role asks for a source, confirms and copies;
// without RolePermission.update the boxes are disabled and Copy Role and Save are hidden; User
// Group Maintenance (/iru/user/group/{id}) changes a user's roles. Nothing beyond one's own
// (docs/roles.md): an IRU officer's refused copy, role and system parameter show the server's
// message, its own roles and role are read-only; a system administrator in the IRU shell does it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { hash } from '@node-rs/argon2';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { DEMO_PASSWORD } from '../../portal/seeds/index.js';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { dialogShown, fill, pressDialog } from './auth-kit.js';
import { readGrid } from './list-support.js';

// seeds/access.ts: role 1 RE (the demo user `re`), 10 System Administrator, 26 Checker (no
// grants); seeds/demo-admin.ts: role 11 Access Administrator (RolePermission.update), held by the
// demo user `iru` (user 2) beside role 2; seeds/demo-users.ts: user 5 `mfa`, an IRU officer.
const RE_ROLE = 1;
const SYSADMIN = 10;
const CHECKER = 26;
const ACCESS_ADMIN = 11;
const IRU_USER = 2;
const MFA_USER = 5;
const EDITOR = '[data-testid=role-editor][data-state=ready]';

describe('the role permission editor (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    // More sign-ins than the default 20 a minute allow.
    portal = await startPortal('sqlite', { LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const db = () => portal.t.database.db;
  const grantsOf = async (role: number) => (await db()('role_permissiontasks').where({ link_fk_role: role }).orderBy('link_fk_permissiontasks').pluck('link_fk_permissiontasks')).map(Number);
  const taskId = async (name: string) => Number((await db()('permissiontasks').where({ name }).first('id')).id);
  const box = (name: string) => `${EDITOR} input[data-task="${name}"]`;
  const isChecked = (page: Page, name: string) => page.$eval(box(name), (e) => (e as HTMLInputElement).checked);
  const isDisabled = (page: Page, name: string) => page.$eval(box(name), (e) => (e as HTMLInputElement).disabled);
  const rolesOf = async (user: number) => (await db()('user_role').where({ link_fk_user: user }).orderBy('link_fk_role').pluck('link_fk_role')).map(Number);
  const openUserGroup = async (page: Page, user: number) => {
    await page.goto(`${portal.url}/iru/user/group/${user}`);
    await page.waitForSelector('[data-testid=user-group][data-state=ready]');
  };
  /** Changes a system parameter's value on its edit screen (form 149) and presses Update. */
  const updateSystemParameter = async (page: Page, code: string, value: string) => {
    const { id } = await db()('parameters').where({ code }).first('id');
    await page.goto(`${portal.url}/iru/sparameters/edit/${id}`);
    await page.waitForSelector('[data-form][data-mode=edit] [data-action=update]');
    await fill(page, '.record-form [name=value0]', value);
    await page.click('[data-action=update]');
  };
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
    // The checker role holds its sign-off task (REForm.action.check) from the seeds; it stays.
    const before = await grantsOf(CHECKER);
    await openEditor(page, CHECKER);
    await fill(page, `${EDITOR} input[name=module-search]`, 'business parameter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=role-matrix] tbody tr').length === 1);
    expect(await page.$eval('[data-testid=role-matrix] tbody tr', (r) => r.getAttribute('data-module'))).toBe('Parameters');
    await page.click(`${EDITOR} input[data-row=Parameters]`);
    for (const verb of ['select', 'create', 'update']) expect(await isChecked(page, `Parameters.${verb}`)).toBe(true);
    // Tasks the IRU officer does not hold stay as they are: it can neither give nor take them.
    for (const name of ['Parameters.delete', 'Parameters.updateSystem']) {
      expect(await isChecked(page, name)).toBe(false);
      expect(await isDisabled(page, name)).toBe(true);
    }
    await page.click(`${EDITOR} input[data-column=select]`);
    expect(await isChecked(page, 'Parameters.select')).toBe(false);
    await page.click('[data-testid=save-role]');
    expect((await dialogShown(page)).message).toBe('Role Update!');
    await pressDialog(page);
    expect(await grantsOf(CHECKER)).toEqual([...before, await taskId('Parameters.create'), await taskId('Parameters.update')].sort((a, b) => a - b));
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

  it('copies another role’s permissions after asking for the source and a confirmation, and shows the refusal of a role beyond its own', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openEditor(page, CHECKER);
    const before = await grantsOf(CHECKER);
    await page.click('[data-testid=copy-role]');
    await page.waitForSelector('[data-testid=copy-role-dialog] select[name=copy-from] option[value="1"]');
    await page.click('[data-testid=copy-role-confirm]');
    expect(await dialogShown(page)).toMatchObject({ title: 'Error', message: 'Please select a role to copy from.' });
    await pressDialog(page);
    const copyFrom = async (role: number) => {
      await page.select('[data-testid=copy-role-dialog] select[name=copy-from]', String(role));
      await page.click('[data-testid=copy-role-confirm]');
      expect((await dialogShown(page)).title).toBe('Confirm Copy?');
      await page.click('[data-dialog=dialog] button[data-button=yes]');
      await page.waitForFunction(() => ![...document.querySelectorAll('[data-dialog=dialog] .dialog-title')].some((t) => t.textContent === 'Confirm Copy?'));
      return dialogShown(page);
    };
    // The RE role holds tasks no IRU officer holds (its entity's modules): the server refuses, naming
    // them (the first ten in order, so which ones depends on the modules shipped).
    expect((await copyFrom(RE_ROLE)).message).toMatch(/^You cannot copy permissions you do not hold yourself: .*RE-[\w-]+\.(create|update)/);
    await pressDialog(page);
    expect(await grantsOf(CHECKER)).toEqual(before);
    const sectorReaders = Number((await db()('role').where({ name: 'Sector readers' }).first('id')).id);
    expect(await copyFrom(sectorReaders)).toMatchObject({ message: 'Success: Role permission successfully copied.' });
    await pressDialog(page);
    expect(await grantsOf(CHECKER)).toEqual(await grantsOf(sectorReaders));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.checked === true, {}, box('Sector.select'));
  });

  it("maintains a user's roles with the role checkboxes and Update (User Group Maintenance)", async () => {
    expect(await rolesOf(MFA_USER)).toEqual([2]);
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
    expect(await rolesOf(MFA_USER)).toEqual([ACCESS_ADMIN]);
    const mfa = await portal.t.sessionFor('mfa');
    const [current] = await portal.t.call('User.current', [], mfa);
    expect(current.type === 'text' && JSON.parse(current.text).roles).toEqual({ [String(ACCESS_ADMIN)]: true });
    expect(errors).toEqual([]);
  });

  it('shows the refusal of a role or system parameter beyond the IRU officer’s own, and keeps it off its own roles', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await openUserGroup(page, MFA_USER);
    await page.click(`[data-testid=user-group] input[data-role="${SYSADMIN}"]`);
    await page.click('[data-testid=update-user-group]');
    expect((await dialogShown(page)).message).toMatch(/^You cannot give the role System Administrator: it holds permissions you do not hold yourself/);
    await pressDialog(page);
    expect(await rolesOf(MFA_USER)).toEqual([ACCESS_ADMIN]);

    // Its own roles, and the grants of a role it holds, are someone else's to change.
    await openUserGroup(page, IRU_USER);
    await page.waitForSelector('[data-testid=own-roles]');
    expect(await page.$$eval('[data-testid=user-group] input[type=checkbox]', (els) => els.every((e) => (e as HTMLInputElement).disabled))).toBe(true);
    expect(await page.$('[data-testid=update-user-group]')).toBeNull();
    await openEditor(page, ACCESS_ADMIN);
    expect(await page.$eval(EDITOR, (e) => e.getAttribute('data-can-edit'))).toBe('no');
    await page.waitForSelector('[data-testid=own-role]');
    expect(await page.$('[data-testid=save-role]')).toBeNull();

    const before = await db()('parameters').where({ code: 'LOCKOUT_MINUTES' }).first('value0', 'updatectr');
    await updateSystemParameter(page, 'LOCKOUT_MINUTES', '0');
    expect((await dialogShown(page)).message).toBe('You do not have permission for Parameters.updateSystem');
    await pressDialog(page);
    expect(await db()('parameters').where({ code: 'LOCKOUT_MINUTES' }).first('value0', 'updatectr')).toEqual(before);
    expect(errors).toEqual([]);
  });

  it('lets a system administrator in the IRU shell grant any task, give any role and change a system parameter', async () => {
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const [id] = await db()('user').insert({ userid: 'itadmin', name: 'IT Administrator', email: 'itadmin@regportal.example', password: await hash(DEMO_PASSWORD), logintype: 1, state: 33, mfa: 0, pwchangedon: now, failedlogins: 0, firsttimelogin: false, emailverified: true, createon: now });
    await db()('user_role').insert({ link_fk_user: Number(id), link_fk_role: SYSADMIN });
    await bumpVersions(db(), ['user', 'user_role']);
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'itadmin');

    await openEditor(page, RE_ROLE);
    expect(await isDisabled(page, 'Parameters.delete')).toBe(false);
    await page.click(box('Parameters.delete'));
    await page.click('[data-testid=save-role]');
    expect((await dialogShown(page)).message).toBe('Role Update!');
    await pressDialog(page);
    expect(await grantsOf(RE_ROLE)).toContain(await taskId('Parameters.delete'));

    await openUserGroup(page, MFA_USER);
    await page.click(`[data-testid=user-group] input[data-role="${SYSADMIN}"]`);
    await page.click('[data-testid=update-user-group]');
    expect((await dialogShown(page)).message).toBe('Updated!');
    await pressDialog(page);
    expect(await rolesOf(MFA_USER)).toEqual([SYSADMIN, ACCESS_ADMIN]);

    await updateSystemParameter(page, 'LOCKOUT_MINUTES', '20');
    expect((await dialogShown(page)).title).toBe('Update successfully');
    await pressDialog(page);
    expect((await db()('parameters').where({ code: 'LOCKOUT_MINUTES' }).first('value0')).value0).toBe('20');
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
