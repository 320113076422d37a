// Queries on every dialect (seed 002 §2, §4, §5, §6; docs/threads.md): IRU raises them, a reply
// moves them (RE → Responded, IRU → Open) and stamps replyon, closing stamps closeon and the
// days it took, the conclusion is written only after Closed and locks once confirmed,
// confidential queries (with their messages and files) need RE-Query.confidential, and the bulk
// status change is all or nothing with each query's updatectr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, readBack, select } from '../../../engine/testing/record-calls.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { sqlDateTime } from '../../../engine/db/clock.js';

const ENTITY = 1;
const S = { new: 54, open: 13, responded: 58, closed: 8 } as const;
const RE_ROLE = 1;

describe.each(await testDialects())('queries on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;
  let form: { id: number; formbatch: number };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', ENTITY);
    re2 = await t.sessionFor('re2', 2);
    iru = await t.sessionFor('iru');
    const f = await t.database.db('form').where({ re: ENTITY }).whereNotNull('formbatch').orderBy('id').first('id', 'formbatch');
    form = { id: Number(f.id), formbatch: Number(f.formbatch) };
  });
  afterAll(async () => t?.close());

  const FIELDS = ['re', 'formbatch', 'form', 'formtab', 'dataitem', 'name', 'description', 'confidential'];
  const raise = async (confidential = 0, cookie = iru) =>
    t.call('Record.create', [{ module: 'Query', fields: FIELDS, values: [ENTITY, form.formbatch, form.id, 'Main', 'Total assets', 'Check this', 'Why?', confidential], read: ['id', 'updatectr', 'state'] }], cookie);
  const newQuery = async (confidential = 0) => Number(readBack(await raise(confidential)).id);
  const query = async (id: number, cookie = iru, module = 'Query') =>
    (await select(t, cookie, { module, fields: ['id', 'updatectr', 'state', 'replyon', 'closeon', 'duration', 'conclusion', 'conclusionconfirm', 'form_name', 'formbatch_name_ind_field'], where: [['id', '=', id]] })).rows[0];
  const reply = (cookie: string, id: number, module = 'RE-QueryMessage') => t.call('Record.create', [{ module, fields: ['query', 'description'], values: [id, 'Answer'], read: ['id', 'createbyrole', 're'] }], cookie);
  const update = (id: number, fields: string[], values: unknown[], cookie = iru) =>
    t.call('Record.update', [{ module: 'Query', fields: ['id', 'updatectr', ...fields], values: [id, ...values], read: ['id', 'updatectr', 'state', 'closeon', 'duration', 'conclusion', 'conclusionconfirm'] }], cookie);

  it('lets IRU raise a query as New with every required field, and refuses RE users', async () => {
    const id = await newQuery();
    expect(await query(id)).toMatchObject({ state: S.new, replyon: null, closeon: null, form_name: expect.any(String) });
    const missing = await t.call('Record.create', [{ module: 'Query', fields: ['re', 'formbatch', 'form', 'name'], values: [ENTITY, form.formbatch, form.id, 'S'] }], iru);
    expect(failure(missing)).toMatchObject({ code: 'E_VALIDATION', details: { formtab: 'is required', dataitem: 'is required', description: 'is required' } });
    expect(failure(await t.call('Record.create', [{ module: 'RE-Query', fields: ['name'], values: ['x'] }], re)).code).toBe('E_NOPERMISSION');
  });

  it('moves a query to Responded on an RE reply and to Open on an IRU reply, stamping replyon each time', async () => {
    const id = await newQuery();
    const mine = readBack(await reply(re, id));
    expect([Number(mine.createbyrole), Number(mine.re)]).toEqual([1002, ENTITY]);
    const after = (await query(id))!;
    expect(after.state).toBe(S.responded);
    expect(after.replyon).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/));
    readBack(await reply(iru, id, 'QueryMessage'));
    expect((await query(id))!.state).toBe(S.open);
    // Another entity's query is not found, exactly as one that does not exist.
    expect(failure(await reply(re2, id))).toEqual({ code: 'E_NOTFOUND', message: `RE-Query #${id} not found.` });
    expect(failure(await reply(re2, 987654))).toEqual({ code: 'E_NOTFOUND', message: 'RE-Query #987654 not found.' });
  });

  it('stamps closeon and the whole days since creation on Closed, after which nothing moves it and no reply is taken', async () => {
    const id = await newQuery();
    // Raised three and a half days ago.
    await t.database.db('query').where({ id }).update({ createon: sqlDateTime(new Date(Date.now() - 3.5 * 86_400_000)) });
    await bumpVersions(t.database.db, ['query']);
    const closed = readBack(await update(id, ['state'], [1, S.closed]));
    expect(closed.state).toBe(S.closed);
    expect(closed.duration).toBe(3);
    expect(closed.closeon).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(failure(await update(id, ['state'], [2, S.open])).code).toBe('E_STATETRANSITION');
    expect(failure(await reply(re, id)).code).toBe('E_STATETRANSITION');
    expect(failure(await update(id, ['closeon'], [2, '2024-01-01 00:00:00'])).code).toBe('E_VALIDATION');
  });

  it('takes a conclusion only after Closed, as a draft and then confirmed, and never again once confirmed', async () => {
    const id = await newQuery();
    expect(failure(await update(id, ['conclusion'], [1, 'Too early']))).toMatchObject({ code: 'E_VALIDATION', details: { conclusion: expect.stringContaining('cannot be changed') } });
    readBack(await update(id, ['state'], [1, S.closed]));
    expect(readBack(await update(id, ['conclusion', 'conclusionconfirm'], [2, 'Draft text', 0]))).toMatchObject({ conclusion: 'Draft text', conclusionconfirm: 0 });
    expect(failure(await update(id, ['conclusion', 'conclusionconfirm'], [3, '', 1]))).toMatchObject({ code: 'E_VALIDATION', details: { conclusion: 'is required' } });
    expect(readBack(await update(id, ['conclusion', 'conclusionconfirm'], [3, 'Final text', 1]))).toMatchObject({ conclusion: 'Final text', conclusionconfirm: 1 });
    expect(failure(await update(id, ['conclusion'], [4, 'Changed']))).toMatchObject({ code: 'E_VALIDATION' });
    expect(failure(await update(id, ['conclusionconfirm'], [4, 0]))).toMatchObject({ code: 'E_VALIDATION' });
    expect((await query(id))!.conclusion).toBe('Final text');
  });

  it('shows a confidential query, its messages and its files to an RE user only with RE-Query.confidential', async () => {
    const id = await newQuery(1);
    readBack(await reply(iru, id, 'QueryMessage'));
    await t.database.db('query_reference').insert({ fk_query: id, name: 'note.txt', referencetype: 11, updatectr: 1 });
    await bumpVersions(t.database.db, ['query_reference']);
    const visible = async () => [
      (await select(t, re, { module: 'RE-Query', fields: ['id'], where: [['id', '=', id]] })).total,
      (await select(t, re, { module: 'RE-QueryMessage', fields: ['id'], where: [['query', '=', id]] })).total,
      (await select(t, re, { module: 'Query_Reference', fields: ['id'], where: [['fk_query', '=', id]] })).total,
    ];
    expect(await visible()).toEqual([0, 0, 0]);
    // Without the task the confidential query is not found, as one that does not exist.
    expect(failure(await reply(re, id))).toEqual({ code: 'E_NOTFOUND', message: `RE-Query #${id} not found.` });
    expect(failure(await reply(re, 987654))).toEqual({ code: 'E_NOTFOUND', message: 'RE-Query #987654 not found.' });

    const task = await t.database.db('permissiontasks').where({ name: 'RE-Query.confidential' }).first('id');
    expect(task).toBeDefined();
    await t.database.db('role_permissiontasks').insert({ link_fk_role: RE_ROLE, link_fk_permissiontasks: task.id });
    await bumpVersions(t.database.db, ['role_permissiontasks']);
    try {
      expect(await visible()).toEqual([1, 1, 1]);
      expect(readBack(await reply(re, id)).re).toBe(ENTITY);
    } finally {
      await t.database.db('role_permissiontasks').where({ link_fk_role: RE_ROLE, link_fk_permissiontasks: task.id }).delete();
      await bumpVersions(t.database.db, ['role_permissiontasks']);
    }
  });

  it('changes many statuses in one transaction, and none when one of them is stale', async () => {
    const a = await newQuery();
    const b = await newQuery();
    const bulk = (data: unknown[], cookie = iru) => t.call('Query.updateMultipleStatus', [{ data }], cookie);
    expect(await bulk([{ id: a, updatectr: 1, state: S.open }, { id: b, updatectr: 1, state: S.open }])).toEqual([{ type: 'text', text: '2' }]);
    expect([(await query(a))!.state, (await query(b))!.state]).toEqual([S.open, S.open]);

    const stale = failure(await bulk([{ id: a, updatectr: 2, state: S.closed }, { id: b, updatectr: 1, state: S.closed }]));
    expect(stale.code).toBe('E_CONCURRENT');
    expect(stale.message).toContain(`Query #${b}`);
    expect(stale.details).toMatchObject({ id: b });
    expect([(await query(a))!.state, (await query(b))!.state]).toEqual([S.open, S.open]);
    expect((await query(a))!.closeon).toBeNull();

    expect(failure(await bulk([{ id: a, updatectr: 2, state: S.closed }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await bulk([{ id: a, updatectr: 2, state: S.responded }])).code).toBe('E_BADREQUEST');
    expect(await bulk([{ id: a, updatectr: 2, state: S.closed }, { id: b, updatectr: 2, state: S.closed }])).toEqual([{ type: 'text', text: '2' }]);
    expect((await query(b))!).toMatchObject({ state: S.closed, duration: 0 });
  });

  it('closes a query with resubmission only through a new Resubmission, created in the same transaction', async () => {
    const id = await newQuery();
    expect(failure(await update(id, ['state'], [1, 80])).code).toBe('E_STATETRANSITION');
    const close = (args: Record<string, unknown>) => t.call('Query.closeWithResubmission', [{ id, updatectr: 1, requestextdate: '2999-01-31', reason: 'Restate the figures', ...args }], iru);
    expect(failure(await close({ requestextdate: '2000-01-01', reason: ' ' }))).toMatchObject({ code: 'E_VALIDATION', details: { requestextdate: 'cannot be before today', reason: 'is required' } });
    const before = Number((await t.database.db('resubmission').count({ n: '*' }).first())!.n);
    expect(failure(await close({ updatectr: 7 })).code).toBe('E_CONCURRENT');
    expect(Number((await t.database.db('resubmission').count({ n: '*' }).first())!.n)).toBe(before);
    expect(failure(await t.call('Query.closeWithResubmission', [{ id, updatectr: 1, requestextdate: '2999-01-31', reason: 'x' }], re)).code).toBe('E_NOPERMISSION');

    const closed = readBack(await close({}));
    expect(closed.state).toBe(80);
    const resubmission = await t.database.db('resubmission').where({ id: Number(closed.resubmission) }).first();
    expect({ ...resubmission, re: Number(resubmission.re), state: Number(resubmission.state), query: Number(resubmission.query), initiateby: Number(resubmission.initiateby), formcategory: Number(resubmission.formcategory) }).toMatchObject({
      re: ENTITY, state: 54, query: id, initiateby: 2, reason: 'Restate the figures', formcategory: 100211,
    });
    const forms = await t.database.db('resubmissionform').where({ resubmission: Number(closed.resubmission) }).select('form', 'properties');
    expect(forms.map((f) => [Number(f.form), JSON.parse(f.properties)])).toEqual([[form.id, [{ id: 'Main', dataitem: 'Total assets' }]]]);
    expect((await query(id))!).toMatchObject({ state: 80, duration: 0, closeon: expect.any(String) });
    expect(failure(await reply(re, id)).code).toBe('E_STATETRANSITION');
    expect(failure(await update(id, ['state'], [2, S.open])).code).toBe('E_STATETRANSITION');
  });
});
