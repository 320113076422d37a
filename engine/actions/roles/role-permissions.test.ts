// Role.setPermissions and Role.copyPermissions on every dialect: grants and withdrawals apply to
// the role's users on their very next call, both writes are all or nothing, stale reads and
// concurrent editors are refused with E_CONCURRENT, a system role's grants are never reduced,
// and only RolePermission.update may call them. What a caller may grant at all (only what they
// hold, never their own role): privilege.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure, ok } from '../../testing/record-calls.js';
import type { EnvelopeValue } from '../../protocol/envelope.js';
import { bumpVersions } from '../../db/change-versions.js';

// seeds/access.ts: role 1 RE, 2 IRU, 10 System Administrator (issystem); seeds/demo-admin.ts:
// role 11 Access Administrator, held by the demo user `iru` beside role 2.
const RE_ROLE = 1;
const SYSADMIN = 10;
const ACCESS_ADMIN = 11;

describe.each(await testDialects())('role permissions on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [admin, iru, re] = await Promise.all([t.sessionFor('admin'), t.sessionFor('iru'), t.sessionFor('re')]);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const taskId = async (name: string) => Number((await db()('permissiontasks').where({ name }).first('id')).id);
  const link = async (role: number, task: number) => {
    const row = await db()('role_permissiontasks').where({ link_fk_role: role, link_fk_permissiontasks: task }).first('link_id', 'link_updatectr');
    return row ? { id: Number(row.link_id), updatectr: Number(row.link_updatectr) } : undefined;
  };
  const grantsOf = async (role: number) => (await db()('role_permissiontasks').where({ link_fk_role: role }).pluck('link_fk_permissiontasks')).map(Number).sort((a, b) => a - b);
  const set = (cookie: string, args: Record<string, unknown>) => t.call('Role.setPermissions', [args], cookie);
  const copy = (cookie: string, src_role: number, dest_role: number) => t.call('Role.copyPermissions', [{ src_role, dest_role }], cookie);
  const answer = (values: EnvelopeValue[]) => JSON.parse((ok(values)[0] as { text: string }).text);
  const readSectors = (cookie: string) => t.call('Record.select', [{ module: 'Sector', fields: ['id'], max: 1 }], cookie);
  const permissionsOf = async (cookie: string) => Object.keys(JSON.parse((ok(await t.call('User.current', [], cookie))[0] as { text: string }).text).permissions);

  it("withdraws a role's grant and gives it back, and the role's users feel each change on their next call", async () => {
    const task = await taskId('Sector.select');
    expect(ok(await readSectors(re))[0].type).toBe('recordset');

    const granted = (await link(RE_ROLE, task))!;
    expect(answer(await set(admin, { role: RE_ROLE, delete: [granted] }))).toEqual({ added: 0, removed: 1 });
    expect(await link(RE_ROLE, task)).toBeUndefined();
    expect(failure(await readSectors(re)).code).toBe('E_NOPERMISSION');

    expect(answer(await set(admin, { role: RE_ROLE, create: [task] }))).toEqual({ added: 1, removed: 0 });
    expect(ok(await readSectors(re))[0].type).toBe('recordset');
  });

  it('audits each grant and withdrawal as a write of Role_PermissionTasks', async () => {
    const task = await taskId('Parameters.update');
    ok(await set(admin, { role: RE_ROLE, create: [task] }));
    const granted = (await link(RE_ROLE, task))!;
    ok(await set(admin, { role: RE_ROLE, delete: [granted] }));
    const audit = await db()('record_audit').where({ module: 'role_permissiontasks', record_id: granted.id }).orderBy('id').select('action', 'createby');
    expect(audit.map((a) => [a.action, Number(a.createby)])).toEqual([['create', 1], ['delete', 1]]);
  });

  it('refuses callers without RolePermission.update, and applies nothing', async () => {
    const task = await taskId('Parameters.select');
    expect(failure(await set(re, { role: RE_ROLE, create: [task] })).code).toBe('E_NOPERMISSION');
    expect(failure(await copy(re, SYSADMIN, RE_ROLE)).code).toBe('E_NOPERMISSION');
    expect(await link(RE_ROLE, task)).toBeUndefined();
  });

  it('refuses an unknown role or task, and a stale or foreign link, writing nothing of the call', async () => {
    const task = await taskId('Parameters.create');
    expect(failure(await set(admin, { role: 999999, create: [task] })).code).toBe('E_NOTFOUND');
    expect(failure(await set(admin, { role: RE_ROLE, create: [task, 999999] }))).toMatchObject({ code: 'E_VALIDATION', details: { create: 'no permission task 999999' } });
    expect(await link(RE_ROLE, task)).toBeUndefined();

    // A grant read before someone else changed it: the whole call is refused, the addition too.
    const held = (await db()('role_permissiontasks').where({ link_fk_role: RE_ROLE }).first('link_id', 'link_updatectr'))!;
    const before = await grantsOf(RE_ROLE);
    expect(failure(await set(admin, { role: RE_ROLE, create: [task], delete: [{ id: Number(held.link_id), updatectr: Number(held.link_updatectr) + 1 }] })).code).toBe('E_CONCURRENT');
    // Another role's grant cannot be withdrawn through this one.
    const foreign = (await db()('role_permissiontasks').where({ link_fk_role: SYSADMIN }).first('link_id', 'link_updatectr'))!;
    expect(failure(await set(admin, { role: RE_ROLE, delete: [{ id: Number(foreign.link_id), updatectr: Number(foreign.link_updatectr) }] })).code).toBe('E_CONCURRENT');
    expect(await grantsOf(RE_ROLE)).toEqual(before);
    expect((await db()('role_permissiontasks').where({ link_id: foreign.link_id }).first('link_id'))).toBeDefined();
  });

  it('refuses a grant that another editor made first, and lets only one of two simultaneous editors add it', async () => {
    // A task both editors hold (the IRU role maintains list groups).
    const task = await taskId('ListGroup.update');
    ok(await set(admin, { role: RE_ROLE, create: [task] }));
    expect(failure(await set(admin, { role: RE_ROLE, create: [task] })).code).toBe('E_CONCURRENT');
    ok(await set(admin, { role: RE_ROLE, delete: [(await link(RE_ROLE, task))!] }));

    const results = await Promise.all([set(admin, { role: RE_ROLE, create: [task] }), set(iru, { role: RE_ROLE, create: [task] })]);
    const outcomes = results.map((r) => (r[0].type === 'exception' ? failure(r).code : 'OK')).sort();
    expect(outcomes).toEqual(['E_CONCURRENT', 'OK']);
    expect((await grantsOf(RE_ROLE)).filter((id) => id === task)).toHaveLength(1);
    ok(await set(admin, { role: RE_ROLE, delete: [(await link(RE_ROLE, task))!] }));
  });

  it("never reduces a system role's grants, but may add to them", async () => {
    // Its own holders may not edit it at all (privilege.test.ts): a deputy holding every task
    // through another role, and one task more, stands in for another administrator.
    await db()('permissiontasks').insert({ name: 'Deputy.extra', code: 'extra', module: 'Deputy', state: 33 });
    await db()('role').insert({ name: 'Deputy', issystem: false });
    const deputyRole = Number((await db()('role').where({ name: 'Deputy' }).first('id')).id);
    const every = (await db()('permissiontasks').pluck('id')).map(Number);
    // In chunks: SQLite takes at most 500 rows in one multi-row insert.
    await db().batchInsert('role_permissiontasks', every.map((task) => ({ link_fk_role: deputyRole, link_fk_permissiontasks: task })), 200);
    await db()('user').insert({ userid: 'deputy', name: 'Deputy', email: 'deputy@test.example', logintype: 1, state: 33 });
    const deputyUser = Number((await db()('user').where({ userid: 'deputy' }).first('id')).id);
    await db()('user_role').insert({ link_fk_user: deputyUser, link_fk_role: deputyRole });
    await bumpVersions(db(), ['user_role', 'role_permissiontasks', 'permissiontasks']);
    const deputy = await t.sessionFor('deputy');

    const granted = (await db()('role_permissiontasks').where({ link_fk_role: SYSADMIN }).first('link_id', 'link_updatectr'))!;
    const refused = failure(await set(deputy, { role: SYSADMIN, delete: [{ id: Number(granted.link_id), updatectr: Number(granted.link_updatectr) }] }));
    expect(refused).toMatchObject({ code: 'E_VALIDATION', details: { delete: 'System Administrator is a system role: its permissions cannot be reduced.' } });
    expect(failure(await copy(deputy, RE_ROLE, SYSADMIN)).code).toBe('E_VALIDATION');
    expect(answer(await set(deputy, { role: SYSADMIN, create: [await taskId('Deputy.extra')] }))).toEqual({ added: 1, removed: 0 });
    expect((await grantsOf(SYSADMIN)).length).toBe(Number((await db()('permissiontasks').count({ n: '*' }))[0].n));
  });

  it("copies one role's grants onto another exactly, and the destination's users feel it at once", async () => {
    await db()('role').insert({ name: 'Copy target', issystem: false });
    const dest = Number((await db()('role').where({ name: 'Copy target' }).first('id')).id);
    const stray = await taskId('Role.delete');
    ok(await set(admin, { role: dest, create: [stray] }));
    await db()('user_role').insert({ link_fk_user: 4, link_fk_role: dest });
    // The re2 user (role 1 plus the new one) holds Role.delete through it until the copy.
    const re2 = await t.sessionFor('re2');
    expect(await permissionsOf(re2)).toContain('Role.delete');
    expect(await permissionsOf(re2)).not.toContain('RolePermission.update');

    const result = answer(await copy(admin, ACCESS_ADMIN, dest));
    expect(await grantsOf(dest)).toEqual(await grantsOf(ACCESS_ADMIN));
    expect(result).toEqual({ added: (await grantsOf(ACCESS_ADMIN)).length, removed: 1 });
    expect(await permissionsOf(re2)).toContain('RolePermission.update');
    expect(await permissionsOf(re2)).not.toContain('Role.delete');

    expect(failure(await copy(admin, dest, dest))).toMatchObject({ code: 'E_VALIDATION', details: { src_role: 'Please select a role to copy from.' } });
    expect(failure(await copy(admin, 999999, dest)).code).toBe('E_NOTFOUND');
  });

  it('refuses a role with a blank name', async () => {
    expect(failure(await t.call('Record.create', [{ module: 'Role', fields: ['name'], values: ['   '] }], admin))).toMatchObject({ code: 'E_VALIDATION', details: { name: 'is required' } });
  });

  it("takes the editor's own permission away at once when their role loses RolePermission.update", async () => {
    const task = await taskId('RolePermission.update');
    ok(await set(admin, { role: ACCESS_ADMIN, delete: [(await link(ACCESS_ADMIN, task))!] }));
    expect(failure(await set(iru, { role: RE_ROLE }))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for RolePermission.update' });
    ok(await set(admin, { role: ACCESS_ADMIN, create: [task] }));
    expect(answer(await set(iru, { role: RE_ROLE }))).toEqual({ added: 0, removed: 0 });
  });
});
