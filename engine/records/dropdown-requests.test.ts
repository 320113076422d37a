// Dropdown value requests on every dialect (seed 003 §2.5, §4.4; docs/requests.md): an RE user
// asks through RE-SMSDropdown (its entity and itself stamped), IRU staff approve or reject through
// SMSDropdown; both moves need SMSDropdown.action.approve (a permission named by the state map),
// a reject needs a remark, and an approve stamps the date and approver and defaults the item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack, select } from '../testing/record-calls.js';
import { bumpVersions } from '../db/change-versions.js';
import { addMissingTasks } from '../../portal/seeds/access.js';
import { sqlDateTime } from '../db/clock.js';

const ENTITY = 1;
const IRU_ROLE = 2;
const S = { new: 54, approved: 66, rejected: 23 } as const;

describe.each(await testDialects())('dropdown requests on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;
  let formId: number;
  let groupId: number;
  let reUserId: number;
  let iruUserId: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', ENTITY);
    re2 = await t.sessionFor('re2', 2);
    iru = await t.sessionFor('iru');
    formId = Number((await t.database.db('form').where({ re: ENTITY }).orderBy('id').first('id')).id);
    groupId = Number((await t.database.db('listgroup').orderBy('id').first('id')).id);
    reUserId = Number((await t.database.db('user').where({ userid: 're' }).first('id')).id);
    iruUserId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => t?.close());

  const READ = ['id', 'updatectr', 'state', 're', 'requester', 'value', 'approvevalue', 'approver', 'approveddate', 'remark', 'requester_name_ind_field', 'formid_name_ind_field', 'dropdown_name_ind_field'];
  const ask = (cookie = re, value = 'New bank type') =>
    t.call('Record.create', [{ module: 'RE-SMSDropdown', fields: ['formid', 'dropdown', 'value', 'description'], values: [formId, groupId, value, 'Please add it'], read: READ }], cookie);
  const decide = (id: number, ctr: number, fields: string[], values: unknown[], cookie = iru, module = 'SMSDropdown') =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...fields], values: [id, ctr, ...values], read: READ }], cookie);

  it('creates an RE request as New for the current entity, stamped with its requester and display names', async () => {
    const made = readBack(await ask());
    expect(made).toMatchObject({ state: S.new, re: ENTITY, requester: reUserId, approver: null, approveddate: null, requester_name_ind_field: expect.any(String), formid_name_ind_field: expect.any(String), dropdown_name_ind_field: expect.any(String) });
    const missing = await t.call('Record.create', [{ module: 'RE-SMSDropdown', fields: ['formid'], values: [formId] }], re);
    expect(failure(missing)).toMatchObject({ code: 'E_VALIDATION', details: { dropdown: 'is required', value: 'is required', description: 'is required' } });
  });

  it('shows an RE user only its own entity\'s requests and lets it neither approve nor write the approval fields', async () => {
    const made = readBack(await ask());
    const id = Number(made.id);
    expect((await select(t, re, { module: 'RE-SMSDropdown', fields: ['id'], where: [['id', '=', id]] })).total).toBe(1);
    expect((await select(t, re2, { module: 'RE-SMSDropdown', fields: ['id'], where: [['id', '=', id]] })).total).toBe(0);
    expect(failure(await decide(id, 1, ['state'], [S.approved], re, 'RE-SMSDropdown')).code).toBe('E_NOPERMISSION');
    const sneaky = await t.call('Record.create', [{ module: 'RE-SMSDropdown', fields: ['formid', 'dropdown', 'value', 'description', 'approvevalue'], values: [formId, groupId, 'x', 'y', 'z'] }], re);
    expect(failure(sneaky).code).toBe('E_VALIDATION');
    const born = await t.call('Record.create', [{ module: 'RE-SMSDropdown', fields: ['formid', 'dropdown', 'value', 'description', 'state'], values: [formId, groupId, 'x', 'y', S.approved] }], re);
    expect(failure(born).code).toMatch(/E_VALIDATION|E_NOPERMISSION/);
  });

  it('approves with the item left blank: the original value, now and the approver are stamped', async () => {
    const made = readBack(await ask(re, 'Islamic bank'));
    const before = Date.now() - 2000;
    const done = readBack(await decide(Number(made.id), Number(made.updatectr), ['state'], [S.approved]));
    expect(done).toMatchObject({ state: S.approved, approvevalue: 'Islamic bank', approver: iruUserId });
    expect(Date.parse(`${String(done.approveddate).replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(before);
    expect(String(done.approveddate) <= sqlDateTime()).toBe(true);
    expect(failure(await decide(Number(made.id), Number(done.updatectr), ['state'], [S.rejected])).code).toBe('E_STATETRANSITION');
  });

  it('approves with an approved item of IRU\'s own wording, keeping it', async () => {
    const made = readBack(await ask(re, 'islamic bnk'));
    const done = readBack(await decide(Number(made.id), Number(made.updatectr), ['state', 'approvevalue'], [S.approved, 'Islamic bank']));
    expect(done).toMatchObject({ state: S.approved, approvevalue: 'Islamic bank', value: 'islamic bnk' });
  });

  it('refuses a reject without a remark and takes one with it, leaving the approval stamps empty', async () => {
    const made = readBack(await ask());
    const id = Number(made.id);
    expect(failure(await decide(id, 1, ['state'], [S.rejected]))).toMatchObject({ code: 'E_VALIDATION', details: { remark: 'is required' } });
    expect(failure(await decide(id, 1, ['state', 'remark'], [S.rejected, '  ']))).toMatchObject({ code: 'E_VALIDATION', details: { remark: 'is required' } });
    const done = readBack(await decide(id, 1, ['state', 'remark'], [S.rejected, 'Already in the list']));
    expect(done).toMatchObject({ state: S.rejected, remark: 'Already in the list', approver: null, approveddate: null, approvevalue: null });
  });

  it('refuses an IRU user without SMSDropdown.action.approve with E_NOPERMISSION naming it, yet lets it edit other fields', async () => {
    const made = readBack(await ask());
    const id = Number(made.id);
    const task = await t.database.db('permissiontasks').where({ name: 'SMSDropdown.action.approve' }).first('id');
    expect(task).toBeTruthy();
    await t.database.db('role_permissiontasks').where({ link_fk_role: IRU_ROLE, link_fk_permissiontasks: task.id }).delete();
    await bumpVersions(t.database.db, ['role_permissiontasks']);
    try {
      const refused = failure(await decide(id, 1, ['state'], [S.approved]));
      expect(refused.code).toBe('E_NOPERMISSION');
      expect(refused.message).toContain('SMSDropdown.action.approve');
      expect(failure(await decide(id, 1, ['state', 'remark'], [S.rejected, 'No'])).code).toBe('E_NOPERMISSION');
      expect(readBack(await decide(id, 1, ['description'], ['Clarified'])).state).toBe(S.new);
    } finally {
      await t.database.db('role_permissiontasks').insert({ link_fk_role: IRU_ROLE, link_fk_permissiontasks: task.id });
      await bumpVersions(t.database.db, ['role_permissiontasks']);
    }
    expect(readBack(await decide(id, 2, ['state'], [S.approved])).state).toBe(S.approved);
  });

  it('adds the state map\'s permission tasks to a database that lacks them', async () => {
    await t.database.db('permissiontasks').whereIn('name', ['SMSDropdown.action.approve', 'RE-SMSDropdown.action.approve']).delete();
    expect(await addMissingTasks(t.database.db, sqlDateTime())).toBe(2);
    const row = await t.database.db('permissiontasks').where({ name: 'SMSDropdown.action.approve' }).first('code', 'module');
    expect(row).toMatchObject({ code: 'action.approve', module: 'SMSDropdown' });
  });

  it('seeds demo requests in every state, each entity seeing only its own', async () => {
    const demo = await select(t, re, { module: 'RE-SMSDropdown', fields: ['value', 'state', 'approvevalue', 'approver'], where: [['value', 'in', ['Regional Manager', 'Chief Risk Officer', 'Tea lady', 'Head of Shariah']]] });
    expect(demo.rows.map((r) => Number(r.state)).sort()).toEqual([S.rejected, S.new, S.approved].sort());
    expect(demo.rows.find((r) => Number(r.state) === S.approved)).toMatchObject({ approvevalue: 'Chief Risk Officer (CRO)', approver: iruUserId });
    expect((await select(t, re2, { module: 'RE-SMSDropdown', fields: ['value'], where: [['value', '=', 'Head of Shariah']] })).total).toBe(1);
  });

  it('keeps answering the state map as from/to pairs', async () => {
    const res = await t.call('StateManagement.getStateMap', [{ module: 'SMSDropdown' }], iru);
    expect(JSON.stringify(res)).toContain('66');
  });
});
