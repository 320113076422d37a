// Form.template through the protocol, on every dialect: the template version a form is filed on
// answers to the entity's own users and the regulator, and to no one else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, ok } from '../../../engine/testing/record-calls.js';
import { sqlDateTime } from '../../../engine/db/clock.js';

describe.each(await testDialects())('Form.template on %s', (dialect) => {
  let t: TestEngine;
  let form: number;
  let bare: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Template test', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    form = Number((await db('form').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'OLD', name: 'A form of an earlier release', re: 1, formbatch: batch, state: 13, endon: '2026-01-31', createon });
    bare = Number((await db('form').max({ id: 'id' }))[0].id);
  });
  afterAll(async () => t?.close());

  it('answers the properties of the version the form was created on, and which version that is', async () => {
    const values = ok(await t.call('Form.template', [{ form }], await t.sessionFor('preparer')));
    const props = JSON.parse((values[0] as { text: string }).text);
    expect(props.id).toBe('BNK-01');
    expect(props.items.map((tab: { id: string }) => tab.id)).toEqual(['01', '02', '03']);
    expect(JSON.parse((values[1] as { text: string }).text)).toMatchObject({ version: 1 });
    // The regulator too; an entity user holds no FormTemplate permission, yet reads it here.
    ok(await t.call('Form.template', [{ form }], await t.sessionFor('iru')));
    expect(failure(await t.call('FormTemplate.version', [{ id: 1, version: 1 }], await t.sessionFor('preparer'))).code).toBe('E_NOPERMISSION');
  });

  it("answers Form not found. to another entity's user, and says so of a form without a template", async () => {
    expect(failure(await t.call('Form.template', [{ form }], await t.sessionFor('re2')))).toEqual({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect(failure(await t.call('Form.template', [{ form: bare }], await t.sessionFor('preparer')))).toMatchObject({ code: 'E_NOTFOUND', message: 'This form has no template to fill in.' });
  });
});
