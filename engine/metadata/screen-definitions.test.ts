// Screen metadata is stored only when it follows its schema: the server refuses a broken list,
// view or form definition with E_VALIDATION naming the path, and the shipped files all load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { readScreenFiles, screenProblem, SCREEN_MODULES } from './screen-files.js';
import { SCREENS_DIR } from '../../portal/paths.js';

describe('shipped screen files', () => {
  it('follow their schemas and are named by their ids', () => {
    for (const kind of SCREEN_MODULES) expect(() => readScreenFiles(kind, SCREENS_DIR)).not.toThrow();
  });

  it('name the path of the first problem', () => {
    expect(screenProblem('WebList', { list_id: [] })).toBe('properties/list_id must NOT have fewer than 1 items');
    expect(screenProblem('WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', colour: 'red' }] })).toBe('properties/fields/0 must NOT have additional properties "colour"');
    expect(screenProblem('WebForms', { fields: [{ tag: 'input', attributes: { name: 'x' } }] })).toBeNull();
  });
});

describe.each(await testDialects())('storing screen definitions on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (module: string, name: string, properties: unknown) =>
    t.call('Record.create', [{ module, fields: ['name', 'properties'], values: [name, JSON.stringify(properties)] }], admin);

  it('refuses a list view whose definition breaks the schema, naming the path, and stores nothing', async () => {
    const before = await t.database.db('weblistview').count({ n: '*' }).first();
    const answer = await create('WebListview', 'broken', { controller: { module: 'RE' }, fields: [{ name: 'name', width: 'wide' }] });
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    expect(answer[1]?.type === 'text' ? JSON.parse(answer[1].text) : null).toEqual({ properties: 'properties/fields/0/width must be integer' });
    const after = await t.database.db('weblistview').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses an update that would break a stored form definition', async () => {
    const made = await create('WebForms', 'a form', { fields: [{ tag: 'input', attributes: { name: 'name' } }] });
    expect(made[0]?.type).toBe('recordset');
    const row = made[0]?.type === 'recordset' ? made[0].rows[0] : [];
    const answer = await t.call('Record.update', [{ module: 'WebForms', fields: ['id', 'updatectr', 'properties'], values: [row[0], row[1], JSON.stringify({ fields: [{ tag: 'marquee', attributes: { name: 'name' } }] })] }], admin);
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
  });

  it('stores a definition that follows the schema and names what exists', async () => {
    const view = await create('WebListview', 'names', { controller: { module: 'RE' }, fields: [{ name: 'name' }, { name: 'sector_name_ind_field' }] });
    const viewId = Number(view[0]?.type === 'recordset' ? view[0].rows[0][0] : NaN);
    const answer = await create('WebList', 'fine', { title: 'Fine', list_id: [{ id: viewId, name: 'All', default: true }] });
    expect(answer[0]?.type).toBe('recordset');
  });

  it('refuses definitions that name a module, field, list view or form that does not exist', async () => {
    const problemOf = (a: Awaited<ReturnType<typeof create>>) => (a[1]?.type === 'text' ? JSON.parse(a[1].text).properties : a[0]);
    expect(problemOf(await create('WebListview', 'x', { controller: { module: 'Nowhere' }, fields: [{ name: 'name' }] }))).toBe('properties/controller/module: no module named Nowhere');
    expect(problemOf(await create('WebListview', 'x', { controller: { module: 'RE' }, fields: [{ name: 'name' }, { name: 'colour' }] }))).toBe('properties/fields/1/name: RE has no field colour');
    expect(problemOf(await create('WebList', 'x', { list_id: [{ id: 999999, name: 'All' }] }))).toBe('properties/list_id/0/id: no list view 999999');
    const form = await t.call('Record.create', [{ module: 'WebForms', fields: ['name', 'module', 'properties'], values: ['x', 'RE', JSON.stringify({ fields: [{ tag: 'input', attributes: { name: 'nickname' } }] })] }], admin);
    expect(problemOf(form)).toBe('properties/fields/0/attributes/name: RE has no field nickname');
  });

  it('ships only definitions whose modules, fields, views and forms exist', async () => {
    const { screenReferenceProblems } = await import('./screen-references.js');
    for (const kind of SCREEN_MODULES) {
      for (const record of readScreenFiles(kind, SCREENS_DIR)) {
        const problems = await screenReferenceProblems(t.database.db, t.engine.services.modules, kind, record.properties, record.module ?? null);
        expect(problems, `${kind}/${record.id}`).toEqual([]);
      }
    }
  });
});
