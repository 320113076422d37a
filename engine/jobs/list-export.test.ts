// Excel list exports through the protocol, on every dialect: the sheet holds exactly the rows
// Record.select answers (every page, keyset-paged here ten rows at a time), with the requested
// titles and real Excel dates and numbers; an RE user's export holds only its entity's rows;
// the job runs with the submitter's access as it is when it runs; only the submitter gets the
// status and the file. The engine's own worker is off (JOB_CONCURRENCY=0) so that each test
// runs the queue when it chooses, with a worker of its own on the engine's services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../db/change-versions.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure } from '../testing/record-calls.js';
import { ACCESS_TABLES } from '../identity/session-store.js';
import { JobWorker } from './job-worker.js';
import { download, finished, readSheet, selectAll, statusOf, submitExport, textOf } from './testing/export-kit.js';

const PAGE_ROWS = 10;

describe.each(await testDialects())('Excel list exports on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let re: string;
  let re2: string;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { EXPORT_PAGE_ROWS: String(PAGE_ROWS), JOB_CONCURRENCY: '0' });
    const { services } = t.engine;
    worker = new JobWorker({ services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    admin = await t.sessionFor('admin');
    re = await t.sessionFor('re', 1);
    re2 = await t.sessionFor('re2');
    // Empty end dates among equal ones: the keyset must page through NULLs and ties alike.
    const db = t.database.db;
    const someForms = await db('form').where('state', '!=', 45).orderBy('id').limit(17).pluck('id');
    await db('form').whereIn('id', someForms).update({ endon: null });
    await db('re').whereIn('id', [3, 4, 5]).update({ authorizedcapital: 5_000_000, owner: null });
    await bumpVersions(db, ['form', 're']);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const exports: { what: string; scales: Record<string, number>; args: { module: string; fields: string[]; where?: unknown[]; order?: unknown } }[] = [
    {
      what: 'forms, with lookups, dates, date-times and empty end dates, newest first',
      scales: {},
      args: {
        module: 'Form',
        fields: ['id', 'code', 'name', 're_name_ind_field', 'endon', 'lastsubmiton', 'state_name_ind_field', 'calendar'],
        where: [['state', '!=', 45]],
        order: [['endon', 'desc'], ['code', 'asc']],
      },
    },
    {
      what: 'entities by authorised capital (a decimal, with ties) and owner (with NULLs)',
      scales: { authorizedcapital: 2, paupcapital: 2 },
      args: {
        module: 'RE',
        fields: ['id', 'name', 'authorizedcapital', 'paupcapital', 'owner', 'dateincorporated', 'sector_name_ind_field'],
        where: [{ or: [['state', '=', 33], ['state', '=', 4]] }],
        order: 'authorizedcapital desc, owner asc',
      },
    },
    {
      what: 'forms by end date ascending, the 17 empty ones first (a page boundary among them)',
      scales: {},
      args: { module: 'Form', fields: ['id', 'endon', 'code'], order: 'endon asc' },
    },
    {
      what: 'submissions by frozen flag (a boolean) and due date',
      scales: {},
      args: { module: 'FormBatch', fields: ['id', 'name', 'frozen_ind', 'duedate', 'submitteddate', 'total0'], order: [['frozen_ind', 'desc'], ['duedate', 'asc']] },
    },
  ];

  it.each(exports)('an export of $what holds, cell for cell and in order, the rows Record.select answers', async ({ args, scales }) => {
    const columnNames = args.fields.map((f) => `Title of ${f}`);
    const id = await submitExport(t, admin, { title: `${args.module}: export [all]`, columnNames, ...args });
    expect(await worker.drain()).toBe(1);
    const status = await finished(t, admin, id);
    expect(status).toMatchObject({ id, state: 71, status: 'done', progress: 100, result: `/out/${id}.xlsx` });

    const expected = await selectAll(t, admin, args);
    // More than one page, or the keyset would not have been tested.
    expect(expected.rows.length).toBeGreaterThan(2 * PAGE_ROWS);
    expect(status.processed).toBe(expected.rows.length);
    expect(status.total).toBe(expected.rows.length);
    expect(textOf(await t.call('Job.ExportListExcel.download', [{ id }], admin))).toBe(`/out/${id}.xlsx`);
    const res = await download(t, `/out/${id}.xlsx`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename="${args.module}  export [all].xlsx"`);
    const sheet = await readSheet(res.rawPayload, expected.columns, scales);
    expect(sheet.name).toBe(`${args.module}  export  all`);
    expect(sheet.header).toEqual(columnNames);
    expect(sheet.rows).toEqual(expected.rows);
  });

  it('writes dates and date-times as real Excel dates shown DD/MM/YYYY, and numbers as numbers', async () => {
    const args = { module: 'Form', fields: ['id', 'endon', 'lastsubmiton', 'name'], where: [['endon', 'is not null'], ['lastsubmiton', 'is not null']] };
    const id = await submitExport(t, admin, args);
    await worker.drain();
    const expected = await selectAll(t, admin, args);
    const sheet = await readSheet((await download(t, `/out/${id}.xlsx`, admin)).rawPayload, expected.columns);
    const [idCell, endon, submitted, name] = sheet.firstRow;
    expect(typeof idCell).toBe('number');
    expect(endon).toBeInstanceOf(Date);
    expect(submitted).toBeInstanceOf(Date);
    expect(typeof name).toBe('string');
    expect(sheet.numFmts.slice(1, 3)).toEqual(['dd/mm/yyyy', 'dd/mm/yyyy hh:mm:ss']);
    // Without column titles, the fields' titles from metadata head the columns.
    expect(sheet.header).toEqual(['id', 'End date', 'Last submitted on', 'Form']);
    expect(sheet.rows).toEqual(expected.rows);
  });

  it("an RE user's export holds only the rows of its current entity", async () => {
    const args = { module: 'REForm', fields: ['id', 're', 'code', 'name', 'state_name_ind_field'], order: 'code asc' };
    const id = await submitExport(t, re, args);
    await worker.drain();
    expect(await finished(t, re, id)).toMatchObject({ state: 71 });
    const expected = await selectAll(t, re, args);
    const sheet = await readSheet((await download(t, `/out/${id}.xlsx`, re)).rawPayload, expected.columns);
    expect(sheet.rows).toEqual(expected.rows);
    expect(sheet.rows.length).toBeGreaterThan(PAGE_ROWS);
    expect(new Set(sheet.rows.map((r) => r[1]))).toEqual(new Set(['1']));
    // Exactly entity 1's forms, as an unrestricted user finds them.
    const entityForms = await selectAll(t, admin, { module: 'Form', fields: ['id'], where: [['re', '=', 1]] });
    expect(sheet.rows.map((r) => r[0]).sort()).toEqual(entityForms.rows.map((r) => r[0]).sort());
  });

  it('answers mistakes at submit, before anything is queued', async () => {
    const before = await t.database.db('job').count({ n: '*' });
    const code = async (cookie: string, args: unknown) => failure(await t.call('Job.ExportListExcel.submit', [args], cookie)).code;
    expect(await code(admin, { module: 'RE', fields: ['id', 'nosuchfield'] })).toBe('E_INVALIDFIELD');
    expect(await code(admin, { module: 'RE', where: [['name', 'near', 'x']] })).toBe('E_INVALIDOPERATOR');
    expect(await code(admin, { module: 'RE', fields: ['id', 'name'], columnNames: ['Id'] })).toBe('E_BADREQUEST');
    expect(await code(admin, { module: 'RE', max: 20 })).toBe('E_BADREQUEST');
    expect(await code(admin, { module: 'NoSuchModule' })).toBe('E_BADREQUEST');
    // An RE user reaches forms only through its scoped variant.
    expect(await code(re, { module: 'Form' })).toBe('E_NOPERMISSION');
    expect(await code('', { module: 'RE' })).toBe('E_ILLEGALACCESS');
    expect(await t.database.db('job').count({ n: '*' })).toEqual(before);
  });

  it('reports a queued job as queued, has no file for it yet, and limits how many one user may queue', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await submitExport(t, re, { module: 'REForm', fields: ['id'] }));
    expect(await statusOf(t, re, ids[0])).toMatchObject({ id: ids[0], state: 61, status: 'queued', progress: 0, result: null });
    expect(failure(await t.call('Job.ExportListExcel.download', [{ id: ids[0] }], re))).toMatchObject({ code: 'E_NOTFOUND', message: `Export ${ids[0]} is not finished yet` });
    expect((await download(t, `/out/${ids[0]}.xlsx`, re)).statusCode).toBe(404);
    expect(failure(await t.call('Job.ExportListExcel.submit', [{ module: 'REForm' }], re)).code).toBe('E_RATELIMIT');
    expect(await worker.drain()).toBe(5);
    for (const id of ids) expect(await statusOf(t, re, id)).toMatchObject({ state: 71 });
    // Finished jobs no longer count against the limit.
    expect(await submitExport(t, re, { module: 'REForm', fields: ['id'] })).toBeGreaterThan(ids[4]);
    await worker.drain();
  });

  it('refuses the status and the file of an export to everyone but the user who submitted it', async () => {
    const id = await submitExport(t, admin, { title: 'Entities', module: 'RE', fields: ['id', 'name'] });
    await worker.drain();
    expect((await download(t, `/out/${id}.xlsx`, admin)).statusCode).toBe(200);

    // Another user's export reads as one that does not exist.
    const other = await download(t, `/out/${id}.xlsx`, re2);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(other.body).toContain('E_NOTFOUND');
    expect(other.body).not.toContain('PK');
    expect(other.body.replace(String(id), 'N')).toBe((await download(t, `/out/987654.xlsx`, re2)).body.replace('987654', 'N'));
    for (const action of ['Job.ExportListExcel.status', 'Job.ExportListExcel.download']) {
      expect(failure(await t.call(action, [{ id }], re2))).toEqual({ ...failure(await t.call(action, [{ id: 987654 }], re2)), message: `Job ${id} not found.` });
    }
    const anonymous = await download(t, `/out/${id}.xlsx`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('E_ILLEGALACCESS');
    expect((await download(t, `/out/999999.xlsx`, admin)).statusCode).toBe(404);
    expect(failure(await t.call('Job.ExportListExcel.status', [{ id: 999999 }], admin)).code).toBe('E_NOTFOUND');
    expect((await download(t, `/out/${id}.zip`, admin)).statusCode).toBe(404);
  });

  it('runs with the access the submitter has when the job runs: a role withdrawn meanwhile fails it', async () => {
    const db = t.database.db;
    const id = await submitExport(t, re2, { module: 'REForm', fields: ['id', 'code'] });
    const user = await db('user').where({ userid: 're2' }).first('id');
    const roles = await db('user_role').where({ link_fk_user: user.id });
    await db('user_role').where({ link_fk_user: user.id }).delete();
    // Entity-level roles (re_user.role) would still grant REForm.select: withdraw that too.
    const links = await db('re_user').where({ link_fk_user: user.id });
    await db('re_user').where({ link_fk_user: user.id }).update({ role: null });
    await bumpVersions(db, ACCESS_TABLES);
    try {
      await worker.drain();
      const status = await finished(t, re2, id);
      expect(status).toMatchObject({ state: 2, status: 'failed', result: 'You do not have permission for REForm.select' });
      expect(failure(await t.call('Job.ExportListExcel.download', [{ id }], re2))).toMatchObject({ code: 'E_NOTFOUND', message: `Export ${id} failed: You do not have permission for REForm.select` });
    } finally {
      await db('user_role').insert(roles);
      for (const l of links) await db('re_user').where({ link_id: l.link_id }).update({ role: l.role });
      await bumpVersions(db, ACCESS_TABLES);
    }
  });
});
