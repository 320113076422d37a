// User.setRE: switching the session's current entity, refusing foreign ones, and E_RECHANGED for
// a tab that still believes in the entity it had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { bumpVersions } from '../db/change-versions.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { recordsetObjects, type RecordsetValue } from '../protocol/envelope.js';
import { call, codeOf, jsonOf, login, type Answer } from './testing/identity-calls.js';

const OWN_ENTITY = { module: 'RE-RE', fields: ['id'] };
const idsOf = (a: Answer) => {
  expect(codeOf(a)).toBe('ok');
  return recordsetObjects(a.values[0] as RecordsetValue).map((r) => Number(r.id));
};

describe.each(await testDialects())('switching the current entity (%s)', (dialect) => {
  let t: TestEngine;
  let cookie: string | undefined;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t?.close());

  it('switches to a linked entity and answers the entity-level role there', async () => {
    const signedIn = await login(t, { userid: 're', password: DEMO_PASSWORD });
    cookie = signedIn.cookie;
    expect(jsonOf(signedIn)).toMatchObject({ currentRE: 1, roles: { '1': true, '27': true } });
    expect(idsOf(await call(t, 'Record.select', [OWN_ENTITY], { cookie, re: 1 }))).toEqual([1]);

    expect(jsonOf(await call(t, 'User.setRE', [{ re: 6 }], { cookie, re: 1 }))).toEqual({ re: 6, role: 26 });
    const record = jsonOf(await call(t, 'User.current', [], { cookie, re: 6 }));
    expect(record).toMatchObject({ currentRE: 6 });
    expect(record.roles).toEqual({ '1': true, '26': true });
    expect(idsOf(await call(t, 'Record.select', [OWN_ENTITY], { cookie, re: 6 }))).toEqual([6]);
    expect(jsonOf(await call(t, 'User.setRE', [{ re: '11' }], { cookie, re: 6 }))).toEqual({ re: 11, role: 25 });
  });

  it('refuses an entity the user is not linked to, leaving the session where it was', async () => {
    const before = jsonOf(await call(t, 'User.current', [], { cookie })).currentRE;
    const refused = await call(t, 'User.setRE', [{ re: 2 }], { cookie, re: before as number });
    expect(refused.values).toEqual([{ type: 'exception', code: 'E_NOPERMISSION', message: 'You are not linked to this reporting entity' }]);
    expect(codeOf(await call(t, 'User.setRE', [{ re: 999999 }], { cookie }))).toBe('E_NOPERMISSION');
    expect(codeOf(await call(t, 'User.setRE', [{ re: 0 }], { cookie }))).toBe('E_BADREQUEST');
    expect(jsonOf(await call(t, 'User.current', [], { cookie })).currentRE).toBe(before);
  });

  it('answers E_RECHANGED to another tab that still sends the entity it had', async () => {
    expect(jsonOf(await call(t, 'User.setRE', [{ re: 1 }], { cookie }))).toEqual({ re: 1, role: 27 });
    // Tab A switches to entity 6; tab B, same browser and cookie, still sends re=1.
    expect(codeOf(await call(t, 'User.setRE', [{ re: 6 }], { cookie, re: 1 }))).toBe('ok');
    const stale = await call(t, 'Record.select', [OWN_ENTITY], { cookie, re: 1 });
    expect(stale.values).toEqual([{ type: 'exception', code: 'E_RECHANGED', message: 'The current reporting entity was changed in another window; reloading' }]);
    // After its reload, tab B sends the new entity and is answered for it.
    expect(idsOf(await call(t, 'Record.select', [OWN_ENTITY], { cookie, re: 6 }))).toEqual([6]);
  });

  it('gives the caller the permissions of its entity-level role in the current entity only', async () => {
    const [task] = await db()('permissiontasks').insert({ name: 'Test.checkerOnly', code: 'checkerOnly', module: 'Test', state: 33 });
    await db()('role_permissiontasks').insert({ link_fk_role: 26, link_fk_permissiontasks: Number(task) });
    await bumpVersions(db(), ['permissiontasks', 'role_permissiontasks']);
    await call(t, 'User.setRE', [{ re: 6 }], { cookie });
    expect(jsonOf(await call(t, 'User.current', [], { cookie })).permissions).toHaveProperty(['Test.checkerOnly']);
    await call(t, 'User.setRE', [{ re: 11 }], { cookie });
    expect(jsonOf(await call(t, 'User.current', [], { cookie })).permissions).not.toHaveProperty(['Test.checkerOnly']);
  });
});
