// No self-granted privilege, on every dialect (docs/roles.md, "Nothing beyond one's own"): an IRU
// officer who administers access grants, withdraws, copies and links only what they hold, never
// touches their own roles or their own roles' grants, and cannot change a system parameter; the
// system administrator can do all of it, except on their own roles. Every refusal is
// E_NOPERMISSION naming what is refused, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure, ok, readBack } from '../../testing/record-calls.js';

// seeds/access.ts: role 1 RE, 2 IRU, 10 System Administrator; seeds/demo-admin.ts: role 11
// Access Administrator (RolePermission.update, User_Role.create/delete), held by `iru` beside 2.
// seeds/demo-users.ts: users 1 admin, 2 iru, 5 mfa (an IRU officer).
const RE_ROLE = 1;
const IRU_ROLE = 2;
const SYSADMIN = 10;
const ACCESS_ADMIN = 11;
/** The demo IRU officer also reads the audit log (seeds/access.ts). */
const AUDIT_REVIEWER = 46;
const ADMIN_USER = 1;
const IRU_USER = 2;
const OTHER_IRU_USER = 5;

describe.each(await testDialects())('no privilege beyond one’s own on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [admin, iru] = await Promise.all([t.sessionFor('admin'), t.sessionFor('iru')]);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const taskId = async (name: string) => Number((await db()('permissiontasks').where({ name }).first('id')).id);
  const grantsOf = async (role: number) => (await db()('role_permissiontasks').where({ link_fk_role: role }).pluck('link_fk_permissiontasks')).map(Number).sort((a, b) => a - b);
  const link = async (role: number, task: number) => {
    const row = await db()('role_permissiontasks').where({ link_fk_role: role, link_fk_permissiontasks: task }).first('link_id', 'link_updatectr');
    return row ? { id: Number(row.link_id), updatectr: Number(row.link_updatectr) } : undefined;
  };
  const rolesOf = async (user: number) => (await db()('user_role').where({ link_fk_user: user }).pluck('link_fk_role')).map(Number).sort((a, b) => a - b);
  const roleLink = (user: number, role: number) => db()('user_role').where({ link_fk_user: user, link_fk_role: role }).first('link_id', 'link_updatectr');
  const set = (cookie: string, args: Record<string, unknown>) => t.call('Role.setPermissions', [args], cookie);
  const copy = (cookie: string, src_role: number, dest_role: number) => t.call('Role.copyPermissions', [{ src_role, dest_role }], cookie);
  const giveRole = (cookie: string, user: number, role: number) => t.call('Record.create', [{ module: 'User_Role', fields: ['link_fk_user', 'link_fk_role'], values: [user, role] }], cookie);
  const takeRole = async (cookie: string, user: number, role: number) => {
    const l = await roleLink(user, role);
    return t.call('Record.delete', [{ module: 'User_Role', fields: ['link_id', 'link_updatectr'], values: [Number(l.link_id), Number(l.link_updatectr)] }], cookie);
  };
  const newRole = async (name: string) => {
    await db()('role').insert({ name, issystem: false });
    return Number((await db()('role').where({ name }).first('id')).id);
  };
  const parameter = (code: string) => db()('parameters').where({ code }).first('id', 'updatectr', 'value0', 'state', 'issystem');
  const updateParameter = (cookie: string, fields: string[], values: unknown[]) => t.call('Record.update', [{ module: 'Parameters', fields, values }], cookie);

  it('refuses an IRU officer a grant or withdrawal of a task it does not hold, naming it, and changes nothing', async () => {
    const before = await grantsOf(RE_ROLE);
    const held = await taskId('ListGroup.update');
    const lacked = await taskId('Parameters.delete');
    expect(failure(await set(iru, { role: RE_ROLE, create: [held, lacked] }))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot grant permissions you do not hold yourself: Parameters.delete.' });
    // The RE role's own tasks include some no IRU officer holds (asking for a resubmission).
    const theirs = (await link(RE_ROLE, await taskId('RE-Resubmission.create')))!;
    expect(failure(await set(iru, { role: RE_ROLE, delete: [theirs] }))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot withdraw permissions you do not hold yourself: RE-Resubmission.create.' });
    expect(await grantsOf(RE_ROLE)).toEqual(before);
  });

  it('refuses to copy a role with more tasks onto a role the IRU officer can edit, but copies one within its own', async () => {
    const target = await newRole('Copy target of the IRU officer');
    for (const source of [SYSADMIN, RE_ROLE]) {
      const refused = failure(await copy(iru, source, target));
      expect(refused.code).toBe('E_NOPERMISSION');
      expect(refused.message).toMatch(/^You cannot copy permissions you do not hold yourself: .+\.$/);
    }
    expect(failure(await copy(iru, SYSADMIN, target)).message).toMatch(/ and \d+ more\.$/);
    expect(await grantsOf(target)).toEqual([]);
    ok(await copy(iru, IRU_ROLE, target));
    expect(await grantsOf(target)).toEqual(await grantsOf(IRU_ROLE));
  });

  it("refuses an IRU officer any change to its own roles' permissions, a task it holds too", async () => {
    const task = await taskId('Parameters.delete');
    const before = [await grantsOf(IRU_ROLE), await grantsOf(ACCESS_ADMIN)];
    expect(failure(await set(iru, { role: ACCESS_ADMIN, create: [await taskId('ListGroup.update')] }))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot change the permissions of your own role Access Administrator.' });
    expect(failure(await set(iru, { role: IRU_ROLE, create: [task] }))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot change the permissions of your own role IRU.' });
    expect(failure(await copy(iru, SYSADMIN, IRU_ROLE)).message).toBe('You cannot change the permissions of your own role IRU.');
    expect([await grantsOf(IRU_ROLE), await grantsOf(ACCESS_ADMIN)]).toEqual(before);
  });

  it('refuses to link any user, the IRU officer itself or another, to the System Administrator role', async () => {
    expect(failure(await giveRole(iru, IRU_USER, SYSADMIN))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot change your own roles.' });
    const refused = failure(await giveRole(iru, OTHER_IRU_USER, SYSADMIN));
    expect(refused.code).toBe('E_NOPERMISSION');
    expect(refused.message).toMatch(/^You cannot give the role System Administrator: it holds permissions you do not hold yourself \(.+ and \d+ more\)\.$/);
    // Turning an existing link into one to the System Administrator is the same link.
    ok(await set(admin, { role: ACCESS_ADMIN, create: [await taskId('User_Role.update')] }));
    const l = await roleLink(OTHER_IRU_USER, IRU_ROLE);
    const turned = failure(await t.call('Record.update', [{ module: 'User_Role', fields: ['link_id', 'link_updatectr', 'link_fk_role'], values: [Number(l.link_id), Number(l.link_updatectr), SYSADMIN] }], iru));
    expect(turned.message).toMatch(/^You cannot give the role System Administrator/);
    expect(await rolesOf(OTHER_IRU_USER)).toEqual([IRU_ROLE]);
    expect(await rolesOf(IRU_USER)).toEqual([IRU_ROLE, ACCESS_ADMIN, AUDIT_REVIEWER]);
  });

  it('refuses the IRU officer any change of its own roles, through any write of User_Role', async () => {
    expect(failure(await takeRole(iru, IRU_USER, IRU_ROLE))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot change your own roles.' });
    expect(failure(await giveRole(iru, IRU_USER, RE_ROLE)).message).toBe('You cannot change your own roles.');
    // A role created together with its link to the caller (relation_type 2) is a link like any other.
    const related = failure(await t.call('Record.create', [{ module: 'Role', fields: ['name'], values: ['Mine'], relation: { relation_type: 2, parent_name: 'User', parent_id: IRU_USER } }], iru));
    expect(related).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot change your own roles.' });
    expect(await db()('role').where({ name: 'Mine' }).first('id')).toBeUndefined();
    expect(await rolesOf(IRU_USER)).toEqual([IRU_ROLE, ACCESS_ADMIN, AUDIT_REVIEWER]);
  });

  it('lets an IRU officer give and take a role within its own tasks, to another user', async () => {
    ok(await giveRole(iru, OTHER_IRU_USER, ACCESS_ADMIN));
    expect(await rolesOf(OTHER_IRU_USER)).toEqual([IRU_ROLE, ACCESS_ADMIN]);
    ok(await takeRole(iru, OTHER_IRU_USER, ACCESS_ADMIN));
    expect(await rolesOf(OTHER_IRU_USER)).toEqual([IRU_ROLE]);
  });

  it('refuses grants of a task beyond its own through Record.create of Role_PermissionTasks as well', async () => {
    ok(await set(admin, { role: ACCESS_ADMIN, create: [await taskId('Role_PermissionTasks.create')] }));
    const grant = (role: number, task: number) => t.call('Record.create', [{ module: 'Role_PermissionTasks', fields: ['link_fk_role', 'link_fk_permissiontasks'], values: [role, task] }], iru);
    expect(failure(await grant(RE_ROLE, await taskId('Parameters.delete'))).message).toBe('You cannot grant permissions you do not hold yourself: Parameters.delete.');
    expect(failure(await grant(ACCESS_ADMIN, await taskId('ListGroup.update'))).message).toBe('You cannot change the permissions of your own role Access Administrator.');
    ok(await grant(RE_ROLE, await taskId('ListGroup.update')));
    expect(await link(RE_ROLE, await taskId('Parameters.delete'))).toBeUndefined();
  });

  it('checks an entity role given through RE_User like any other role', async () => {
    // seeds/demo-users.ts: `re` (user 3) is the Checker (26) of entity 6; 25 Preparer and 27 Approver hold only
    // the form sign-off tasks (seeds/access.ts), which IRU staff hold too so that they may give these roles.
    const APPROVER = 27;
    ok(await set(admin, { role: ACCESS_ADMIN, create: [await taskId('RE_User.update')] }));
    ok(await set(admin, { role: APPROVER, create: [await taskId('Parameters.delete')] }));
    const entityLink = () => db()('re_user').where({ link_fk_user: 3, link_fk_re: 6 }).first('link_id', 'link_updatectr', 'role');
    const setEntityRole = async (role: number) => {
      const l = await entityLink();
      return t.call('Record.update', [{ module: 'RE_User', fields: ['link_id', 'link_updatectr', 'role'], values: [Number(l.link_id), Number(l.link_updatectr), role] }], iru);
    };
    expect(failure(await setEntityRole(APPROVER))).toEqual({ code: 'E_NOPERMISSION', message: 'You cannot give the role Approver: it holds permissions you do not hold yourself (Parameters.delete).' });
    expect(Number((await entityLink()).role)).toBe(26);
    ok(await setEntityRole(25));
    expect(Number((await entityLink()).role)).toBe(25);
  });

  it('refuses an IRU officer any write of a system parameter, and leaves it the business parameters', async () => {
    const mfa = await parameter('MFA_POLICY');
    expect(failure(await updateParameter(iru, ['id', 'updatectr', 'value0'], [mfa.id, mfa.updatectr, 'optional']))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for Parameters.updateSystem' });
    expect(failure(await updateParameter(iru, ['id', 'updatectr', 'state'], [mfa.id, mfa.updatectr, 4])).code).toBe('E_NOPERMISSION');
    expect(failure(await updateParameter(iru, ['id', 'updatectr', 'issystem'], [mfa.id, mfa.updatectr, false])).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Record.create', [{ module: 'Parameters', fields: ['name', 'code', 'fieldtype', 'value0', 'issystem'], values: ['Lockout', 'IRU_LOCKOUT', 1649, '0', true] }], iru)).code).toBe('E_NOPERMISSION');
    expect(await parameter('MFA_POLICY')).toEqual(mfa);
    expect(await parameter('IRU_LOCKOUT')).toBeUndefined();

    const business = await parameter('PEOI_CC');
    expect(failure(await updateParameter(iru, ['id', 'updatectr', 'issystem'], [business.id, business.updatectr, true])).code).toBe('E_NOPERMISSION');
    expect(readBack(await t.call('Record.update', [{ module: 'Parameters', fields: ['id', 'updatectr', 'value0'], values: [business.id, business.updatectr, '[]'], read: ['value0'] }], iru))).toEqual({ value0: '[]' });
  });

  it('refuses an IRU officer to mark a role as a system role, which would get every new task', async () => {
    const role = await newRole('Would-be system role');
    const { updatectr } = await db()('role').where({ id: role }).first('updatectr');
    expect(failure(await t.call('Record.update', [{ module: 'Role', fields: ['id', 'updatectr', 'issystem'], values: [role, Number(updatectr), true] }], iru))).toMatchObject({ code: 'E_VALIDATION', details: { issystem: 'is read-only' } });
    expect(failure(await t.call('Record.create', [{ module: 'Role', fields: ['name', 'issystem'], values: ['Another', true] }], iru))).toMatchObject({ code: 'E_VALIDATION', details: { issystem: 'is read-only' } });
  });

  it('lets the system administrator do all of it, except change its own roles or its own role', async () => {
    const lacked = await taskId('Parameters.delete');
    ok(await set(admin, { role: RE_ROLE, create: [lacked] }));
    ok(await set(admin, { role: RE_ROLE, delete: [(await link(RE_ROLE, lacked))!] }));
    const target = await newRole('Copy target of the administrator');
    ok(await copy(admin, SYSADMIN, target));
    expect(await grantsOf(target)).toEqual(await grantsOf(SYSADMIN));
    ok(await giveRole(admin, OTHER_IRU_USER, SYSADMIN));
    ok(await takeRole(admin, OTHER_IRU_USER, SYSADMIN));
    expect(await rolesOf(OTHER_IRU_USER)).toEqual([IRU_ROLE]);
    const mfa = await parameter('MFA_POLICY');
    ok(await updateParameter(admin, ['id', 'updatectr', 'value0'], [mfa.id, mfa.updatectr, 'staff']));
    expect((await parameter('MFA_POLICY')).value0).toBe('staff');

    expect(failure(await set(admin, { role: SYSADMIN, create: [] })).message).toBe('You cannot change the permissions of your own role System Administrator.');
    expect(failure(await takeRole(admin, ADMIN_USER, SYSADMIN)).message).toBe('You cannot change your own roles.');
    expect(failure(await giveRole(admin, ADMIN_USER, target)).message).toBe('You cannot change your own roles.');
    const { updatectr } = await db()('role').where({ id: SYSADMIN }).first('updatectr');
    expect(failure(await t.call('Record.delete', [{ module: 'Role', fields: ['id', 'updatectr'], values: [SYSADMIN, Number(updatectr)] }], admin)).message).toBe('You cannot delete your own role System Administrator.');
    expect(await rolesOf(ADMIN_USER)).toEqual([SYSADMIN]);
  });
});
