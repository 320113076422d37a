// Form template versions on every dialect (docs/form-templates.md): a save that changes the
// template's shape publishes a new version in its own transaction, other saves do not; published
// versions never change; they are listed newest first and read back whole, by regulator staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack } from '../../engine/testing/record-calls.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { demoTemplates } from './demo-templates.js';

/** A valid template (the demo statement of financial position) under another title. */
const shape = (title: string) => JSON.stringify({ ...demoTemplates()[0].properties, title });

describe.each(await testDialects())('form template versions on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const rows = (values: ReturnType<typeof decodeXml>) => {
    const first = values[0];
    if (first?.type !== 'recordset') throw new Error(JSON.stringify(first));
    return first.rows.map((r) => Object.fromEntries(first.columns.map((c, i) => [c.name, r[i]])));
  };

  it('publishes version 1 with the first properties and a new version only when the shape changes', async () => {
    const made = readBack(await t.call('Record.create', [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: ['VT1', 'Versioned', 'BNK01', shape('first')], read: ['id', 'updatectr', 'version'] }], iru));
    const id = Number(made.id);
    expect(Number(made.version)).toBe(1);

    const renamed = readBack(await t.call('Record.update', [{ module: 'FormTemplate', fields: ['id', 'updatectr', 'name'], values: [id, made.updatectr, 'Versioned, renamed'], read: ['updatectr', 'version'] }], iru));
    expect(Number(renamed.version)).toBe(1);

    const reshaped = readBack(await t.call('Record.update', [{ module: 'FormTemplate', fields: ['id', 'updatectr', 'properties'], values: [id, renamed.updatectr, shape('second')], read: ['updatectr', 'version'] }], iru));
    expect(Number(reshaped.version)).toBe(2);

    const listed = rows(await t.call('FormTemplate.versions', [{ id }], iru));
    expect(listed.map((r) => Number(r.version))).toEqual([2, 1]);
    expect(listed[0].createby_name).toBeTruthy();

    // Version 1 keeps the shape it was published with.
    const [first] = await t.call('FormTemplate.version', [{ id, version: 1 }], iru);
    expect(first).toMatchObject({ type: 'text' });
    expect(JSON.parse((first as { text: string }).text).title).toBe('first');
    const [second] = await t.call('FormTemplate.version', [{ id, version: 2 }], iru);
    expect(JSON.parse((second as { text: string }).text).title).toBe('second');
  });

  it('compares two versions cell by cell, following a cell by its code', async () => {
    const [row] = await t.database.db('formtemplate').where({ code: 'BNK-01' }).select('id', 'updatectr', 'properties');
    const props = JSON.parse(String(row.properties));
    const cell = props.items[0].items[0][1];
    cell.precision = 12;
    readBack(await t.call('Record.update', [{ module: 'FormTemplate', fields: ['id', 'updatectr', 'properties'], values: [row.id, row.updatectr, JSON.stringify(props)] }], iru));
    const diff = rows(await t.call('FormTemplate.compare', [{ id: Number(row.id), from: 1, to: 2 }], iru));
    expect(diff).toEqual([{ tab: '01', code: cell.code, address: 'B3', kind: 'changed', attribute: 'precision', before: '19', after: '12' }]);
    expect(failure(await t.call('FormTemplate.compare', [{ id: Number(row.id), from: 1, to: 7 }], iru)).code).toBe('E_NOTFOUND');
  });

  it('answers E_NOTFOUND for a version or a template that does not exist', async () => {
    const made = readBack(await t.call('Record.create', [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: ['VT2', 'Once', 'BNK01', shape('only')], read: ['id'] }], iru));
    expect(failure(await t.call('FormTemplate.version', [{ id: Number(made.id), version: 9 }], iru)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('FormTemplate.versions', [{ id: 999_999 }], iru)).code).toBe('E_NOTFOUND');
  });

  it('keeps templates and their versions from entity users', async () => {
    expect(failure(await t.call('FormTemplate.versions', [{ id: 1 }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Record.create', [{ module: 'FormTemplate', fields: ['code', 'name'], values: ['X', 'X'] }], re)).code).toBe('E_NOPERMISSION');
  });
});
