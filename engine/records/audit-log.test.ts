// The audit log on every dialect (docs/audit-log.md): each kind of write leaves a row of the
// read-only AuditLog module (who, when, module, record, values before and after): Record.create,
// update and delete, a state move, a form's saved cells and a domain action's direct write; the
// log is searched by module, record, user and dates, exported through the list export job, read
// only with AuditLog.select, never written through Record.*, and never holds a password hash,
// OTP key or token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack, select, type Row } from '../testing/record-calls.js';
import { DEMO_PASSWORD } from '../../portal/seeds/index.js';
import { bumpVersions } from '../db/change-versions.js';
import { JobWorker } from '../jobs/job-worker.js';
import { download, finished, readSheet, selectAll, submitExport } from '../jobs/testing/export-kit.js';
import { HIDDEN_VALUE } from './audit-values.js';
import { recordsetObjects } from '../protocol/envelope.js';

const ENTITY = 1;
const FIELDS = ['id', 'module', 'record_id', 'action', 'fields', 'before_values', 'after_values', 'createby', 'createby_name_ind_field', 'createon'];

describe.each(await testDialects())('the audit log on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;
  let re: string;
  let adminId: number;
  let iruId: number;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', ENTITY);
    adminId = Number((await t.database.db('user').where({ userid: 'admin' }).first('id')).id);
    iruId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const auditOf = async (table: string, id: number, cookie = iru): Promise<Row[]> =>
    (await select(t, cookie, { module: 'AuditLog', fields: FIELDS, where: [['module', '=', table], ['record_id', '=', id]], order: 'id asc', max: 100 })).rows;
  const values = (row: Row, which: 'before_values' | 'after_values') => (row[which] === null ? null : JSON.parse(String(row[which])));

  it('records a create, an update and a delete through the record engine with who, when and the values before and after', async () => {
    const made = readBack(await t.call('Record.create', [{ module: 'PublicMessage', fields: ['message', 'state'], values: ['<p>First</p>', 33], read: ['id', 'updatectr'] }], admin));
    const id = Number(made.id);
    const changed = readBack(await t.call('Record.update', [{ module: 'PublicMessage', fields: ['id', 'updatectr', 'message'], values: [id, made.updatectr, '<p>Second</p>'], read: ['id', 'updatectr'] }], admin));
    const gone = await t.call('Record.delete', [{ module: 'PublicMessage', fields: ['id', 'updatectr'], values: [id, changed.updatectr] }], admin);
    expect(gone[0]).toMatchObject({ type: 'text', text: '1' });

    const rows = await auditOf('publicmessage', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const r of rows) expect(r).toMatchObject({ createby: adminId, createby_name_ind_field: 'System Administrator', createon: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(values(rows[0], 'before_values')).toBeNull();
    expect(values(rows[0], 'after_values')).toMatchObject({ message: '<p>First</p>', state: 33 });
    expect(values(rows[1], 'before_values')).toEqual({ message: '<p>First</p>' });
    expect(values(rows[1], 'after_values')).toEqual({ message: '<p>Second</p>' });
    expect(values(rows[2], 'before_values')).toMatchObject({ id, message: '<p>Second</p>', state: 33 });
    expect(values(rows[2], 'after_values')).toBeNull();
  });

  it('records a state move with the state before and after, beside the state history', async () => {
    const formId = Number((await t.database.db('form').where({ re: ENTITY }).orderBy('id').first('id')).id);
    const groupId = Number((await t.database.db('listgroup').orderBy('id').first('id')).id);
    const asked = readBack(await t.call('Record.create', [{ module: 'RE-SMSDropdown', fields: ['formid', 'dropdown', 'value', 'description'], values: [formId, groupId, 'Audit value', 'Please add it'], read: ['id', 'updatectr'] }], re));
    const id = Number(asked.id);
    readBack(await t.call('Record.update', [{ module: 'SMSDropdown', fields: ['id', 'updatectr', 'state'], values: [id, asked.updatectr, 66], read: ['id'] }], iru));
    const rows = await auditOf('smsdropdown', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(values(rows[0], 'after_values')).toMatchObject({ state: 54, value: 'Audit value' });
    expect(rows[1].createby).toBe(iruId);
    expect(JSON.parse(String(rows[1].fields))).toContain('state');
    expect(values(rows[1], 'before_values')).toMatchObject({ state: 54 });
    expect(values(rows[1], 'after_values')).toMatchObject({ state: 66 });
    const history = await t.database.db('state_history').where({ module: 'smsdropdown', record_id: id }).orderBy('id').select('from_state', 'to_state');
    expect(history.map((h) => [h.from_state === null ? null : Number(h.from_state), Number(h.to_state)])).toEqual([[null, 54], [54, 66]]);
  });

  it("records a form's saved cells and a domain action's own write (an entity's profile confirmation)", async () => {
    const formRow = await t.database.db('form').where({ re: ENTITY, state: 13 }).whereNotNull('formtemplate').orderBy('id').first('id', 'updatectr');
    const [info] = await t.call('Form.getData', [{ form: Number(formRow.id) }], re);
    expect(info.type).toBe('recordset');
    const cells = info.type === 'recordset' ? recordsetObjects(info) : [];
    const input = cells.find((c) => c.type === 'number' && !['1', 'true', true, 1].includes(c.readonly as never)) ?? cells.find((c) => c.type === 'text' && !['1', 'true', true, 1].includes(c.readonly as never));
    expect(input).toBeDefined();
    const value = input!.type === 'number' ? '12345' : 'audited';
    const saved = await t.call('Form.saveData', [{ form: Number(formRow.id), updatectr: Number(formRow.updatectr), cells: [{ tab: input!.tab, address: input!.address, value }] }], re);
    expect(saved[0].type, JSON.stringify(saved[0])).toBe('recordset');
    const formRows = await auditOf('form', Number(formRow.id));
    const last = formRows[formRows.length - 1];
    expect(last).toMatchObject({ action: 'update', module: 'form' });
    expect(Object.keys(values(last, 'after_values').cells)).toEqual([`${input!.tab}!${input!.address}`]);
    const verified = await t.call('RE.verifyOffice', [], re);
    expect(verified[0]).toMatchObject({ type: 'text', text: '1' });
    const rows = await auditOf('re', ENTITY);
    expect(values(rows[rows.length - 1], 'after_values')).toMatchObject({ verifyoffice: expect.any(String), verifyofficeby: expect.any(Number) });
  });

  it('never keeps a password hash, an OTP key or a token, only that it changed', async () => {
    const newPass = 'Audit@Log2026x';
    const changed = await t.call('User.changePassword', [{ oldPass: DEMO_PASSWORD, newPass }], iru);
    expect(changed[0].type).toBe('text');
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const mfaUser = Number((await t.database.db('user').where({ userid: 'mfa' }).first('id')).id);
    await t.database.db('user').where({ id: mfaUser }).update({ otpsecret: secret });
    await bumpVersions(t.database.db, ['user']);
    expect((await t.call('User.resetMFA', [{ userid: 'mfa' }], admin))[0]).toMatchObject({ type: 'text', text: 'OK' });

    const password = (await auditOf('user', iruId)).filter((r) => JSON.parse(String(r.fields)).includes('password'));
    expect(password.length).toBeGreaterThan(0);
    expect(values(password[password.length - 1], 'after_values').password).toBe(HIDDEN_VALUE);
    const otp = (await auditOf('user', mfaUser)).filter((r) => JSON.parse(String(r.fields)).includes('otpsecret'));
    expect(otp).toHaveLength(1);
    expect(values(otp[0], 'before_values')).toEqual({ otpsecret: HIDDEN_VALUE });

    const stored = await t.database.db('record_audit').select('before_values', 'after_values');
    const hashes = (await t.database.db('user').pluck('password')).map(String);
    const tokens = (await t.database.db('account_token').pluck('token_hash').catch(() => [])).map(String);
    for (const r of stored) {
      const text = `${r.before_values ?? ''} ${r.after_values ?? ''}`;
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(secret);
      for (const h of [...hashes, ...tokens]) expect(text).not.toContain(h);
    }
  });

  it('is searched by module, record, user and date range, newest first', async () => {
    const made = readBack(await t.call('Record.create', [{ module: 'PublicMessage', fields: ['message'], values: ['<p>Search me</p>'], read: ['id', 'updatectr'] }], admin));
    const id = Number(made.id);
    const byModule = await select(t, iru, { module: 'AuditLog', fields: ['module'], where: [['module', '=', 'publicmessage']], max: 1000 });
    expect(byModule.total).toBeGreaterThanOrEqual(4);
    expect(new Set(byModule.rows.map((r) => r.module))).toEqual(new Set(['publicmessage']));
    const byRecord = await select(t, iru, { module: 'AuditLog', fields: ['module', 'record_id'], where: [['module', 'like', '%publicmess%'], ['record_id', '=', id]] });
    expect(byRecord.rows).toEqual([{ module: 'publicmessage', record_id: id }]);
    const byUser = await select(t, iru, { module: 'AuditLog', fields: ['createby'], where: [['createby', '=', iruId]], max: 1000 });
    expect(byUser.total).toBeGreaterThan(0);
    expect(new Set(byUser.rows.map((r) => r.createby))).toEqual(new Set([iruId]));
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await select(t, iru, { module: 'AuditLog', fields: ['id', 'createon'], where: [['createon', 'between', [`${today} 00:00:00`, `${today} 23:59:59`]]], max: 1000 });
    expect(inRange.total).toBeGreaterThan(4);
    const ids = inRange.rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const before = await select(t, iru, { module: 'AuditLog', fields: ['id'], where: [['createon', 'between', ['2000-01-01 00:00:00', '2000-12-31 23:59:59']]] });
    expect(before.total).toBe(0);
  });

  it('is exported through the list export job with the rows Record.select answers', async () => {
    const args = { module: 'AuditLog', fields: ['id', 'createon', 'createby_name_ind_field', 'module', 'record_id', 'action'], where: [['module', '=', 'publicmessage']], order: 'createon desc' };
    const columnNames = ['Id', 'When', 'User', 'Module', 'Record', 'Action'];
    const id = await submitExport(t, iru, { title: 'Audit Log', columnNames, ...args });
    expect(await worker.drain()).toBe(1);
    expect(await finished(t, iru, id)).toMatchObject({ state: 71, result: `/out/${id}.xlsx` });
    const expected = await selectAll(t, iru, args);
    const res = await download(t, `/out/${id}.xlsx`, iru);
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload, expected.columns);
    expect(sheet.header).toEqual(columnNames);
    expect(sheet.rows).toEqual(expected.rows);
    expect(sheet.rows.length).toBeGreaterThanOrEqual(4);
  });

  it('is read only with AuditLog.select (not IRU staff by default, never RE users) and written by nobody through Record.*', async () => {
    // A regulator officer without the Audit Reviewer role (46).
    await t.database.db('user_role').where({ link_fk_user: iruId, link_fk_role: 46 }).delete();
    await bumpVersions(t.database.db, ['user_role']);
    const plainIru = await t.sessionFor('iru');
    expect(failure(await t.call('Record.select', [{ module: 'AuditLog', fields: ['id'] }], plainIru))).toMatchObject({ code: 'E_NOPERMISSION' });
    await t.database.db('user_role').insert({ link_fk_user: iruId, link_fk_role: 46 });
    await bumpVersions(t.database.db, ['user_role']);
    expect(failure(await t.call('Record.select', [{ module: 'AuditLog', fields: ['id'] }], re))).toMatchObject({ code: 'E_NOPERMISSION' });
    expect((await select(t, admin, { module: 'AuditLog', fields: ['id'], max: 1 })).total).toBeGreaterThan(0);
    const row = (await select(t, admin, { module: 'AuditLog', fields: ['id', 'updatectr'], max: 1 })).rows[0];
    expect(failure(await t.call('Record.create', [{ module: 'AuditLog', fields: ['module', 'record_id', 'version', 'action', 'fields'], values: ['x', 1, 1, 'create', '[]'] }], admin))).toMatchObject({ code: 'E_NOPERMISSION' });
    expect(failure(await t.call('Record.update', [{ module: 'AuditLog', fields: ['id', 'updatectr', 'module'], values: [row.id, row.updatectr, 'x'] }], admin))).toMatchObject({ code: 'E_NOPERMISSION' });
    expect(failure(await t.call('Record.delete', [{ module: 'AuditLog', fields: ['id', 'updatectr'], values: [row.id, row.updatectr] }], admin))).toMatchObject({ code: 'E_NOPERMISSION' });
  });
});
